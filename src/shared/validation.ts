/**
 * Building blocks for field validation, shared by the forms and the server so that both give the
 * spec's Spanish message for the same bad input. Every builder accepts what a form or a JSON body
 * sends (strings from inputs, numbers, null for an emptied field) and yields the stored value.
 */
import { z } from 'zod';
import { ambiguousNumber, blankToUndefined, formatInteger, formatNumber, isBlank, readNumber, toNumber } from './format';
import { MeasureMsg, Msg } from './messages';
import { MEASURES, measureRefusal, type MeasureKind } from './measurements';

export const REQUIRED = 'Campo obligatorio';

/**
 * A field builder's schema: a required one (its message given) yields `T`, an optional one (`null`)
 * `T | null`, so a route's parsed body is typed by its form (`parseBody`) without casts.
 */
export type Field<R extends string | null, T> = z.ZodType<R extends string ? T : T | null, unknown>;

/** A phone or postal code sent as a JSON number (612345678, 8001) is read as its digits. */
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

export function text<R extends string | null>(
  required: R,
  opts: { max?: number; min?: number; lengthMessage?: string } = {},
): Field<R, string> {
  let base = z.string({ error: required ?? 'Introduzca un texto válido' });
  if (opts.min) base = base.min(opts.min, opts.lengthMessage ?? required ?? undefined);
  if (opts.max) base = base.max(opts.max, opts.lengthMessage ?? Msg.tooLong(opts.max));
  return (required ? z.preprocess(blankToUndefined, base) : z.preprocess((v) => blankToUndefined(v) ?? null, base.nullable())) as Field<
    R,
    string
  >;
}

/** The width of every e-mail column (varchar(200)): a longer address is refused like a long text, not by the database. */
const EMAIL_MAX = 200;

export function email<R extends string | null>(required: R, invalid: string): Field<R, string> {
  const base = z
    .string({ error: required ?? invalid })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, invalid)
    .max(EMAIL_MAX, Msg.tooLong(EMAIL_MAX));
  return (required
    ? z.preprocess(blankToUndefined, base)
    : z.preprocess((v) => blankToUndefined(v) ?? null, base.nullable())) as Field<R, string>;
}

/**
 * A phone (docs/validation.md): a Spanish number, 9 digits. With `international` (a buyer's phone, who may
 * live abroad) also "+", the country code and the number: 8 to 15 digits in all (E.164). Nothing else is
 * read as a phone: no spaces or dashes, so what is stored is what was typed.
 */
