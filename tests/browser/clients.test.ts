/**
 * The client dialog of /clientes/client-managment (docs/validation.md Client, docs/data.md "Client save failures stop the
 * loading state") and the price concept names of /stock-and-prices/config-name-prices-managment.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { clients } from '../../src/server/db/tables';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  openSubmenu,
  selectOption,
  useBrowser,
} from '../support/browser';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  token = await t.login();
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();

type Row = Record<string, any>;
const dialog = (page: Page) => page.getByRole('dialog');
const save = (scope: Locator) => scope.getByRole('button', { name: 'Guardar' });
const input = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const cell = (page: Page, name: string) => page.getByRole('cell', { name, exact: true });
/** An "Error" notification. By test id: while a dialog is open, MUI hides the rest of the page from the accessibility tree. */
const errorNotice = (page: Page, message: string) =>
  page.getByTestId('notification').filter({ hasText: 'Error' }).filter({ hasText: message });

const CLIENTS = '/clientes/client-managment';

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

/** Picks an option of a reference autocomplete by typing part of its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option.slice(0, 6));
  await chooseOption(page, option, { exact: true });
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** Fills every required field of the client dialog (the threshold is optional). */
async function fillClient(page: Page, d: Locator, name: string, company = 'Cobertores Piscinas S.L.') {
  const text: Array<[string, string]> = [
    ['Nombre', name], ['Código Factusol', '3050'], ['NIF', '24681357'], ['Email', 'info@acuaticanorte.es'], ['Teléfono', '944123456'],
    ['Web', 'acuaticanorte.es'], ['Dirección', 'Calle Mayor 7'], ['Código postal', '8001'], ['Ciudad', 'Barcelona'],
    ['Provincia', 'Barcelona'], ['País', 'España'], ['Portes por defecto', '19,90'], ['Precio extra de confección', '12'],
    ['Días de validez del presupuesto', '30'],
  ];
  for (const [label, value] of text) await input(d, label).fill(value);
  await choose(page, d, 'Tarifa', 'Tarifa General');
  await choose(page, d, 'Impuesto', 'IVA 21 %');
  await choose(page, d, 'Empresa de facturación', company);
}

/** The JSON record a create or update request of the dataProvider carries (`{ data: "<json>" }`). */
const sentRecord = (request: Request): Row => JSON.parse(request.postDataJSON().data);

async function apiClients(): Promise<Row[]> {
  return (await t.call('GET', '/api/client/all', { token })).body.data;
}

async function newClient(overrides: Row = {}): Promise<Row> {
  const data = {
    name: 'Piscinas Montaña', factusol_CODCLI: '4100', nif: '1357913', client_fare_id: 1, tax_id: 1, invoicing_company_id: 1,
    email: 'montana@ejemplo.es', phone_number: '974000111', web: 'montana.es', address: 'Plaza 2', postal_code: '22700',
    city: 'Jaca', province: 'Huesca', country: 'España', default_ship_price: 30, free_shipping_threshold: 800,
    extra_confection_price: 10, budget_expiration_days: 20, ...overrides,
  };
  const res = await t.call('POST', '/api/client/create', { token, body: { data: JSON.stringify(data) } });
  expect(res.body.code).toBe(20001);
  return res.body.data;
}

/** Opens a client's edit dialog from its row. */
async function openRow(page: Page, name: string) {
  await page.getByPlaceholder('Buscar').fill(name);
  await cell(page, name).click();
  const d = dialog(page);
  await expectVisible(d.getByRole('heading', { name: 'Editar cliente' }));
  await expect.poll(() => input(d, 'Nombre').inputValue()).toBe(name);
  return d;
}

