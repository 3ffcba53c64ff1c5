/**
 * Budgets through the screens (docs/screens.md "Budgets", docs/data.md budget states, docs/validation.md budget to order, quantity,
 * files): a member builds a budget from its pool's dimensions and chooses a cover in the price table;
 * the staff accept it and turn it into an order.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  SMALL_PNG,
  tempFile,
  UI_TIMEOUT,
  useBrowser,
  violationsOf,
} from '../support/browser';

let t: TestApp;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const notification = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

type Row = Record<string, any>;
const BUBBLE = 3; // summer bubble cover type; Burbuja 400 micras (id 4) at 6,90 €/m²
const BURBUJA_400 = 4;

/**
 * Burbuja 400 on the 8 × 4 m pool with 0,15 m of overlap, for Agua Azul (the member's client: IVA 21 %,
 * shipping 25 € below 600 €), worked out by hand: (8 + 0,30) × (4 + 0,30) = 35,69 m² × 6,90 €/m² = 246,26 €;
 * (246,26 + 25) × 1,21 = 328,2246 → 328,22 €.
 */
const EXPECTED = { label: '246,26 € sin IVA', total: '328,22 €' };

/** A member's budget made through the API, with Burbuja 400 chosen: [budget, its first calculation]. */
async function memberBudget(reference: string): Promise<[Row, number]> {
  const created = await t.call('POST', '/api/budget/create', {
    token: cliente,
    body: {
      data: JSON.stringify({
        pool_subcategory_id: 1,
        pool_cover_type_id: BUBBLE,
        a: 8,
        b: 4,
        extra_distance: 0.15,
        remark_OB1PCL: reference,
      }),
    },
  });
  const budget = created.body.data;
  const details = await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente });
  const calculus = details.body.data.budget_calculus[0].id as number;
  const chosen = await t.call('POST', '/api/budgetCalculus/chooseCover', {
    token: cliente,
    body: { budget_calculus_id: calculus, pool_cover_id: BURBUJA_400, quantity: 1 },
  });
  expect(chosen.body.code).toBe(20001);
  return [budget, calculus];
}

async function signIn(page: Page, who: 'admin' | 'cliente', path: string) {
  await loginAs(page, t.url, who, who === 'admin' ? 'admin1234' : 'cliente1234', path);
  await expectPath(page, path);
}

/** Picks `option` in the MUI select labelled `label` inside `scope`. */
const pick = (page: Page, scope: Page | ReturnType<typeof dialog>, label: string, option: string | RegExp) =>
  selectOption(page, scope.getByRole('combobox', { name: label }), option);

