/** A list's `filter` and `sort` as SQL: only known keys, every value as its column's type, never interpolated. */
import { asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MAX_SEARCH_LENGTH } from '../../../shared/lists';
import { Msg } from '../../../shared/messages';
import { madridDay } from '../../../shared/madrid';
import type { ResourceSchema } from '../../../shared/resource';
import { canonicalRowId } from '../../../shared/validation';
import { badRequest, invalid } from '../../errors';
import { inline, type Binder } from './binding';
import type { ResourceHooks } from './context';
import { columnsOf, shapeOf } from './shape';

/** Filter keys: `q` (free text), any listed/filterable field (value or array), `field_gte` / `field_lte`. */
export function filterConditions(
  schema: ResourceSchema,
  filter: Record<string, unknown> = {},
  hooks?: ResourceHooks,
  binder: Binder = inline(),
): SQL[] {
  const columns = columnsOf(schema);
  const conditions: SQL[] = [];
  const allowed = shapeOf(schema).filterable;
  // Sorted: the same filters in another order are the same statement.
  for (const [rawKey, value] of Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || value === null || value === '') continue;
    // Before any statement is built: whatever key it comes under, a longer text never reaches the database.
    if (isOverlong(value) || (Array.isArray(value) && value.some(isOverlong)))
      throw invalid({ [rawKey]: Msg.searchTooLong }, Msg.searchTooLong);
    if (rawKey === 'q') {
      const term = binder.bind(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as string;
      const searched = (schema.search ?? [schema.titleField])
        .filter((name) => columns[name])
        .map((name) => ilike(sql`${columns[name]}::text`, term));
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
      const bound = binder.bind(dayBound(column, value, range[2] as 'gte' | 'lte') ?? filterValue(column, value, rawKey));
      conditions.push(range[2] === 'gte' ? gte(column, bound) : lte(column, bound));
      binder.shape.push(rawKey);
    } else if (Array.isArray(value)) {
      conditions.push(
        value.length
          ? inArray(
              column,
              value.map((v) => filterValue(column, v, rawKey)),
            )
          : sql`false`,
      );
      binder.reusable = false; // as many values as ids asked for
    } else if (typeof value === 'string' && isTextField(schema, key) && shapeOf(schema).fields.get(key)?.filter !== 'exact') {
      conditions.push(ilike(sql`${column}::text`, binder.bind(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as string));
      binder.shape.push(`${key}~`);
    } else {
      conditions.push(eq(column, binder.bind(filterValue(column, value, rawKey))));
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

/**
 * A filter value as its column's type; a value that cannot be one is a 40001, never a database error. An
 * integer column (ids, references) takes what an id takes (canonicalRowId): a JSON whole number or its
 * digits, from 1; "01", " 1", "1.0" or `true` are refused under the filter's key, not read as 1.
 */
function filterValue(column: PgColumn, value: unknown, key: string): unknown {
  const text = typeof value === 'string' ? value.trim() : value;
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSerial': {
      const id = canonicalRowId(value);
      if (id === null) throw invalid({ [key]: Msg.idInvalid }, Msg.idInvalid);
      return id;
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

const isOverlong = (value: unknown) => typeof value === 'string' && value.length > MAX_SEARCH_LENGTH;

const isTextField = (schema: ResourceSchema, name: string) =>
  ['text', 'email', 'textarea'].includes(shapeOf(schema).fields.get(name)?.type ?? '');

export interface ListOrder { columns: SQL[]; key: string }

/** Each schema's orders by key, built once: a list asks for its order on every request. */
const listOrders = new WeakMap<ResourceSchema, Map<string, ListOrder>>();

export function orderOf(schema: ResourceSchema, sort?: string, order?: string): ListOrder {
  const columns = columnsOf(schema);
  const known = sort && shapeOf(schema).fields.has(sort) && columns[sort] ? sort : undefined;
  const field = known ?? schema.defaultSort?.field ?? 'id';
  const descending = (known ? order : schema.defaultSort?.order)?.toUpperCase() === 'DESC';
  const key = `${field} ${descending ? 'desc' : 'asc'}`;
  let orders = listOrders.get(schema);
  if (!orders) listOrders.set(schema, (orders = new Map()));
  let found = orders.get(key);
  if (!found) {
    const direction = descending ? desc : asc;
    // The id breaks ties so pages never overlap, in the same direction: newest first reads as the ids do, and
    // an index on the field alone serves the order.
    found = { columns: field === 'id' ? [direction(columns.id)] : [direction(columns[field]), direction(columns.id)], key };
    orders.set(key, found);
  }
  return found;
}
