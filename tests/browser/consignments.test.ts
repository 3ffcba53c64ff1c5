/**
 * Consignments through the screens (docs/screens.md "Clients and consignments (admin)", "Client-member routes";
 * docs/business-rules.md): the staff find a delivery day in the order calendar with the jump-to-date picker, pick
 * its finished orders, create a consignment (the carrier is required), open its details and see both
 * orders; the member then finds it in /consignments-list/index with only its own order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { chooseOption, expectCount, expectHidden, expectPath, expectVisible, fieldError, loginAs, useBrowser } from '../support/browser';
import { createUser, expectOk, tokenOf } from '../api/helpers';
import { ROSA_VIDAL } from '../support/addresses';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
/** A day with no seeded deliveries: only this file's two orders are delivered on it. */
const DAY = '2031-05-14';
const DAY_TEXT = '14/05/2031';
/** The member's order (client 1, "Piscinas Agua Azul", the demo member's) and another client's. */
let mine: Row;
let theirs: Row;

const address = (reference: string) => ({
  customer_info: reference,
  ...ROSA_VIDAL,
  delivery_date: DAY,
});

/** A finished order of a client (through a fresh member's cart), delivered on DAY. */
async function finishedOrder(clientId: number, reference: string) {
  const user = await createUser(t, admin, { client_id: clientId });
  const token = await tokenOf(t, user.username, user.password);
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }), 20001);
  return expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: { order_id: cart.id, ...address(reference) },
    }),
    20001,
  ) as Row;
}

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
  mine = await finishedOrder(1, 'Piscina Ferrer');
  theirs = await finishedOrder(2, 'Piscina Roig');
  const day: Row[] = expectOk(await t.call('GET', `/api/order/getClientOrdersInDay/${DAY}`, { token: admin }));
  expect(day.map((o) => o.id).sort((a, b) => a - b)).toEqual([mine.id, theirs.id].sort((a, b) => a - b));
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
/** By CSS: while a dialog is open the page behind it is hidden from the accessibility tree. */
const calendar = (page: Page) => page.locator('section[aria-label="Calendario de pedidos"]');
const event = (page: Page, order: Row) => calendar(page).locator('.fc-event', { hasText: `Nº ${order.id} ·` });

/** The consignment of an order, as the server has it. */
async function consignmentOf(orderId: number): Promise<Row | undefined> {
  const list = expectOk(await t.call('GET', '/api/consignment/page/1?per_page=100', { token: admin }));
  return list.items.find((c: Row) => c.order_ids.includes(orderId));
}

