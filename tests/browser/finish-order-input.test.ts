/**
 * What a person types is what is kept, or refused in Spanish next to the field (issue 27 §4, §8): a
 * member's "Terminar pedido" starts with its own client's data; a past delivery day and a phone that is
 * not one are refused with the typed text kept; staff may keep an old order's stored day; a stairwell
 * wider than the pool is refused on its field; the cart's shipping reads "15,50".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { orders } from '../../src/server/db/tables';
import { formatDay } from '../../src/shared/format';
import { madridToday } from '../../src/shared/madrid';
import { startTestApp, type TestApp } from '../support/app';
import { createUser, dataOf } from '../api/helpers';
import {
  chooseOption,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  useBrowser,
  violationsOf,
} from '../support/browser';

type Row = Record<string, any>;
const AGUA_AZUL = 1;
const PAST = 'La fecha de entrega debe ser hoy o posterior';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login('admin');
});
afterAll(async () => { await t?.close(); });

/** The API's data, failing on any other code than the expected one. */
const data = (method: 'GET' | 'POST', url: string, token: string, body?: unknown, code?: number) =>
  dataOf(t, method, url, token, body, code);

/** A fresh member of a client with one article in its cart. */
async function memberWithCart(clientId = AGUA_AZUL) {
  const { username, password } = await createUser(t, admin, { client_id: clientId, first_name: 'Nuria', last_name: 'Entrada Prueba' });
  const token = await t.login(username, password);
  const cart: Row = await data('POST', '/api/orderItem/create', token, { item_property_value_id: 1, quantity: 1 }, 20001);
  return { username, password, token, orderId: cart.id as number };
}

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const valueOf = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true }).inputValue();

describe('a member finishing its order', () => {
  it("finds its client's data in the form; what it types instead is saved, and bad input is refused next to its field", async () => {
    const { page } = b;
    const member = await memberWithCart();
    const client: Row = await data('GET', `/api/client/getById/${AGUA_AZUL}`, admin);
    await loginAs(page, t.url, member.username, member.password, `/order-cart/${member.orderId}`);
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Datos de facturación'));

    // What «Copiar datos del cliente» copies for staff, there from the start.
    const fromClient: Record<string, string> = {
      'Comprador': client.name,
      'Email': client.email,
      'Teléfono': client.phone_number,
      'Dirección de facturación': client.address,
      'Código postal': client.postal_code.padStart(5, '0'),
      'Población': client.city,
      'Provincia': client.province,
      'País': client.country,
      'Nombre de envío': client.name,
      'Dirección de envío': client.address,
      'Código postal de envío': client.postal_code.padStart(5, '0'),
      'Población de envío': client.city,
      'Provincia de envío': client.province,
      'País de envío': client.country,
    };
    for (const [label, value] of Object.entries(fromClient)) await expect.poll(() => valueOf(page, label), { message: label }).toBe(value);
    expect(await valueOf(page, 'Referencia')).toBe('');

    // A phone that is not one, and a day already gone: refused in Spanish, the typed text kept.
    await form.getByLabel('Referencia', { exact: true }).fill('Piscina de la Sra. Pons');
    await form.getByLabel('Teléfono', { exact: true }).fill('seis');
    await form.getByLabel('Fecha de entrega').fill('01/01/2020');
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectVisible(fieldError(form, 'Introduzca un número válido'));
    await expectVisible(fieldError(form, PAST));
    expect(await valueOf(page, 'Teléfono')).toBe('seis');
    expect(await form.getByLabel('Fecha de entrega').inputValue()).toBe('01/01/2020');
    expect((await data('GET', `/api/order/getById/${member.orderId}`, member.token)).status_id, 'nothing sent yet').toBe(0);

    // The phone of 390 × 844: the dialog fits and passes axe, its messages showing.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/i27-finish-dialog-390.png', fullPage: false });
    expect(await violationsOf(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Its own changes win over the client's data.
    await form.getByLabel('Teléfono', { exact: true }).fill('+351912345678');
    await form.getByLabel('Comprador', { exact: true }).fill('Marta Pons');
    await form.getByLabel('Población de envío', { exact: true }).fill('Gandia');
    await form.getByLabel('Fecha de entrega').fill(formatDay(madridToday()));
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectPath(page, '/client-orders/index');

    const order: Row = await data('GET', `/api/order/getById/${member.orderId}`, member.token);
    expect(order).toMatchObject({
      status_id: 1,
      customer_info: 'Piscina de la Sra. Pons',
      buyer_name: 'Marta Pons',
      buyer_phone_number: '+351912345678',
      buyer_email: client.email,
      buyer_address_1: client.address,
      buyer_city: client.city,
      ship_name: client.name,
      ship_city: 'Gandia',
      ship_country: client.country,
      delivery_date: expect.stringMatching(new RegExp(`^${madridToday()}`)),
    });
  });
});

describe('staff editing an order', () => {
  it('keep the past delivery day it has while changing other data; a changed day must be today or later', async () => {
    const { page } = b;
    const member = await memberWithCart();
    const finished: Row = await data(
      'POST',
      '/api/order/finishOrderCartAndChangeOrderReviewStatus',
      member.token,
      {
        order_id: member.orderId,
        customer_info: 'Pedido antiguo',
        buyer_name: 'Rosa Vidal',
        buyer_email: 'rosa@ejemplo.es',
        buyer_phone_number: '600111222',
        buyer_address_1: 'Calle Mar 2',
        buyer_postal_code: '03001',
        buyer_city: 'Alicante',
        buyer_province: 'Alicante',
        buyer_country: 'España',
        ship_name: 'Rosa Vidal',
        ship_address_1: 'Calle Mar 2',
        ship_postal_code: '03001',
        ship_city: 'Alicante',
        ship_province: 'Alicante',
        ship_country: 'España',
      },
      20001,
    );
    // Delivered long ago.
    await t.ctx.db.update(orders).set({ delivery_date: '2024-03-01 00:00:00' }).where(eq(orders.id, finished.id));

    await loginAs(page, t.url, 'admin', 'admin1234', `/orders/details/${finished.id}`);
    await page.getByRole('button', { name: 'Editar datos' }).click();
    const form = dialog(page);
    await expect.poll(() => form.getByLabel('Fecha de entrega', { exact: true }).inputValue()).toBe('01/03/2024');
    await form.getByLabel('Población de envío', { exact: true }).fill('Elche');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    expect(await data('GET', `/api/order/getById/${finished.id}`, admin)).toMatchObject({
      ship_city: 'Elche',
      delivery_date: expect.stringMatching(/^2024-03-01/),
    });

    await page.getByRole('button', { name: 'Editar datos' }).click();
    await expect.poll(() => form.getByLabel('Fecha de entrega', { exact: true }).inputValue()).toBe('01/03/2024');
    await form.getByLabel('Fecha de entrega', { exact: true }).fill('01/02/2024');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, PAST));
    expect(await form.getByLabel('Fecha de entrega', { exact: true }).inputValue()).toBe('01/02/2024');
    expect((await data('GET', `/api/order/getById/${finished.id}`, admin)).delivery_date).toMatch(/^2024-03-01/);
  });
});

