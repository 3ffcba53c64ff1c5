/**
 * Cart, calculators, finishing, review and tracking of orders (docs/data.md order, docs/data.md order states, docs/api.md Order;
 * docs/business-rules.md).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/tables';
import { Code } from '../../src/shared/codes';
import { madridToday } from '../../src/shared/madrid';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, multipart, pdf, pdfText, png, tokenOf } from './helpers';
import { ANTONIO_GIL } from '../support/addresses';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const JARDINES = 2; // ship 30 €, no threshold, IVA 21 %
const BUBBLE_TYPE = 3;
const BUBBLE_400 = 4;
// Prices below are worked by hand (docs/business-rules.md, Cover price and Totals): area = (a + 2·o) × (b + 2·o),
// rounded up to 0.01 m²; a line = area × price per m², half-up to the cent, then × quantity; VAT half-up to the cent.
// The usual pool, 8 × 4 m with 0,15 m of overlap: 8,30 × 4,30 = 35,69 m².

/** A fresh member of a client, so that each test has its own current cart. */
async function member(clientId = 1) {
  const user = await createUser(t, admin, { client_id: clientId });
  return tokenOf(t, user.username, user.password);
}

const address = {
  customer_info: 'Piscina Sr. Gil',
  ...ANTONIO_GIL,
  delivery_date: '2036-12-15',
};
const calculation = (overrides: Row = {}) => ({
  pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 8, b: 4, extra_distance: 0.15, rounded_corners: false, stairwell: false,
  pool_cover_id: BUBBLE_400, quantity: 1, ...overrides,
});
const addArticle = (token: string, body: Row) =>
  t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 1, quantity: 1, ...body } });

