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