describe('client dialog', () => {
  it('takes the receiving hours with the time widget (24 hours, 60 minutes), the end after the start', async () => {
    const { page } = b;
    const client = await newClient({ name: 'Piscinas Horario' });
    await adminAt(page, CLIENTS);
    const d = await openRow(page, 'Piscinas Horario');
    const pick = async (label: string, option: string) =>
      selectOption(page, d.getByRole('combobox', { name: label }), option, { exact: true });
    // The lists hold every hour and minute, written with two digits.
    await d.getByRole('combobox', { name: 'Recepción desde (hora)' }).click();
    await expectCount(page.getByRole('listbox').getByRole('option'), 25);
    await page.keyboard.press('Escape');
    await pick('Recepción desde (hora)', '08');
    await pick('Recepción desde (minutos)', '30');
    await pick('Recepción hasta (hora)', '07');
    await save(d).click();
    await expectVisible(fieldError(d, 'La hora final de recepción debe ser posterior a la inicial'));
    await pick('Recepción hasta (hora)', '13');
    await save(d).click();
    await expectHidden(d);
    const stored = (await apiClients()).find((c) => c.id === client.id)!;
    expect([stored.receiving_from, stored.receiving_until]).toEqual([8 * 3600 + 30 * 60, 13 * 3600]);
  });

  it('shows every required-field message first, then creates the client from the autocompletes and lists it', async () => {
    const { page } = b;
    await adminAt(page, CLIENTS);
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const d = dialog(page);
    await expectVisible(d.getByRole('heading', { name: 'Añadir cliente' }));

    await save(d).click();
    const messages = [
      'Introduzca el nombre del cliente', 'Primero, debe dar de alta el cliente en Factusol', 'Introduzca solamente los dígitos del NIF',
      'Seleccione una tarifa', 'Seleccione un impuesto', 'Seleccione una empresa de facturación', 'Introduzca un email',
      'Introduzca un número válido', 'Introduzca la web', 'Introduzca la dirección', 'Introduzca un código postal válido',
      'Introduzca la ciudad', 'Introduzca la provincia', 'Introduzca el país', 'Introduzca el precio de los portes',
      'Introduzca el precio extra de confección', 'Introduzca los días de validez',
    ];
    for (const message of messages) await expectVisible(fieldError(d, message));
    await expectCount(d.locator('.MuiFormHelperText-root.Mui-error'), messages.length);

    // Field rules with their own messages before the request is made.
    await input(d, 'NIF').fill('1234567Z');
    await input(d, 'Código Factusol').fill('C-12');
    await expectVisible(fieldError(d, 'Introduzca solamente los dígitos del NIF'));
    await expectVisible(fieldError(d, 'Primero, debe dar de alta el cliente en Factusol'));

    await fillClient(page, d, 'Acuática Norte S.L.');
    // A threshold typed and then emptied goes to the server as null, not as "".
    await input(d, 'Portes gratis desde').fill('500');
    await input(d, 'Portes gratis desde').fill('');
    await expectCount(d.locator('.MuiFormHelperText-root.Mui-error'), 0);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/client/create'));
    await save(d).click();
    const sent = sentRecord(await request);
    expect(sent).toHaveProperty('free_shipping_threshold', null);
    expect(sent).toMatchObject({ nif: '24681357', factusol_CODCLI: '3050', postal_code: '8001', default_ship_price: '19,90' });

    await expectHidden(dialog(page));
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Correcto' }));
    const row = page.getByRole('row').filter({ has: cell(page, 'Acuática Norte S.L.') });
    await expectVisible(row);
    for (const value of ['3050', '24681357', 'Tarifa General', 'info@acuaticanorte.es', 'Barcelona'])
      await expectVisible(row.getByText(value, { exact: true }));

    const stored = (await apiClients()).find((c) => c.name === 'Acuática Norte S.L.')!;
    expect(stored).toMatchObject({
      postal_code: '08001',
      free_shipping_threshold: null,
      default_ship_price: 19.9,
      extra_confection_price: 12,
      budget_expiration_days: 30,
      tax_id: 1,
      client_fare_id: 1,
    });

    // Editing it shows the padded postal code.
    const edit = await openRow(page, 'Acuática Norte S.L.');
    await expect.poll(() => input(edit, 'Código postal').inputValue()).toBe('08001');
  });

  it('shows a stored short postal code padded to 5 digits when editing, and sends an emptied threshold as null', async () => {
    const { page } = b;
    const created = await newClient({ name: 'Piscinas Ampurdán' });
    // A row written before padding existed (e.g. imported): only the database holds "8001".
    await t.ctx.db.update(clients).set({ postal_code: '8001' }).where(eq(clients.id, created.id));

    await adminAt(page, CLIENTS);
    const d = await openRow(page, 'Piscinas Ampurdán');
    const postal = input(d, 'Código postal');
    await expect.poll(() => postal.inputValue()).toBe('08001');
    expect((await d.boundingBox())!.width).toBeGreaterThanOrEqual(750);
    await expect.poll(() => input(d, 'Portes gratis desde').inputValue()).toBe('800,00');

    // What the user types is shown as typed.
    await postal.fill('170');
    await expect.poll(() => postal.inputValue()).toBe('170');
    await save(d).click();
    await expectVisible(fieldError(d, 'Introduzca un código postal válido'));
    await postal.fill('7001');
    await expectHidden(fieldError(d, 'Introduzca un código postal válido'));

    await input(d, 'Portes gratis desde').fill('');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/client/update'));
    await save(d).click();
    expect(sentRecord(await request)).toMatchObject({ id: created.id, free_shipping_threshold: null, postal_code: '7001' });
    await expectHidden(dialog(page));

    const stored = (await apiClients()).find((c) => c.id === created.id)!;
    expect(stored).toMatchObject({ postal_code: '07001', free_shipping_threshold: null });
  });

  it('a save the server refuses stops the loading state: the dialog stays, Guardar works again and the error shows', async () => {
    const { page } = b;
    const company = await t.call('POST', '/api/invoicingCompany/create', {
      token,
      body: { data: JSON.stringify({ name: 'Facturación Temporal S.L.', code: 'FTMP' }) },
    });
    expect(company.body.code).toBe(20001);

    await adminAt(page, CLIENTS);
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const d = dialog(page);
    await fillClient(page, d, 'Piscinas Refusadas', 'Facturación Temporal S.L.');
    // The company disappears between opening the dialog and saving: only the server can tell.
    expect((await t.call('POST', '/api/invoicingCompany/delete', { token, body: { id: company.body.data.id } })).body.code).toBeLessThan(
      30000,
    );

    await save(d).click();
    await expectVisible(fieldError(d, 'La opción seleccionada no existe'));
    await expectVisible(errorNotice(page, 'La opción seleccionada no existe'));
    await expectVisible(d.getByRole('heading', { name: 'Añadir cliente' }));
    await expectCount(save(d).getByRole('progressbar'), 0);
    expect(await save(d).isEnabled()).toBe(true);
    expect((await apiClients()).some((c) => c.name === 'Piscinas Refusadas')).toBe(false);

    // The same dialog saves once the company is replaced.
    await choose(page, d, 'Empresa de facturación', 'Cobertores Export S.L.');
    await save(d).click();
    await expectHidden(dialog(page));
    expect((await apiClients()).find((c) => c.name === 'Piscinas Refusadas')).toBeDefined();
  });

  it('an edit held by the server shows the loading state, which ends when it answers with an error', async () => {
    const { page } = b;
    await newClient({ name: 'Piscinas Lentas' });
    await adminAt(page, CLIENTS);
    const d = await openRow(page, 'Piscinas Lentas');
    await input(d, 'Ciudad').fill('Teruel');

    let answer!: () => Promise<void>;
    const held = new Promise<void>((arrived) => {
      void page.route('**/api/client/update', (route) => {
        answer = () => route.fulfill({
          status: 400, contentType: 'application/json',
          body: JSON.stringify({ code: 40001, message: 'No se ha podido guardar el cliente', error: {} }),
        });
        arrived();
      });
    });
    await save(d).click();
    await held;
    // Saving: the button spins and cannot be pressed twice.
    await expectVisible(save(d).getByRole('progressbar'));
    expect(await save(d).isDisabled()).toBe(true);

    await answer();
    await expectVisible(errorNotice(page, 'No se ha podido guardar el cliente'));
    await expectCount(save(d).getByRole('progressbar'), 0);
    await expect.poll(() => save(d).isEnabled()).toBe(true);
    await expect.poll(() => input(d, 'Ciudad').inputValue()).toBe('Teruel');

    // Once the server answers normally, the very same form saves.
    await page.unroute('**/api/client/update');
    await save(d).click();
    await expectHidden(dialog(page));
    await expect.poll(async () => (await apiClients()).find((c) => c.name === 'Piscinas Lentas')?.city).toBe('Teruel');
  });
});

