/** The spec's validation rules (§5), as the forms and the server both apply them. */
import { describe, expect, it } from 'vitest';
import { client } from '../../schemas/client';
import { clientFare } from '../../schemas/clientFare';
import { poolCoverType } from '../../schemas/poolCoverType';
import { tax } from '../../schemas/tax';
import { user } from '../../schemas/user';
import { type FormMode, type ResourceSchema } from '../../src/shared/resource';
import { validateRecord } from '../../src/shared/recordRules';
import { day, decimal, fieldErrors, integer, oneOf } from '../../src/shared/validation';
import type { z } from 'zod';

const errorsOf = (schema: ResourceSchema, mode: FormMode, data: Record<string, unknown>) => {
  const result = validateRecord(schema, mode, data);
  return result.ok ? {} : result.errors;
};

const validUser = {
  username: 'nuevo', first_name: 'Lucía', last_name: 'Sanz', email: 'lucia@example.es', phone: '612345678',
  roles: 1, active: true, password: 'secreta123', password_confirm: 'secreta123',
};

describe('user', () => {
  it('accepts a complete user', () => {
    expect(errorsOf(user, 'create', validUser)).toEqual({});
  });

  it('requires names, e-mail, role and password with the spec messages', () => {
    expect(errorsOf(user, 'create', {})).toMatchObject({
      first_name: 'Introduzca el nombre del usuario',
      last_name: 'Introduzca los apellidos del usuario',
      email: 'Introduzca un email',
      roles: 'Seleccione el rol de usuario',
      password: 'Demasiado corta, debe tener min 8 caracteres',
    });
  });

  it('checks the e-mail format', () => {
    expect(errorsOf(user, 'create', { ...validUser, email: 'lucia@' }).email).toBe('Introduzca un email válido');
  });

  it.each([
    ['12345', 'El número es demasiado corto'],
    ['1234567890', 'El número es demasiado largo'],
    ['61234567a', 'Introduzca un número válido'],
    ['', 'Introduzca un número válido'],
  ])('phone %s → %s', (phone, message) => {
    expect(errorsOf(user, 'create', { ...validUser, phone }).phone).toBe(message);
  });

  it('wants a password of at least 8 characters, repeated the same', () => {
    expect(errorsOf(user, 'create', { ...validUser, password: 'corta', password_confirm: 'corta' }).password).toBe(
      'Demasiado corta, debe tener min 8 caracteres',
    );
    expect(errorsOf(user, 'create', { ...validUser, password_confirm: 'otra12345' }).password_confirm).toBe('Las contraseñas no coinciden');
  });

  it('keeps the password when an edit leaves it blank', () => {
    const result = validateRecord(user, 'update', { ...validUser, password: '', password_confirm: '' });
    expect(result.ok && 'password' in result.data).toBe(false);
  });

  it('asks for a client only for the client role (group 2), and drops it for others', () => {
    expect(errorsOf(user, 'create', { ...validUser, roles: 2 }).client_id).toBe('Seleccione un cliente');
    const admin = validateRecord(user, 'create', { ...validUser, roles: 1, client_id: 3 });
    expect(admin.ok && admin.data.client_id).toBe(null);
  });
});

describe('tax', () => {
  it.each([
    [0, true],
    [100, true],
    [21.5, true],
    [-1, false],
    [100.01, false],
    ['abc', false],
    [10.123, false],
  ])('percentage %s valid: %s', (value, valid) => {
    expect(errorsOf(tax, 'create', { name: 'IVA', tax_percentage: value }).tax_percentage === undefined).toBe(valid);
  });
});

describe('client fare', () => {
  it('requires a name', () => {
    expect(errorsOf(clientFare, 'create', { name: ' ' }).name).toBe('Introduzca el nombre para la tarifa');
  });
});

