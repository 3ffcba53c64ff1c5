/**
 * The client record through the generic endpoints (docs/validation.md Client): every field rule with its Spanish
 * message as the server answers it, null for emptied optional values, the padded postal code and the
 * logo upload. The custom client endpoints are in clients.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, multipart, pdf, png, uniq, type FilePart } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

type Row = Record<string, any>;

const valid = (overrides: Row = {}): Row => ({
  name: `Piscinas ${uniq()}`, factusol_CODCLI: '2001', nif: '1234567', client_fare_id: 1, tax_id: 1, invoicing_company_id: 1,
  email: 'norte@ejemplo.es', phone_number: '944000000', web: 'norte.es', address: 'Gran Vía 1', postal_code: '48001',
  city: 'Bilbao', province: 'Bizkaia', country: 'España', default_ship_price: 25.5, free_shipping_threshold: 600,
  extra_confection_price: 15, budget_expiration_days: 30, ...overrides,
});

const send = (op: 'create' | 'update', data: Row) => t.call('POST', `/api/client/${op}`, { token: admin, body: jsonData(data) });
const create = async (overrides: Row = {}) => expectOk(await send('create', valid(overrides)), 20001) as Row;
const update = async (data: Row) => expectOk(await send('update', data), 20001) as Row;
/** The field errors of a refused create (400, 40001). */
async function refused(data: Row) {
  const res = await send('create', data);
  expectError(res, 400, Code.error);
  return res.body.error as Record<string, string>;
}

/** Every required field's own message: what an untouched "Añadir" dialog gets back. */
const REQUIRED = {
  name: 'Introduzca el nombre del cliente',
  factusol_CODCLI: 'Primero, debe dar de alta el cliente en Factusol',
  nif: 'Introduzca solamente los dígitos del NIF',
  client_fare_id: 'Seleccione una tarifa',
  tax_id: 'Seleccione un impuesto',
  invoicing_company_id: 'Seleccione una empresa de facturación',
  email: 'Introduzca un email',
  phone_number: 'Introduzca un número válido',
  web: 'Introduzca la web',
  address: 'Introduzca la dirección',
  postal_code: 'Introduzca un código postal válido',
  city: 'Introduzca la ciudad',
  province: 'Introduzca la provincia',
  country: 'Introduzca el país',
  default_ship_price: 'Introduzca el precio de los portes',
  extra_confection_price: 'Introduzca el precio extra de confección',
  budget_expiration_days: 'Introduzca los días de validez',
};

