/**
 * The central flow as people go through it, by clicking only: after /login no URL is typed (a reload
 * is a person's F5). Staff: a budget for a client, priced, accepted, turned into an order, finished,
 * reviewed, validated, shipped and tracked. A member: its own budget, accepted by staff, to an order it
 * finishes and follows in "Mis pedidos". Totals agree from the budget summary to the finished order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { madridToday } from '../../src/shared/madrid';
import { startTestApp, type TestApp } from '../support/app';
import { formatDay } from '../../src/shared/format';
import {
  chooseOption,
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  loginAs,
  openSubmenu,
  selectOption,
  useBrowser,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
/** An MUI select by its label (its accessible name also holds the chosen option), then one of its options. */
const pick = (page: Page, scope: Page | Locator, label: string, option: string | RegExp) =>
  selectOption(page, scope.getByRole('combobox', { name: label }), option);
const text = async (locator: Locator) => (await locator.innerText()).trim();
const today = madridToday();
const [y, m, d] = today.split('-');

/** The buyer and shipping data of the finish dialog, typed field by field. */
const BUYER: Record<string, string> = {
  'Comprador': 'Lucía Navarro', 'Email': 'lucia@ejemplo.es', 'Teléfono': '600777888', 'Dirección de facturación': 'Calle Mayor 12',
  'Código postal': '41001', 'Población': 'Sevilla', 'Provincia': 'Sevilla', 'País': 'España',
};

/** A new budget from the budget dialog: client (staff), summer bubble cover, dimensions, reference. */
async function newBudget(page: Page, reference: string, client?: string) {
  await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
  const form = dialog(page);
  if (client) {
    await form.getByLabel('Cliente').fill(client.slice(0, 6));
    await chooseOption(page, client);
  }
  await pick(page, form, 'Temporada', 'Verano');
  await pick(page, form, 'Tipo de cobertor', 'Cobertor de burbujas');
  await form.getByLabel('Largo A (m)').fill('9.5');
  await form.getByLabel('Ancho B (m)').fill('4.5');
  await form.getByLabel('Solape (m)').fill('0.15');
  await form.getByLabel('Esquinas redondeadas').check();
  await form.getByLabel('Referencia').fill(reference);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectPath(page, /^\/budget-list\/budget-calculus-list\/\d+$/);
}

/** From a just-saved budget to its summary: the prominent "Tabla de precios", a cover and, optionally, a reel. */
async function priceIt(page: Page, withReel: boolean, fits: () => Promise<void> = async () => undefined) {
  await expectVisible(page.getByTestId('calculus-next-step'));
  const priceTable = page.getByRole('link', { name: 'Tabla de precios' }).first();
  expect(await priceTable.getAttribute('class')).toContain('MuiButton-contained');
  await priceTable.click();
  await fits();
  await page.getByRole('button', { name: 'Elegir Burbuja 400 micras' }).click();
  await expectVisible(page.getByTestId('cover-option').filter({ hasText: 'Burbuja 400 micras' }).getByText('Elegido'));
  if (withReel) {
    const reel = page.getByTestId('reel-offer').filter({ hasText: 'Enrollador telescópico' }).filter({ hasText: 'Sin motor' }).first();
    await reel.getByRole('button', { name: /^Añadir Enrollador telescópico/ }).click();
    // Added: it says so, and the button no longer invites a second one by mistake.
    await expectVisible(reel.getByText('Añadido', { exact: true }));
    await expectVisible(reel.getByRole('button', { name: /^Añadir otro Enrollador telescópico/ }));
  }
  await page.getByRole('link', { name: 'Ver resumen' }).click();
  await expectPath(page, /^\/budget-list\/summary\/\d+$/);
  await expectVisible(page.getByTestId('summary-total'));
  await fits();
}