export function phone<R extends string | null>(required: R, opts: { international?: boolean } = {}): Field<R, string> {
  const base = z.string({ error: required ?? Msg.phoneInvalid }).superRefine((value, ctx) => {
    const abroad = opts.international && value.startsWith('+');
    const digits = abroad ? value.slice(1) : value;
    const [min, max] = abroad ? [8, 15] : [9, 9];
    const message = !/^\d+$/.test(digits)
      ? Msg.phoneInvalid
      : digits.length < min
        ? Msg.phoneShort
        : digits.length > max
          ? Msg.phoneLong
          : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
  return (required
    ? z.preprocess((v) => blankToUndefined(numberAsText(v)), base)
    : z.preprocess((v) => blankToUndefined(numberAsText(v)) ?? null, base.nullable())) as Field<R, string>;
}

/** A number field's refusal of what is not a number: its own message, or why a typed "2.000" was not read. */
const notANumber = (input: unknown, invalid: string) =>
  typeof input === 'string' && readNumber(input) === 'ambiguous' ? ambiguousNumber(input) : invalid;

/** A decimal with at most `places` decimals, e.g. prices (2) and weight indexes (4). */
export function decimal<R extends string | null>(opts: {
  required: R;
  invalid?: string;
  places: number;
  min?: number;
  max?: number;
  rangeMessage?: string;
  whenMissing?: number;
}): Field<R, number> {
  const invalid = opts.invalid ?? `Introduzca un número con un máximo de ${opts.places} decimales`;
  // What the column holds: numeric(12,2) money, numeric(12,4) weights.
  const column = opts.places <= 2 ? MAX_MONEY : MAX_WEIGHT;
  let base = z
    .number({
      error: (issue) => (issue.input === undefined ? (opts.required ?? invalid) : notANumber(issue.input, invalid)),
    })
    // Beyond the column a number is refused for its size (below): String() writes a huge one in
    // exponent notation, which the decimals test would misread as too many decimals.
    .refine((n) => Math.abs(n) > column || new RegExp(`^-?\\d+(\\.\\d{1,${opts.places}})?$`).test(String(n)), invalid);
  if (opts.min !== undefined) base = base.refine((n) => n >= opts.min!, opts.rangeMessage ?? `Debe ser mayor o igual que ${opts.min}`);
  if (opts.max !== undefined) base = base.refine((n) => n <= opts.max!, opts.rangeMessage ?? `Debe ser menor o igual que ${opts.max}`);
  else base = base.refine((n) => Math.abs(n) <= column, tooBig(formatNumber(column, opts.places, opts.places)));
  return (
    opts.required ? z.preprocess(readOrWhenMissing(opts.whenMissing), base) : z.preprocess((v) => toNumber(v) ?? null, base.nullable())
  ) as Field<R, number>;
}

/**
 * A measurement in metres of a kind of src/shared/measurements.ts (a pool's side, its stairwell, the overlap, a
 * reel's size), refused with the kind's own words. The ceiling that is a setting (the largest cover side) is not
 * known here: the routes that take a pool check it with today's settings (`poolSettingRefusals`).
 */
export function measure<R extends string | null>(
  kind: MeasureKind,
  required: R,
  opts: { whenMissing?: number; invalid?: string } = {},
): Field<R, number> {
  const { name, example } = MEASURES[kind];
  // `invalid`: where the spec words the refusal of what is not a number itself (a reel's sizes).
  const invalid = opts.invalid ?? MeasureMsg.notANumber(name, example);
  const base = z
    .number({
      error: (issue) => (issue.input === undefined ? (required ?? invalid) : notANumber(issue.input, invalid)),
    })
    .superRefine((n, ctx) => {
      const refusal = measureRefusal(kind, n, null);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    });
  return (
    required ? z.preprocess(readOrWhenMissing(opts.whenMissing), base) : z.preprocess((v) => toNumber(v) ?? null, base.nullable())
  ) as Field<R, number>;
}

/**
 * How a required number reads its input. `whenMissing` is the value of a field not sent at all (a new
 * record starts from it, as the column's default does); a field sent blank is still refused, so what an
 * emptied input shows after saving is never a number nobody typed. A blank ("", null) reaches the number's
 * check as undefined, which asks for the field with its own message.
 */
const readOrWhenMissing = (whenMissing: number | undefined) => (v: unknown) => (v === undefined ? whenMissing : toNumber(v));

const MAX_MONEY = 9_999_999_999.99;
const MAX_WEIGHT = 99_999_999.9999;
/** PostgreSQL's integer (int4) bound: ids and whole-number fields stay within it. */
export const MAX_INTEGER = 2_147_483_647;

/** A value that can be a row's id: a whole number from 1 to the int4 bound (anything else finds no row). */
export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_INTEGER;

/**
 * A row id exactly as a request may carry it (docs/validation.md): a JSON whole number, or the digits of
 * one ("12": paths and multipart fields are text), from 1 to the int4 bound; otherwise null. No sign,
 * spaces, leading zeros, exponent, decimals, hexadecimal or non-ASCII digits: `Number()` would read
 * "0x10" as 16 and `true` as 1, and the request would act on a row nobody named.
 */
export function canonicalRowId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
  return isRowId(n) ? n : null;
}

/** A page number or a row count as a request may carry it: a whole number from 1, or its digits; otherwise null. */
export function canonicalCount(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** A number beyond what its column holds, with the limit written the Spanish way. */
const tooBig = (limit: string) => `El número es demasiado grande (máximo ${limit})`;

export function integer<R extends string | null>(opts: {
  required: R;
  invalid?: string;
  min?: number;
  max?: number;
  rangeMessage?: string;
  maxMessage?: string;
  whenMissing?: number;
}): Field<R, number> {
  const invalid = opts.invalid ?? 'Introduzca un número entero';
  let base = z
    .number({ error: (issue) => (issue.input === undefined ? (opts.required ?? invalid) : notANumber(issue.input, invalid)) })
    // Beyond the int4 bound a number is refused for its size (below), not as "not whole".
    .refine((n) => Math.abs(n) > MAX_INTEGER || Number.isInteger(n), invalid);
  if (opts.min !== undefined) base = base.min(opts.min, opts.rangeMessage ?? `Debe ser mayor o igual que ${opts.min}`);
  if (opts.max !== undefined) base = base.max(opts.max, opts.maxMessage ?? opts.rangeMessage ?? `Debe ser menor o igual que ${opts.max}`);
  else base = base.max(MAX_INTEGER, tooBig(formatInteger(MAX_INTEGER))).min(-MAX_INTEGER, tooBig(formatInteger(MAX_INTEGER)));
  return (
    opts.required ? z.preprocess(readOrWhenMissing(opts.whenMissing), base) : z.preprocess((v) => toNumber(v) ?? null, base.nullable())
  ) as Field<R, number>;
}

/** The last time of day the time widget can give: 23:59. */
export const LAST_TIME_OF_DAY = 23 * 3600 + 59 * 60;

/**
 * A time of day as the time widget emits it (docs/validation.md): hours × 3600 + minutes × 60, from 00:00 to
 * 23:59; "HH:mm" is read too.
 */
export function timeOfDay<R extends string | null>(opts: { required: R; invalid?: string }): Field<R, number> {
  const invalid = opts.invalid ?? 'Introduzca una hora válida';
  const read = (v: unknown) => {
    const match = typeof v === 'string' ? /^\s*(\d{1,2}):(\d{2})\s*$/.exec(v) : null;
    if (match && Number(match[1]) < 24 && Number(match[2]) < 60) return Number(match[1]) * 3600 + Number(match[2]) * 60;
    return toNumber(v);
  };
  const base = z.number({ error: (issue) => (issue.input === undefined ? (opts.required ?? invalid) : invalid) })
    .int(invalid).min(0, invalid).max(LAST_TIME_OF_DAY, invalid).refine((n) => n % 60 === 0, invalid);
  return (opts.required ? z.preprocess(read, base) : z.preprocess((v) => read(v) ?? null, base.nullable())) as Field<R, number>;
}

/**
 * A reference to another record: a row id as `canonicalRowId` reads it (a select sends the number; a
 * multipart form its digits). Anything else, "0x10", "01" or `true` included, is refused with the message.
 */
export function reference<R extends string | null>(required: R): Field<R, number> {
  const message = required ?? 'Seleccione una opción válida';
  const read = (v: unknown) => (isBlank(v) ? undefined : canonicalRowId(v) ?? v);
  const base = z.number({ error: message }).refine(isRowId, message);
  return (required ? z.preprocess(read, base) : z.preprocess((v) => read(v) ?? null, base.nullable())) as Field<R, number>;
}

/** One id of a list of references (chosen clients, an article's categories, a consignment's orders), read as `reference` reads it. */
export const rowId = (message: string) =>
  z.preprocess((v) => canonicalRowId(v) ?? v, z.number({ error: message }).refine(isRowId, message));

/** A checkbox; a value that is not sent at all (a create without the field) takes `whenMissing`. */
export function boolean(whenMissing = false) {
  return z.preprocess(
    (v) =>
      v === undefined
        ? whenMissing
        : v === 'true' || v === 1 || v === '1'
          ? true
          : v === 'false' || v === 0 || v === '0' || v === null || v === ''
            ? false
            : v,
    z.boolean({ error: 'Valor no válido' }),
  );
}

/**
 * One of a fixed list of values, exactly as a select sends it: the value itself, or (a multipart form, a
 * path) a number's digits as `String()` writes them. "1.0", "01" or " 1" are not 1: what is chosen is
 * what was named, as with ids.
 */
export function oneOf<T extends string | number>(values: readonly T[], required: string) {
  return z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? (values.find((value) => String(value) === v) ?? v) : v),
    // abort: false lets whole-record rules (repeated password, conditional fields) still run.
    z.custom<T>((v) => values.includes(v as T), { error: required, abort: false }),
  );
}