describe('client field rules', () => {
  it('names every missing required field, whether absent, empty, blank or null; the threshold is optional', async () => {
    expect(await refused({})).toEqual(REQUIRED);
    const emptied = Object.fromEntries(Object.keys(valid()).map((key) => [key, '']));
    expect(await refused(emptied)).toEqual(REQUIRED);
    const blank = Object.fromEntries(Object.keys(valid()).map((key) => [key, '   ']));
    expect(await refused(blank)).toEqual(REQUIRED);
    const nulls = Object.fromEntries(Object.keys(valid()).map((key) => [key, null]));
    expect(await refused(nulls)).toEqual(REQUIRED);
  });

  it('wants the Factusol code as digits only (up to 9)', async () => {
    for (const factusol_CODCLI of ['A1', '12.5', '-3', '1234567890', '12 34']) {
      expect(await refused(valid({ factusol_CODCLI }))).toEqual({ factusol_CODCLI: 'Primero, debe dar de alta el cliente en Factusol' });
    }
    expect((await create({ factusol_CODCLI: 4321 })).factusol_CODCLI).toBe('4321');
    expect((await create({ factusol_CODCLI: ' 123456789 ' })).factusol_CODCLI).toBe('123456789');
  });

  it('wants the 7 or 8 digits of the NIF and nothing else', async () => {
    for (const nif of ['123456', '123456789', '1234567Z', '12.345.678', 'X1234567']) {
      expect(await refused(valid({ nif }))).toEqual({ nif: 'Introduzca solamente los dígitos del NIF' });
    }
    expect((await create({ nif: '7654321' })).nif).toBe('7654321');
    expect((await create({ nif: 87654321 })).nif).toBe('87654321');
  });

  it('checks the email and the 9-digit phone', async () => {
    expect(await refused(valid({ email: 'norte@ejemplo' }))).toEqual({ email: Msg.emailInvalid });
    expect(await refused(valid({ phone_number: '94400000' }))).toEqual({ phone_number: 'El número es demasiado corto' });
    expect(await refused(valid({ phone_number: '9440000000' }))).toEqual({ phone_number: 'El número es demasiado largo' });
    expect(await refused(valid({ phone_number: '94400000A' }))).toEqual({ phone_number: 'Introduzca un número válido' });
  });

  it('takes the ship price and the threshold with up to 2 decimals, a comma as well as a point', async () => {
    const twoPlaces = 'Introduzca un número con un máximo de 2 decimales';
    for (const value of ['12,345', 'doce', '1e3']) {
      expect(await refused(valid({ default_ship_price: value, free_shipping_threshold: value }))).toEqual({
        default_ship_price: twoPlaces,
        free_shipping_threshold: twoPlaces,
      });
    }
    expect(await refused(valid({ default_ship_price: -1 }))).toEqual({ default_ship_price: 'Debe ser mayor o igual que 0' });
    expect(await create({ default_ship_price: '12,5', free_shipping_threshold: '999.99' })).toMatchObject({
      default_ship_price: 12.5,
      free_shipping_threshold: 999.99,
    });
  });

  it('takes whole numbers for the confection extra and the budget validity', async () => {
    const whole = 'Introduzca un número entero';
    expect(await refused(valid({ extra_confection_price: '2.5', budget_expiration_days: '1,5' }))).toEqual({
      extra_confection_price: whole,
      budget_expiration_days: whole,
    });
    expect(await refused(valid({ extra_confection_price: 'quince', budget_expiration_days: true }))).toEqual({
      extra_confection_price: whole,
      budget_expiration_days: whole,
    });
    expect(await create({ extra_confection_price: '0', budget_expiration_days: '45' })).toMatchObject({
      extra_confection_price: 0,
      budget_expiration_days: 45,
    });
  });

  it('says a number is too large and gives the limit, under its field', async () => {
    const money = 'El número es demasiado grande (máximo 9.999.999.999,99)';
    const whole = 'El número es demasiado grande (máximo 2.147.483.647)';
    for (const value of ['99999999999999999999', 1e30, '999999999999']) {
      expect(await refused(valid({ default_ship_price: value, free_shipping_threshold: value, budget_expiration_days: value })))
        .toEqual({ default_ship_price: money, free_shipping_threshold: money, budget_expiration_days: whole });
    }
  });

  it('refuses a fare, tax or invoicing company that does not exist, under its field', async () => {
    for (const field of ['client_fare_id', 'tax_id', 'invoicing_company_id']) {
      expectError(await send('create', valid({ [field]: 99_999 })), 400, Code.error, Msg.referenceMissing, {
        [field]: Msg.referenceMissing,
      });
    }
  });
});