/** "Pasar a pedido" from an accepted budget's summary: the dialog starts with the calculation's cover. */
async function toOrder(page: Page) {
  await page.getByRole('button', { name: 'Pasar a pedido' }).click();
  const order = dialog(page);
  await expect.poll(() => order.getByRole('combobox', { name: 'Cobertor' }).innerText()).toContain('Burbuja 400 micras');
  await order.getByRole('button', { name: 'Pasar a pedido' }).click();
  await expectPath(page, /^\/order-cart\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** "Terminar pedido": buyer data typed, shipping copied, delivery today. */
async function finish(page: Page, staff: boolean) {
  await page.getByRole('button', { name: 'Terminar pedido' }).click();
  const form = dialog(page);
  await expectVisible(form.getByText('Datos de facturación'));
  if (staff) await form.getByRole('button', { name: 'Copiar datos del cliente' }).click();
  for (const [label, value] of Object.entries(BUYER)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Copiar facturación en envío' }).click();
  await form.getByLabel('Fecha de entrega').fill(formatDay(today));
  await form.getByRole('button', { name: 'Terminar pedido' }).click();
  await expectHidden(form);
}

describe('journeys by clicking only', () => {
  it('staff: budget → price table → cover and reel → accept → order → finish → review → validate → consignment → tracking', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    const budgets = await openSubmenu(page, 'Presupuestos');
    await budgets.getByRole('link', { name: 'Borradores', exact: true }).click();
    await newBudget(page, 'Jardín de los naranjos', 'Jardines del Sur');
    await priceIt(page, true);
    const budgetTotal = await text(page.getByTestId('summary-total'));
    // Not accepted yet: the page says what is missing, in words.
    await expectVisible(page.getByTestId('order-next-step').filter({ hasText: 'el presupuesto debe estar aceptado' }));
    expect(await page.getByRole('button', { name: 'Pasar a pedido' }).isDisabled()).toBe(true);
    await pick(page, page, 'Estado', 'Aceptado');
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Estado del presupuesto actualizado' }));

    const orderId = await toOrder(page);
    await expect.poll(() => text(page.getByTestId('cart-total'))).toBe(budgetTotal);
    // Every line of the budget is in the cart: the cover, its rounded corners and the reel.
    await expectVisible(page.getByTestId('cart-line').filter({ hasText: 'Burbuja 400 micras' }));
    await expectVisible(page.getByTestId('cart-line').filter({ hasText: 'Enrollador telescópico' }));
    await expectVisible(page.getByTestId('cart-line').filter({ hasText: /esquinas redondeadas/i }));
    await finish(page, true);
    await expectPath(page, `/orders/details/${orderId}`);
    expect(await text(page.getByTestId('order-total'))).toBe(budgetTotal);

    // The order waits in "Pedidos sin revisar".
    const orders = await openSubmenu(page, 'Pedidos');
    await orders.getByRole('link', { name: 'Pedidos sin revisar', exact: true }).click();
    await expectPath(page, '/orders/without-review');
    await page.getByRole('row').filter({ hasText: 'Jardín de los naranjos' }).first().click();
    await expectPath(page, `/orders/details/${orderId}`);
    expect(await text(page.getByTestId('order-total'))).toBe(budgetTotal);
    await selectOption(page, page.getByRole('combobox', { name: 'Estado de revisión' }), 'Revisado', { exact: true });
    await expectVisible(page.getByTestId('order-state').filter({ hasText: 'Revisado' }));
    await page.getByLabel('Fecha de validación', { exact: true }).fill(`${d}/${m}/${y}`);
    await page.getByRole('button', { name: 'Validar pedido' }).click();
    await expectVisible(page.getByTestId('order-validated').filter({ hasText: `Sí, el ${d}/${m}/${y}` }));

    // Shipped: the day of the order calendar groups it in a consignment.
    const clients = await openSubmenu(page, 'Clientes');
    await clients.getByRole('link', { name: 'Calendario de envíos', exact: true }).click();
    const calendar = page.locator('section[aria-label="Calendario de pedidos"]');
    await calendar.locator(`td.fc-daygrid-day[data-date="${today}"]`).click({ position: { x: 8, y: 8 } });
    const day = page.getByRole('dialog', { name: `Pedidos del ${d}/${m}/${y}` });
    await day.getByRole('checkbox', { name: `Seleccionar pedido ${orderId}` }).check();
    await day.getByRole('button', { name: 'Crear envío' }).click();
    const consignment = page.getByRole('dialog', { name: 'Crear envío' });
    await consignment.getByLabel('Transportista').fill('Seur');
    await consignment.getByLabel('Nº de seguimiento').fill('SEUR-JARDIN');
    await consignment.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(consignment);
    await day.getByRole('link', { name: /^Envío nº \d+$/ }).first().click();
    await expectPath(page, /^\/clientes\/consignments\/details\/\d+$/);

    // From the consignment to the order, and from the order to its public tracking page.
    await page
      .getByTestId('consignment-details')
      .getByRole('table', { name: 'Pedidos' })
      .getByRole('link', { name: String(orderId), exact: true })
      .click();
    await expectPath(page, `/orders/details/${orderId}`);
    // The tracking page opens in a tab of its own, as the client would open the link it was sent.
    const opened = b.context.waitForEvent('page');
    await page.getByRole('link', { name: /^[0-9A-F]{20}$/ }).click();
    const tracking = await opened;
    await expectPath(tracking, /^\/track-order\/[0-9A-F]{20}$/);
    const tracked = tracking.getByTestId('tracked-order');
    await expectVisible(tracked.getByRole('heading', { name: `Pedido nº ${orderId}` }));
    await expectVisible(tracked.getByTestId('fact-Estado').filter({ hasText: 'Revisado' }));
    await expectVisible(tracking.getByText('SEUR-JARDIN'));
  });

  it('member: its budget, accepted by staff, to an order it finishes and finds in "Mis pedidos" with the budget\'s total', async () => {
    await memberJourney(b.page, 'Casa de la playa', false);
  });

  it('member on a phone (390 × 844): the same journey with a thumb, nothing ever wider than the screen', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await memberJourney(page, 'Casa del pinar', true);
  });
});

/** A member's budget, accepted by staff, to its finished order in "Mis pedidos"; on a phone each page fits the screen. */
async function memberJourney(page: Page, reference: string, phone: boolean) {
  const fits = async () => { if (phone) await expectNoSideScroll(page); };
  await loginAs(page, t.url, 'cliente', 'cliente1234');
  await fits();
  if (phone) await page.getByRole('button', { name: 'Abrir o cerrar el menú' }).click();
  await sidebar(page).getByRole('link', { name: 'Presupuestos', exact: true }).click();
  await fits();
  await newBudget(page, reference);
  await fits();
  await priceIt(page, false, fits);
  const budgetTotal = await text(page.getByTestId('summary-total'));
  // A draft says what happens next instead of ending in a dead end.
  await expectVisible(page.getByTestId('order-next-step').filter({ hasText: 'el personal revisará el presupuesto y lo aceptará' }));
  expect(await page.getByRole('button', { name: 'Pasar a pedido' }).isDisabled()).toBe(true);

  // Staff accept it (their own screens are tested above); the member's page shows it on its next load.
  const admin = await t.login('admin');
  const list = await t.call('POST', '/api/budget/getBudgetList', {
    token: admin,
    body: { page: 1, per_page: 5, filters: { budget_status_id: 0, q: reference } },
  });
  const budgetId = list.body.data.items[0].id as number;
  expect(
    (await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budgetId, budget_status_id: 2 } })).body
      .code,
  ).toBe(20001);
  await page.reload();

  await fits();
  const orderId = await toOrder(page);
  await fits();
  await expect.poll(() => text(page.getByTestId('cart-total'))).toBe(budgetTotal);
  await finish(page, false);
  await expectPath(page, '/client-orders/index');
  await fits();
  // A phone lists orders as rows of links, a wider screen as a table.
  await (phone ? page.getByRole('link', { name: new RegExp(reference) }) : page.getByRole('row').filter({ hasText: reference }))
    .first()
    .click();
  await expectPath(page, `/client-orders/details/${orderId}`);
  expect(await text(page.getByTestId('order-total'))).toBe(budgetTotal);
  await expectVisible(page.getByTestId('order-state').filter({ hasText: 'Pendiente de revisión' }));
  await fits();
}