describe('the cart', () => {
  it('adding to an empty cart creates the order (status 0) and makes it the user\'s current cart', async () => {
    const token = await member();
    const cart = expectOk(await addArticle(token, { quantity: 2 }), 20001);
    expect(cart).toMatchObject({ status_id: 0, order_review_status_id: null, client_id: 1, state: 'Carrito sin terminar' });
    expect(cart.order_items).toHaveLength(1);
    const info = expectOk(await t.call('GET', '/api/auth/info', { token })).user;
    expect(info).toMatchObject({ current_cart_order_id: cart.id, is_current_cart_order_a_draft: true });

    const reels = expectOk(await t.call('GET', '/api/reelDiameter/getReelsDiametersByReelId/1', { token: admin }));
    const again = expectOk(
      await t.call('POST', '/api/orderItem/create', { token, body: { reel_diameter_id: reels[0].id, quantity: 1 } }),
      20001,
    );
    expect(again.id).toBe(cart.id);
    expect(again.order_items.map((i: Row) => i.kind)).toEqual(['item', 'reel']);
    const [article] = again.order_items;
    expect(article).toMatchObject({ quantity_purchased: 2, currency: 'EUR', item_reference: 'ANC-SUE' });
    // An anchor, 3,50 € without VAT: 3,50 × 1,21 = 4,235 €, half a cent, up.
    expect(article).toMatchObject({ vat_exclusive_item_price: 3.5, item_price: 4.24 });
  });

  it('shipping follows the client: free from its threshold (Agua Azul: 600 €), else its price', async () => {
    const token = await member();
    const small = expectOk(await addArticle(token, { quantity: 1 }), 20001);
    expect(small.totals.shipping).toBe(25);
    const variations = expectOk(await t.call('GET', '/api/item/getFilteredItemPropertyValuesFromItem/4', { token }));
    const big = expectOk(await addArticle(token, { item_property_value_id: variations[0].id, quantity: 20 }), 20001);
    expect(big.totals.subtotal).toBeGreaterThanOrEqual(600);
    expect(big.totals.shipping).toBe(0);
    // One anchor at 3,50 € and 20 pool cleaners at 39,50 €: 793,50 €; VAT 793,50 × 21 % = 166,635 €, half a cent, up.
    expect(big.order_items.map((i: Row) => i.amount)).toEqual([3.5, 790]);
    expect(big.totals).toMatchObject({ subtotal: 793.5, shipping: 0, vat: 166.64, total: 960.14 });
  });

  it('quantities (min 1, step 1) and removing lines; a finished order\'s lines cannot change', async () => {
    const token = await member();
    const cart = expectOk(await addArticle(token, {}), 20001);
    const line = cart.order_items[0];
    const changed = expectOk(await t.call('POST', '/api/orderItem/update', { token, body: { id: line.id, quantity: 3 } }), 20001);
    expect(changed.order_items[0]).toMatchObject({ quantity_purchased: 3, amount: Math.round(line.vat_exclusive_item_price * 300) / 100 });
    for (const quantity of [0, 2.5, 'tres'])
      expectError(await t.call('POST', '/api/orderItem/update', { token, body: { id: line.id, quantity } }), 400, Code.error);
    // What a person types, refused under the field in Spanish: never 25 for "2,5", nor 1 for "1.000".
    for (const [quantity, message] of [
      ['2,5', 'La cantidad debe ser un número entero'],
      ['1.000', '«1.000» puede ser 1000 o 1,000: escríbalo sin punto o con coma'],
    ]) {
      expectError(await t.call('POST', '/api/orderItem/update', { token, body: { id: line.id, quantity } }), 400, Code.error, undefined, {
        quantity: message,
      });
      expectError(await addArticle(token, { quantity }), 400, Code.error, undefined, { quantity: message });
    }
    expect(expectOk(await t.call('POST', '/api/orderItem/delete', { token, body: { id: line.id } }), 20001).order_items).toEqual([]);
  });

  it('staff fill a cart for a client; a member never reaches another client\'s cart', async () => {
    expectError(await addArticle(admin, {}), 400, Code.error, undefined, { client_id: 'Seleccione un cliente' });
    const staffCart = expectOk(await addArticle(admin, { client_id: JARDINES }), 20001);
    expect(staffCart.client_id).toBe(JARDINES);
    const token = await member();
    expectError(await addArticle(token, { order_id: staffCart.id }), 404, Code.error);
    expectError(await t.call('GET', `/api/order/getById/${staffCart.id}`, { token }), 404, Code.error);
    expectError(await t.call('POST', '/api/orderItem/delete', { token, body: { id: staffCart.order_items[0].id } }), 404, Code.error);
  });
});