describe('the cart page', () => {
  it('shows the staff\'s shipping price as an amount: "15,50"', async () => {
    const { page } = b;
    const cart: Row = await data('POST', '/api/orderItem/create', admin, { client_id: 2, item_property_value_id: 1, quantity: 1 }, 20001);
    await data(
      'POST',
      '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices',
      admin,
      { order_id: cart.id, shipping_price: 15.5 },
      20001,
    );
    await loginAs(page, t.url, 'admin', 'admin1234', `/order-cart/${cart.id}`);
    await expect.poll(() => page.getByLabel('Portes (€)').inputValue()).toBe('15,50');
  });
});

describe('a budget\'s pool', () => {
  it('refuses a 12 m stairwell on an 8 × 4 m pool on the stairwell\'s field, keeping what was typed', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/budget-list/client-budgets');
    await page.getByRole('button', { name: 'Nuevo presupuesto' }).click();
    const form = dialog(page);
    await selectOption(page, form.getByRole('combobox', { name: /^Temporada/ }), 'Verano', { exact: true });
    await form.getByRole('combobox', { name: 'Tipo de cobertor' }).click();
    await chooseOption(page, 'Cobertor de burbujas');
    await form.getByLabel('Largo A (m)').fill('8');
    await form.getByLabel('Ancho B (m)').fill('4');
    await form.getByLabel('Referencia').fill('Escalera imposible');
    await form.getByLabel('Escalera', { exact: true }).check();
    await form.getByLabel('Escalera C (m)').fill('12');
    await form.getByLabel('Escalera D (m)').fill('1');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'La escalera (C) no puede medir más que el largo A de la piscina'));
    expect(await form.getByLabel('Escalera C (m)').inputValue()).toBe('12');

    // Placed 3 m from the corner, a 6 m stairwell passes it: said on E.
    await form.getByLabel('Escalera C (m)').fill('6');
    await form.getByLabel('Distancia E (m)').fill('3');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'La escalera no cabe en el largo A: la distancia E más la escalera C lo superan'));
    await form.getByLabel('Distancia E (m)').fill('2');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectPath(page, /^\/budget-list\/budget-calculus-list\/\d+$/);
  });
});
