/**
 * The generic resource engine: list, read, dropdowns, create, update and delete of any schema
 * resource, with role checks, client scoping, validation by the schema's zod rules, file fields and an
 * audit row per change, each change in one transaction. Routes stay thin and call these functions.
 */
import { createHash } from 'node:crypto';
import { and, asc, Column, desc, eq, getTableColumns, gte, ilike, inArray, is, lte, or, sql, type DriverValueDecoder, type Query, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_LIMIT, type ListPage } from '../../shared/lists';
import { Msg } from '../../shared/messages';
import { madridDay } from '../../shared/pricing';
import { isFileField, validateRecord, type FilePresence, type FieldDef, type FormMode, type Operation, type ResourceSchema } from '../../shared/resource';
import { badRequest, forbidden, invalid, notFound, warning } from '../errors';
import type { Db, Queryable, Tx } from '../db';
import { resourceTables } from '../db/tables';
import { selectedAsIso } from '../db/timestamps';
import { checkFile, EXTENSION } from '../files/content';
import { storedFileName, type FileStore } from '../files/store';
import { fileUrl } from '../files/urls';
import type { Payload } from '../files/payload';
import { isAdmin, type SessionUser } from './auth';
import { writeAudit } from './audit';
import { listId, LongLists } from './longLists';
import type { Notifier } from './mailNotices';
import { isRowId, MAX_INTEGER } from '../../shared/validation';

export type Row = Record<string, unknown>;

/** Per-resource server behaviour beyond the declaration (hashing, derived columns, extra checks). */
export interface ResourceHooks {
  /** Turns validated form values into column values. */
  beforeWrite?(args: { ctx: RecordContext; tx: Tx; data: Row; mode: FormMode; existing?: Row }): Promise<Row> | Row;
  /** Runs in the write's transaction; `data` is the validated input (with non-column values such as child rows). */
  afterWrite?(args: { ctx: RecordContext; tx: Tx; mode: FormMode | 'delete'; before?: Row; after?: Row; data?: Row }): Promise<void> | void;
  /** Values from other tables every list row carries (a budget's client name), read in the page's own statement. */
  listColumns?: Record<string, SQL>;
  /** Shapes a list row from what `listColumns` read (e.g. an order's total from its lines' cents). */
  listRow?(row: Row): Row;
  /** Adds related rows to API records (e.g. a reel's sizes), for every read and write answer; `user` is who reads. */
  expand?(db: Queryable, records: Row[], user?: SessionUser): Promise<Row[]>;
  beforeDelete?(args: { ctx: RecordContext; tx: Tx; existing: Row }): Promise<void> | void;
  /** Unique index name → the field and message to show. */
  uniqueErrors?: Record<string, { field: string; message: string }>;
  /** Filter keys that are not columns (e.g. an article's category), as SQL conditions. */
  filters?: Record<string, (value: unknown) => SQL>;
  /** Extra row filter for non-admins, beyond `clientScope`. */
  scope?(user: SessionUser, table: PgTable): SQL | undefined;
}

export interface RecordContext {
  db: Db;
  user: SessionUser;
  files: FileStore;
  fileSecret: string;
  hooks?: ResourceHooks;
  /** Queues the mail notices a write triggers (absent: none are sent). */
  notifier?: Notifier;
}

/** Columns never sent to browsers nor written to audits. */
const SECRET_COLUMNS = new Set(['password_hash', 'file_secret']);
/** The name a list page's statement gives its bounded count (no column is called so). */
const MATCHING = '__matching';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

/** A resource and the table it is stored in: what the generic endpoints are mounted for. */
export interface DeclaredResource { schema: ResourceSchema; table: PgTable }

/** The tables of resources mounted from outside the schema index (a plugin's, a test's fixture). */
const mountedTables = new WeakMap<ResourceSchema, PgTable>();

export function useTableFor(schema: ResourceSchema, table: PgTable) {
  mountedTables.set(schema, table);
}

