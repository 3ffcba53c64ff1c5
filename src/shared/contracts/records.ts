/**
 * The generic endpoints' contracts, one per kind of endpoint, made for each resource from its schema
 * (schemas/): adding a resource still means writing its schema file. A record's answer is its readable
 * fields, typed by their declared type, plus what the server adds beside them (the schema's `answer`).
 */
import { z } from 'zod';
import { pageAnswer } from '../listPage';
import type { SelectOption } from '../options';
import { answerOf } from '../recordRules';
import type { FieldDef, Operation, ResourceSchema, Rules } from '../resource';
import { defineContract, type RecordBody } from './contract';
import { recordCalls } from './recordCalls';

// ---------------------------------------------------------------- a record as the API answers it

/** A field's value as the API sends it, by its declared type (decimals as numbers, files as signed links). */
type FieldAnswer<F extends FieldDef> = F['type'] extends 'integer' | 'reference' | 'decimal' | 'time'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F['type'] extends 'json'
      ? unknown
      : F['type'] extends 'select'
        ? F['choices'] extends ReadonlyArray<{ value: infer V }> ? V : string | number
        : string;

type Readable<S extends ResourceSchema> = Exclude<S['fields'][number], { writeOnly: true }>;

/** What the server adds to a record beside its fields. */
type Added<S extends ResourceSchema> = S['answer'] extends ((r: Rules) => infer A extends z.ZodRawShape)
  ? z.output<z.ZodObject<A>>
  : unknown;

/** A record of a resource as the API answers it: `id` always, every other field possibly null. */
export type RecordOf<S extends ResourceSchema> = {
  [F in Readable<S> as F['name']]: F['name'] extends 'id' ? number : FieldAnswer<F> | null;
} & { created_at?: string; updated_at?: string } & Added<S>;

/** The `answer` keys a resource's list rows carry (its `listExtras`). */
type RowExtra<S extends ResourceSchema> = S['listExtras'] extends ReadonlyArray<infer E extends string>
  ? Extract<E, keyof Added<S>>
  : never;

/**
 * A list row of a resource, when it declares `listRow`: those fields and its `listExtras`, every one present
 * (null where the answer allows it, never left out); else the whole record.
 */
export type ListRowOf<S extends ResourceSchema> = S['listRow'] extends ReadonlyArray<infer K extends string>
  ? Pick<RecordOf<S>, Extract<K | 'id', keyof RecordOf<S>>> & { [E in RowExtra<S>]-?: Exclude<Added<S>[E], undefined> }
  : RecordOf<S>;

/** The JSON type of a field's value as answered. */
function fieldAnswer(field: FieldDef): z.ZodType {
  if (field.choices?.length) {
    const values = field.choices.map((choice) => choice.value);
    // A stored value outside today's choices still is a value of that kind (an old status).
    return typeof values[0] === 'number' ? z.number().int() : z.string();
  }
  switch (field.type) {
    case 'integer': case 'reference': case 'time': return z.number().int();
    case 'decimal': return z.number();
    case 'boolean': return z.boolean();
    case 'json': return z.unknown();
    case 'image': case 'file': return z.string().describe('URL firmada del archivo');
    case 'date': return z.string().describe('aaaa-mm-dd');
    default: return z.string();
  }
}

const answers = new WeakMap<ResourceSchema, z.ZodObject>();
const listRows = new WeakMap<ResourceSchema, z.ZodObject>();

/** The zod schema of a record as answered (kept per resource: the list endpoints read it on every answer). */
export function recordAnswer<S extends ResourceSchema>(schema: S): z.ZodType<RecordOf<S>> {
  let answer = answers.get(schema);
  if (!answer) {
    const shape: Record<string, z.ZodType> = { created_at: z.string().optional(), updated_at: z.string().optional() };
    for (const field of schema.fields) {
      if (field.writeOnly) continue;
      const value = fieldAnswer(field).describe(field.label);
      // `id` is always there; any value of a json field, null included, is already allowed.
      shape[field.name] = field.name === 'id' || field.type === 'json' ? value : value.nullable();
    }
    answer = z.object({ ...shape, ...answerOf(schema) }).describe(schema.label.one);
    answers.set(schema, answer);
  }
  return answer as unknown as z.ZodType<RecordOf<S>>;
}

/**
 * A list row: the `listRow` fields when the resource declares them (big tables), else the record. Its
 * `listExtras` are required in every row, though the record's answer may leave them out (they are the lists' own).
 */
export function listRowAnswer<S extends ResourceSchema>(schema: S): z.ZodType<ListRowOf<S>> {
  const record = recordAnswer(schema) as unknown as z.ZodObject;
  if (!schema.listRow) return record as unknown as z.ZodType<ListRowOf<S>>;
  let row = listRows.get(schema);
  if (!row) {
    const keys = ['id', ...schema.listRow].filter((key) => key in record.shape);
    const extras = (schema.listExtras ?? []).map((key) => [key, present(schema, key)] as const);
    row = z.object(Object.fromEntries([...keys.map((key) => [key, record.shape[key]] as const), ...extras]))
      .describe(`${schema.label.one} (fila de la lista)`);
    listRows.set(schema, row);
  }
  return row as unknown as z.ZodType<ListRowOf<S>>;
}