describe('client', () => {
  const validClient = {
    name: 'Piscinas Norte', factusol_CODCLI: '2001', nif: '1234567', client_fare_id: 1, tax_id: 1, invoicing_company_id: 1,
    email: 'norte@example.es', phone_number: '944000000', web: 'norte.es', address: 'Gran Vía 1', postal_code: '8001',
    city: 'Barcelona', province: 'Barcelona', country: 'España', default_ship_price: '25.5', free_shipping_threshold: '',
    extra_confection_price: '15', budget_expiration_days: '30',
  };

  it('pads the postal code to 5 digits and sends an empty threshold as null', () => {
    const result = validateRecord(client, 'create', validClient);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.postal_code).toBe('08001');
      expect(result.data.free_shipping_threshold).toBe(null);
      expect(result.data.default_ship_price).toBe(25.5);
    }
  });

  it('wants the Factusol code first and only the digits of the NIF', () => {
    expect(errorsOf(client, 'create', { ...validClient, factusol_CODCLI: '' }).factusol_CODCLI).toBe(
      'Primero, debe dar de alta el cliente en Factusol',
    );
    expect(errorsOf(client, 'create', { ...validClient, factusol_CODCLI: 'A1' }).factusol_CODCLI).toBe(
      'Primero, debe dar de alta el cliente en Factusol',
    );
    expect(errorsOf(client, 'create', { ...validClient, nif: '12345678Z' }).nif).toBe('Introduzca solamente los dígitos del NIF');
    expect(errorsOf(client, 'create', { ...validClient, nif: '123456' }).nif).toBe('Introduzca solamente los dígitos del NIF');
  });

  it('takes the ship price with at most 2 decimals and whole days', () => {
    expect(errorsOf(client, 'create', { ...validClient, default_ship_price: '2.555' }).default_ship_price).toBeDefined();
    expect(errorsOf(client, 'create', { ...validClient, budget_expiration_days: '1.5' }).budget_expiration_days).toBeDefined();
  });
});

describe('a number whose column always holds one (a cover type\'s «Orden»)', () => {
  const base = { name: 'Burbuja', season: 1 };
  it('is 0 when a request leaves it out, as a new record starts', () => {
    expect(validateRecord(poolCoverType, 'create', base)).toMatchObject({ ok: true, data: { position: 0 } });
  });
  it.each(['', '   ', null])('is asked for when sent blank (%j), never stored as a number nobody typed', (position) => {
    expect(errorsOf(poolCoverType, 'create', { ...base, position })).toEqual({ position: 'Introduzca el orden (de 0 a 1000)' });
    expect(errorsOf(poolCoverType, 'update', { ...base, position })).toEqual({ position: 'Introduzca el orden (de 0 a 1000)' });
  });
});

describe('numbers beyond what their column holds', () => {
  const messageOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : fieldErrors(result.error)._form;
  };
  const money = decimal({ required: 'Introduzca el precio', places: 2, min: 0 });
  const weight = decimal({ required: null, places: 4, min: 0 });
  const whole = integer({ required: 'Introduzca los días', min: 0 });

  // Exponent notation (String(1e30) is "1e+30") used to fail the decimals test first: «máximo 2 decimales».
  it.each(['99999999999999999999', '999999999999', 1e30, 12_345_678_901])('say a price of %s is too large, and the limit', (value) => {
    expect(messageOf(money, value)).toBe('El número es demasiado grande (máximo 9.999.999.999,99)');
  });

  it.each(['99999999999999999999', '999999999', 1e30])('say a weight index of %s is too large, and the limit', (value) => {
    expect(messageOf(weight, value)).toBe('El número es demasiado grande (máximo 99.999.999,9999)');
  });

  it.each(['99999999999999999999', '2147483648', 1e30])('say a whole number of %s is too large, and the limit', (value) => {
    expect(messageOf(whole, value)).toBe('El número es demasiado grande (máximo 2.147.483.647)');
  });

  it('keep the field\'s own bound and message when it has one, and the decimals message for small numbers', () => {
    expect(messageOf(integer({ required: null, min: 1, max: 10000, maxMessage: 'La cantidad máxima es 10000' }), 1e30)).toBe(
      'La cantidad máxima es 10000',
    );
    expect(messageOf(decimal({ required: null, places: 2, min: 0, max: 100, rangeMessage: 'Entre 0 y 100' }), 1e30)).toBe('Entre 0 y 100');
    expect(messageOf(money, -1e30)).toBe('Debe ser mayor o igual que 0');
    expect(messageOf(money, '1,234')).toBe('Introduzca un número con un máximo de 2 decimales');
    expect(messageOf(money, 1e-7)).toBe('Introduzca un número con un máximo de 2 decimales');
    expect(messageOf(whole, '2,5')).toBe('Introduzca un número entero');
    expect(money.parse('9999999999,99')).toBe(9_999_999_999.99);
    expect(whole.parse('2147483647')).toBe(2_147_483_647);
  });
});