export function tableOf(schema: ResourceSchema): PgTable {
  const table = mountedTables.get(schema) ?? (resourceTables as Record<string, PgTable>)[schema.name];
  if (!table) throw new Error(`No table for resource ${schema.name}`);
  return table;
}

/** What the engine derives from a schema, once per schema rather than per row or request. */
interface SchemaShape {
  columns: Record<string, PgColumn>;
  /** What a list row carries: the schema's `listRow`, else every column; timestamps as ISO strings. */
  listRowColumns: Record<string, PgColumn | SQL<string>>;
  fields: Map<string, FieldDef>;
  /** How toApi sends the keys that are not sent as they are (dates become ISO strings anyway). */
  outputs: Map<string, 'hidden' | 'decimal' | 'file'>;
  /** Filterable keys: the id and the fields marked filter or list. */
  filterable: Set<string>;
}
const shapes = new WeakMap<ResourceSchema, SchemaShape>();

function shapeOf(schema: ResourceSchema): SchemaShape {
  let shape = shapes.get(schema);
  if (!shape) {
    const columns = getTableColumns(tableOf(schema)) as Record<string, PgColumn>;
    shape = {
      columns,
      listRowColumns: Object.fromEntries((schema.listRow ?? Object.keys(columns)).map((name) => {
        if (!columns[name]) throw new Error(`${schema.name}.listRow: ${name} is not a column`);
        return [name, selectedAsIso(columns[name])];
      })),
      fields: new Map(schema.fields.map((f) => [f.name, f])),
      outputs: outputsOf(schema),
      filterable: new Set(['id', ...schema.fields.filter((f) => f.filter || f.list).map((f) => f.name)]),
    };
    shapes.set(schema, shape);
  }
  return shape;
}

function outputsOf(schema: ResourceSchema): SchemaShape['outputs'] {
  // The page statement's own count (MATCHING) is never sent either.
  const outputs: SchemaShape['outputs'] = new Map([...SECRET_COLUMNS, MATCHING].map((name) => [name, 'hidden']));
  for (const field of schema.fields) {
    if (field.writeOnly) outputs.set(field.name, 'hidden');
    else if (isFileField(field)) outputs.set(field.name, 'file');
    else if (field.type === 'decimal') outputs.set(field.name, 'decimal');
  }
  return outputs;
}

const columnsOf = (schema: ResourceSchema) => shapeOf(schema).columns;

export function assertAccess(schema: ResourceSchema, op: Operation, user: SessionUser) {
  if (!schema.access[op].some((role) => user.roles.includes(role))) throw forbidden();
}

/**
 * The values of a statement as placeholders, and its structure as a key: a list statement of a known
 * structure is prepared once and then only executed (no query building, and no planning on PostgreSQL).
 * A condition the engine cannot see into (a hook's SQL) makes the statement one-off.
 */
interface Binder {
  bind(value: unknown): unknown;
  shape: string[];
  reusable: boolean;
}

class Binding implements Binder {
  readonly params: Record<string, unknown> = {};
  readonly shape: string[] = [];
  reusable = true;

  bind(value: unknown): unknown {
    const name = `p${this.shape.length}_${Object.keys(this.params).length}`;
    // As the ORM writes a date parameter itself (placeholders skip its column mapping).
    this.params[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name);
  }
}

/** For statements that pass their values inline (reads of one record, dropdowns, whole lists). */
const inline = (): Binder => ({ bind: (value) => value, shape: [], reusable: false });

