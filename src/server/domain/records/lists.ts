/** List pages (counted to a bound, prepared once per structure) and whole lists. */
import { createHash } from 'node:crypto';
import { and, Column, is, sql, type DriverValueDecoder, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { COUNT_LIMIT, MAX_WHOLE_LIST_ROWS } from '../../../shared/lists';
import { formatInteger } from '../../../shared/format';
import { Msg } from '../../../shared/messages';
import type { ListPage } from '../../../shared/listPage';
import type { ResourceSchema } from '../../../shared/resource';
import type { Db, Queryable, Tx } from '../../db';
import { badRequest, parseCount } from '../../errors';
import { listId, LongLists } from '../longLists';
import { assertAccess, scopeOf } from './access';
import { Binding } from './binding';
import type { RecordContext, Row } from './context';
import { filterConditions, orderOf } from './filters';
import { present } from './presentation';
import { MATCHING, shapeOf, tableOf } from './shape';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

export interface ListQuery {
  /** As the request sent them (see parseCount). */
  page?: unknown;
  per_page?: unknown;
  sort?: string;
  order?: string;
  filter?: Record<string, unknown>;
}

/**
 * A page of a list with how many rows match, exact up to COUNT_LIMIT (src/shared/lists.ts). The count
 * rides in the page's own statement (one round trip) and stops at COUNT_LIMIT + 1 rows; one row more
 * than the page says whether a next page exists.
 */
export async function listRecords(ctx: RecordContext, schema: ResourceSchema, query: ListQuery): Promise<ListPage<Row>> {
  assertAccess(schema, 'list', ctx.user);
  const table = tableOf(schema);
  // Capped so that the offset stays a safe integer (a huge page answers an empty page, not a database error).
  const page = Math.min(MAX_PAGE, parseCount(query.page, 'page', 1));
  const perPage = Math.min(MAX_PER_PAGE, parseCount(query.per_page, 'per_page', DEFAULT_PER_PAGE));
  const binding = new Binding();
  const where = and(scopeOf(schema, ctx, binding), ...filterConditions(schema, query.filter, ctx.hooks, binding));
  const order = orderOf(schema, query.sort, query.order);
  const related = ctx.hooks?.listRelated?.(ctx.user, binding);
  // Built only when a statement is (prepared statements are built once).
  const matching = () =>
    sql<number>`(select count(*) from (${ctx.db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(COUNT_LIMIT + 1)}) as matching)`.mapWith(Number);
  const params = { ...binding.params, limit: perPage + 1, offset: (page - 1) * perPage };
  const key = `${schema.name}|${binding.shape.join(',')}|${order.key}|${related?.variant ?? ''}`;
  // A list known to be longer than the bound a moment ago is read without counting again (see longLists).
  const list = binding.reusable ? listId(key, binding.params) : undefined;
  const long = list !== undefined && longLists.knows(ctx.db, list);
  const pageQuery = () => {
    const selection = {
      ...shapeOf(schema).listRowColumns, ...ctx.hooks?.listColumns, ...related?.columns(), ...(long ? {} : { [MATCHING]: matching() }),
    };
    const query = ctx.db
      .select(selection)
      .from(table)
      .where(where)
      .orderBy(...order.columns)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return { query, selection };
  };
  const rows = binding.reusable
    ? await preparedList(ctx.db, `${key}|${long ? 'uncounted' : 'counted'}`, pageQuery).execute(params)
    : await flatStatement(ctx.db, pageQuery()).execute(params);
  const hasNextPage = rows.length > perPage;
  // Counted in the page's statement; past the last page no row carries it: count on its own (page 1 empty: nothing matches).
  const total = long ? (hasNextPage || !rows.length ? COUNT_LIMIT + 1 : (page - 1) * perPage + rows.length)
    : rows.length ? (rows[0][MATCHING] as number)
      : page === 1 ? 0 : (await ctx.db.select({ n: matching() }).from(sql`(select 1) as one`).execute(binding.params))[0].n;
  if (list !== undefined) longLists.learn(ctx.db, list, total > COUNT_LIMIT);
  const presented = await present(ctx, schema, hasNextPage ? rows.slice(0, perPage) : rows, related?.shape);
  const items = ctx.hooks?.listRow ? presented.map(ctx.hooks.listRow) : presented;
  const capped = total > COUNT_LIMIT;
  return {
    items,
    total: capped ? COUNT_LIMIT : total,
    page,
    per_page: perPage,
    has_next_page: hasNextPage,
    ...(capped ? { total_capped: true } : {}),
  };
}

const longLists = new LongLists<Db>();

type PreparedList = { execute(params: Record<string, unknown>): Promise<Row[]> };
/** Prepared list statements per database, by structure; bounded (the oldest goes first). */
const preparedLists = new WeakMap<Db, Map<string, PreparedList>>();
const MAX_PREPARED_LISTS = 500;

type Selection = Record<string, PgColumn | SQL>;
type PageQuery = { query: { toSQL(): Query }; selection: Selection };

/**
 * A list statement is named by its structure: one evicted and prepared again reuses the statement its
 * PostgreSQL connections already hold instead of leaving it behind under an old name.
 */
const statementName = (key: string) => `list_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

function preparedList(db: Db, key: string, build: () => PageQuery): PreparedList {
  let lists = preparedLists.get(db);
  if (!lists) preparedLists.set(db, (lists = new Map()));
  let statement = lists.get(key);
  if (!statement) {
    if (lists.size >= MAX_PREPARED_LISTS) lists.delete(lists.keys().next().value!);
    statement = flatStatement(db, build(), statementName(key));
    lists.set(key, statement);
  }
  return statement;
}

/**
 * The rows of a statement in its order, `batchRows` at a time, from a cursor: one sort, however many
 * rows, and never more than a batch in memory. The cursor lives in `tx`, which must stay open meanwhile.
 */
export async function* cursorRows(tx: Tx, statement: SQLWrapper, selection: Selection, batchRows: number): AsyncGenerator<Row[]> {
  await tx.execute(sql`declare listed_rows no scroll cursor for ${statement}`);
  const fetch = flatStatement(tx, { query: { toSQL: () => ({ sql: `fetch ${batchRows} from listed_rows`, params: [] }) }, selection });
  for (;;) {
    const rows = await fetch.execute({});
    if (rows.length) yield rows;
    if (rows.length < batchRows) break;
  }
  await tx.execute(sql`close listed_rows`);
}

/** A list page's statement, its rows read by `flatRows`; named (prepared on PostgreSQL) when `name` is given. */
function flatStatement(db: Queryable, { query, selection }: PageQuery, name?: string): PreparedList {
  return db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    flatRows(selection),
  );
}

/**
 * Rows of a flat selection from the driver's arrays. Drizzle's own mapping is generic (nested paths,
 * joins) and costs about a tenth of a microsecond a value; a page has hundreds of values.
 */
function flatRows(selection: Selection) {
  const names = Object.keys(selection);
  // An SQL field's decoder is what its mapWith set (drizzle's mapping reads the same property).
  const decoders = Object.values(selection).map((field): DriverValueDecoder<unknown, unknown> =>
    (is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder));
  return (rows: unknown[][]): Row[] => rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i] === null ? null : decoders[i].mapFromDriverValue(values[i]);
    return row;
  });
}

/** Every row the filter matches, up to MAX_WHOLE_LIST_ROWS: a longer list is refused (40001), naming the paged call. */
export async function allRecords(ctx: RecordContext, schema: ResourceSchema, filter?: Record<string, unknown>) {
  assertAccess(schema, 'list', ctx.user);
  const table = tableOf(schema);
  const rows = await ctx.db
    .select()
    .from(table)
    .where(and(scopeOf(schema, ctx), ...filterConditions(schema, filter, ctx.hooks)))
    .orderBy(...orderOf(schema).columns)
    .limit(MAX_WHOLE_LIST_ROWS + 1);
  if (rows.length > MAX_WHOLE_LIST_ROWS) {
    throw wholeListTooLong(`la lista paginada (GET /api/${schema.name}/page/1?per_page=${MAX_PER_PAGE})`);
  }
  return present(ctx, schema, rows);
}

/** 40001: a whole list past MAX_WHOLE_LIST_ROWS, with the call to make instead. */
export const wholeListTooLong = (instead: string) => badRequest(Msg.wholeListTooLong(formatInteger(MAX_WHOLE_LIST_ROWS), instead));