describe('client values as stored', () => {
  it('stores an emptied free-shipping threshold as null, on create and on update', async () => {
    for (const free_shipping_threshold of ['', '  ', null, undefined]) {
      expect((await create({ free_shipping_threshold })).free_shipping_threshold).toBeNull();
    }
    const row = await create({ free_shipping_threshold: 750 });
    expect(row.free_shipping_threshold).toBe(750);
    expect((await update({ id: row.id, free_shipping_threshold: '' })).free_shipping_threshold).toBeNull();
    expect(expectOk(await t.call('GET', `/api/client/data/${row.id}`, { token: admin })).free_shipping_threshold).toBeNull();
  });

  it('keeps the confection extra required on update: emptying it is refused, not stored as null', async () => {
    const row = await create();
    expectError(await send('update', { id: row.id, extra_confection_price: '' }), 400, Code.error, undefined, {
      extra_confection_price: 'Introduzca el precio extra de confección',
    });
    expect(expectOk(await t.call('GET', `/api/client/data/${row.id}`, { token: admin })).extra_confection_price).toBe(15);
  });

  it('keeps the receiving hours as the time widget gives them (h × 3600 + m × 60), the end after the start, both optional', async () => {
    const row = await create({ receiving_from: 8 * 3600 + 30 * 60, receiving_until: '13:00' });
    expect([row.receiving_from, row.receiving_until]).toEqual([30600, 46800]);
    expect((await create()).receiving_from).toBeNull();
    expect(await refused(valid({ receiving_from: 90000 }))).toMatchObject({ receiving_from: 'Introduzca una hora válida' });
    expect(await refused(valid({ receiving_from: 30630 }))).toMatchObject({ receiving_from: 'Introduzca una hora válida' });
    expect(await refused(valid({ receiving_from: 14 * 3600, receiving_until: 9 * 3600 }))).toMatchObject({
      receiving_until: Msg.receivingHours,
    });
    const emptied = await update({ id: row.id, receiving_from: null, receiving_until: '' });
    expect([emptied.receiving_from, emptied.receiving_until]).toEqual([null, null]);
  });

  it('pads the postal code to 5 digits and refuses anything but 4 or 5 digits', async () => {
    expect((await create({ postal_code: '8001' })).postal_code).toBe('08001');
    expect((await create({ postal_code: 8001 })).postal_code).toBe('08001');
    const row = await create({ postal_code: ' 28001 ' });
    expect(row.postal_code).toBe('28001');
    expect((await update({ id: row.id, postal_code: '7001' })).postal_code).toBe('07001');
    for (const postal_code of ['801', '080011', 'E8001', '08 01']) {
      expect(await refused(valid({ postal_code }))).toEqual({ postal_code: 'Introduzca un código postal válido' });
    }
  });

  it('takes a real PNG as the logo and serves it; without one the logo is null', async () => {
    expect((await create()).logo_image).toBeNull();
    const image = png(12, 6);
    const logo: FilePart = { filename: 'logo.png', data: image, contentType: 'image/png' };
    const res = await t.call('POST', '/api/client/create', {
      token: admin,
      ...multipart({ data: JSON.stringify(valid()) }, { logo_image: logo }),
    });
    const row = expectOk(res, 20001);
    expect(row.logo_image).toMatch(/^\/api\/client\/file\/[0-9a-z]+\.[A-Za-z0-9_-]{32}\/logo_image\/[A-Za-z0-9._-]+\.png$/);
    const file = await t.call('GET', row.logo_image, { token: admin });
    expect(file.status).toBe(200);
    expect(file.response.headers['content-type']).toBe('image/png');
    expect(file.response.rawPayload.equals(image)).toBe(true);
  });

  it('refuses a PDF as the logo, by its content whatever its name, and writes nothing', async () => {
    const before = expectOk(await t.call('GET', '/api/client/page/1', { token: admin })).total;
    for (const part of [
      { filename: 'logo.pdf', data: pdf(), contentType: 'application/pdf' },
      { filename: 'logo.png', data: pdf(), contentType: 'image/png' },
    ]) {
      const res = await t.call('POST', '/api/client/create', {
        token: admin,
        ...multipart({ data: JSON.stringify(valid()) }, { logo_image: part }),
      });
      expectError(res, 400, Code.error, 'Tipo de fichero inválido. Por favor suba una imagen', {
        logo_image: 'Tipo de fichero inválido. Por favor suba una imagen',
      });
    }
    expect(expectOk(await t.call('GET', '/api/client/page/1', { token: admin })).total).toBe(before);

    const row = await create();
    const res = await t.call('POST', '/api/client/update', {
      token: admin,
      ...multipart({ data: JSON.stringify({ id: row.id }) }, { logo_image: { filename: 'logo.pdf', data: pdf() } }),
    });
    expectError(res, 400, Code.error, undefined, { logo_image: Msg.imageType });
  });
});