describe('typed numbers (one reading on both sides: readNumber)', () => {
  const money = decimal({
    required: 'Introduzca el precio',
    invalid: 'Introduzca un precio válido (máximo 2 decimales)',
    places: 2,
    min: 0,
  });
  const quantity = integer({ required: 'Introduzca la cantidad', invalid: 'La cantidad debe ser un número entero', min: 1, max: 10000 });
  const refusal = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : fieldErrors(result.error)._form;
  };

  it('takes a decimal comma or point and thousands dots in whole groups', () => {
    expect(money.parse('2,5')).toBe(2.5);
    expect(money.parse('2.5')).toBe(2.5);
    expect(money.parse('1.234,50')).toBe(1234.5);
    expect(quantity.parse('3')).toBe(3);
    expect(quantity.parse('1.234,0')).toBe(1234);
  });

  it('refuses "2,5" for a whole number, and never reads it as 25', () => {
    expect(refusal(quantity, '2,5')).toBe('La cantidad debe ser un número entero');
    expect(refusal(quantity, '2.5')).toBe('La cantidad debe ser un número entero');
  });

  // "1.000" used to be read as 1: a thousand units ordered as one, a 1.230 € price kept as 1,23 €.
  it('does not guess "1.000": thousands or decimals, it asks', () => {
    expect(refusal(quantity, '1.000')).toBe('«1.000» puede ser 1000 o 1,000: escríbalo sin punto o con coma');
    expect(refusal(money, '1.230')).toBe('«1.230» puede ser 1230 o 1,230: escríbalo sin punto o con coma');
    expect(refusal(money, '1e3')).toBe('Introduzca un precio válido (máximo 2 decimales)');
  });
});

describe('oneOf: only a canonical choice', () => {
  const season = oneOf([1, 2] as const, 'Seleccione la temporada');
  const role = oneOf(['admin', 'cliente'] as const, 'Seleccione el rol');
  const read = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : { error: fieldErrors(result.error)._form };
  };

  it('takes a number as a JSON number or its digits', () => {
    expect(read(season, 1)).toEqual({ value: 1 });
    expect(read(season, '2')).toEqual({ value: 2 });
    expect(read(role, 'cliente')).toEqual({ value: 'cliente' });
  });

  it.each(['1.0', '01', ' 1', '1 ', '+1', '1e0', '0x1', '1,0', '1.000', 1.0000001, true, [1], '１'])(
    'refuses %j for 1 with its message',
    (value) => {
      expect(read(season, value)).toEqual({ error: 'Seleccione la temporada' });
    },
  );

  it('refuses a text choice written otherwise', () => {
    for (const value of [' admin', 'Admin', 'admin ', 1]) expect(read(role, value)).toEqual({ error: 'Seleccione el rol' });
  });

  it('reads a blank as not chosen', () => {
    for (const value of ['', '   ', null, undefined]) expect(read(season, value)).toEqual({ error: 'Seleccione la temporada' });
  });
});

describe('day: a calendar day as the date picker emits it', () => {
  const required = day('Introduzca la fecha de entrega');
  const optional = day(null);
  const read = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : { error: fieldErrors(result.error)._form };
  };

  it('takes year-month-day, the picker\'s time of day and spaces around left out', () => {
    expect(read(required, '2026-11-30')).toEqual({ value: '2026-11-30' });
    expect(read(required, '2028-02-29')).toEqual({ value: '2028-02-29' });
    expect(read(required, '2026-11-30T10:15')).toEqual({ value: '2026-11-30' });
    expect(read(required, '  2026-11-30 ')).toEqual({ value: '2026-11-30' });
  });

  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-05', '2026-01-5', '26-01-05',
    'aaaa-bb-cc', '2026/01/05', '05/01/2026', 'mañana'])('refuses %j as no day', (value) => {
    expect(read(required, value)).toEqual({ error: 'Introduzca una fecha válida' });
    expect(read(optional, value)).toEqual({ error: 'Introduzca una fecha válida' });
  });

  it('asks for a required day left blank, and reads an optional one as none', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(read(required, value)).toEqual({ error: 'Introduzca la fecha de entrega' });
      expect(read(optional, value)).toEqual({ value: null });
    }
    expect(read(optional, '2026-11-30')).toEqual({ value: '2026-11-30' });
  });
});
