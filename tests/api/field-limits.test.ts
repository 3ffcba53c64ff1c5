/**
 * Every limit everywhere it applies (issue 41 §2). A rule shared by several resources (a reference's 13
 * characters, a phone, a postal code, an e-mail's and a text's column, money, weights, measures,
 * percentages, whole numbers) is tried on every field that carries it, on the real create and update
 * endpoints: the limit itself is accepted, stored exactly and read back; one past it is refused with the
 * Spanish message under the field, and nothing is stored.
 *
 * Which fields: generated from the schemas (`resourceList`), each field classified by what it is (its
 * name and type, its column), so a new resource is covered without writing a test, and a field nobody
 * classified fails here by name. What is expected: the tables below, written from the spec (§5, §9),
 * docs/validation.md, docs/business-rules.md and the column sizes (a plain text's only limit is its
 * column's), never from a schema's own `max`: changing a limit in a schema must make this file fail,
 * not move its expectation along. The columns are checked against the same tables.
 *
 * The named routes that take a phone, a postal code, an e-mail or a pool's measures (a profile, a
 * budget's client details, finishing a cart, the calculators) are listed by hand below, and the API
 * documentation is read to fail on a route with such a field that is not listed.
 */
import crypto from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { Code } from '../../src/shared/codes';
import { isFileField, writableFields, type FieldDef, type FormMode, type ResourceSchema } from '../../src/shared/resource';
import { tableOf } from '../../src/server/domain/records';
import { useTestApp, type TestApp } from '../support/app';
import { ROSA_VIDAL } from '../support/addresses';
import { createUser, expectNoInternals, jsonData, multipart, pdf, png, rowsOf, tokenOf, type FilePart, type Res } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

// ---------------------------------------------------------------- the rules (the expectations)

/** Spec §5 and §9, docs/validation.md: a reference (article, cover, reel size, reinforcement) is 1 to 13 characters. */
const REFERENCE = { length: 13, column: 'varchar(13)', message: 'Introduzca referencia (de 1 a 13 caracteres)' };

/**
 * Spec §5 (user), docs/validation.md «A buyer's phone», DESIGN: a phone is digits only, exactly 9; a
 * buyer's may also be «+», the country code and the number, 8 to 15 digits in all. No spaces or dashes:
 * what is stored is what was typed.
 */
const PHONE = {
  invalid: 'Introduzca un número válido',
  short: 'El número es demasiado corto',
  long: 'El número es demasiado largo',
  /** What each phone field is: a Spanish number (users, clients) or a buyer's, who may live abroad. */
  abroad: { phone: false, phone_number: false, buyer_phone_number: true } as Record<string, boolean>,
};

/** Each phone tried on every phone field: what it is, and the answer for a Spanish phone and for a buyer's. */
const PHONE_CASES: Array<{ typed: string; spanish: string | null; buyer: string | null; why: string }> = [
  { typed: '612345678', spanish: null, buyer: null, why: '9 digits' },
  { typed: '612 345 678', spanish: PHONE.invalid, buyer: PHONE.invalid, why: 'spaces' },
  { typed: '612-345-678', spanish: PHONE.invalid, buyer: PHONE.invalid, why: 'dashes' },
  { typed: '+34 612 345 678', spanish: PHONE.invalid, buyer: PHONE.invalid, why: 'a prefix and spaces' },
  { typed: '+34-612-345-678', spanish: PHONE.invalid, buyer: PHONE.invalid, why: 'a prefix and dashes' },
  { typed: '(612)345678', spanish: PHONE.invalid, buyer: PHONE.invalid, why: 'brackets' },
  { typed: '+34612345678', spanish: PHONE.invalid, buyer: null, why: 'a prefix: only a buyer may live abroad' },
  { typed: '0034612345678', spanish: PHONE.long, buyer: PHONE.long, why: 'a prefix written 00: 13 digits' },
  { typed: '61234567', spanish: PHONE.short, buyer: PHONE.short, why: '8 digits' },
  { typed: '6123456789', spanish: PHONE.long, buyer: PHONE.long, why: '10 digits' },
  { typed: '+12345678', spanish: PHONE.invalid, buyer: null, why: '«+» and 8 digits, the fewest abroad' },
  { typed: '+1234567', spanish: PHONE.invalid, buyer: PHONE.short, why: '«+» and 7 digits' },
  { typed: '+123456789012345', spanish: PHONE.invalid, buyer: null, why: '«+» and 15 digits, the most abroad (E.164)' },
  { typed: '+1234567890123456', spanish: PHONE.invalid, buyer: PHONE.long, why: '«+» and 16 digits' },
];
/** The longest phone each kind stores: its column must hold it. */
const LONGEST_PHONE = { spanish: 9, buyer: 16 };