describe('an empty search', () => {
  it('says so in a Spanish sentence: «No se han encontrado clientes con los filtros actuales.»', async () => {
    const { page } = b;
    await adminAt(page, CLIENTS);
    await page.getByPlaceholder('Buscar').fill('zzzz-ninguno');
    await expectVisible(page.getByText(/^No se han encontrado clientes con los filtros actuales./));
    await expectVisible(page.getByRole('button', { name: 'Borrar filtros' }));
  });
});

describe('ordering for a client', () => {
  it('a row of the clients list leads to that client\'s calculator and cart', async () => {
    const { page } = b;
    await adminAt(page, CLIENTS);
    const row = page.getByRole('row').filter({ has: cell(page, 'Jardines del Sur') });
    await row.getByRole('button', { name: 'Calculadora de Jardines del Sur' }).click();
    await expectPath(page, '/client-calculator/2/index');
    await expectCount(dialog(page), 0);
    await page.goBack();
    await expectPath(page, CLIENTS);
    await page
      .getByRole('row')
      .filter({ has: cell(page, 'Jardines del Sur') })
      .getByRole('button', { name: 'Carrito de Jardines del Sur' })
      .click();
    await expectPath(page, /^\/order-cart\/(client\/2|\d+)$/);
    await expectVisible(page.getByText('Jardines del Sur').first());
  });
});