/** Rows the user may touch: client members only their own client's. */
function scopeOf(schema: ResourceSchema, ctx: RecordContext, binder: Binder = inline()): SQL | undefined {
  if (isAdmin(ctx.user)) return undefined;
  binder.shape.push('member');
  const conditions: SQL[] = [];
  if (schema.clientScope) conditions.push(eq(columnsOf(schema)[schema.clientScope], binder.bind(ctx.user.client_id ?? -1)));
  const extra = ctx.hooks?.scope?.(ctx.user, tableOf(schema));
  if (extra) {
    conditions.push(extra);
    binder.reusable = false;
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A stored row as the API sends it: numbers for decimals, URLs for files, no secrets. */
export function toApi(schema: ResourceSchema, row: Row, fileSecret: string): Row {
  const { outputs } = shapeOf(schema);
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    const output = outputs.get(key);
    if (output === undefined) out[key] = value instanceof Date ? value.toISOString() : value;
    else if (output === 'decimal') out[key] = value === null || value === undefined ? value : Number(value);
    else if (output === 'file') out[key] = fileUrl(fileSecret, schema.name, key, value as string | null);
    // 'hidden': secrets and write-only fields are never sent.
  }
  return out;
}

/** API records of stored rows, with the resource's related rows when it declares them. */
async function present(ctx: RecordContext, schema: ResourceSchema, rows: Row[]): Promise<Row[]> {
  const records = rows.map((row) => toApi(schema, row, ctx.fileSecret));
  return ctx.hooks?.expand ? ctx.hooks.expand(ctx.db, records, ctx.user) : records;
}

const presentOne = async (ctx: RecordContext, schema: ResourceSchema, row: Row) => (await present(ctx, schema, [row]))[0];

function forAudit(row: Row | undefined): Row | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));
}

// ---------------------------------------------------------------- reading

export interface ListQuery {
  page?: number;
  per_page?: number;
  sort?: string;
  order?: string;
  filter?: Record<string, unknown>;
}

/** Filter keys: `q` (free text), any listed/filterable field (value or array), `field_gte` / `field_lte`. */
function filterConditions(schema: ResourceSchema, filter: Record<string, unknown> = {}, hooks?: ResourceHooks, binder: Binder = inline()): SQL[] {
  const columns = columnsOf(schema);
  const conditions: SQL[] = [];
  const allowed = shapeOf(schema).filterable;
  // Sorted: the same filters in another order are the same statement.
  for (const [rawKey, value] of Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || value === null || value === '') continue;
    if (rawKey === 'q') {
      const term = binder.bind(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as string;
      const searched = (schema.search ?? [schema.titleField]).filter((name) => columns[name]).map((name) => ilike(sql`${columns[name]}::text`, term));
      if (searched.length) conditions.push(or(...searched)!);
      binder.shape.push('q');
      continue;
    }
    // Own keys only: a filter named "toString" is not a hook.
    const virtual = hooks?.filters && Object.hasOwn(hooks.filters, rawKey) ? hooks.filters[rawKey] : undefined;
    if (virtual) {
      conditions.push(virtual(value));
      binder.reusable = false;
      continue;
    }
    const range = /^(.*)_(gte|lte)$/.exec(rawKey);
    const key = range ? range[1] : rawKey;
    if (!allowed.has(key) || !columns[key]) continue; // unknown keys are ignored, never interpolated
    const column = columns[key];
    if (range) {
      const bound = binder.bind(dayBound(column, value, range[2] as 'gte' | 'lte') ?? filterValue(column, value));
      conditions.push(range[2] === 'gte' ? gte(column, bound) : lte(column, bound));
      binder.shape.push(rawKey);
    } else if (Array.isArray(value)) {
      conditions.push(value.length ? inArray(column, value.map((v) => filterValue(column, v))) : sql`false`);
      binder.reusable = false; // as many values as ids asked for
    } else if (typeof value === 'string' && isTextField(schema, key)) {
      conditions.push(ilike(sql`${column}::text`, binder.bind(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as string));
      binder.shape.push(`${key}~`);
    } else {
      conditions.push(eq(column, binder.bind(filterValue(column, value))));
      binder.shape.push(`${key}=`);
    }
  }
  return conditions;
}

/**
 * A bare day ("2026-11-22") on a timestamp range means the whole day: from its first instant (gte) to
 * its last (lte), Madrid days for instants, local days for wall-clock columns.
 */
function dayBound(column: PgColumn, value: unknown, side: 'gte' | 'lte'): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return undefined;
  const day = value.trim();
  if (column.columnType === 'PgTimestamp') return side === 'gte' ? madridDay(day).start : madridDay(day).end;
  if (column.columnType === 'PgTimestampString') return side === 'gte' ? `${day} 00:00:00` : `${day} 23:59:59.999`;
  return undefined;
}

