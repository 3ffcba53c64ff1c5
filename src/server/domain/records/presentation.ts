/** Stored rows as the API sends them and as audits keep them. */
import type { ResourceSchema } from '../../../shared/resource';
import { fileUrl } from '../../files/urls';
import type { RecordContext, Row } from './context';
import { SECRET_COLUMNS, shapeOf } from './shape';

/** A stored row as the API sends it: numbers for decimals, URLs for files, no secrets. */
export function toApi(schema: ResourceSchema, row: Row, fileSecret: string): Row {
  const { outputs } = shapeOf(schema);
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    const output = outputs.get(key);
    if (output === undefined) out[key] = value instanceof Date ? value.toISOString() : value;
    else if (output === 'decimal') out[key] = value === null || value === undefined ? value : Number(value);
    else if (output === 'file') out[key] = fileUrl(fileSecret, schema, key, value as string | null);
    // 'hidden': secrets and write-only fields are never sent.
  }
  return out;
}

/**
 * API records of stored rows, with the resource's related rows when it declares them: read by `expand`, or
 * already in the rows (`listed`: a list page that read them in its own statement).
 */
export async function present(ctx: RecordContext, schema: ResourceSchema, rows: Row[], listed?: (row: Row) => Row): Promise<Row[]> {
  const records = rows.map((row) => toApi(schema, row, ctx.fileSecret));
  if (listed) return records.map(listed);
  return ctx.hooks?.expand ? ctx.hooks.expand(ctx.db, records, ctx.user) : records;
}

export const presentOne = async (ctx: RecordContext, schema: ResourceSchema, row: Row) => (await present(ctx, schema, [row]))[0];

export function forAudit(row: Row | undefined): Row | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));
}