/** docs/business-rules.md, DESIGN: a Spanish postal code, 4 or 5 digits, stored as 5 digits (a string). */
const POSTAL_CODE = {
  column: 'varchar(5)',
  invalid: 'Introduzca un código postal válido',
  cases: [
    { typed: '28001', stored: '28001' },
    { typed: '8001', stored: '08001' },
    { typed: '280011', refused: true },
    { typed: '280', refused: true },
    { typed: '28 001', refused: true },
    { typed: '28-001', refused: true },
    { typed: 'E28001', refused: true },
  ] as Array<{ typed: string; stored?: string; refused?: boolean }>,
};

/** A text longer than its column is refused like any long text, never by the database (docs/validation.md). */
const tooLong = (length: number) => `Máximo ${length} caracteres`;
/** Every e-mail column is varchar(200). */
const EMAIL_LENGTH = 200;

interface NumberRule {
  what: string;
  column: string;
  /** The largest value accepted, and the smallest refused above it, as a form sends them. */
  largest: string;
  pastLargest: string;
  /** The smallest accepted and the largest refused below it, where the rule has a lower bound of its own. */
  smallest?: string;
  pastSmallest?: string;
  message: string;
  /** The message below the smallest, where it is not `message`. */
  belowMessage?: string;
  /**
   * One decimal more than the rule keeps, refused (never rounded): with the rule's message where every
   * field of the kind says the same, else with the field's own (each price names its field).
   */
  tooPrecise: { value: string; message?: string };
}

/** docs/validation.md «Generic form widgets»: a number beyond what its column holds, the limit written the Spanish way. */
const MONEY: NumberRule = {
  what: 'a price (2 decimals)',
  column: 'numeric(12, 2)',
  largest: '9999999999.99',
  pastLargest: '10000000000',
  message: 'El número es demasiado grande (máximo 9.999.999.999,99)',
  tooPrecise: { value: '10,555' },
};
const WEIGHT: NumberRule = {
  what: 'a weight index (4 decimals)',
  column: 'numeric(12, 4)',
  largest: '99999999.9999',
  pastLargest: '100000000',
  message: 'El número es demasiado grande (máximo 99.999.999,9999)',
  tooPrecise: { value: '1,12345' },
};
const WHOLE: NumberRule = {
  what: 'a whole number',
  column: 'integer',
  largest: '2147483647',
  pastLargest: '2147483648',
  message: 'El número es demasiado grande (máximo 2.147.483.647)',
  tooPrecise: { value: '2,5' },
};
/** Spec §5 and §9, docs/business-rules.md: a tax percentage is 0 to 100, both ends valid. */
const PERCENTAGE: NumberRule = {
  what: 'a percentage',
  column: 'numeric(5, 2)',
  smallest: '0',
  pastSmallest: '-0.01',
  largest: '100',
  pastLargest: '100.01',
  message: 'El porcentaje debe estar entre 0 y 100',
  tooPrecise: { value: '12,345' },
};
/**
 * A pool's measurements in metres, 2 decimals (docs/business-rules.md «Pool shape», issue 43): a side more than
 * 0 and at most the largest cover the business makes (the setting, 30 m in the demo), the stairwell's C and E
 * along A at most 50 m (the longest side the setting allows; C ≤ A is the stairwell's own rule), its depth D at
 * most 5 m, the overlap from 0 to 1 m. Each refusal names its field.
 */
const measure = (name: string, limits: { smallest: string; pastSmallest: string; below: string; largest: string }): NumberRule => ({
  what: `a measure in metres (${name})`,
  column: 'numeric(6, 2)',
  smallest: limits.smallest,
  pastSmallest: limits.pastSmallest,
  belowMessage: `${name} ${limits.below}`,
  largest: limits.largest,
  pastLargest: `${limits.largest}.01`,
  message: `${name} no puede superar ${limits.largest} m`,
  tooPrecise: { value: '1,255', message: `${name} debe tener 2 decimales como máximo` },
});
const SIDE = { smallest: '0.01', pastSmallest: '0', below: 'debe ser mayor que 0 m', largest: '30' };
const FROM_ZERO = { smallest: '0', pastSmallest: '-0.01', below: 'no puede ser menor que 0 m' };

/**
 * What else a try of a field changes, so that only the field's own limit answers: a pool's length and
 * width as small as 0,01 m only without a stairwell, which must fit in the pool (docs/business-rules.md «Pool shape»).
 */
const ALONG_WITH: Record<string, Record<string, unknown>> = { 'budget.a': { stairwell: false }, 'budget.b': { stairwell: false } };

/**
 * Whole numbers with a range of their own, not the column's: an order of a list, a diameter, the base
 * price of a confección. Most messages state the range themselves; the maxima they do not state are ours.
 */