describe('calculators', () => {
  it('createWithOrderCalculus puts the cover lines into the cart, priced on the server', async () => {
    const token = await member();
    const res = expectOk(
      await t.call('POST', '/api/order/createWithOrderCalculus', {
        token,
        body: { order: {}, order_calculus: calculation({ rounded_corners: true, quantity: 2 }) },
      }),
      20001,
    );
    const order = expectOk(await t.call('GET', `/api/order/getById/${res.order_id}`, { token }));
    // 35,69 m² × 6,90 € = 246,261 → 246,26 € a cover, × 2; rounded corners, Agua Azul's 15 € a cover, × 2.
    expect(order.order_items.map((i: Row) => [i.kind, i.quantity_purchased, i.amount])).toEqual([
      ['cover', 2, 492.52],
      ['confection', 2, 30],
    ]);
    expect(order.order_calculus).toHaveLength(1);

    // The edit calculator changes the calculation; its lines follow.
    expectOk(
      await t.call('POST', '/api/orderCalculus/update', {
        token,
        body: { id: res.order_calculus_id, ...calculation({ a: 10, quantity: 1 }) },
      }),
      20001,
    );
    const edited = expectOk(await t.call('GET', `/api/order/getById/${res.order_id}`, { token }));
    expect(edited.order_items.map((i: Row) => i.kind)).toEqual(['cover']);
    expect(edited.order_items[0].amount).toBe(305.6); // 10,30 × 4,30 = 44,29 m² × 6,90 € = 305,601 €

    // Removing a calculation's line removes the calculation.
    const gone = expectOk(await t.call('POST', '/api/orderItem/delete', { token, body: { id: edited.order_items[0].id } }), 20001);
    expect({ items: gone.order_items.length, calculations: gone.order_calculus.length }).toEqual({ items: 0, calculations: 0 });
  });

  it('validates the calculation like a budget: dimensions, cover, reinforcement for type 1', async () => {
    const token = await member();
    expectError(
      await t.call('POST', '/api/order/createWithOrderCalculus', {
        token,
        body: { order_calculus: calculation({ a: '', pool_cover_id: null }) },
      }),
      400,
      Code.error,
      undefined,
      { a: 'Introduzca la medida A', pool_cover_id: 'Campo obligatorio' },
    );
    expectError(
      await t.call('POST', '/api/order/createWithOrderCalculus', {
        token,
        body: { order_calculus: calculation({ pool_subcategory_id: 2, pool_cover_type_id: 1, pool_cover_id: 1 }) },
      }),
      400,
      Code.error,
      undefined,
      { reinforcement_type_id: 'Campo obligatorio' },
    );
    expectError(
      await t.call('POST', '/api/order/createWithOrderCalculus', { token, body: { order_calculus: calculation({ pool_cover_id: 1 }) } }),
      400,
      Code.error,
      undefined,
      { pool_cover_id: 'Ese cobertor no está disponible para esta piscina' },
    );
    const info = expectOk(await t.call('GET', '/api/auth/info', { token })).user;
    // A refused calculation leaves no cart behind.
    expect(info.current_cart_order_id).toBeNull();
  });

  it('a calculation whose overlap is left blank has no overlap (0 m), as a budget\'s', async () => {
    const token = await member();
    const res = expectOk(
      await t.call('POST', '/api/order/createWithOrderCalculus', { token, body: { order_calculus: calculation({ extra_distance: '' }) } }),
      20001,
    );
    const order = expectOk(await t.call('GET', `/api/order/getById/${res.order_id}`, { token }));
    expect(order.order_calculus[0].extra_distance).toBe(0);
    expect(order.order_items[0].amount).toBe(220.8); // 8 × 4 = 32 m² × 6,90 €
  });

  it('getPrices gives the calculators every cover for the pool: a member\'s fare, staff\'s client or base prices', async () => {
    const pool = { pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 8, b: 4, extra_distance: 0.15 };
    const mine = expectOk(await t.call('POST', '/api/orderCalculus/getPrices', { token: cliente, body: pool }));
    expect(mine.options.map((o: Row) => o.cover_name)).toEqual(['Burbuja 400 micras', 'Burbuja 500 micras']);
    expect(mine.client_fare_id).toBe(1);
    const base = expectOk(await t.call('POST', '/api/orderCalculus/getPrices', { token: admin, body: pool }));
    expect(base.client_fare_id).toBeNull();
    expect(base.options[0].label).toMatch(/ € sin IVA$/);
  });

  it('data sheets (photo or PDF) belong to a calculation of one\'s own orders', async () => {
    const token = await member();
    const { order_calculus_id } = expectOk(
      await t.call('POST', '/api/order/createWithOrderCalculus', { token, body: { order_calculus: calculation() } }),
      20001,
    );
    const upload = (data: Buffer, name = 'Ficha', who = token) =>
      t.call('POST', '/api/dataSheetImage/create', {
        token: who,
        ...multipart({ data: JSON.stringify({ order_calculus_id, name }) }, { image: { filename: 'ficha.png', data } }),
      });
    expect(expectOk(await upload(png(10, 10)), 20001)).toMatchObject({ client_id: 1, name: 'Ficha' });
    expectOk(await upload(pdf()), 20001);
    expectError(await upload(Buffer.from('texto')), 400, Code.error, undefined, {
      image: 'La imagen debe de tener una extensión .png, .jpg o .pdf',
    });
    expectError(await upload(png(10, 10), ''), 400, Code.error, undefined, { name: 'Introduzca un nombre' });
    const other = await member(JARDINES);
    expectError(await upload(png(10, 10), 'Ajena', other), 404, Code.error);
  });
});