describe('price concept names', () => {
  it('are reached from the menu and renamed in their dialog; the new name is listed', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await (await openSubmenu(page, 'Stock y precios')).getByRole('link', { name: 'Nombres de precios', exact: true }).click();
    await expectPath(page, '/stock-and-prices/config-name-prices-managment');
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Nombres de precios', { exact: true }));

    for (const name of ['Concepto', 'Nombre que ve el cliente', 'Descripción'])
      await expectVisible(page.getByRole('columnheader').getByText(name, { exact: true }));
    for (const name of ['cover', 'Cobertor', 'shipping', 'Portes', 'Gastos de envío', 'vat', 'IVA']) await expectVisible(cell(page, name));
    // The concepts are fixed: nothing to add.
    await expectCount(page.getByRole('button', { name: 'Añadir', exact: true }), 0);

    await page.getByRole('row').filter({ has: cell(page, 'shipping') }).click();
    const d = dialog(page);
    await expectVisible(d.getByRole('heading', { name: 'Editar nombre de precio' }));
    const key = input(d, 'Concepto');
    await expect.poll(() => key.inputValue()).toBe('shipping');
    expect(await key.isDisabled()).toBe(true);
    await expectCount(d.getByRole('button', { name: 'Borrar' }), 0);

    const name = input(d, 'Nombre que ve el cliente');
    await expect.poll(() => name.inputValue()).toBe('Portes');
    await name.fill('');
    await save(d).click();
    await expectVisible(fieldError(d, 'Introduzca un nombre'));

    await name.fill('Transporte');
    await save(d).click();
    await expectHidden(dialog(page));
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Correcto' }));
    const row = page.getByRole('row').filter({ has: cell(page, 'shipping') });
    await expectVisible(row.getByRole('cell', { name: 'Transporte', exact: true }));
    await expectCount(cell(page, 'Portes'), 0);
    const names = (await t.call('GET', '/api/priceName/all', { token })).body.data as Row[];
    expect(names.find((n) => n.key === 'shipping')!.name).toBe('Transporte');
  });
});