const wholeWithin = (smallest: number, largest: number, message: string, belowMessage?: string): NumberRule => ({
  what: `a whole number from ${smallest} to ${largest}`,
  column: 'integer',
  smallest: String(smallest),
  pastSmallest: String(smallest - 1),
  belowMessage,
  largest: String(largest),
  pastLargest: String(largest + 1),
  message,
  tooPrecise: { value: '2,5' },
});
const OWN_RANGES: Record<string, NumberRule> = {
  'poolCoverType.position': wholeWithin(0, 1000, 'Introduzca el orden (de 0 a 1000)'),
  'documentCategory.position': wholeWithin(0, 10_000, 'Introduzca el orden de la categoría (un número entero de 0 a 10000)'),
  'productionStep.position': wholeWithin(1, 1000, 'Introduzca el orden del paso (1 o más)'),
  /** Millimetres (spec §3 «Reel labels»). */
  'reelDiameter.diameter': wholeWithin(1, 10_000, 'Introduzca un número válido'),
  /** Euros per confección, set by the office (ours). */
  'appSetting.base_confection_price': wholeWithin(0, 100_000, 'Debe ser menor o igual que 100000', 'Debe ser mayor o igual que 0'),
};

/** A pool's dimensions and overlap by field name (budgets and the calculators). */
const POOL_MEASURES: Record<string, NumberRule> = {
  a: measure('El largo A', SIDE),
  b: measure('El ancho B', SIDE),
  c: measure('El ancho C de la escalera', { ...SIDE, largest: '50' }),
  d: measure('El fondo D de la escalera', { ...SIDE, largest: '5' }),
  e: measure('La distancia E', { ...FROM_ZERO, largest: '50' }),
  extra_distance: measure('El solape', { ...FROM_ZERO, largest: '1' }),
};

/** Free texts in a `text` column: no column to overflow, and the spec gives them no limit (their caps are the forms' own). */
const FREE_TEXTS = new Set(['description', 'body', 'remark', 'order_remark', 'attendees']);

/**
 * Fields with a rule of their own, not one of the shared limits above: where each is tried instead.
 * A new field must be classified or listed here, with its reason.
 */
const OWN_RULES: Record<string, string> = {
  'client.nif': 'the NIF: 7 or 8 digits (spec §5), clients-rules.test.ts',
  'client.factusol_CODCLI': 'the Factusol code: digits (spec §5), clients-rules.test.ts',
  'task.bg_color': 'a colour #rrggbb, logistics.test.ts',
  'task.border_color': 'a colour #rrggbb, logistics.test.ts',
  'user.password': 'at least 8 characters (spec §5), users.test.ts',
  'user.password_confirm': 'equal to the password (spec §5), users.test.ts',
  'reel.size_min': 'a reel size and its sub-sizes (spec §5 «Reel»), reels.test.ts',
  'reel.size_max': 'a reel size and its sub-sizes (spec §5 «Reel»), reels.test.ts',
  'appSetting.max_cover_side': 'the largest cover side, which every pool measure tried here depends on: pool-measurements.test.ts',
  'attachedFile.budget_calculus_id': 'a row id: input-properties.test.ts',
  'budgetPaycheck.budget_id': 'a row id: input-properties.test.ts',
  'dataSheetImage.order_calculus_id': 'a row id: input-properties.test.ts',
};

// ---------------------------------------------------------------- what each field is

type Limit
  = | { kind: 'reference' }
    | { kind: 'phone'; abroad: boolean }
    | { kind: 'postal code' }
    | { kind: 'email' }
    | { kind: 'text'; length: number }
    | { kind: 'number'; rule: NumberRule }
    | { kind: 'none'; why: string };

/** Field types whose value is not typed text or a number: no length or size to exceed. */
const UNLIMITED_TYPES = new Set<FieldDef['type']>(['boolean', 'select', 'reference', 'image', 'file', 'date', 'datetime', 'time', 'json']);

const columnOf = (schema: ResourceSchema, field: FieldDef) =>
  (getTableColumns(tableOf(schema)) as Record<string, { getSQLType(): string } | undefined>)[field.name]?.getSQLType();