/** A filter value as its column's type; a value that cannot be one is a 40001, never a database error. */
function filterValue(column: PgColumn, value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim() : value;
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSerial': {
      const n = typeof text === 'string' && /^-?\d+$/.test(text) ? Number(text) : text;
      if (typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= MAX_INTEGER) return n;
      break;
    }
    case 'PgNumeric': {
      const n = typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      if (typeof n === 'number' && Number.isFinite(n)) return String(n);
      break;
    }
    case 'PgBoolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'PgTimestamp': {
      const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (date && !Number.isNaN(date.getTime())) return date;
      break;
    }
    default:
      if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  throw badRequest(Msg.invalidBody);
}

const isTextField = (schema: ResourceSchema, name: string) =>
  ['text', 'email', 'textarea'].includes(shapeOf(schema).fields.get(name)?.type ?? '');

function orderOf(schema: ResourceSchema, sort?: string, order?: string) {
  const columns = columnsOf(schema);
  const known = sort && shapeOf(schema).fields.has(sort) && columns[sort] ? sort : undefined;
  const field = known ?? schema.defaultSort?.field ?? 'id';
  const descending = (known ? order : schema.defaultSort?.order)?.toUpperCase() === 'DESC';
  const direction = descending ? desc : asc;
  // The id breaks ties so pages never overlap.
  return { columns: field === 'id' ? [direction(columns.id)] : [direction(columns[field]), asc(columns.id)], key: `${field} ${descending ? 'desc' : 'asc'}` };
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
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(query.page) || 1)));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(Number(query.per_page) || DEFAULT_PER_PAGE)));
  const binding = new Binding();
  const where = and(scopeOf(schema, ctx, binding), ...filterConditions(schema, query.filter, ctx.hooks, binding));
  const order = orderOf(schema, query.sort, query.order);
  // Built only when a statement is (prepared statements are built once).
  const matching = () => sql<number>`(select count(*) from (${ctx.db.select({ one: sql`1` }).from(table).where(where).limit(COUNT_LIMIT + 1)}) as matching)`.mapWith(Number);
  const params = { ...binding.params, limit: perPage + 1, offset: (page - 1) * perPage };
  const key = `${schema.name}|${binding.shape.join(',')}|${order.key}`;
  // A list known to be longer than the bound a moment ago is read without counting again (see longLists).
  const list = binding.reusable ? listId(key, binding.params) : undefined;
  const long = list !== undefined && longLists.knows(ctx.db, list);
  const pageQuery = () => {
    const selection = { ...shapeOf(schema).listRowColumns, ...ctx.hooks?.listColumns, ...(long ? {} : { [MATCHING]: matching() }) };
    const query = ctx.db.select(selection).from(table).where(where).orderBy(...order.columns).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
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
  const presented = await present(ctx, schema, hasNextPage ? rows.slice(0, perPage) : rows);
  const items = ctx.hooks?.listRow ? presented.map(ctx.hooks.listRow) : presented;
  const capped = total > COUNT_LIMIT;
  return { items, total: capped ? COUNT_LIMIT : total, page, per_page: perPage, has_next_page: hasNextPage, ...(capped ? { total_capped: true } : {}) };
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

/** A list page's statement, its rows read by `flatRows`; named (prepared on PostgreSQL) when `name` is given. */
function flatStatement(db: Db, { query, selection }: PageQuery, name?: string): PreparedList {
  return db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(query.toSQL(), undefined, name, true, flatRows(selection));
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

export async function allRecords(ctx: RecordContext, schema: ResourceSchema, filter?: Record<string, unknown>) {
  assertAccess(schema, 'list', ctx.user);
  const table = tableOf(schema);
  const rows = await ctx.db.select().from(table).where(and(scopeOf(schema, ctx), ...filterConditions(schema, filter, ctx.hooks))).orderBy(...orderOf(schema).columns);
  return present(ctx, schema, rows);
}

async function findRow(db: Queryable, schema: ResourceSchema, ctx: RecordContext, id: unknown, lock = false): Promise<Row> {
  const numeric = Number(id);
  if (!isRowId(numeric)) throw notFound();
  const query = db.select().from(tableOf(schema)).where(and(eq(columnsOf(schema).id, numeric), scopeOf(schema, ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getRecord(ctx: RecordContext, schema: ResourceSchema, id: unknown) {
  assertAccess(schema, 'read', ctx.user);
  return presentOne(ctx, schema, await findRow(ctx.db, schema, ctx, id));
}

export interface DropdownOption { label: string; value: number; extra?: unknown }

function toOption(schema: ResourceSchema, row: Row): DropdownOption {
  const option: DropdownOption = { label: String(row[schema.titleField] ?? ''), value: row.id as number };
  if (schema.extraField) {
    const extraField = schema.fields.find((f) => f.name === schema.extraField);
    const extra = row[schema.extraField];
    option.extra = extraField?.type === 'decimal' && extra != null ? Number(extra) : extra;
  }
  return option;
}

export async function dropdown(ctx: RecordContext, schema: ResourceSchema, query?: string, limit?: number) {
  assertAccess(schema, 'list', ctx.user);
  const columns = columnsOf(schema);
  const titleColumn = columns[schema.titleField];
  const rows = await ctx.db.select().from(tableOf(schema))
    .where(and(scopeOf(schema, ctx), ...filterConditions(schema, query ? { q: query } : {}, ctx.hooks)))
    .orderBy(...(titleColumn ? [asc(titleColumn), asc(columns.id)] : [asc(columns.id)]))
    .limit(limit ?? 100_000);
  return (await titled(ctx, schema, rows)).map((row) => toOption(schema, row));
}

export async function dropdownById(ctx: RecordContext, schema: ResourceSchema, id: unknown) {
  assertAccess(schema, 'read', ctx.user);
  const [row] = await titled(ctx, schema, [await findRow(ctx.db, schema, ctx, id)]);
  return toOption(schema, row);
}

/** A title that is not a column (e.g. a variation's name) comes from the resource's related rows. */
async function titled(ctx: RecordContext, schema: ResourceSchema, rows: Row[]) {
  return columnsOf(schema)[schema.titleField] || !ctx.hooks?.expand ? rows : ctx.hooks.expand(ctx.db, rows, ctx.user);
}

// ---------------------------------------------------------------- writing

interface PlannedFile { field: string; key: string; data: Buffer }

/** Checks uploaded files against their field rules; returns field errors and the files to store. */
function planFiles(schema: ResourceSchema, payload: Payload, mode: FormMode, values: Row, existing?: Row) {
  const errors: Record<string, string> = {};
  const planned: PlannedFile[] = [];
  const removed: string[] = [];
  for (const field of schema.fields.filter(isFileField)) {
    const upload = payload.files[field.name];
    const rule = field.file!;
    if (upload) {
      const checked = checkFile(rule, upload.data);
      if ('message' in checked) errors[field.name] = checked.message;
      else planned.push({ field: field.name, key: `${schema.name}/${storedFileName(upload.filename, EXTENSION[checked.kind])}`, data: upload.data });
    } else if (payload.data[field.name] === null && existing?.[field.name]) {
      removed.push(field.name);
    } else if (mode === 'create' && rule.requiredOnCreate) {
      errors[field.name] = rule.requiredOnCreate;
    }
  }
  for (const name of Object.keys(payload.files)) {
    if (!schema.fields.some((f) => f.name === name && isFileField(f))) errors[name] = Msg.invalidBody;
  }
  if (schema.fileRules) {
    const presence: FilePresence = {};
    for (const field of schema.fields.filter(isFileField)) {
      if (planned.some((p) => p.field === field.name)) presence[field.name] = 'new';
      else if (existing?.[field.name] && !removed.includes(field.name)) presence[field.name] = 'kept';
    }
    for (const [field, message] of Object.entries(schema.fileRules(values, presence, mode))) errors[field] ??= message;
  }
  return { errors, planned, removed };
}

/**
 * Maps unique and foreign-key violations (PGlite and pg alike, possibly wrapped by Drizzle) to Spanish
 * errors. A foreign-key violation on delete means the row is in use; on create or update, that a
 * referenced record does not exist (shown under the referencing field).
 */
function databaseError(error: unknown, hooks: ResourceHooks | undefined, operation: 'write' | 'delete'): Error {
  let cause: unknown = error;
  while (cause && typeof cause === 'object') {
    const { code, constraint, detail } = cause as { code?: string; constraint?: string; detail?: string };
    if (code === '23503' && operation === 'write') {
      const field = /^Key \(([a-zA-Z_]+)\)=/.exec(detail ?? '')?.[1] ?? '_form';
      return invalid({ [field]: Msg.referenceMissing });
    }
    if (code === '23505') {
      const known = constraint ? hooks?.uniqueErrors?.[constraint] : undefined;
      return known ? invalid({ [known.field]: known.message }) : invalid({ _form: 'Ya existe un registro con esos datos' });
    }
    if (code === '23503') return invalid({ _form: Msg.inUse }, Msg.inUse);
    // A number beyond what its column holds (a rule missed it): a Spanish answer, not a 500.
    if (code === '22003') return invalid({ _form: Msg.numberTooBig }, Msg.numberTooBig);
    cause = (cause as { cause?: unknown }).cause;
  }
  return error as Error;
}

/** Keeps only keys that are columns of the table; an empty optional value takes the column's default. */
function columnValues(schema: ResourceSchema, data: Row): Row {
  const columns = columnsOf(schema);
  return Object.fromEntries(Object.entries(data).filter(([key, value]) =>
    Object.hasOwn(columns, key) && key !== 'id' && !(value == null && columns[key].notNull && columns[key].hasDefault)));
}

async function runWrite<T>(ctx: RecordContext, planned: PlannedFile[], work: (tx: Tx) => Promise<T>, operation: 'write' | 'delete' = 'write'): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const written = await work(tx);
      // Files go to the store before the commit: if the store fails, nothing is written.
      for (const file of planned) {
        await ctx.files.put(file.key, file.data).catch(() => { throw warning(Msg.fileStoreFailed); });
      }
      return written;
    });
  } catch (error) {
    await Promise.all(planned.map((file) => ctx.files.remove(file.key).catch(() => undefined)));
    throw databaseError(error, ctx.hooks, operation);
  }
}

/** Values of a stored row in the shape a form sends, so partial updates validate as whole records. */
function rowAsInput(schema: ResourceSchema, row: Row): Row {
  const input: Row = {};
  for (const field of schema.fields) {
    if (!(field.name in row) || isFileField(field)) continue;
    input[field.name] = field.type === 'decimal' && row[field.name] != null ? Number(row[field.name]) : row[field.name];
  }
  return input;
}

function validated(schema: ResourceSchema, mode: FormMode, input: Row, fileErrors: Record<string, string>) {
  const result = validateRecord(schema, mode, input);
  const errors = { ...(result.ok ? {} : result.errors), ...fileErrors };
  if (Object.keys(errors).length) throw invalid(errors);
  return (result as { data: Row }).data;
}

/** A client member writes rows of its own client only, whatever it sends. */
const memberScope = (schema: ResourceSchema, ctx: RecordContext): Row =>
  (!isAdmin(ctx.user) && schema.clientScope ? { [schema.clientScope]: ctx.user.client_id } : {});

export async function createRecord(ctx: RecordContext, schema: ResourceSchema, payload: Payload) {
  assertAccess(schema, 'create', ctx.user);
  const input = { ...payload.data, ...memberScope(schema, ctx) };
  const files = planFiles(schema, payload, 'create', input);
  const data = { ...validated(schema, 'create', input, files.errors), ...memberScope(schema, ctx) };
  const row = await runWrite(ctx, files.planned, async (tx) => {
    const values = columnValues(schema, (await ctx.hooks?.beforeWrite?.({ ctx, tx, data, mode: 'create' })) ?? data);
    for (const file of files.planned) values[file.field] = file.key;
    const [inserted] = await tx.insert(tableOf(schema)).values(values).returning();
    await writeAudit(tx, ctx.user.id, schema.name, inserted.id, 'create', undefined, forAudit(inserted));
    await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'create', after: inserted, data });
    return inserted as Row;
  });
  return presentOne(ctx, schema, row);
}

