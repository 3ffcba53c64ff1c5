/**
 * The field builders of src/shared/validation.ts, one business rule at a time (docs/validation.md): what
 * each field takes and stores, where its limits are, and the Spanish message for what it refuses. The
 * schemas use these builders; here each rule is tried at its edges, with expectations written by hand.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  boolean,
  canonicalCount,
  canonicalRowId,
  decimal,
  email,
  EVEN_WHEN_A_FIELD_FAILED,
  fieldErrors,
  integer,
  localDateTime,
  oneOf,
  phone,
  postalCode,
  reference,
  REQUIRED,
  rowId,
  text,
  timeOfDay,
  withRecordRule,
} from '../../src/shared/validation';

/** What a field makes of an input: the stored value, or the first message a form would show. */
const read = (field: z.ZodType, input: unknown) => {
  const result = field.safeParse(input);
  return result.success ? { stored: result.data } : { refused: result.error.issues[0].message };
};
const stored = (value: unknown) => ({ stored: value });
const refused = (message: string) => ({ refused: message });

const NOT_A_PHONE = 'Introduzca un número válido';
const TOO_SHORT = 'El número es demasiado corto';
const TOO_LONG = 'El número es demasiado largo';

describe('a Spanish phone (a user\'s, a client\'s): exactly 9 digits, nothing else', () => {
  const spanish = phone('Introduzca un teléfono');
  it.each([
    ['612345678', stored('612345678')],
    [612345678, stored('612345678')],
    ['  612345678  ', stored('612345678')],
    ['61234567', refused(TOO_SHORT)],
    ['6123456789', refused(TOO_LONG)],
    ['612 345 678', refused(NOT_A_PHONE)],
    ['612-345-678', refused(NOT_A_PHONE)],
    ['+34612345678', refused(NOT_A_PHONE)],
    ['+612345678', refused(NOT_A_PHONE)],
    ['a612345678', refused(NOT_A_PHONE)],
    [undefined, refused('Introduzca un teléfono')],
    ['', refused('Introduzca un teléfono')],
  ])('%j → %j', (input, outcome) => {
    expect(read(spanish, input)).toEqual(outcome);
  });

  it('may be left empty where optional, and anything but digits is still not a phone', () => {
    expect(read(phone(null), '')).toEqual(stored(null));
    expect(read(phone(null), true)).toEqual(refused(NOT_A_PHONE));
  });
});

describe('a buyer\'s phone: also "+", the country code and the number, 8 to 15 digits in all', () => {
  const buyers = phone('Introduzca un teléfono', { international: true });
  it.each([
    ['+34612345678', stored('+34612345678')],
    ['612345678', stored('612345678')],
    ['+12345678', stored('+12345678')],
    ['+123456789012345', stored('+123456789012345')],
    ['+1234567', refused(TOO_SHORT)],
    ['+1234567890123456', refused(TOO_LONG)],
    ['61234567', refused(TOO_SHORT)],
    ['+34 612 345 678', refused(NOT_A_PHONE)],
    ['+34-612-345-678', refused(NOT_A_PHONE)],
    ['0034612345678', refused(TOO_LONG)],
    ['++34612345678', refused(NOT_A_PHONE)],
    ['34612345678+', refused(NOT_A_PHONE)],
  ])('%j → %j', (input, outcome) => {
    expect(read(buyers, input)).toEqual(outcome);
  });
});

describe('a postal code: 4 or 5 digits, stored padded to 5', () => {
  const required = postalCode('Introduzca un código postal');
  const invalid = 'Introduzca un código postal válido';
  it.each([
    ['28001', stored('28001')],
    ['8001', stored('08001')],
    [8001, stored('08001')],
    [' 28001 ', stored('28001')],
    ['801', refused(invalid)],
    ['280012', refused(invalid)],
    ['E-28001', refused(invalid)],
    ['28 001', refused(invalid)],
    ['', refused('Introduzca un código postal')],
    [true, refused('Introduzca un código postal')],
  ])('%j → %j', (input, outcome) => {
    expect(read(required, input)).toEqual(outcome);
  });

  it('may be left empty where optional; what is not digits is still refused', () => {
    expect(read(postalCode(null), ' ')).toEqual(stored(null));
    expect(read(postalCode(null), true)).toEqual(refused(invalid));
    expect(read(postalCode(null, 'Código postal incorrecto'), 'abc')).toEqual(refused('Código postal incorrecto'));
  });
});

