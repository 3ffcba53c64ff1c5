/**
 * A list as a CSV file (GET /api/{resource}/csv): every row its filters match, however many, in its
 * order, each listed field under its Spanish label and written as the table shows it (src/shared/fieldText).
 * Rows are read through a cursor a batch at a time, so the first bytes leave at once and memory stays flat.
 */
import { and, inArray } from 'drizzle-orm';
import { csvHead, csvRow } from '../../../shared/csv';
import { fieldText } from '../../../shared/fieldText';
import { isTimeZone } from '../../../shared/madrid';
import { Msg } from '../../../shared/messages';
import type { FieldDef, ResourceSchema } from '../../../shared/resource';
import { getResource } from '../../../../schemas';
import type { Tx } from '../../db';
import { invalid } from '../../errors';
import { assertAccess, scopeOf } from './access';
import type { RecordContext, Row } from './context';
import { filterConditions, orderOf } from './filters';
import { cursorRows } from './lists';
import { present } from './presentation';
import { titled } from './reads';
import { columnsOf, shapeOf, tableOf } from './shape';

/** Rows read (and written out) at a time. */
export const EXPORT_BATCH_ROWS = 1000;

/** The time zone instants are written in when the reader does not say its own: the business's. */
export const DEFAULT_EXPORT_ZONE = 'Europe/Madrid';

export interface ExportQuery {
  sort?: string;
  order?: string;
  filter?: Record<string, unknown>;
  /** The reader's time zone (IANA), for instants; absent: Madrid's. */
  tz?: string;
}

/** The engine's context for another resource (its hooks and scope): whose titles a reference shows. */
export type ContextFor = (schema: ResourceSchema) => RecordContext;

/** Listed fields that read as text (an image or a file does not). */
const exportedFields = (schema: ResourceSchema) =>
  schema.fields.filter((field) => field.list && !field.writeOnly && !['image', 'file', 'password'].includes(field.type));

/**
 * Checks what the list would check (the role, the filters, the zone) before anything is sent, and
 * returns the file's name and its text, a batch of rows per part. The parts are read in a read-only
 * transaction of their own from `ctx.db`, held until the last part is taken.
 */
export function exportRecords(ctx: RecordContext, schema: ResourceSchema, query: ExportQuery, contextFor: ContextFor) {
  assertAccess(schema, 'list', ctx.user);
  const zone = query.tz || DEFAULT_EXPORT_ZONE;
  if (zone.length > 64 || !isTimeZone(zone)) throw invalid({ tz: Msg.timeZoneInvalid });
  const table = tableOf(schema);
  const where = and(scopeOf(schema, ctx), ...filterConditions(schema, query.filter, ctx.hooks));
  const order = orderOf(schema, query.sort, query.order);
  const fields = exportedFields(schema);
  // A JSON field the file does not write is not read (an audit's before and after: most of its bytes).
  const unwritten = new Set(schema.fields.filter((field) => field.type === 'json' && !fields.includes(field)).map((field) => field.name));
  const selection = Object.fromEntries(
    Object.entries({ ...shapeOf(schema).listRowColumns, ...ctx.hooks?.listColumns }).filter(([key]) => !unwritten.has(key)),
  );
  const references = fields.filter((field) => field.type === 'reference' && getResource(field.reference!));

  async function* parts(tx: Tx) {
    const inTx = { ...ctx, db: tx };
    const statement = tx.select(selection).from(table).where(where).orderBy(...order.columns);
    const batches = cursorRows(tx, statement, selection, EXPORT_BATCH_ROWS);
    // The statement runs before the header is given: a value the database refuses fails the request
    // (a 4xx) instead of cutting a download already under way.
    const first = await batches.next();
    yield csvHead(fields.map((field) => field.label));
    for await (const rows of first.done ? [] : prepend(first.value, batches)) {
      const presented = await present(inTx, schema, rows);
      const records = ctx.hooks?.listRow ? presented.map(ctx.hooks.listRow) : presented;
      const titles = new Map<string, Map<unknown, string>>();
      for (const field of references) {
        const ids = [...new Set(records.map((record) => record[field.name]).filter((id) => id !== null && id !== undefined))];
        const referenced = getResource(field.reference!)!;
        titles.set(field.name, await titlesOf({ ...contextFor(referenced), db: tx }, referenced, ids));
      }
      yield records.map((record) => csvRow(fields.map((field) => textOf(field, record, titles, zone)))).join('');
    }
  }
  return { filename: schema.label.many, parts };
}

/** `first`, then what `rest` yields. */
export async function* prepend<T>(first: T, rest: AsyncIterable<T>) {
  yield first;
  yield* rest;
}

const textOf = (field: FieldDef, record: Row, titles: Map<string, Map<unknown, string>>, zone: string) =>
  fieldText(field, record, { titles: titles.get(field.name), zone });

/**
 * The titles of records by id, as a reference shows them: of those the user may read, within its scope
 * (a reference it may not read stays its id, as the list's own column would fail to name it).
 */
async function titlesOf(ctx: RecordContext, schema: ResourceSchema, ids: unknown[]): Promise<Map<unknown, string>> {
  if (!ids.length || !schema.access.read.some((role) => ctx.user.roles.includes(role))) return new Map();
  const rows = await ctx.db.select().from(tableOf(schema))
    .where(and(inArray(columnsOf(schema).id, ids as number[]), scopeOf(schema, ctx)));
  return new Map((await titled(ctx, schema, rows)).map((row) => [row.id, String(row[schema.titleField] ?? '')]));
}
