/** One record, and the dropdown options of a resource. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { MAX_WHOLE_LIST_ROWS } from '../../../shared/lists';
import type { SelectOption } from '../../../shared/options';
import type { ResourceSchema } from '../../../shared/resource';
import type { Queryable } from '../../db';
import { notFound, parseRowId } from '../../errors';
import { assertAccess, scopeOf } from './access';
import type { RecordContext, Row } from './context';
import { filterConditions } from './filters';
import { wholeListTooLong } from './lists';
import { presentOne } from './presentation';
import { columnsOf, tableOf } from './shape';

export async function findRow(db: Queryable, schema: ResourceSchema, ctx: RecordContext, id: unknown, lock = false): Promise<Row> {
  const numeric = parseRowId(id);
  const query = db.select().from(tableOf(schema)).where(and(eq(columnsOf(schema).id, numeric), scopeOf(schema, ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getRecord(ctx: RecordContext, schema: ResourceSchema, id: unknown) {
  assertAccess(schema, 'read', ctx.user);
  return presentOne(ctx, schema, await findRow(ctx.db, schema, ctx, id));
}

/**
 * Whether the user may fetch the stored file `key` of `field`: a record holding it is one the user may
 * read now (scope and all), or one of the user's own (`ownFiles`). Asked on every private file download.
 */
export async function mayFetchFile(ctx: RecordContext, schema: ResourceSchema, field: string, key: string) {
  const mayRead = schema.access.read.some((role) => ctx.user.roles.includes(role));
  const allowed = [
    ...(mayRead ? [scopeOf(schema, ctx) ?? sql`true`] : []),
    ...(ctx.hooks?.ownFiles ? [ctx.hooks.ownFiles(ctx.user, tableOf(schema))] : []),
  ];
  if (!allowed.length) return false;
  const columns = columnsOf(schema);
  const rows = await ctx.db.select({ id: columns.id }).from(tableOf(schema)).where(and(eq(columns[field], key), or(...allowed))).limit(1);
  return rows.length > 0;
}

function toOption(schema: ResourceSchema, row: Row): SelectOption {
  const option: SelectOption = { label: String(row[schema.titleField] ?? ''), value: row.id as number };
  if (schema.extraField) {
    const extraField = schema.fields.find((f) => f.name === schema.extraField);
    const extra = row[schema.extraField];
    option.extra = extraField?.type === 'decimal' && extra != null ? Number(extra) : extra;
  }
  return option;
}

/**
 * The options matching `query`, at most `limit`; without a limit (`/dropdown`, every option) at most
 * MAX_WHOLE_LIST_ROWS, a longer list refused (40001) naming the search to use instead.
 */
export async function dropdown(ctx: RecordContext, schema: ResourceSchema, query?: string, limit?: number) {
  assertAccess(schema, 'list', ctx.user);
  const columns = columnsOf(schema);
  const titleColumn = columns[schema.titleField];
  const rows = await ctx.db.select().from(tableOf(schema))
    .where(and(scopeOf(schema, ctx), ...filterConditions(schema, query ? { q: query } : {}, ctx.hooks)))
    .orderBy(...(titleColumn ? [asc(titleColumn), asc(columns.id)] : [asc(columns.id)]))
    .limit(limit ?? MAX_WHOLE_LIST_ROWS + 1);
  if (limit === undefined && rows.length > MAX_WHOLE_LIST_ROWS) {
    throw wholeListTooLong(`la búsqueda (POST /api/${schema.name}/filteredDropdown con el texto en query)`);
  }
  return (await titled(ctx, schema, rows)).map((row) => toOption(schema, row));
}

export async function dropdownById(ctx: RecordContext, schema: ResourceSchema, id: unknown) {
  assertAccess(schema, 'read', ctx.user);
  const [row] = await titled(ctx, schema, [await findRow(ctx.db, schema, ctx, id)]);
  return toOption(schema, row);
}

/** A title that is not a column (e.g. a variation's name) comes from the resource's related rows. */
export async function titled(ctx: RecordContext, schema: ResourceSchema, rows: Row[]) {
  return columnsOf(schema)[schema.titleField] || !ctx.hooks?.expand ? rows : ctx.hooks.expand(ctx.db, rows, ctx.user);
}