describe('an e-mail: one address, at most 200 characters (its column)', () => {
  const field = email('Introduzca un email', 'Introduzca un email válido');
  it.each([
    ['lucia@example.es', stored('lucia@example.es')],
    ['  lucia@example.es ', stored('lucia@example.es')],
    ['lucia@', refused('Introduzca un email válido')],
    ['lucia@example', refused('Introduzca un email válido')],
    ['lucia@example.es, pedro@example.es', refused('Introduzca un email válido')],
    ['Lucía <lucia@example.es>', refused('Introduzca un email válido')],
    ['', refused('Introduzca un email')],
  ])('%j → %j', (input, outcome) => {
    expect(read(field, input)).toEqual(outcome);
  });

  it('takes 200 characters and refuses 201', () => {
    const at200 = `${'a'.repeat(189)}@example.es`;
    expect(read(field, at200)).toEqual(stored(at200));
    expect(read(field, `a${at200}`)).toEqual(refused('Máximo 200 caracteres'));
  });
});

describe('a text', () => {
  it('is stored without the spaces around it, and blank is missing', () => {
    expect(read(text('Introduzca un nombre'), '  Lucía Sanz  ')).toEqual(stored('Lucía Sanz'));
    expect(read(text('Introduzca un nombre'), '   ')).toEqual(refused('Introduzca un nombre'));
    expect(read(text(null), '   ')).toEqual(stored(null));
  });

  it('refuses what is not text where optional', () => {
    expect(read(text(null), 12)).toEqual(refused('Introduzca un texto válido'));
  });

  it('keeps its minimum and maximum length, both ends included', () => {
    const reference = text('Introduzca referencia', { min: 1, max: 13, lengthMessage: 'Introduzca referencia (de 1 a 13 caracteres)' });
    expect(read(reference, 'A'.repeat(13))).toEqual(stored('AAAAAAAAAAAAA'));
    expect(read(reference, 'A'.repeat(14))).toEqual(refused('Introduzca referencia (de 1 a 13 caracteres)'));
    const password = text('Demasiado corta, debe tener min 8 caracteres', { min: 8 });
    expect(read(password, 'secreta1')).toEqual(stored('secreta1'));
    expect(read(password, 'secreta')).toEqual(refused('Demasiado corta, debe tener min 8 caracteres'));
    expect(read(text(null, { max: 5 }), 'Madrid')).toEqual(refused('Máximo 5 caracteres'));
  });
});

describe('a decimal', () => {
  it('takes at most its number of decimals, and no bound when it has none but its column', () => {
    const price = decimal({ required: 'Introduzca un precio', places: 2 });
    expect(read(price, '12,34')).toEqual(stored(12.34));
    expect(read(price, -12.34)).toEqual(stored(-12.34));
    expect(read(price, '12,345')).toEqual(refused('Introduzca un número con un máximo de 2 decimales'));
  });

  it('asks for itself with its own message when left out, and says a word is not a number', () => {
    const price = decimal({ required: 'Introduzca un precio', places: 2 });
    expect(read(price, undefined)).toEqual(refused('Introduzca un precio'));
    expect(read(price, null)).toEqual(refused('Introduzca un precio'));
    expect(read(price, '')).toEqual(refused('Introduzca un precio'));
    expect(read(price, 'doce')).toEqual(refused('Introduzca un número con un máximo de 2 decimales'));
  });

  it('says its own bounds when the field gives no message of its own', () => {
    const percentage = decimal({ required: 'Introduzca un porcentaje', places: 2, min: 0, max: 100 });
    expect(read(percentage, 100)).toEqual(stored(100));
    expect(read(percentage, 100.01)).toEqual(refused('Debe ser menor o igual que 100'));
    expect(read(percentage, 0)).toEqual(stored(0));
    expect(read(percentage, -0.01)).toEqual(refused('Debe ser mayor o igual que 0'));
  });
});

describe('a whole number', () => {
  it('says its own bounds when the field gives no message of its own', () => {
    const days = integer({ required: 'Introduzca los días', min: 0, max: 365 });
    expect(read(days, 0)).toEqual(stored(0));
    expect(read(days, -1)).toEqual(refused('Debe ser mayor o igual que 0'));
    expect(read(days, 365)).toEqual(stored(365));
    expect(read(days, 366)).toEqual(refused('Debe ser menor o igual que 365'));
  });

  it('refuses a number beyond the int4 bound for its size, even with decimals', () => {
    const count = integer({ required: 'Introduzca un número' });
    expect(read(count, 2147483648.5)).toEqual(refused('El número es demasiado grande (máximo 2.147.483.647)'));
    expect(read(count, 2.5)).toEqual(refused('Introduzca un número entero'));
  });
});

