/**
 * What a person types is what is kept, or refused in Spanish (issue 27 §4): an order's delivery day is
 * today or later (Madrid's), a phone is a phone in every form, and a pool's stairwell fits its pool
 * (docs/business-rules.md "Delivery date", "Pool shape"; docs/validation.md).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/tables';
import { Code } from '../../src/shared/codes';
import { madridToday } from '../../src/shared/madrid';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, jsonData, tokenOf } from './helpers';
import { ANTONIO_GIL } from '../support/addresses';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const PAST = 'La fecha de entrega debe ser hoy o posterior';
const BUBBLE_TYPE = 3;
const BUBBLE_400 = 4;

/** The Madrid day `days` from today (negative: before). */
const dayFromToday = (days: number) => new Date(Date.parse(`${madridToday()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const address = (overrides: Row = {}) => ({
  customer_info: 'Piscina Sr. Gil',
  ...ANTONIO_GIL,
  delivery_date: dayFromToday(7),
  ...overrides,
});

/** A fresh member's cart with one article. */
async function cart() {
  const user = await createUser(t, admin, { client_id: 1 });
  const token = await tokenOf(t, user.username, user.password);
  const order = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 1, quantity: 1 } }), 20001);
  return { token, id: order.id as number };
}

const finish = (token: string, id: number, body: Row) =>
  t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: id, ...body } });

describe('the delivery day of an order', () => {
  it('finishing a cart refuses a day before today, Madrid\'s, and keeps the cart as it was', async () => {
    const { token, id } = await cart();
    for (const day of ['2020-01-01', dayFromToday(-1)]) {
      expectError(await finish(token, id, address({ delivery_date: day })), 400, Code.error, PAST, { delivery_date: PAST });
    }
    expect(expectOk(await t.call('GET', `/api/order/getById/${id}`, { token })).status_id).toBe(0);
    const finished = expectOk(await finish(token, id, address({ delivery_date: madridToday() })), 20001);
    expect(finished.delivery_date.slice(0, 10)).toBe(madridToday());
  });

  it('staff editing an order: a changed day is today or later; a past day already stored may stay while other data change', async () => {
    const { token, id } = await cart();
    expectOk(await finish(token, id, address()), 20001);
    const update = (data: Row) => t.call('POST', '/api/order/update', { token: admin, body: jsonData({ id, ...data }) });
    expectError(await update({ delivery_date: '2020-01-01' }), 400, Code.error, PAST, { delivery_date: PAST });

    // An order delivered long ago (stored before this rule, or its day simply passed).
    await t.ctx.db.update(orders).set({ delivery_date: '2024-03-01 00:00:00' }).where(eq(orders.id, id));
    const saved = expectOk(await update({ buyer_city: 'Xàtiva', delivery_date: '2024-03-01' }), 20001);
    expect(saved).toMatchObject({ buyer_city: 'Xàtiva', delivery_date: expect.stringMatching(/^2024-03-01/) });
    expectError(await update({ delivery_date: '2024-02-01' }), 400, Code.error, PAST, { delivery_date: PAST });
    expect(expectOk(await update({ delivery_date: dayFromToday(1) }), 20001).delivery_date.slice(0, 10)).toBe(dayFromToday(1));
  });
});

describe('a phone', () => {
  it.each([
    ['words', 'seis', 'Introduzca un número válido'],
    ['spaces', '600 222 333', 'Introduzca un número válido'],
    ['too few digits', '60022', 'El número es demasiado corto'],
    ['too many digits', '6002223334', 'El número es demasiado largo'],
    ['a "+" without digits', '+', 'Introduzca un número válido'],
    ['a "+" and too many digits', '+3519123456789012', 'El número es demasiado largo'],
  ])('finishing a cart refuses %s as the buyer\'s phone', async (_case, phone, message) => {
    const { token, id } = await cart();
    expectError(await finish(token, id, address({ buyer_phone_number: phone })), 400, Code.error, message, { buyer_phone_number: message });
  });

  it('a buyer abroad gives "+", the country code and the number; it is stored as typed', async () => {
    const { token, id } = await cart();
    expect(expectOk(await finish(token, id, address({ buyer_phone_number: '+351912345678' })), 20001).buyer_phone_number).toBe(
      '+351912345678',
    );
  });

  it('staff editing an order, a budget\'s buyer and its client details refuse "seis"', async () => {
    const { token, id } = await cart();
    expectOk(await finish(token, id, address()), 20001);
    const error = { buyer_phone_number: 'Introduzca un número válido' };
    expectError(
      await t.call('POST', '/api/order/update', { token: admin, body: jsonData({ id, buyer_phone_number: 'seis' }) }),
      400,
      Code.error,
      undefined,
      error,
    );

    const pool = { pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 8, b: 4 };
    expectError(
      await t.call('POST', '/api/budget/create', { token: cliente, body: jsonData({ ...pool, buyer_phone_number: 'seis' }) }),
      400,
      Code.error,
      undefined,
      error,
    );
    const budget = expectOk(await t.call('POST', '/api/budget/create', { token: cliente, body: jsonData(pool) }), 20001);
    const details = {
      buyer_email: 'lucia@ejemplo.es',
      buyer_name: 'Lucía Romero',
      buyer_phone_number: 'seis',
      buyer_address_1: 'Calle Sol 3',
      buyer_delivery_address_1: 'Calle Sol 3',
      buyer_postal_code: '3001',
      buyer_city: 'Alicante',
      delivery_time_zone: 'Alicante',
      buyer_country: 'España',
      remark_OB1PCL: 'Chalet Romero',
    };
    expectError(
      await t.call('POST', '/api/budget/updateClientDetails', { token: cliente, body: { budget_id: budget.id, ...details } }),
      400,
      Code.error,
      undefined,
      error,
    );
    const saved = expectOk(
      await t.call('POST', '/api/budget/updateClientDetails', {
        token: cliente,
        body: { budget_id: budget.id, ...details, buyer_phone_number: '965123456' },
      }),
      20001,
    );
    expect(saved.buyer_phone_number).toBe('965123456');
  });

  it('a client\'s and a user\'s phone stay Spanish: 9 digits, no "+"', async () => {
    const client = expectOk(await t.call('GET', '/api/client/getById/1', { token: admin }));
    expectError(
      await t.call('POST', '/api/client/update', {
        token: admin,
        body: jsonData({ id: 1, phone_number: '+34961234567', updated_at: client.updated_at }),
      }),
      400,
      Code.error,
      undefined,
      { phone_number: 'Introduzca un número válido' },
    );
    expectError(
      await t.call('POST', '/api/user/create', {
        token: admin,
        body: jsonData({
          username: 'telefono',
          first_name: 'A',
          last_name: 'B',
          email: 'telefono@ejemplo.es',
          phone: 'seis',
          roles: 1,
          password: 'contraseña1',
          password_confirm: 'contraseña1',
        }),
      }),
      400,
      Code.error,
      undefined,
      { phone: 'Introduzca un número válido' },
    );
  });
});

describe('a stairwell fits its pool: on side A, C wide, E from the corner', () => {
  const pool = (overrides: Row = {}) => ({
    pool_subcategory_id: 1,
    pool_cover_type_id: BUBBLE_TYPE,
    a: 8,
    b: 4,
    extra_distance: 0.15,
    stairwell: true,
    c: 2,
    d: 1,
    ...overrides,
  });
  const wider = { c: 'La escalera (C) no puede medir más que el largo A de la piscina' };
  const pastCorner = { e: 'La escalera no cabe en el largo A: la distancia E más la escalera C lo superan' };

  it('a budget refuses a 12 m stairwell on an 8 × 4 m pool, or one that passes the corner; an exact fit is accepted', async () => {
    const create = (overrides: Row) => t.call('POST', '/api/budget/create', { token: cliente, body: jsonData(pool(overrides)) });
    expectError(await create({ c: 12 }), 400, Code.error, undefined, wider);
    expectError(await create({ c: 6, e: 3 }), 400, Code.error, undefined, pastCorner);
    // Without a stairwell its sizes are not read.
    expectOk(await create({ stairwell: false, c: 12 }), 20001);
    const budget = expectOk(await create({ c: 2.1, e: 5.9 }), 20001);
    // Editing the budget: the pool as it will be stored (A made shorter) is checked.
    expectError(
      await t.call('POST', '/api/budget/update', { token: cliente, body: jsonData({ id: budget.id, a: 7 }) }),
      400,
      Code.error,
      undefined,
      pastCorner,
    );
  });

  it('the calculators and the public calculator refuse it too', async () => {
    expectError(
      await t.call('POST', '/api/orderCalculus/getPrices', { token: cliente, body: pool({ c: 12 }) }),
      400,
      Code.error,
      undefined,
      wider,
    );
    const calculation = { ...pool({ c: 12 }), pool_cover_id: BUBBLE_400, quantity: 1 };
    expectError(
      await t.call('POST', '/api/order/createWithOrderCalculus', { token: cliente, body: { order: {}, order_calculus: calculation } }),
      400,
      Code.error,
      undefined,
      wider,
    );
    expectError(await t.call('POST', '/api/calculator/price', { body: pool({ c: 6, e: 3 }) }), 400, Code.error, undefined, pastCorner);
  });
});