describe('a client member', () => {
  it('creates a budget from «Presupuestos» in the menu, chooses a cover in the price table and sees the total', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    const menuLink = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Presupuestos', exact: true });
    await expectVisible(menuLink);
    expect(await menuLink.getAttribute('href')).toBe('/budget-list/client-budgets');
    await menuLink.click();
    await expectPath(page, '/budget-list/client-budgets');

    await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Añadir presupuesto'));
    // A member's budget is its own client's: no client picker.
    await expectCount(form.getByLabel('Cliente'), 0);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Seleccione la temporada'));
    await expectVisible(fieldError(form, 'Introduzca la medida A'));

    // The cover types are the chosen season's only.
    await pick(page, form, 'Temporada', 'Verano');
    await form.getByRole('combobox', { name: 'Tipo de cobertor' }).click();
    await expectVisible(page.getByRole('option', { name: 'Cobertor solar' }));
    await expectCount(page.getByRole('option', { name: 'Manta de invierno con refuerzo' }), 0);
    await chooseOption(page, 'Cobertor de burbujas');

    await form.getByLabel('Largo A (m)').fill('8');
    await form.getByLabel('Ancho B (m)').fill('4');
    await form.getByLabel('Solape (m)').fill('0.15');
    await form.getByLabel('Referencia').fill('Chalet navegador');
    // A stairwell needs its sizes C and D.
    await form.getByLabel('Escalera', { exact: true }).check();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca las medidas de la escalera'));
    await form.getByLabel('Escalera', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Guardar' }).click();

    await expectPath(page, /^\/budget-list\/budget-calculus-list\/\d+$/);
    const header = page.getByTestId('budget-header');
    await expectVisible(header.getByText('Chalet navegador'));
    await expectVisible(header.getByText('Borrador'));
    // Only the staff change the status.
    await expectCount(page.getByRole('combobox', { name: 'Estado' }), 0);

    await page.getByRole('link', { name: 'Tabla de precios' }).first().click();
    await expectPath(page, /^\/budget-list\/price-table\/\d+$/);
    const { label, total } = EXPECTED;
    const burbuja = page.getByTestId('cover-option').filter({ hasText: 'Burbuja 400 micras' });
    await expectVisible(burbuja.getByText(label, { exact: true }));
    expect(label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);
    await expectVisible(page.getByTestId('reel-offer').first());

    // Quantity: minimum 1, step 1.
    const quantity = page.getByLabel('Cantidad de Burbuja 400 micras');
    await quantity.fill('0');
    await expectVisible(fieldError(page, 'La cantidad mínima es 1'));
    expect(await page.getByRole('button', { name: 'Elegir Burbuja 400 micras' }).isEnabled()).toBe(false);
    await quantity.fill('1');
    await page.getByRole('button', { name: 'Elegir Burbuja 400 micras' }).click();
    await expectVisible(notification(page, 'Correcto'));
    await expectVisible(burbuja.getByText('Elegido'));

    await page.getByRole('link', { name: 'Ver resumen' }).click();
    await expectPath(page, /^\/budget-list\/summary\/\d+$/);
    await expectVisible(page.getByRole('cell', { name: /Burbuja 400 micras/ }));
    await expect.poll(() => page.getByTestId('summary-total').innerText()).toBe(total);
    await expectVisible(page.getByTestId('summary-shipping').getByText('25,00 €'));
    await expectVisible(page.getByText('IVA (21 %)'));
    // A draft cannot become an order yet.
    expect(await page.getByRole('button', { name: 'Pasar a pedido' }).isEnabled()).toBe(false);
  });

  it('a side of 0 or over the largest cover is refused under the field with its reason, nothing saved (issue 43)', async () => {
    const { page } = b;
    const list = { page: 1, filters: { budget_status_id: 0 } };
    const budgets = async () =>
      (await t.call('POST', '/api/budget/getBudgetList', { token: cliente, body: list })).body.data.total as number;
    const before = await budgets();
    const creates: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/budget/create') creates.push(request.url());
    });
    await signIn(page, 'cliente', '/budget-list/client-budgets');
    await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
    const form = dialog(page);
    await pick(page, form, 'Temporada', 'Verano');
    await form.getByRole('combobox', { name: 'Tipo de cobertor' }).click();
    await chooseOption(page, 'Cobertor de burbujas');
    await form.getByLabel('Largo A (m)').fill('0');
    await form.getByLabel('Ancho B (m)').fill('4');
    await form.getByLabel('Referencia').fill('Lado cero');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'El largo A debe ser mayor que 0 m'));
    // The largest cover (the settings' 30 m, from the session) is refused before sending too, in the server's words.
    await form.getByLabel('Largo A (m)').fill('31');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'El largo A no puede superar 30 m'));
    await expectVisible(form);
    expect(creates).toEqual([]);
    expect(await budgets()).toBe(before);
  });

  it('adds a calculation with another overlap and edits one, landing on its budgets', async () => {
    const { page } = b;
    const [budget, calculus] = await memberBudget('Dos solapes');
    await signIn(page, 'cliente', `/budget-list/budget-calculus-list/${budget.id}`);
    await page.getByRole('link', { name: 'Nuevo cálculo' }).click();
    await expectPath(page, `/budget-calculator/${budget.id}/index`);
    await page.getByLabel('Solape (m)').fill('mucho');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(page, 'Introduzca el solape en metros, p. ej. 0,30'));
    await page.getByLabel('Solape (m)').fill('0.5');
    await page.getByLabel('Observaciones').fill('Con más solape');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectPath(page, /^\/budget-list\/price-table\/\d+$/);
    // (8 + 1) × (4 + 1) = 45 m² × 6,90 €/m² = 310,50 €.
    const label = '310,50 € sin IVA';
    await expectVisible(page.getByTestId('cover-option').filter({ hasText: 'Burbuja 400 micras' }).getByText(label, { exact: true }));

    await page.goto(`${t.url}/edit-budget-calculator/index/${budget.id}/${calculus}`);
    await expect.poll(() => page.getByLabel('Solape (m)').inputValue()).toBe('0,15');
    await page.getByLabel('Observaciones').fill('Entregar por la mañana');
    await page.getByRole('button', { name: 'Guardar' }).click();
    // A member lands on its budgets (the staff on the drafts).
    await expectPath(page, '/budget-list/client-budgets');
    const details = await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente });
    expect(details.body.data.budget_calculus.map((c: Row) => [c.extra_distance, c.remark])).toEqual([
      [0.15, 'Entregar por la mañana'],
      [0.5, 'Con más solape'],
    ]);
  });

  it('an expired budget shows "Caducado" and is redone with today\'s prices', async () => {
    const { page } = b;
    const [budget] = await memberBudget('Caduca pronto');
    const { budgets } = await import('../../src/server/db/tables');
    const { eq } = await import('drizzle-orm');
    await t.ctx.db.update(budgets).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(budgets.id, budget.id));

    await signIn(page, 'cliente', '/budget-list/client-budgets');
    const row = page.getByRole('row').filter({ hasText: 'Caduca pronto' });
    await expectVisible(row.getByText('Caducado'));
    await row.click();
    await expectPath(page, `/budget-list/budget-calculus-list/${budget.id}`);
    await expectVisible(page.getByTestId('budget-expiry').getByText('Caducado'));
    await expectCount(page.getByRole('link', { name: 'Nuevo cálculo' }), 0);
    await page.getByRole('button', { name: 'Rehacer presupuesto' }).click();
    await expectPath(page, new RegExp(`^/budget-list/budget-calculus-list/(?!${budget.id}$)\\d+$`));
    await expectVisible(page.getByTestId('budget-header').getByText('Caduca pronto'));
    await expectCount(page.getByTestId('budget-expiry').getByText('Caducado'), 0);
  });

  it('the staff lists are not the member\'s', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/budget-list/draft-budgets');
    await expectPath(page, '/404');
  });
});