/** What a field is, by its name, type and column: never by the limit its schema declares. */
function limitOf(schema: ResourceSchema, field: FieldDef): Limit | undefined {
  const key = `${schema.name}.${field.name}`;
  if (OWN_RULES[key]) return { kind: 'none', why: OWN_RULES[key] };
  if (UNLIMITED_TYPES.has(field.type)) return { kind: 'none', why: `a ${field.type}` };
  if (field.name === 'reference') return { kind: 'reference' };
  if (/phone/.test(field.name)) return field.name in PHONE.abroad ? { kind: 'phone', abroad: PHONE.abroad[field.name] } : undefined;
  if (/postal_code$/.test(field.name)) return { kind: 'postal code' };
  if (field.type === 'email') return { kind: 'email' };
  if (/percentage$/.test(field.name)) return { kind: 'number', rule: PERCENTAGE };
  if (field.name in POOL_MEASURES && field.type === 'decimal') return { kind: 'number', rule: POOL_MEASURES[field.name] };
  if (field.name === 'weight_index') return { kind: 'number', rule: WEIGHT };
  if (field.type === 'decimal' && /price|threshold|^value$/.test(field.name)) return { kind: 'number', rule: MONEY };
  if (key in OWN_RANGES) return { kind: 'number', rule: OWN_RANGES[key] };
  if (field.type === 'integer') return { kind: 'number', rule: WHOLE };
  if (field.type === 'text' || field.type === 'textarea') {
    const column = columnOf(schema, field);
    const varchar = column && /^varchar\((\d+)\)$/.exec(column);
    if (varchar) return { kind: 'text', length: Number(varchar[1]) };
    if (column === 'text' && FREE_TEXTS.has(field.name)) return { kind: 'none', why: 'a free text' };
  }
  return undefined;
}

const writable = (schema: ResourceSchema) => {
  const names = new Set([...writableFields(schema, 'create'), ...writableFields(schema, 'update')].map((f) => f.name));
  return schema.fields.filter((f) => names.has(f.name));
};

const limited = resourceList.flatMap((schema) =>
  writable(schema).flatMap((field) => {
    const limit = limitOf(schema, field);
    return limit && limit.kind !== 'none' ? [{ schema, field, limit }] : [];
  }));
const fieldsOf = (kind: Limit['kind']) => limited.filter((entry) => entry.limit.kind === kind);

it('every field a form writes is classified: a shared limit, or a rule of its own listed with where it is tried', () => {
  const unclassified = resourceList.flatMap((schema) =>
    writable(schema)
      .filter((field) => !limitOf(schema, field))
      .map((field) => `${schema.name}.${field.name} (${field.type}, ${columnOf(schema, field) ?? 'no column'})`));
  expect(unclassified, 'classify these fields in field-limits.test.ts').toEqual([]);
  // The explicit list names fields that still exist.
  const fields = new Set(resourceList.flatMap((schema) => writable(schema).map((field) => `${schema.name}.${field.name}`)));
  expect(Object.keys(OWN_RULES).filter((key) => !fields.has(key))).toEqual([]);
});

it('every shared limit is found on the resources the spec names: none is left out by a classification that went wrong', () => {
  const names = (kind: Limit['kind']) => fieldsOf(kind).map(({ schema, field }) => `${schema.name}.${field.name}`).sort();
  expect(names('reference')).toEqual(['item.reference', 'poolCover.reference', 'reelDiameter.reference', 'reinforcementType.reference']);
  expect(names('phone')).toEqual(['budget.buyer_phone_number', 'client.phone_number', 'order.buyer_phone_number', 'user.phone']);
  expect(names('postal code')).toEqual([
    'budget.buyer_postal_code', 'client.postal_code', 'order.buyer_postal_code', 'order.ship_postal_code',
  ]);
  expect(names('email')).toEqual(['budget.buyer_email', 'client.email', 'order.buyer_email', 'user.email']);
});

describe('the columns hold what the rules accept, and no more', () => {
  it.each(limited.map((entry) => [`${entry.schema.name}.${entry.field.name}`, entry] as const))('%s', (_, { schema, field, limit }) => {
    const column = columnOf(schema, field);
    if (limit.kind === 'reference') expect(column).toBe(REFERENCE.column);
    if (limit.kind === 'postal code') expect(column).toBe(POSTAL_CODE.column);
    if (limit.kind === 'email') expect(column).toBe(`varchar(${EMAIL_LENGTH})`);
    if (limit.kind === 'phone') {
      const length = Number(/^varchar\((\d+)\)$/.exec(column ?? '')?.[1]);
      expect(length).toBeGreaterThanOrEqual(limit.abroad ? LONGEST_PHONE.buyer : LONGEST_PHONE.spanish);
    }
    if (limit.kind === 'number') expect(column).toBe(limit.rule.column);
  });
});

// ---------------------------------------------------------------- the generic endpoints

const fresh = () => crypto.randomBytes(3).toString('hex');