describe('the staff', () => {
  it('find the day in the order calendar, group its orders in a consignment and open its details', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    // The menu reaches the calendar under "Clientes".
    await page.getByTestId('sidebar').getByRole('button', { name: 'Clientes', exact: true }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Calendario de envíos' }).click();
    await expectPath(page, '/clientes/consignments');
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Calendario de envíos', { exact: true }));

    // Spanish toolbar: previous / today / next and the three views; the week starts on Monday.
    for (const name of ['Hoy', 'Mes', 'Semana', 'Día']) await expectVisible(calendar(page).getByRole('button', { name, exact: true }));
    await expectVisible(calendar(page).locator('.fc-prev-button'));
    await expectVisible(calendar(page).locator('.fc-next-button'));
    expect((await calendar(page).locator('th.fc-col-header-cell').first().innerText()).trim()).toBe('lun');

    // The jump-to-date picker takes the calendar to the delivery day's month.
    await page.getByLabel('Ir a la fecha').fill(DAY_TEXT);
    await expectVisible(calendar(page).getByRole('heading', { name: 'mayo de 2031' }));
    await expectVisible(event(page, mine));
    expect((await event(page, mine).innerText()).trim()).toBe(`Nº ${mine.id} · Piscina Ferrer · Piscinas Agua Azul`);
    await expectVisible(event(page, theirs));
    await expectCount(calendar(page).locator('.fc-event.order-consigned'), 0);

    // Clicking the day opens its orders.
    await calendar(page).locator(`td.fc-daygrid-day[data-date="${DAY}"]`).click({ position: { x: 8, y: 8 } });
    const day = page.getByRole('dialog', { name: `Pedidos del ${DAY_TEXT}` });
    await expectVisible(day);
    const rows = day.getByRole('table', { name: 'Pedidos del día' }).getByRole('row');
    await expectCount(rows, 3);
    // The client's receiving hours (seeded for Piscinas Agua Azul: 09:00 to 14:00) tell the carrier when to go.
    await expectVisible(
      rows
        .filter({ hasText: 'Piscina Ferrer' })
        .filter({ hasText: 'Piscinas Agua Azul' })
        .getByRole('cell', { name: '09:00–14:00', exact: true }),
    );
    const create = day.getByRole('button', { name: 'Crear envío' });
    expect(await create.isDisabled()).toBe(true);
    await day.getByRole('checkbox', { name: `Seleccionar pedido ${mine.id}` }).check();
    await day.getByRole('checkbox', { name: `Seleccionar pedido ${theirs.id}` }).check();
    await expectVisible(day.getByText('2 pedidos seleccionados'));
    await create.click();

    // The dialog starts on the day at 12:00:00 and asks for the carrier first.
    const form = page.getByRole('dialog', { name: 'Crear envío' });
    await expectVisible(form);
    expect(await form.getByLabel('Fecha', { exact: true }).inputValue()).toBe('14/05/2031 12:00');
    await expectVisible(form.getByTestId('consignment-orders').getByText(`Nº ${mine.id} · Piscina Ferrer`));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca el transportista'));
    expect(await consignmentOf(mine.id)).toBeUndefined();

    await form.getByLabel('Fecha', { exact: true }).fill('14-05-2031 09:30');
    await form.getByLabel('Transportista').fill('Seur');
    await form.getByLabel('Nº de seguimiento').fill('SEUR-2031');
    await form.getByLabel('Observaciones').fill('Entregar por la mañana');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);

    const stored = await consignmentOf(mine.id);
    expect(stored).toMatchObject({
      date: '2031-05-14 09:30:00',
      carrier: 'Seur',
      tracking_number: 'SEUR-2031',
      remark: 'Entregar por la mañana',
    });
    expect([...stored!.order_ids].sort((x: number, y: number) => x - y)).toEqual([mine.id, theirs.id].sort((x, y) => x - y));

    // The day's orders now link to the consignment, and the calendar colours them.
    const links = day.getByRole('link', { name: `Envío nº ${stored!.id}` });
    await expectCount(links, 2);
    await expectCount(calendar(page).locator('.fc-event.order-consigned'), 2);

    await links.first().click();
    await expectPath(page, `/clientes/consignments/details/${stored!.id}`);
    const details = page.getByTestId('consignment-details');
    await expectVisible(details.getByRole('heading', { name: `Envío nº ${stored!.id}` }));
    expect(await details.getByLabel('Transportista').inputValue()).toBe('Seur');
    expect(await details.getByLabel('Fecha', { exact: true }).inputValue()).toBe('14/05/2031 09:30');
    const orders = details.getByRole('table', { name: 'Pedidos' });
    for (const order of [mine, theirs]) {
      const link = orders.getByRole('link', { name: String(order.id), exact: true });
      await expectVisible(link);
      expect(await link.getAttribute('href')).toBe(`/orders/details/${order.id}`);
    }
    await expectVisible(orders.getByRole('cell', { name: 'Piscina Roig', exact: true }));
    await expectVisible(orders.getByRole('columnheader', { name: 'Recepción', exact: true }));
    await expectVisible(orders.getByRole('cell', { name: '09:00–14:00', exact: true }));
  });

  it('list the consignments, edit one, remove and add back an order, and create one from the list', async () => {
    const { page } = b;
    const stored = (await consignmentOf(mine.id))!;
    await loginAs(page, t.url, 'admin', 'admin1234', '/clientes/consignments-list');
    const row = page.getByRole('row').filter({ hasText: 'SEUR-2031' });
    await expectVisible(row);
    await expectVisible(row.getByText('14/05/2031 09:30'));
    await row.click();
    await expectPath(page, `/clientes/consignments/details/${stored.id}`);

    const details = page.getByTestId('consignment-details');
    await details.getByLabel('Transportista').fill('');
    await details.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(details, 'Introduzca el transportista'));
    await details.getByLabel('Transportista').fill('MRW');
    await details.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(async () => (await consignmentOf(mine.id))?.carrier).toBe('MRW');

    const orders = details.getByRole('table', { name: 'Pedidos' });
    await details.getByRole('button', { name: `Quitar el pedido ${theirs.id}` }).click();
    await expectCount(orders.getByRole('link', { name: String(theirs.id), exact: true }), 0);
    await expect.poll(async () => (await consignmentOf(mine.id))?.order_ids).toEqual([mine.id]);

    await details.getByLabel('Añadir pedido').fill(String(theirs.id));
    await chooseOption(page, new RegExp(`^Nº ${theirs.id} · Piscina Roig`));
    await details.getByRole('button', { name: 'Añadir', exact: true }).click();
    await expectVisible(orders.getByRole('link', { name: String(theirs.id), exact: true }));
    await expect
      .poll(async () => [...((await consignmentOf(mine.id))?.order_ids ?? [])].sort((x, y) => x - y))
      .toEqual([mine.id, theirs.id].sort((x, y) => x - y));

    // "Añadir" on the list: the orders are searched; an order already sent moves to the new consignment.
    await details.getByRole('button', { name: 'Volver al listado' }).click();
    await expectPath(page, '/clientes/consignments-list');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Crear envío' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca el transportista'));
    await expectVisible(fieldError(form, 'Seleccione al menos un pedido'));
    await form.getByLabel('Transportista').fill('GLS');
    await form.getByLabel('Pedidos').fill(String(theirs.id));
    await chooseOption(page, new RegExp(`^Nº ${theirs.id} · Piscina Roig`));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    const moved = (await consignmentOf(theirs.id))!;
    expect(moved).toMatchObject({ carrier: 'GLS', order_ids: [theirs.id] });
    await expectPath(page, `/clientes/consignments/details/${moved.id}`);
    await expectVisible(
      page
        .getByTestId('consignment-details')
        .getByRole('table', { name: 'Pedidos' })
        .getByRole('link', { name: String(theirs.id), exact: true }),
    );
    expect((await consignmentOf(mine.id))?.order_ids).toEqual([mine.id]);
  });
});