describe('a time of day: hours × 3600 + minutes × 60, from 00:00 to 23:59', () => {
  const field = timeOfDay({ required: 'Introduzca la hora' });
  const invalid = 'Introduzca una hora válida';
  it.each([
    ['00:00', stored(0)],
    ['9:05', stored(9 * 3600 + 5 * 60)],
    ['10:30', stored(37800)],
    [' 10:30 ', stored(37800)],
    ['23:59', stored(86340)],
    [86340, stored(86340)],
    [86400, refused(invalid)],
    [37830, refused(invalid)],
    ['24:00', refused(invalid)],
    ['10:30h', refused(invalid)],
    ['a las 10:30', refused(invalid)],
    ['110:30', refused(invalid)],
    ['las diez', refused(invalid)],
    [undefined, refused('Introduzca la hora')],
    [null, refused('Introduzca la hora')],
    ['  ', refused('Introduzca la hora')],
  ])('%j → %j', (input, outcome) => {
    expect(read(field, input)).toEqual(outcome);
  });
});

describe('a local date-time as the picker emits it, stored as "YYYY-MM-DD HH:mm:ss"', () => {
  const field = localDateTime('Introduzca una fecha');
  const invalid = 'Introduzca una fecha y hora válidas';
  it.each([
    ['2026-11-22 09:30:15', stored('2026-11-22 09:30:15')],
    ['2026-11-22T09:30', stored('2026-11-22 09:30:00')],
    ['2026-11-22 00:30', stored('2026-11-22 00:30:00')],
    ['2026-11-22 00:00:15', stored('2026-11-22 00:00:15')],
    ['2026-11-22 23:59:59', stored('2026-11-22 23:59:59')],
    ['2026-11-22', stored('2026-11-22 12:00:00')],
    ['2024-02-29', stored('2024-02-29 12:00:00')],
    ['2026-12-31 00:00:00', stored('2026-12-31 00:00:00')],
    ['2026-02-29', refused(invalid)],
    ['2026-04-31', refused(invalid)],
    ['2026-13-01', refused(invalid)],
    ['2026-00-10', refused(invalid)],
    ['2026-11-22 24:00:00', refused(invalid)],
    ['2026-11-22 23:60:00', refused(invalid)],
    ['2026-11-22 23:59:60', refused(invalid)],
    ['2026-11-22 10:60:00', refused(invalid)],
    ['2026-11-22 10:30:60', refused(invalid)],
    ['22/11/2026', refused(invalid)],
    ['2026-1-22', refused(invalid)],
    ['2026-11-2', refused(invalid)],
    ['el 2026-11-22', refused(invalid)],
    ['', refused('Introduzca una fecha')],
  ])('%j → %j', (input, outcome) => {
    expect(read(field, input)).toEqual(outcome);
  });

  it('may be left empty where optional; what is not text is not a date', () => {
    expect(read(localDateTime(null), '')).toEqual(stored(null));
    expect(read(localDateTime(null), 20261122)).toEqual(refused(invalid));
  });
});

describe('ids and counts in requests are canonical (docs/validation.md "Ids, page numbers…")', () => {
  it.each([
    [12, 12],
    ['12', 12],
    ['1', 1],
    ['2147483647', 2147483647],
    [2147483647, 2147483647],
    ['2147483648', null],
    [2147483648, null],
    ['12345678901', null],
    [0, null],
    ['0', null],
    [-1, null],
    ['-1', null],
    [1.5, null],
    ['1.5', null],
    ['01', null],
    [' 1', null],
    ['1 ', null],
    ['1e3', null],
    ['0x10', null],
    ['+1', null],
    [true, null],
    [null, null],
  ])('a row id %j reads as %j', (input, id) => {
    expect(canonicalRowId(input)).toBe(id);
  });

  it.each([
    [1, 1],
    ['1', 1],
    ['20', 20],
    ['100', 100],
    [250, 250],
    ['12345678901', 12345678901],
    [0, null],
    ['0', null],
    [-3, null],
    ['-3', null],
    [1.5, null],
    ['1.5', null],
    ['01', null],
    ['1e3', null],
    ['0x10', null],
    ['2a', null],
    [' 2', null],
    [true, null],
  ])('a page number or row count %j reads as %j', (input, count) => {
    expect(canonicalCount(input)).toBe(count);
  });
});