describe('the staff', () => {
  // The date input loads once it is first wanted (components/lazyFilterInputs.tsx): a box of the same size holds
  // its place while it comes, so the filter bar does not move.
  it('a date filter added from «Añadir filtro» takes the place held for it while its input loads', async () => {
    const { page } = b;
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await signIn(page, 'admin', '/budget-list/client-budgets');
    // Loaded afresh (routing bypasses the cache), its input held: this list has no select nor date of its own.
    await page.route('**/assets/filterInputs-*.js', async (route) => { await held; await route.continue(); });
    await page.reload();
    await expectVisible(page.locator('tbody tr.RaDatagrid-row'));
    await page.getByRole('button', { name: 'Añadir filtro', exact: true }).click();
    await page.getByRole('menu').getByText('Desde', { exact: true }).click();
    const place = () => page.locator('.RaFilterForm-filterFormInput[data-source="created_date_gte"]').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    });
    const from = page.getByLabel('Desde');
    await expectVisible(from);
    expect(await from.isDisabled()).toBe(true);
    const placeHeld = await place();
    release();
    await expect.poll(() => from.isEnabled()).toBe(true);
    expect(await place()).toEqual(placeHeld);
    await page.unroute('**/assets/filterInputs-*.js');
  });

  it('lists budgets by status, accepts one with the status selector and turns it into an order', async () => {
    const { page } = b;
    const [budget, calculus] = await memberBudget('Para pedido');
    await signIn(page, 'admin', '/budget-list/draft-budgets');
    const draft = page.getByRole('row').filter({ hasText: 'Para pedido' });
    await expectVisible(draft.getByText('Piscinas Agua Azul'));
    await draft.click();
    await expectPath(page, `/budget-list/budget-calculus-list/${budget.id}`);
    await page.getByRole('link', { name: 'Resumen' }).first().click();
    await expectPath(page, `/budget-list/summary/${calculus}`);
    const toOrder = page.getByRole('button', { name: 'Pasar a pedido' });
    await expectVisible(toOrder);
    expect(await toOrder.isEnabled()).toBe(false);

    await pick(page, page, 'Estado', 'Aceptado');
    await expectVisible(notification(page, 'Estado del presupuesto actualizado'));
    await expect.poll(() => toOrder.isEnabled()).toBe(true);

    await page.goto(`${t.url}/budget-list/accepted-budgets`);
    await expectVisible(page.getByRole('row').filter({ hasText: 'Para pedido' }));

    // The action of the path opens its dialog at once.
    await page.goto(`${t.url}/budget-list/summary/${calculus}/order`);
    const form = dialog(page);
    await expectVisible(form.getByText('Elija el cobertor del pedido', { exact: false }));
    // It starts with the cover the calculation chose, at its price.
    await expect.poll(() => form.getByRole('combobox', { name: 'Cobertor' }).innerText())
      .toBe(`Burbuja 400 micras · ${EXPECTED.label} (elegido en el cálculo)`);

    // OrderCartRoute comes with another screen: the path it goes to is what is checked here.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname); });
    await form.getByRole('button', { name: 'Pasar a pedido' }).click();
    await expect.poll(() => visited.some((p) => /^\/order-cart\/\d+$/.test(p))).toBe(true);
    const details = (await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).body.data;
    expect(details.budget_status_id).toBe(3);
    expect(visited).toContain(`/order-cart/${details.order_id}`);

    await page.goto(`${t.url}/budget-list/ordered-budgets`);
    await expectVisible(page.getByRole('row').filter({ hasText: 'Para pedido' }));
  });
});