describe('the client member', () => {
  it('sees the consignment in /consignments-list/index, with only its own order', async () => {
    const { page } = b;
    const stored = (await consignmentOf(mine.id))!;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    const entry = page.getByTestId('sidebar').getByRole('link', { name: 'Mis envíos' });
    await expectVisible(entry);
    expect(await entry.getAttribute('href')).toBe('/consignments-list/index');
    await entry.click();
    await expectPath(page, '/consignments-list/index');
    const row = page.getByRole('row').filter({ hasText: 'SEUR-2031' });
    await expectVisible(row);
    await row.click();
    await expectPath(page, `/consignments-list/details/${stored.id}`);

    const details = page.getByTestId('consignment-details');
    await expectVisible(details.getByRole('heading', { name: `Envío nº ${stored.id}` }));
    await expectVisible(details.getByText('MRW', { exact: true }));
    await expectCount(details.getByRole('textbox'), 0);
    await expectCount(details.getByRole('button', { name: 'Guardar' }), 0);
    const orders = details.getByRole('table', { name: 'Pedidos' });
    const own = orders.getByRole('link', { name: String(mine.id), exact: true });
    await expectVisible(own);
    expect(await own.getAttribute('href')).toBe(`/client-orders/details/${mine.id}`);
    await expectCount(orders.getByRole('row'), 2);
    await expectCount(details.getByText('Piscina Roig'), 0);

    // The staff's screens stay closed to a member.
    await page.goto(`${t.url}/clientes/consignments`);
    await expectPath(page, '/404');
  });
});