const count = async (schema: ResourceSchema) =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(getTableName(tableOf(schema)))}`))[0].n;

const read = async (schema: ResourceSchema, id: number) => {
  const res = await t.call('GET', `/api/${schema.name}/data/${id}`, { token: admin });
  expect(res.body.code, JSON.stringify(res.body)).toBe(Code.ok);
  return res.body.data as Record<string, unknown>;
};

/**
 * A stored record of the resource to change: the first the demo holds that saves as it is (an order
 * still a cart lacks its buyer's data), or a new one.
 */
async function storedRecord(schema: ResourceSchema): Promise<Record<string, unknown>> {
  if (schema.singleton) return read(schema, 1);
  const { body } = await t.call('GET', `/api/${schema.name}/page/1?per_page=20`, { token: admin });
  for (const { id } of (body.data?.items ?? []) as Array<{ id: number }>) {
    if ((await update(schema, id, {})).body.code === Code.okWithMessage) return read(schema, id);
  }
  const created = await create(schema, await createBody(schema));
  expect(created.body.code, `${schema.name}: ${JSON.stringify(created.body)}`).toBe(Code.okWithMessage);
  return read(schema, created.body.data.id);
}

/** The row a record hangs from (a file's budget or calculation): the demo's first. */
const PARENT_TABLES: Record<string, string> = {
  budget_id: 'budgets', budget_calculus_id: 'budget_calculus', order_calculus_id: 'order_calculus',
};

/** Values that must differ from every stored record's: a user's name and e-mail, a reel size's diameter (with its size and engine). */
let diameter = 9000;
const FRESH: Record<string, () => Record<string, unknown>> = {
  user: () => ({
    username: `limites${fresh()}`, email: `limites${fresh()}@ejemplo.es`, password: 'contraseña1', password_confirm: 'contraseña1',
  }),
  reelDiameter: () => ({ diameter: diameter++ }),
};

/** A file each file field takes (an image of the size it asks for), so that a create is refused only for the field tried. */
function filesFor(schema: ResourceSchema, values: Record<string, unknown>): Record<string, FilePart> {
  const files: Record<string, FilePart> = {};
  for (const field of schema.fields.filter(isFileField)) {
    if (field.showIf && values[field.showIf.field] !== field.showIf.equals) continue;
    const rule = field.file!;
    files[field.name] = rule.kinds.includes('png')
      ? { filename: 'imagen.png', data: png(rule.dimensions?.width ?? 2, rule.dimensions?.height ?? 2), contentType: 'image/png' }
      : { filename: 'documento.pdf', data: pdf(), contentType: 'application/pdf' };
  }
  return files;
}

/** A valid create body: a stored record's values (or, with none stored, the demo's first of each reference), fresh where unique. */
async function createBody(schema: ResourceSchema, from?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(schema, 'create')) {
    if (from && field.name in from) {
      body[field.name] = field.type === 'decimal' && from[field.name] != null ? Number(from[field.name]) : from[field.name];
    } else if (field.type === 'reference') {
      const { body: page } = await t.call('GET', `/api/${field.reference}/page/1?per_page=1`, { token: admin });
      body[field.name] = page.data?.items?.[0]?.id ?? null;
    } else if (field.name in PARENT_TABLES) {
      const parent = sql.identifier(PARENT_TABLES[field.name]);
      const rows = rowsOf<{ id: number }>(await t.ctx.db.execute(sql`select min(id) as id from ${parent}`));
      body[field.name] = rows[0]?.id;
    } else if (field.type === 'select' && field.choices?.length) {
      body[field.name] = field.choices[0].value;
    } else if (field.type === 'text' || field.type === 'textarea') {
      body[field.name] = `Prueba ${fresh()}`;
    }
  }
  return { ...body, ...FRESH[schema.name]?.() };
}

function create(schema: ResourceSchema, body: Record<string, unknown>) {
  const files = filesFor(schema, body);
  if (!Object.keys(files).length) return t.call('POST', `/api/${schema.name}/create`, { token: admin, body: jsonData(body) });
  const { payload, headers } = multipart({ data: JSON.stringify(body) }, files);
  return t.call('POST', `/api/${schema.name}/create`, { token: admin, payload, headers });
}

const update = (schema: ResourceSchema, id: number, changes: Record<string, unknown>) =>
  t.call('POST', `/api/${schema.name}/update`, { token: admin, body: jsonData(schema.singleton ? changes : { id, ...changes }) });

/** A stored value as the form would read it: numbers as numbers (numeric columns answer text). */
const asRead = (field: FieldDef, value: unknown) =>
  (field.type === 'decimal' || field.type === 'integer') && value !== null && value !== undefined ? Number(value) : value;

/** A value tried: accepted and stored as `stored`, or refused (`refused`) with `message`, or with the field's own when none is given. */
interface Try { value: unknown; stored?: unknown; refused?: true; message?: string }

/** The values a field's limit is tried with: accepted ones (with what is stored) and refused ones (with the message). */
function triesOf(limit: Limit, unique: string): Try[] {
  switch (limit.kind) {
    case 'reference': {
      const longest = `R${unique}`.padEnd(REFERENCE.length, 'x').slice(0, REFERENCE.length);
      return [
        { value: longest, stored: longest },
        { value: `${longest}y`, message: REFERENCE.message },
      ];
    }
    case 'text': {
      const longest = `Texto ${unique} `.padEnd(limit.length, 'ñ').slice(0, limit.length);
      return [
        { value: longest, stored: longest },
        { value: `${longest}ñ`, message: tooLong(limit.length) },
      ];
    }
    case 'email': {
      const domain = '@ejemplo.es';
      const longest = `${unique}`.padEnd(EMAIL_LENGTH - domain.length, 'a') + domain;
      return [
        { value: longest, stored: longest },
        { value: `a${longest}`, message: tooLong(EMAIL_LENGTH) },
      ];
    }
    case 'phone':
      return PHONE_CASES.map((c) => {
        const message = limit.abroad ? c.buyer : c.spanish;
        return message ? { value: c.typed, message } : { value: c.typed, stored: c.typed };
      });
    case 'postal code':
      return POSTAL_CODE.cases.map((c) =>
        (c.refused ? { value: c.typed, message: POSTAL_CODE.invalid } : { value: c.typed, stored: c.stored }));
    case 'number': {
      const { rule } = limit;
      const tries: Try[] = [
        { value: rule.largest, stored: Number(rule.largest) },
        { value: rule.pastLargest, message: rule.message },
      ];
      if (rule.smallest !== undefined) {
        tries.push(
          { value: rule.smallest, stored: Number(rule.smallest) },
          { value: rule.pastSmallest, message: rule.belowMessage ?? rule.message },
        );
      }
      return [...tries, { value: rule.tooPrecise.value, refused: true, message: rule.tooPrecise.message }];
    }
    default:
      return [];
  }
}

/** A refusal: 40001, the message under the field tried. */
function expectRefusedWith(res: Res, field: string, message: string | undefined, context: string) {
  const answer = { status: res.status, code: res.body?.code, message: res.body?.error?.[field] };
  expect(answer, `${context}: ${JSON.stringify(res.body)}`).toEqual({
    status: 400,
    code: Code.error,
    message: message ?? expect.stringMatching(/^(Introduzca|El|La|Debe|Seleccione)\b/),
  });
  expectNoInternals(res);
}

const described = (limit: Limit) =>
  (limit.kind === 'number' ? limit.rule.what : limit.kind === 'text' ? `a text of ${limit.length}` : limit.kind);
const modes = (schema: ResourceSchema, field: FieldDef): FormMode[] => (['create', 'update'] as const).filter((mode) =>
  schema.access[mode].includes('admin') && writableFields(schema, mode).some((f) => f.name === field.name));

describe('each limit on the generic endpoints of every resource that has it', () => {
  const cases = limited.flatMap(({ schema, field, limit }) => modes(schema, field).map((mode) =>
    [`${schema.name}/${mode} ${field.name}: ${described(limit)}`, { schema, field, limit, mode }] as const));

  it.each(cases)('%s', async (_, { schema, field, limit, mode }) => {
    const stored = await storedRecord(schema);
    for (const attempt of triesOf(limit, fresh())) {
      const context = `${schema.name}/${mode} ${field.name} = ${JSON.stringify(attempt.value)}`;
      const before = await count(schema);
      // A field shown only when another has a value (a user's client) is tried with that value.
      const shown = field.showIf ? { [field.showIf.field]: field.showIf.equals } : {};
      const changes = { ...shown, ...ALONG_WITH[`${schema.name}.${field.name}`], [field.name]: attempt.value };
      const res = mode === 'create'
        ? await create(schema, { ...(await createBody(schema, stored)), ...changes })
        : await update(schema, stored.id as number, changes);
      if (attempt.refused || attempt.message) {
        expectRefusedWith(res, field.name, attempt.message, context);
        expect(await count(schema), `${context}: nothing stored`).toBe(before);
        if (mode === 'update') {
          expect((await read(schema, stored.id as number))[field.name], `${context}: unchanged`).toEqual(stored[field.name]);
        }
        continue;
      }
      expect(res.body.code, `${context}: ${JSON.stringify(res.body)}`).toBe(Code.okWithMessage);
      const id = mode === 'create' ? (res.body.data.id as number) : (stored.id as number);
      expect(asRead(field, (await read(schema, id))[field.name]), `${context}: read back`).toEqual(attempt.stored);
      if (mode === 'update') {
        // The next try starts from the record as stored (its other fields untouched).
        Object.assign(stored, await read(schema, id));
      } else if (schema.name in FRESH) {
        // A record made with values that must be unique goes, so that it never collides with a later try's (a diameter of 10000).
        expect((await t.call('POST', `/api/${schema.name}/delete`, { token: admin, body: { id } })).body.code).toBe(Code.okWithMessage);
      }
    }
  }, 60_000);
});

// ---------------------------------------------------------------- the named routes

/** A named route's field that carries a shared limit, by its name (the same names as on the resources). */
function namedLimit(name: string): Limit | undefined {
  if (name in PHONE.abroad) return { kind: 'phone', abroad: PHONE.abroad[name] };
  if (/postal_code$/.test(name)) return { kind: 'postal code' };
  if (/(^|_)email$/.test(name)) return { kind: 'email' };
  if (name in POOL_MEASURES) return { kind: 'number', rule: POOL_MEASURES[name] };
  return undefined;
}

/** A pool as the calculators send it: the demo's summer bubble cover (type 3) over an 8 × 4 m pool, and its 400 micron cover. */
const POOL = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, rounded_corners: false, stairwell: false };
const COVER = { pool_cover_id: 4, quantity: 1 };
const POOL_FIELDS = Object.keys(POOL_MEASURES);

/** A budget's client details as its form sends them (docs/validation.md «Client details of a budget»). */
const CLIENT_DETAILS = {
  buyer_email: 'rosa@ejemplo.es', buyer_name: 'Rosa Vidal', buyer_phone_number: '600444555', buyer_address_1: 'Calle Mar 2',
  buyer_delivery_address_1: 'Calle Mar 2', buyer_postal_code: '03001', buyer_city: 'Alicante', delivery_time_zone: 'Alicante',
  buyer_country: 'España', remark_OB1PCL: 'Chalet prueba',
};

interface Sent { res: Res; stored?: () => Promise<Record<string, unknown>> }
interface NamedRoute {
  /** `METHOD path` as the API documentation names it. */
  route: string;
  /** The fields with a shared limit it takes. */
  fields: string[];
  /** One try: the changes over a valid body, as whom the route is for; with the record it writes, to read back. */
  send(changes: Record<string, unknown>): Promise<Sent>;
}

/** Things made once for the named routes: a member of client 1 and its token, a budget of it, a cart calculation. */
const made = new Map<string, Promise<unknown>>();
const once = <T>(name: string, make: () => Promise<T>) => {
  if (!made.has(name)) made.set(name, make());
  return made.get(name) as Promise<T>;
};
const okData = (res: Res) => {
  expect([Code.ok, Code.okWithMessage], JSON.stringify(res.body)).toContain(res.body?.code);
  return res.body.data;
};
const member = () => once('member', async () => {
  const user = await createUser(t, admin, { client_id: 1 });
  return { ...user, token: await tokenOf(t, user.username, user.password) };
});
const budgetOfMember = () => once('budget', async () => {
  const { token } = await member();
  const body = jsonData({ ...POOL, remark_OB1PCL: 'Chalet prueba' });
  return okData(await t.call('POST', '/api/budget/create', { token, body })).id as number;
});
const cartCalculation = () => once('calculation', async () => {
  const { token } = await member();
  const body = { order: {}, order_calculus: { ...POOL, ...COVER } };
  return okData(await t.call('POST', '/api/order/createWithOrderCalculus', { token, body })).order_calculus_id as number;
});
/** Every public call from its own address: the calculator's rate limit is per address. */
let address = 10;

const NAMED_ROUTES: NamedRoute[] = [
  {
    route: 'POST /api/user/updateProfile',
    fields: ['phone', 'email'],
    async send(changes) {
      const user = await member();
      const res = await t.call('POST', '/api/user/updateProfile', { token: admin, body: jsonData({ id: user.id, ...changes }) });
      return { res, stored: () => read(resourceList.find((s) => s.name === 'user')!, user.id) };
    },
  },
  {
    route: 'POST /api/budget/sendDocument',
    fields: ['email'],
    async send(changes) {
      const budget = await budgetOfMember();
      const { token } = await member();
      const details = okData(await t.call('GET', `/api/budget/getBudgetDetails/${budget}`, { token }));
      const res = await t.call('POST', '/api/budget/sendDocument', {
        token, body: { budget_calculus_id: details.budget_calculus[0].id, ...changes },
      });
      return { res };
    },
  },
  {
    route: 'POST /api/budget/updateClientDetails',
    fields: ['buyer_email', 'buyer_phone_number', 'buyer_postal_code'],
    async send(changes) {
      const budget = await budgetOfMember();
      const res = await t.call('POST', '/api/budget/updateClientDetails', {
        token: (await member()).token,
        body: { budget_id: budget, ...CLIENT_DETAILS, ...changes },
      });
      return { res, stored: () => read(resourceList.find((s) => s.name === 'budget')!, budget) };
    },
  },
  {
    route: 'POST /api/order/finishOrderCartAndChangeOrderReviewStatus',
    fields: ['buyer_email', 'buyer_phone_number', 'buyer_postal_code', 'ship_postal_code'],
    async send(changes) {
      // A cart for each try: a finished one is an order.
      const { token } = await member();
      const cart = okData(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }));
      const res = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token,
        body: { order_id: cart.id, customer_info: `Límites ${fresh()}`, ...ROSA_VIDAL, delivery_date: '2037-05-20', ...changes },
      });
      return { res, stored: () => read(resourceList.find((s) => s.name === 'order')!, cart.id) };
    },
  },
  {
    route: 'POST /api/calculator/price',
    fields: POOL_FIELDS,
    send: async (changes) => ({
      res: await t.call('POST', '/api/calculator/price', {
        body: { ...POOL, ...changes },
        headers: { 'x-forwarded-for': `198.51.100.${address++ % 250}` },
      }),
    }),
  },
  {
    route: 'POST /api/orderCalculus/getPrices',
    fields: POOL_FIELDS,
    send: async (changes) => ({
      res: await t.call('POST', '/api/orderCalculus/getPrices', { token: admin, body: { ...POOL, ...changes } }),
    }),
  },
  {
    route: 'POST /api/order/createWithOrderCalculus',
    fields: POOL_FIELDS,
    send: async (changes) => ({
      res: await t.call('POST', '/api/order/createWithOrderCalculus', {
        token: (await member()).token,
        body: { order: {}, order_calculus: { ...POOL, ...COVER, ...changes } },
      }),
    }),
  },
  {
    route: 'POST /api/orderCalculus/update',
    fields: POOL_FIELDS,
    send: async (changes) => ({
      res: await t.call('POST', '/api/orderCalculus/update', {
        token: (await member()).token,
        body: { id: await cartCalculation(), ...POOL, ...COVER, ...changes },
      }),
    }),
  },
  {
    route: 'POST /api/budgetCalculus/updateExtraDistance',
    fields: ['extra_distance'],
    async send(changes) {
      const { token } = await member();
      const details = okData(await t.call('GET', `/api/budget/getBudgetDetails/${await budgetOfMember()}`, { token }));
      const res = await t.call('POST', '/api/budgetCalculus/updateExtraDistance', {
        token,
        body: { budget_calculus_id: details.budget_calculus[0].id, ...changes },
      });
      return { res };
    },
  },
];

/** The fields with a shared limit in a documented request body, at its top level and one level down (a calculation in an order). */
function limitedProperties(schema: { properties?: Record<string, { properties?: object }> } | undefined): string[] {
  return Object.entries(schema?.properties ?? {}).flatMap(([name, property]) => [
    ...(namedLimit(name) ? [name] : []),
    ...Object.keys(property?.properties ?? {}).filter((inner) => namedLimit(inner)),
  ]);
}

it('every named route the API documents with a limited field is tried here', async () => {
  const doc = okDoc(await t.call('GET', '/api/docs/openapi.json', { token: admin }));
  const generic = new Set(resourceList.flatMap((s) => [`/api/${s.name}/create`, `/api/${s.name}/update`]));
  const documented: Record<string, string[]> = {};
  type Operation = { requestBody?: { content: Record<string, { schema: never }> } };
  for (const [path, operations] of Object.entries<Record<string, Operation>>(doc.paths)) {
    if (generic.has(path)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const fields = Object.values(operation.requestBody?.content ?? {}).flatMap((content) => limitedProperties(content.schema));
      if (fields.length) documented[`${method.toUpperCase()} ${path}`] = [...new Set(fields)].sort();
    }
  }
  // The documentation is read right: the public calculator's pool is found in it.
  expect(documented['POST /api/calculator/price']).toEqual([...POOL_FIELDS].sort());
  const tried = Object.fromEntries(NAMED_ROUTES.filter((r) => r.route in documented).map((r) => [r.route, [...r.fields].sort()]));
  expect(tried, 'add the route to NAMED_ROUTES in field-limits.test.ts').toEqual(documented);
});

const okDoc = (res: Res) => {
  expect(res.status).toBe(200);
  return (res.body?.paths ? res.body : JSON.parse(res.response.body)) as { paths: Record<string, never> };
};

describe('each limit on the named routes that take it', () => {
  const cases = NAMED_ROUTES.flatMap((route) => route.fields.map((field) => [`${route.route} ${field}`, route, field] as const));

  it.each(cases)('%s', async (_, route, field) => {
    const limit = namedLimit(field)!;
    for (const attempt of triesOf(limit, fresh())) {
      const context = `${route.route} ${field} = ${JSON.stringify(attempt.value)}`;
      const { res, stored } = await route.send({ ...(field === 'a' || field === 'b' ? { stairwell: false } : {}), [field]: attempt.value });
      if (attempt.refused || attempt.message) {
        expectRefusedWith(res, field, attempt.message, context);
        if (stored) expect((await stored())[field], `${context}: not stored`).not.toEqual(attempt.value);
        continue;
      }
      expect([Code.ok, Code.okWithMessage], `${context}: ${JSON.stringify(res.body)}`).toContain(res.body?.code);
      if (stored) expect((await stored())[field], `${context}: read back`).toEqual(attempt.stored);
    }
  }, 60_000);
});