/**
 * Two people saving one record: a save that says which version it edited (`updated_at`, as the
 * screens send it) is refused when the stored row has changed since, instead of silently undoing the
 * other person's change. A save that says nothing (scripts, toggles) writes over it.
 */
function refuseIfChangedSince(stored: Row, editedVersion: unknown) {
  if (typeof editedVersion !== 'string' || !(stored.updated_at instanceof Date)) return;
  if (Date.parse(editedVersion) !== stored.updated_at.getTime()) throw warning(Msg.recordChanged);
}

export async function updateRecord(ctx: RecordContext, schema: ResourceSchema, payload: Payload) {
  assertAccess(schema, 'update', ctx.user);
  const id = payload.data.id ?? (schema.singleton ? 1 : undefined);
  const current = await findRow(ctx.db, schema, ctx, id);
  // Related rows (a reel's sizes) count as part of the stored record, so partial updates keep them.
  const stored = ctx.hooks?.expand ? (await ctx.hooks.expand(ctx.db, [{ ...current }], ctx.user))[0] : current;
  const input = { ...rowAsInput(schema, stored), ...payload.data, ...memberScope(schema, ctx) };
  const files = planFiles(schema, payload, 'update', input, current);
  const data = { ...validated(schema, 'update', input, files.errors), ...memberScope(schema, ctx) };
  const row = await runWrite(ctx, files.planned, async (tx) => {
    const existing = await findRow(tx, schema, ctx, id, true);
    refuseIfChangedSince(existing, payload.data.updated_at);
    const values = columnValues(schema, (await ctx.hooks?.beforeWrite?.({ ctx, tx, data, mode: 'update', existing })) ?? data);
    for (const file of files.planned) values[file.field] = file.key;
    for (const field of files.removed) values[field] = null;
    if ('updated_at' in columnsOf(schema)) values.updated_at = new Date();
    const [updated] = await tx.update(tableOf(schema)).set(values).where(eq(columnsOf(schema).id, existing.id as number)).returning();
    await writeAudit(tx, ctx.user.id, schema.name, updated.id, 'update', forAudit(existing), forAudit(updated));
    await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'update', before: existing, after: updated, data });
    return { before: existing, after: updated as Row };
  });
  // Files the record no longer points to (replaced, removed, or cleared by a hook) leave the store.
  const stale = schema.fields.filter(isFileField)
    .filter((f) => row.before[f.name] && row.before[f.name] !== row.after[f.name])
    .map((f) => row.before[f.name] as string);
  await Promise.all(stale.map((key) => ctx.files.remove(key).catch(() => undefined)));
  return presentOne(ctx, schema, row.after);
}

export async function deleteRecord(ctx: RecordContext, schema: ResourceSchema, id: unknown) {
  assertAccess(schema, 'delete', ctx.user);
  const existing = await runWrite(ctx, [], async (tx) => {
    const row = await findRow(tx, schema, ctx, id, true);
    await ctx.hooks?.beforeDelete?.({ ctx, tx, existing: row });
    await tx.delete(tableOf(schema)).where(eq(columnsOf(schema).id, row.id as number));
    await writeAudit(tx, ctx.user.id, schema.name, row.id, 'delete', forAudit(row), undefined);
    await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'delete', before: row });
    return row;
  }, 'delete');
  const keys = schema.fields.filter(isFileField).map((f: FieldDef) => existing[f.name] as string | null).filter(Boolean) as string[];
  await Promise.all(keys.map((key) => ctx.files.remove(key).catch(() => undefined)));
  return { id: existing.id };
}
