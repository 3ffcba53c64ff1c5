/**
 * Create, update and delete: validated by the schema's zod rules, files checked and stored, an audit row
 * per change, each change in one transaction.
 */
import { eq } from 'drizzle-orm';
import { Msg } from '../../../shared/messages';
import { isFileField, type FieldDef, type FilePresence, type FormMode, type ResourceSchema } from '../../../shared/resource';
import { validateRecord } from '../../../shared/recordRules';
import type { Tx } from '../../db';
import { invalid, warning } from '../../errors';
import { checkFile, EXTENSION } from '../../files/content';
import type { Payload } from '../../files/payload';
import { storedFileName } from '../../files/store';
import { writeAudit } from '../audit';
import { assertAccess, memberScope } from './access';
import type { RecordContext, ResourceHooks, Row } from './context';
import { forAudit, presentOne } from './presentation';
import { findRow } from './reads';
import { columnsOf, tableOf } from './shape';

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
      else
        planned.push({
          field: field.name,
          key: `${schema.name}/${storedFileName(upload.filename, EXTENSION[checked.kind])}`,
          data: upload.data,
        });
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
 * errors. A value another record already has: the message its field declares (`unique`), else the
 * hook's for that constraint (keys over several columns, a child table's). A foreign-key violation on
 * delete means the row is in use; on create or update, that a referenced record does not exist (shown
 * under the referencing field).
 */
function databaseError(error: unknown, schema: ResourceSchema, hooks: ResourceHooks | undefined, operation: 'write' | 'delete'): Error {
  let cause: unknown = error;
  while (cause && typeof cause === 'object') {
    const { code, constraint, detail } = cause as { code?: string; constraint?: string; detail?: string };
    if (code === '23503' && operation === 'write') {
      const field = /^Key \(([a-zA-Z_]+)\)=/.exec(detail ?? '')?.[1] ?? '_form';
      return invalid({ [field]: Msg.referenceMissing });
    }
    if (code === '23505') {
      const column = uniqueColumn(detail);
      const field = schema.fields.find((f) => f.name === column && f.unique);
      if (field) return invalid({ [field.name]: field.unique! });
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

/**
 * The one column a unique violation is about, from its detail: `Key (code)=(ES) already exists.`, or
 * over `lower(…)` (`Key (lower(username::text))=(ana)`, usernames and e-mails); several columns, none.
 */
function uniqueColumn(detail: string | undefined): string | undefined {
  const key = /^Key \((.+?)\)=\(/.exec(detail ?? '')?.[1]?.replace(/lower\(|::text|[()]/g, '');
  return key && /^[a-zA-Z_]+$/.test(key) ? key : undefined;
}

/** Keeps only keys that are columns of the table; an empty optional value takes the column's default. */
function columnValues(schema: ResourceSchema, data: Row): Row {
  const columns = columnsOf(schema);
  return Object.fromEntries(Object.entries(data).filter(([key, value]) =>
    Object.hasOwn(columns, key) && key !== 'id' && !(value == null && columns[key].notNull && columns[key].hasDefault)));
}

async function runWrite<T>(
  ctx: RecordContext, schema: ResourceSchema, planned: PlannedFile[], work: (tx: Tx) => Promise<T>, operation: 'write' | 'delete' = 'write',
): Promise<T> {
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
    throw databaseError(error, schema, ctx.hooks, operation);
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

export async function createRecord(ctx: RecordContext, schema: ResourceSchema, payload: Payload) {
  assertAccess(schema, 'create', ctx.user);
  const input = { ...payload.data, ...memberScope(schema, ctx) };
  const files = planFiles(schema, payload, 'create', input);
  const data = { ...validated(schema, 'create', input, files.errors), ...memberScope(schema, ctx) };
  const row = await runWrite(ctx, schema, files.planned, async (tx) => {
    const values = columnValues(schema, (await ctx.hooks?.beforeWrite?.({ ctx, tx, data, mode: 'create' })) ?? data);
    for (const file of files.planned) values[file.field] = file.key;
    const [inserted] = await tx.insert(tableOf(schema)).values(values).returning();
    const note = await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'create', after: inserted, data });
    await writeAudit(tx, ctx.user.id, schema.name, inserted.id, 'create', undefined, { ...forAudit(inserted), ...note?.after });
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
  const row = await runWrite(ctx, schema, files.planned, async (tx) => {
    const existing = await findRow(tx, schema, ctx, id, true);
    refuseIfChangedSince(existing, payload.data.updated_at);
    const values = columnValues(schema, (await ctx.hooks?.beforeWrite?.({ ctx, tx, data, mode: 'update', existing })) ?? data);
    for (const file of files.planned) values[file.field] = file.key;
    for (const field of files.removed) values[field] = null;
    if ('updated_at' in columnsOf(schema)) values.updated_at = new Date();
    const [updated] = await tx.update(tableOf(schema)).set(values).where(eq(columnsOf(schema).id, existing.id as number)).returning();
    const note = await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'update', before: existing, after: updated, data });
    await writeAudit(
      tx,
      ctx.user.id,
      schema.name,
      updated.id,
      'update',
      { ...forAudit(existing), ...note?.before },
      { ...forAudit(updated), ...note?.after },
    );
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
  const existing = await runWrite(ctx, schema, [], async (tx) => {
    const row = await findRow(tx, schema, ctx, id, true);
    await ctx.hooks?.beforeDelete?.({ ctx, tx, existing: row });
    await tx.delete(tableOf(schema)).where(eq(columnsOf(schema).id, row.id as number));
    const note = await ctx.hooks?.afterWrite?.({ ctx, tx, mode: 'delete', before: row });
    await writeAudit(tx, ctx.user.id, schema.name, row.id, 'delete', { ...forAudit(row), ...note?.before }, undefined);
    return row;
  }, 'delete');
  const keys = schema.fields.filter(isFileField).map((f: FieldDef) => existing[f.name] as string | null).filter(Boolean) as string[];
  await Promise.all(keys.map((key) => ctx.files.remove(key).catch(() => undefined)));
  return { id: existing.id as number };
}