/**
 * Refinement option for a whole-record rule: run also when a field already failed (zod skips an object's
 * refinements then), so that a form shows every problem at once, not the next one after each fix.
 */
export const EVEN_WHEN_A_FIELD_FAILED = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * `object` with a whole-record rule (e.g. a stairwell needs its sizes) that runs even when a field failed.
 * A failed field reaches the rule as it was sent (the rule checks what it compares), and what the rule
 * says about a failed field is left out: that field's own message is the answer.
 */
export function withRecordRule<T extends z.ZodObject>(object: T, rule: (data: Record<string, unknown>, ctx: z.RefinementCtx) => void): T {
  return object.superRefine((data, ctx) => {
    const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
    rule(data, {
      ...ctx,
      addIssue: (issue) => { if (typeof issue === 'string' || !failed.has(issue.path?.[0])) ctx.addIssue(issue); },
    });
  }, EVEN_WHEN_A_FIELD_FAILED);
}

export { fieldErrors } from './fieldErrors';

/** A calendar day, as the date picker emits it (year-month-day). */
export function day<R extends string | null>(required: R): Field<R, string> {
  const base = z
    .string({ error: required ?? Msg.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, Msg.dateInvalid)
    .refine(
      (v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      Msg.dateInvalid,
    );
  const blank = (v: unknown) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v);
  return (required ? z.preprocess(blank, base) : z.preprocess((v) => blank(v) ?? null, base.nullable())) as Field<R, string>;
}

/** A Spanish postal code: 4 or 5 digits, stored padded to 5 (docs/business-rules.md). Optional when `required` is null. */
export function postalCode<R extends string | null>(required: R, invalid = 'Introduzca un código postal válido'): Field<R, string> {
  const base = z.string({ error: required ?? invalid }).regex(/^\d{4,5}$/, invalid).transform((v) => v.padStart(5, '0'));
  return (required
    ? z.preprocess((v) => blankToUndefined(numberAsText(v)), base)
    : z.preprocess((v) => blankToUndefined(numberAsText(v)) ?? null, base.nullable())) as Field<R, string>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A local date-time as the date-time picker emits it ("2026-11-22 09:30:00"; ISO "2026-11-22T09:30" is
 * accepted too), stored as "YYYY-MM-DD HH:mm:ss". A date alone means 12:00:00 (docs/business-rules.md default time).
 */
export function localDateTime<R extends string | null>(required: R, invalid = 'Introduzca una fecha y hora válidas'): Field<R, string> {
  const base = z.string({ error: required ?? invalid }).transform((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    const [, y, mo, d, h = '12', mi = '00', se = '00'] = match;
    const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +se));
    if (date.getUTCMonth() !== +mo - 1 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +se > 59) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return `${y}-${mo}-${d} ${pad(+h)}:${pad(+mi)}:${pad(+se)}`;
  });
  return (required ? z.preprocess(blankToUndefined, base) : z.preprocess((v) => blankToUndefined(v) ?? null, base.nullable())) as Field<
    R,
    string
  >;
}
