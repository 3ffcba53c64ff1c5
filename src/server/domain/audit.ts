/** One audit row per create, update and delete, written inside the change's own transaction; and one per mail a user sends. */
import type { Queryable } from '../db';
import { audits } from '../db/tables';

export type AuditAction = 'create' | 'update' | 'delete' | 'send';

export async function writeAudit(
  tx: Queryable, userId: number | null, resource: string, recordId: unknown, action: AuditAction,
  before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined,
) {
  await tx.insert(audits).values({
    user_id: userId, resource, record_id: String(recordId), action,
    before: before ? jsonSafe(before) : null, after: after ? jsonSafe(after) : null,
  });
}

const jsonSafe = (row: Record<string, unknown>) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

/**
 * A record's linked ids (chosen clients, a consignment's orders) before and after a write, for its audit
 * row: they live in a link table, not in the record's own columns. Sorted, so a row compares as a set.
 */
export function linkedIdsNote(field: string, before: number[], after: number[]) {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return { before: { [field]: sorted(before) }, after: { [field]: sorted(after) } };
}