describe('a reference to another record', () => {
  it('takes an id as a number or its digits, and refuses any other way of writing one', () => {
    const client = reference('Seleccione un cliente');
    expect(read(client, 7)).toEqual(stored(7));
    expect(read(client, '7')).toEqual(stored(7));
    expect(read(client, '07')).toEqual(refused('Seleccione un cliente'));
    expect(read(client, '')).toEqual(refused('Seleccione un cliente'));
  });

  it('is the generic "Campo obligatorio" where the spec names no message (budget to order)', () => {
    expect(read(reference(REQUIRED), undefined)).toEqual(refused('Campo obligatorio'));
  });

  it('may be left empty where optional, and then a bad id has the generic message', () => {
    expect(read(reference(null), null)).toEqual(stored(null));
    expect(read(reference(null), '0x10')).toEqual(refused('Seleccione una opción válida'));
  });

  it('is read the same way in a list of references', () => {
    const categories = z.array(rowId('Categoría no válida'));
    expect(read(categories, [3, '4'])).toEqual(stored([3, 4]));
    expect(read(categories, ['04'])).toEqual(refused('Categoría no válida'));
    expect(read(categories, [true])).toEqual(refused('Categoría no válida'));
    expect(read(categories, [0])).toEqual(refused('Categoría no válida'));
  });
});

describe('a checkbox', () => {
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    ['1', true],
    [false, false],
    ['false', false],
    [0, false],
    ['0', false],
    [null, false],
    ['', false],
  ])('%j is %j', (input, checked) => {
    expect(read(boolean(), input)).toEqual(stored(checked));
  });

  it('takes its default when not sent at all: unticked unless the field says otherwise', () => {
    expect(read(boolean(), undefined)).toEqual(stored(false));
    expect(read(boolean(true), undefined)).toEqual(stored(true));
    expect(read(boolean(true), null)).toEqual(stored(false));
  });

  it.each(['sí', 'yes', 2, 'TRUE'])('refuses %j', (input) => {
    expect(read(boolean(), input)).toEqual(refused('Valor no válido'));
  });
});

describe('a choice from a fixed list', () => {
  it('is what was chosen, or refused with the field\'s message', () => {
    const season = oneOf(['verano', 'invierno'] as const, 'Seleccione la temporada');
    expect(read(season, 'verano')).toEqual(stored('verano'));
    expect(read(season, 'otoño')).toEqual(refused('Seleccione la temporada'));
  });
});

describe('a whole-record rule (withRecordRule)', () => {
  const sizes = z.object({ width: z.number({ error: 'Introduzca el ancho' }), length: z.number().optional() });
  const stairwell = withRecordRule(sizes, (data, ctx) => {
    if (data.length === undefined) ctx.addIssue({ code: 'custom', path: ['length'], message: 'Introduzca el largo' });
    if (typeof data.width !== 'number' || data.width < 1) ctx.addIssue({ code: 'custom', path: ['width'], message: 'Ancho no válido' });
  });

  it('speaks alongside a field that failed, but never about that field', () => {
    const result = stairwell.safeParse({ width: 'ancho' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['width', 'Introduzca el ancho'],
      ['length', 'Introduzca el largo'],
    ]);
  });

  it('is not asked about a body that is not a record', () => {
    const rule = vi.fn();
    const record = withRecordRule(z.object({ width: z.number() }), rule);
    expect(record.safeParse(null).success).toBe(false);
    expect(record.safeParse('ancho').success).toBe(false);
    expect(rule).not.toHaveBeenCalled();
  });

  it('runs for a record with a failed field only with EVEN_WHEN_A_FIELD_FAILED', () => {
    const rule = vi.fn();
    z.object({ width: z.number() }).refine(rule, EVEN_WHEN_A_FIELD_FAILED).safeParse({ width: 'ancho' });
    expect(rule).toHaveBeenCalledTimes(1);
  });
});

describe('fieldErrors: one message per field, as the API\'s error and react-admin expect', () => {
  it('keeps the first message of each field, and files a rule about the whole record under _form', () => {
    const address = z.object({ city: z.string({ error: 'Introduzca una población' }) });
    const schema = z.object({ name: z.string({ error: 'Introduzca un nombre' }), address }).refine(() => false, 'Revise el formulario');
    const result = schema.safeParse({ address: {} });
    expect(fieldErrors(result.error!)).toEqual({ 'name': 'Introduzca un nombre', 'address.city': 'Introduzca una población' });
    const whole = z.object({}).refine(() => false, 'Revise el formulario').safeParse({});
    expect(fieldErrors(whole.error!)).toEqual({ _form: 'Revise el formulario' });
  });
});