describe('a reinforced winter blanket (cover type 1)', () => {
  it('the staff create it for a client, price cover × reinforcement and need both to make the order', async () => {
    const { page } = b;
    await signIn(page, 'admin', '/budget-list/draft-budgets');
    await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Seleccione un cliente'));
    await form.getByLabel('Cliente').fill('Agua');
    await chooseOption(page, 'Piscinas Agua Azul');
    await pick(page, form, 'Temporada', 'Invierno');
    await pick(page, form, 'Tipo de cobertor', 'Manta de invierno con refuerzo');
    await form.getByLabel('Largo A (m)').fill('6');
    await form.getByLabel('Ancho B (m)').fill('3');
    await form.getByLabel('Esquinas redondeadas').check();
    await form.getByLabel('Referencia').fill('Manta navegador');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectPath(page, /^\/budget-list\/budget-calculus-list\/\d+$/);
    const budgetId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('link', { name: 'Tabla de precios' }).first().click();
    // 2 blankets × 3 reinforcements, each priced "sin IVA".
    await expectCount(page.getByTestId('cover-option'), 6);
    for (const label of await page.getByTestId('price-label').allInnerTexts()) expect(label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);
    await page.getByRole('button', { name: 'Elegir Manta Invierno Premium · Refuerzo doble' }).click();
    await expectVisible(
      page
        .getByTestId('cover-option')
        .filter({ hasText: 'Refuerzo doble' })
        .filter({ hasText: 'Manta Invierno Premium' })
        .getByText('Elegido'),
    );

    await page.getByRole('link', { name: 'Ver resumen' }).click();
    await expectVisible(page.getByRole('cell', { name: /Refuerzo doble/ }));
    await pick(page, page, 'Estado', 'Aceptado');
    await expectVisible(notification(page, 'Estado del presupuesto actualizado'));
    await page.getByRole('button', { name: 'Pasar a pedido' }).click();
    const order = dialog(page);
    // The dialog starts with what the calculation chose.
    await expect.poll(() => order.getByRole('combobox', { name: 'Cobertor' }).innerText()).toContain('Manta Invierno Premium');
    await expect.poll(() => order.getByRole('combobox', { name: 'Refuerzo' }).innerText()).toContain('Refuerzo doble');
    // Another cover needs its reinforcement again.
    await pick(page, order, 'Cobertor', 'Manta Invierno Básica');
    await order.getByRole('button', { name: 'Pasar a pedido' }).click();
    await expectVisible(fieldError(order, 'Campo obligatorio'));
    await pick(page, order, 'Refuerzo', /^Refuerzo doble/);
    await order.getByRole('button', { name: 'Pasar a pedido' }).click();
    await expectPath(page, /^\/(order-cart\/\d+|404)$/);
    const details = (await t.call('GET', `/api/budget/getBudgetDetails/${budgetId}`, { token: await t.login('admin') })).body.data;
    expect(details).toMatchObject({ budget_status_id: 3, pool_cover_id: 2, client_id: 1 });
    expect(details.reinforcement_type_id).not.toBeNull();
  });
});