describe('finishing a cart', () => {
  it('an empty cart cannot be finished; the buyer and shipping data are required', async () => {
    const token = await member();
    const cart = expectOk(await addArticle(token, {}), 20001);
    const empty = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: { order_id: cart.id, tax_percentage: 500 },
    });
    expectError(empty, 400, Code.error);
    // Every field's message at once: the cart's basics and the address.
    expect(empty.body.error).toMatchObject({
      tax_percentage: 'El porcentaje debe estar entre 0 y 100',
      buyer_name: 'Introduzca el nombre del comprador',
      ship_address_1: 'Introduzca la dirección de envío',
    });
    const missing = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: { order_id: cart.id, ...address, buyer_email: 'x', ship_postal_code: '123' },
    });
    expect(missing.body.error).toEqual({
      buyer_email: 'Introduzca un email válido',
      ship_postal_code: 'Introduzca un código postal válido',
    });
    expectOk(await t.call('POST', '/api/orderItem/delete', { token, body: { id: cart.order_items[0].id } }), 20001);
    expectError(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
      409,
      Code.warning,
      'El carrito está vacío',
    );
  });

  it('a member\'s cart goes to review with the client\'s shipping and VAT, whatever it sends; its cart is then empty', async () => {
    const token = await member();
    const cart = expectOk(await addArticle(token, {}), 20001);
    const res = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: {
        order_id: cart.id,
        ...address,
        shipping_price: 0,
        tax_percentage: 0,
        force_advance_order_review_status_id: true,
        order_review_status_id_to_force: 3,
      },
    });
    const order = expectOk(res, 20001);
    expect(res.body.message).toBe(`Pedido nº ${cart.id} terminado`);
    expect(order).toMatchObject({
      status_id: 1,
      order_review_status_id: 2,
      shipping_price: 25,
      tax_percentage: 21,
      buyer_name: 'Antonio Gil',
      delivery_date: expect.stringMatching(/^2036-12-15/),
    });
    expect(order.history.map((h: Row) => h.state)).toEqual(['Carrito sin terminar', 'Pendiente de revisión']);
    expect(expectOk(await t.call('GET', '/api/auth/info', { token })).user.current_cart_order_id).toBeNull();
    expectError(
      await addArticle(token, { order_id: cart.id }),
      409,
      Code.warning,
      'El pedido ya está terminado: no se puede cambiar su contenido',
    );
  });

  it('staff may set shipping and VAT (audited) and force the review status', async () => {
    const cart = expectOk(await addArticle(admin, { client_id: JARDINES }), 20001);
    const basics = expectOk(
      await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
        token: admin,
        body: { order_id: cart.id, shipping_price: 12.5, tax_percentage: 10, order_remark: 'Urgente' },
      }),
      20001,
    );
    expect(basics).toMatchObject({ shipping_price: 12.5, tax_percentage: 10, order_remark: 'Urgente' });
    // The anchor, 3,50 € without VAT, at the 10 % staff set: 3,85 €.
    expect(basics.order_items[0]).toMatchObject({ vat_exclusive_item_price: 3.5, item_price: 3.85 });
    // A shipping price set by staff stays through line changes; fields left out keep their values.
    const more = expectOk(await addArticle(admin, { order_id: cart.id, quantity: 2 }), 20001);
    expect(more).toMatchObject({ shipping_price: 12.5, order_remark: 'Urgente' });
    const kept = expectOk(
      await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
        token: admin,
        body: { order_id: cart.id },
      }),
      20001,
    );
    expect(kept).toMatchObject({ shipping_price: 12.5, tax_percentage: 10, order_remark: 'Urgente' });
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ resource: 'order', record_id: String(cart.id) })}`, { token: admin }),
    );
    expect(audits.items.some((a: Row) => a.after?.shipping_price === '12.50')).toBe(true);
    const finished = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token: admin,
        body: {
          order_id: cart.id,
          ...address,
          shipping_price: 12.5,
          tax_percentage: 10,
          force_advance_order_review_status_id: true,
          order_review_status_id_to_force: 3,
        },
      }),
      20001,
    );
    expect(finished).toMatchObject({ order_review_status_id: 3, shipping_price: 12.5, tax_percentage: 10 });
  });

  it('updating the cart prices every line again with today\'s catalogue', async () => {
    const token = await member();
    const variations = expectOk(await t.call('GET', '/api/item/getFilteredItemPropertyValuesFromItem/5', { token: admin }));
    const cart = expectOk(await addArticle(token, { item_property_value_id: variations[0].id }), 20001);
    expectOk(
      await t.call('POST', '/api/itemPropertyValue/update', { token: admin, body: jsonData({ id: variations[0].id, value: 99.99 }) }),
      20001,
    );
    const again = expectOk(
      await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
        token,
        body: { order_id: cart.id, shipping_price: 0 },
      }),
      20001,
    );
    expect(again.order_items[0].vat_exclusive_item_price).toBe(99.99);
    expect(again.shipping_price).toBe(25);
    expectOk(
      await t.call('POST', '/api/itemPropertyValue/update', {
        token: admin,
        body: jsonData({ id: variations[0].id, value: variations[0].value }),
      }),
      20001,
    );
  });
});

describe('review, validation and lists', () => {
  async function finishedOrder() {
    const token = await member();
    const cart = expectOk(await addArticle(token, {}), 20001);
    return expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
      20001,
    ) as Row;
  }

  it('staff move the review status along the allowed transitions only', async () => {
    const order = await finishedOrder();
    const change = (to: number, token = admin) =>
      t.call('POST', '/api/order/changeReviewStatus', { token, body: { order_id: order.id, order_review_status_id: to } });
    expectError(await change(3, cliente), 403, Code.error);
    expect(expectOk(await change(3), 20001).order_review_status_id).toBe(3);
    expectError(await change(1), 400, Code.error, undefined, {
      order_review_status_id: 'Ese cambio de estado de revisión no está permitido',
    });
    expectOk(await change(2), 20001);
    const draft = expectOk(await change(1), 20001);
    expect(draft.history.map((h: Row) => h.state)).toEqual([
      'Carrito sin terminar',
      'Pendiente de revisión',
      'Revisado',
      'Pendiente de revisión',
      'Borrador',
    ]);
    // The generic update cannot skip the rules.
    const generic = expectOk(
      await t.call('POST', '/api/order/update', {
        token: admin,
        body: jsonData({ id: order.id, order_review_status_id: 3, buyer_city: 'Xàtiva' }),
      }),
      20001,
    );
    expect(generic).toMatchObject({ order_review_status_id: 1, buyer_city: 'Xàtiva' });
  });

  it('validateClientOrder marks an order valid with its date (staff only)', async () => {
    const order = await finishedOrder();
    expectError(
      await t.call('POST', '/api/order/validateClientOrder', {
        token: cliente,
        body: { order_id: order.id, validated_date: '2026-11-20' },
      }),
      403,
      Code.error,
    );
    expectError(
      await t.call('POST', '/api/order/validateClientOrder', { token: admin, body: { order_id: order.id, validated_date: '2026-02-30' } }),
      400,
      Code.error,
      undefined,
      { validated_date: 'Introduzca una fecha válida' },
    );
    const valid = expectOk(
      await t.call('POST', '/api/order/validateClientOrder', { token: admin, body: { order_id: order.id, validated_date: '2026-11-20' } }),
      20001,
    );
    expect(valid.is_valid).toBe(true);
    expect(valid.validated_date).toMatch(/^2026-11-20/);
  });

  it('getOrdersReview counts the orders to review; getFilteredOrders filters by client, company, dates, review and drafts', async () => {
    const before = expectOk(await t.call('GET', '/api/order/getOrdersReview', { token: admin })).count;
    const order = await finishedOrder();
    expect(expectOk(await t.call('GET', '/api/order/getOrdersReview', { token: admin })).count).toBe(before + 1);
    expectError(await t.call('GET', '/api/order/getOrdersReview', { token: cliente }), 403, Code.error);

    const list = (filters: Row) =>
      t.call('POST', '/api/order/getFilteredOrders', { token: admin, body: { page: 1, per_page: 100, filters } });
    const toReview = expectOk(await list({ order_review_status_id: 2, client_id: 1 }));
    expect(toReview.items.some((o: Row) => o.id === order.id)).toBe(true);
    expect(toReview.items.every((o: Row) => o.order_review_status_id === 2 && o.client_id === 1)).toBe(true);
    const today = madridToday();
    expect(expectOk(await list({ from_date: today, to_date: today })).items.some((o: Row) => o.id === order.id)).toBe(true);
    expect(expectOk(await list({ to_date: '2020-01-01' })).total).toBe(0);
    expect(expectOk(await list({ invoicing_company_id: 2, client_id: 1 })).total).toBe(0);
    const drafts = expectOk(await list({ only_drafts: true }));
    expect(drafts.items.every((o: Row) => o.status_id === 0 || o.order_review_status_id === 1)).toBe(true);
    expectError(await t.call('POST', '/api/order/getFilteredOrders', { token: cliente, body: { page: 1 } }), 403, Code.error);
  });

  it('lists each order with the total its details show (lines, shipping and VAT), to the cent', async () => {
    const order = await finishedOrder();
    for (const [route, token] of [['getFilteredOrders', admin], ['getClientFilteredOrders', cliente]] as const) {
      const page = expectOk(await t.call('POST', `/api/order/${route}`, { token, body: { page: 1, per_page: 100 } }));
      expect(page.items.length).toBeGreaterThan(1);
      for (const row of page.items.slice(0, 10) as Row[]) {
        const details = expectOk(await t.call('GET', `/api/order/getById/${row.id}`, { token }));
        expect(row.total, `order ${row.id}`).toBe(details.totals.total);
      }
      const listed = page.items.find((o: Row) => o.id === order.id);
      expect(listed.total).toBeGreaterThan(0);
    }
  });

  it('lists each order with its client\'s name, as its details name it (issue 30: the names come with the rows)', async () => {
    await finishedOrder();
    for (const [route, token] of [['getFilteredOrders', admin], ['getClientFilteredOrders', cliente]] as const) {
      const page = expectOk(await t.call('POST', `/api/order/${route}`, { token, body: { page: 1, per_page: 100 } }));
      for (const row of page.items.slice(0, 10) as Row[]) {
        const details = expectOk(await t.call('GET', `/api/order/getById/${row.id}`, { token }));
        expect(row.client_name, `order ${row.id}`).toBe(details.client_name);
        expect(row.client_name).toBeTruthy();
      }
    }
  });

  it('getClientFilteredOrders: a member sees its own client\'s orders only, whatever client it asks for', async () => {
    const res = expectOk(
      await t.call('POST', '/api/order/getClientFilteredOrders', { token: cliente, body: { page: 1, client_id: JARDINES, status: 3 } }),
    );
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((o: Row) => o.client_id === 1 && o.order_review_status_id === 3)).toBe(true);
  });

  it('the order document is a Spanish PDF with the company, client, lines, weight and totals', async () => {
    const order = await finishedOrder();
    const res = await t.call('GET', `/api/order/document/${order.id}`, { token: cliente });
    expect(res.response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.response.rawPayload);
    for (const expected of [
      'Pedido',
      'Cobertores Piscinas S.L.',
      'Piscinas Agua Azul',
      'Anclaje de suelo',
      'Peso total',
      'Portes',
      'IVA (21 %)',
      'Total',
      'Piscina Sr. Gil',
    ])
      expect(text).toContain(expected);
  });

  it('the order document says a shipping with nothing to pay «Gratis», as the screens do (issue 43)', async () => {
    const order = await finishedOrder();
    const shippingText = async () =>
      pdfText((await t.call('GET', `/api/order/document/${order.id}`, { token: cliente })).response.rawPayload);
    await t.ctx.db.update(orders).set({ shipping_price: '0.00' }).where(eq(orders.id, order.id));
    expect(await shippingText()).toMatch(/Portes\s*Gratis/);
    await t.ctx.db.update(orders).set({ shipping_price: '12.50' }).where(eq(orders.id, order.id));
    const paid = await shippingText();
    expect(paid).toMatch(/Portes\s*12,50/);
    expect(paid).not.toContain('Gratis');
  });
});

describe('public pages', () => {
  it('trackOrder shows the state, history and dates by tracking code, nothing personal, without a session', async () => {
    const token = await member();
    const cart = expectOk(await addArticle(token, {}), 20001);
    const finished = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
      20001,
    );
    const tracked = expectOk(await t.call('GET', `/api/order/trackOrder/${finished.track_code.toLowerCase()}`, {}));
    expect(tracked).toMatchObject({
      order_id: cart.id,
      state: 'Pendiente de revisión',
      delivery_date: expect.stringMatching(/^2036-12-15/),
    });
    expect(tracked.history.map((h: Row) => h.state)).toEqual(['Carrito sin terminar', 'Pendiente de revisión']);
    const body = JSON.stringify(tracked);
    for (const personal of ['Antonio', 'antonio@', 'Calle Luna', '600222333', 'Agua Azul']) expect(body).not.toContain(personal);
    expectError(
      await t.call('GET', '/api/order/trackOrder/0123456789ABCDEF0123', {}),
      404,
      Code.error,
      'No existe ningún pedido con ese código de seguimiento',
    );
    expectError(
      await t.call('GET', '/api/order/trackOrder/nada', {}),
      404,
      Code.error,
      'No existe ningún pedido con ese código de seguimiento',
    );
  });

  it('the public calculator prices a pool under the web fare without a session, with the base confección price', async () => {
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: 2, target_id: BUBBLE_400, custom_price: 6.5, fare_available: true },
      }),
      20001,
    );
    const res = expectOk(
      await t.call('POST', '/api/calculator/price', {
        body: {
          pool_subcategory_id: 1,
          pool_cover_type_id: BUBBLE_TYPE,
          a: 8,
          b: 4,
          extra_distance: 0.15,
          rounded_corners: true,
          pool_cover_id: BUBBLE_400,
        },
      }),
    );
    expect(res.options).toHaveLength(1);
    expect(res.options[0].lines.map((l: Row) => [l.key, l.amount])).toEqual([
      ['cover', 231.99], // 35,69 m² × 6,50 € = 231,985 €, half a cent, up
      ['rounded_corners', 15],
    ]);
    expectError(
      await t.call('POST', '/api/calculator/price', { body: { pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 'ocho', b: 4 } }),
      400,
      Code.error,
      undefined,
      { a: 'Introduzca el largo A en metros, p. ej. 8,50' },
    );
    // A JSON body that is not an object (the text "x") is refused as a whole, not field by field.
    expectError(
      await t.call('POST', '/api/calculator/price', { payload: '"x"', headers: { 'content-type': 'application/json' } }),
      400,
      Code.error,
      'El cuerpo de la petición debe ser un objeto JSON',
    );
  });

  it('order endpoints other than tracking and the calculator need a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/order/getById/1'],
      ['POST', '/api/orderItem/create'],
      ['POST', '/api/order/createWithOrderCalculus'],
      ['POST', '/api/orderCalculus/getPrices'],
    ] as const) {
      expectError(await t.call(method, url, { body: {} }), 401, 50008);
    }
  });
});