/** An `answer` key as a list row carries it: never left out (its optional wrapper removed), with its description. */
function present(schema: ResourceSchema, key: string): z.ZodType {
  const answer = answerOf(schema)[key];
  const inner = answer instanceof z.ZodOptional ? answer.unwrap() : answer;
  // Every answer schema is a zod one: anything else is a key the answer does not declare.
  if (!(answer instanceof z.ZodType) || !(inner instanceof z.ZodType)) {
    throw new Error(`${schema.name}.listExtras: ${key} is not in its answer`);
  }
  return answer.description && inner !== answer ? inner.describe(answer.description) : inner;
}

// ---------------------------------------------------------------- lists and options

/** A select option (docs/data.md "Select option"). */
export const optionAnswer = z.object({ label: z.string(), value: z.number().int(), extra: z.unknown().optional() }) satisfies z.ZodType<
  SelectOption
>;

const text = z.string();
const listQuery = z.object({
  filter: text.optional().describe('Filtro en JSON: `q` (texto libre), campos (un valor o una lista) y rangos `campo_gte` / `campo_lte`'),
});
const pageQuery = listQuery.extend({
  per_page: text.optional().describe('Filas por página (como mucho 100)'),
  sort: text.optional().describe('Campo por el que ordenar'),
  order: text.optional().describe('ASC o DESC'),
});
const idParam = z.object({ id: text.describe('Id del registro') });

// ---------------------------------------------------------------- the generic endpoints

/** The contracts of a resource's generic endpoints (routes/resources.ts mounts them). */
export function resourceContracts<S extends ResourceSchema>(schema: S) {
  const calls = recordCalls(schema);
  const tag = schema.label.many;
  const record = recordAnswer(schema);
  const may = (operation: Operation) => schema.access[operation];
  const files = schema.fields.filter((field) => field.type === 'image' || field.type === 'file');
  const multipart = files.length ? { files: files.map(({ name, label }) => ({ name, label })) } : undefined;
  // A member's reads and writes are kept to its own client's rows: said where it holds.
  const scoped = schema.clientScope ? { description: 'Un miembro de un cliente sólo ve y escribe las filas de su cliente.' } : {};
  const common = { tag, resource: schema };
  return {
    all: defineContract({
      ...calls.all, access: may('list'), ...common, summary: `${schema.label.many}: todos`,
      ...scoped, query: listQuery, data: z.array(record), heavy: true,
    }),
    page: defineContract({
      ...calls.page, access: may('list'), ...common, summary: `${schema.label.many}: una página`,
      ...scoped, params: z.object({ page: text.describe('Número de página, desde 1') }), query: pageQuery,
      data: pageAnswer(listRowAnswer(schema)),
    }),
    csv: defineContract({
      ...calls.csv, access: may('list'), ...common, summary: `${schema.label.many} en CSV`,
      description: 'Las columnas de la lista, con el filtro y el orden dados; `tz`: la zona horaria de las fechas.',
      query: pageQuery.omit({ per_page: true }).extend({ tz: text.optional().describe('Zona horaria IANA, p. ej. Europe/Madrid') }),
      produces: 'text/csv', heavy: true,
    }),
    dropdown: defineContract({
      ...calls.dropdown, access: may('list'), ...common, summary: `${schema.label.many}: desplegable`,
      data: z.array(optionAnswer), heavy: true,
    }),
    filteredDropdown: defineContract({
      ...calls.filteredDropdown, access: may('list'), ...common,
      summary: `${schema.label.many}: desplegable filtrado`,
      body: z.object({ query: z.unknown().optional().describe('Texto buscado'), limit: z.unknown().optional().describe('Como mucho 100') }),
      data: z.array(optionAnswer),
    }),
    dropdownById: defineContract({
      ...calls.dropdownById, access: may('read'), ...common,
      summary: `${schema.label.one}: opción de desplegable`,
      params: idParam, data: optionAnswer,
    }),
    data: defineContract({
      ...calls.data, access: may('read'), ...common, summary: `${schema.label.one}: datos`,
      ...scoped, params: idParam, data: record,
    }),
    create: defineContract({
      ...calls.create, access: may('create'), writes: true, ...common, summary: `${schema.label.one}: crear`,
      record: { schema, mode: 'create' } satisfies RecordBody, multipart, data: record,
    }),
    update: defineContract({
      ...calls.update, access: may('update'), writes: true, ...common, summary: `${schema.label.one}: modificar`,
      record: { schema, mode: 'update' } satisfies RecordBody, multipart, data: record,
    }),
    delete: defineContract({
      ...calls.delete, access: may('delete'), writes: true, ...common, summary: `${schema.label.one}: eliminar`,
      body: z.object({ id: z.unknown().optional().describe('Id del registro') }), data: z.object({ id: z.number().int() }),
    }),
  };
}