describe('client details, files and the budget document', () => {
  it('a member fills the client details; every field is required', async () => {
    const { page } = b;
    const [budget] = await memberBudget('Datos comprador');
    await signIn(page, 'cliente', `/budget-list/budget-calculus-list/${budget.id}`);
    await page.getByRole('button', { name: 'Datos del cliente' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Datos del cliente'));
    // Staff only: importing the client's billing address.
    await expectCount(form.getByRole('button', { name: 'Importar datos de facturación del cliente' }), 0);
    await form.getByLabel('Referencia').fill('');
    await form.getByRole('button', { name: 'Guardar' }).click();
    for (const message of [
      'Introduzca un email',
      'Introduzca un nombre',
      'Introduzca un teléfono',
      'Introduzca una dirección de facturación',
      'Introduzca una dirección de envío',
      'Introduzca un código postal',
      'Introduzca una población',
      'Introduzca una provincia',
      'Introduzca un país',
      'Introduzca una referencia',
    ]) {
      await expectVisible(fieldError(form, message));
    }
    await form.getByLabel('Email').fill('no-es-un-email');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca un email válido'));
    const values: Array<[string, string]> = [
      ['Nombre', 'Lucía Pérez'],
      ['Email', 'lucia@example.com'],
      ['Teléfono', '611222333'],
      ['Referencia', 'Datos comprador'],
      ['Dirección de facturación', 'Calle Sol 1'],
      ['Dirección de envío', 'Calle Luna 2'],
      ['Código postal', '46002'],
      ['Población', 'Valencia'],
      ['Provincia', 'Valencia'],
      ['País', 'España'],
    ];
    for (const [label, value] of values) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(page.getByTestId('budget-header').getByText('Lucía Pérez'));
    const saved = (await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).body.data;
    expect(saved).toMatchObject({
      buyer_email: 'lucia@example.com',
      buyer_delivery_address_1: 'Calle Luna 2',
      delivery_time_zone: 'Valencia',
    });
  });

  it('the staff import the client\'s billing address (the action of the path opens the dialog)', async () => {
    const { page } = b;
    const [budget, calculus] = await memberBudget('Importar facturación');
    await signIn(page, 'admin', `/budget-list/summary/${calculus}/client-details`);
    const form = dialog(page);
    await form.getByRole('button', { name: 'Importar datos de facturación del cliente' }).click();
    await expect.poll(() => form.getByLabel('Email', { exact: true }).inputValue()).toBe('pedidos@aguaazul.es');
    expect(await form.getByLabel('Dirección de facturación').inputValue()).toBe('Calle Mayor 12');
    expect(await form.getByLabel('Provincia').inputValue()).toBe('Valencia');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectPath(page, `/budget-list/summary/${calculus}`);
    const saved = (await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).body.data;
    expect(saved).toMatchObject({ buyer_name: 'Piscinas Agua Azul', buyer_postal_code: '46001', buyer_country: 'España' });
  });

  it('uploads a payment proof (name, one jpeg/png/pdf file), shows and deletes it', async () => {
    const { page } = b;
    const [budget] = await memberBudget('Justificante');
    await signIn(page, 'cliente', `/budget-list/budget-calculus-list/${budget.id}`);
    const proofs = page.getByRole('region', { name: 'Justificantes de pago' });
    await expectVisible(proofs.getByText('Este presupuesto no tiene justificantes de pago'));
    await proofs.getByRole('button', { name: 'Subir justificante de pago' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('El archivo debe de tener alguna de las siguientes extensiones: .png, .jpg, .pdf'));
    await expectVisible(form.getByText('Sólo puede subirse 1 archivo'));
    await form.getByRole('button', { name: 'Subir' }).click();
    await expectVisible(fieldError(form, 'Introduzca un nombre'));
    await expectVisible(fieldError(form, 'Debe seleccionar un archivo'));

    const input = form.locator('input[type=file]');
    await input.setInputFiles(tempFile('notas.txt', 'no es un pdf'));
    await expectVisible(fieldError(form, 'El archivo debe de tener una extensión .png, .jpg o .pdf'));
    await input.setInputFiles([tempFile('uno.png', SMALL_PNG), tempFile('dos.png', SMALL_PNG)]);
    await expectVisible(fieldError(form, 'Solo puede ser subido 1 imagen a la vez'));
    await input.setInputFiles(tempFile('transferencia.png', SMALL_PNG));
    await expectVisible(form.getByText('transferencia.png'));
    await form.getByLabel('Nombre').fill('Transferencia');
    await form.getByRole('button', { name: 'Subir' }).click();
    await expectHidden(form);

    const link = proofs.getByRole('link', { name: 'Transferencia', exact: true });
    await expectVisible(link);
    const href = (await link.getAttribute('href'))!;
    const served = await page.request.get(`${t.url}${href}`);
    expect(served.status()).toBe(200);
    expect((await served.body()).subarray(0, 8).equals(SMALL_PNG.subarray(0, 8))).toBe(true);
    expect(await proofs.getByRole('link', { name: 'Descargar Transferencia' }).getAttribute('download')).toBe('Transferencia');

    await proofs.getByRole('button', { name: 'Borrar Transferencia' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
    await expectVisible(proofs.getByText('Este presupuesto no tiene justificantes de pago'));
  });

  it('attaches a pdf to a calculation, downloads the budget PDF and mails it', async () => {
    const { page } = b;
    const [budget, calculus] = await memberBudget('Documento');
    await signIn(page, 'cliente', `/budget-list/summary/${calculus}`);
    const files = page.getByRole('region', { name: 'Archivos adjuntos' });
    await files.getByRole('button', { name: 'Adjuntar archivo' }).click();
    const form = dialog(page);
    await form.locator('input[type=file]').setInputFiles(tempFile('plano.gif', Buffer.from('GIF89a')));
    await expectVisible(fieldError(form, 'La imagen debe de tener una extensión .png, .jpg o .pdf'));
    await form.locator('input[type=file]').setInputFiles(tempFile('plano.pdf', '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'));
    await form.getByLabel('Nombre').fill('Plano de la piscina');
    await form.getByRole('button', { name: 'Subir' }).click();
    await expectHidden(form);
    await expectVisible(files.getByRole('link', { name: 'Plano de la piscina', exact: true }));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`presupuesto-${budget.id}-${calculus}.pdf`);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Without a buyer e-mail, the dialog asks for an address.
    await page.getByRole('button', { name: 'Enviar por email' }).click();
    await expectPath(page, `/budget-list/summary/${calculus}/send`);
    const send = dialog(page);
    await send.getByRole('button', { name: 'Enviar' }).click();
    await expectVisible(fieldError(send, 'El presupuesto no tiene email del comprador: indique a quién enviarlo'));
    await send.getByLabel('Email').fill('obra@example.com');
    await send.getByRole('button', { name: 'Enviar' }).click();
    await expectVisible(notification(page, 'Presupuesto enviado a obra@example.com'));
    await expectHidden(send);
    // The mail leaves through the queue, just after the answer.
    await expect.poll(() => t.outbox().at(-1) ?? '').toContain('obra@example.com');
    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('application/pdf');
  });
});

describe('a save shows on every view of what it changed (issue 27 §2)', () => {
  // Burbuja 400 at 6,90 €/m², IVA 21 %, 25 € shipping below 600 €: an 8 × 4 pool with 0,15 m overlap is
  // 8,30 × 4,30 = 35,69 m² → 246,26 € + 25 € → 328,22 € with IVA; at 3,5 m wide, 8,30 × 3,80 = 31,54 m²
  // → 217,63 € + 25 € → 293,58 € (worked out by hand, and what a fresh load of the page shows).
  it('"Editar presupuesto" re-prices the budget: the Cálculos table and the summary show the new totals without a reload', async () => {
    const { page } = b;
    const [budget, calculus] = await memberBudget('Medidas corregidas');
    await signIn(page, 'cliente', `/budget-list/budget-calculus-list/${budget.id}`);
    const row = page.getByTestId(`calculus-${calculus}`);
    const cells = () => row.getByRole('cell').allInnerTexts();
    await expect.poll(cells, { timeout: UI_TIMEOUT }).toEqual(expect.arrayContaining(['246,26 €', '328,22 €']));

    await page.getByRole('button', { name: 'Editar presupuesto' }).click();
    const form = dialog(page);
    await expect.poll(() => form.getByLabel('Ancho B (m)').inputValue()).toBe('4,00');
    await form.getByLabel('Ancho B (m)').fill('3,5');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expect.poll(cells, { timeout: UI_TIMEOUT }).toEqual(expect.arrayContaining(['217,63 €', '293,58 €']));
    await expectVisible(page.getByTestId('budget-header').getByText('8,00 m × 3,50 m'));
    expect(await violationsOf(page)).toEqual([]);

    await row.getByRole('link', { name: 'Resumen' }).click();
    await expectPath(page, `/budget-list/summary/${calculus}`);
    await expect.poll(() => page.getByTestId('summary-subtotal').innerText(), { timeout: UI_TIMEOUT }).toBe('217,63 €');
    await expect.poll(() => page.getByTestId('summary-total').innerText(), { timeout: UI_TIMEOUT }).toBe('293,58 €');
  });

  it('on a 390 × 844 phone the re-priced calculation shows its new total without a reload', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 } });
    const [budget, calculus] = await memberBudget('Medidas en el móvil');
    await signIn(page, 'cliente', `/budget-list/budget-calculus-list/${budget.id}`);
    const block = page.getByTestId(`calculus-${calculus}`);
    await expectVisible(block.getByText('328,22 €'));
    await page.getByRole('button', { name: 'Editar presupuesto' }).click();
    const form = dialog(page);
    await expect.poll(() => form.getByLabel('Ancho B (m)').inputValue()).toBe('4,00');
    await form.getByLabel('Ancho B (m)').fill('3,5');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(block.getByText('293,58 €'));
    await page.screenshot({ path: '/tmp/forms-budget-phone.png' });
    expect(await violationsOf(page)).toEqual([]);
  });
});
