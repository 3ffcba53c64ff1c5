/**
 * The central flow end to end (issue 14): a budget turned into an order keeps every line, priced as
 * the client accepted it, through every cart update and "Terminar pedido"; the finished order's lines
 * and totals equal the budget summary's to the cent; a line that can no longer be sold is shown and
 * removed only when the user confirms it.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { budgets, order_calculus, order_items, pool_covers, reel_diameters } from '../../src/server/db/tables';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery, jsonData, pdfText } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
/** The statements the app sends while `recorded` is an array (the pricing test reads them). */
let recorded: string[] | null = null;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); }, { dbLogger: { logQuery: (query) => void recorded?.push(query) } });

type Row = Record<string, any>;

const address = {
  customer_info: 'Obra nueva',
  buyer_name: 'Lucía Romero',
  buyer_email: 'lucia@ejemplo.es',
  buyer_phone_number: '600111222',
  buyer_address_1: 'Calle Sol 3',
  buyer_postal_code: '03001',
  buyer_city: 'Alicante',
  buyer_province: 'Alicante',
  buyer_country: 'España',
  ship_name: 'Lucía Romero',
  ship_address_1: 'Calle Sol 3',
  ship_postal_code: '03001',
  ship_city: 'Alicante',
  ship_province: 'Alicante',
  ship_country: 'España',
};

interface PoolSpec {
  client_id?: number;
  pool_subcategory_id: number;
  pool_cover_type_id: number;
  a: number;
  b: number;
  extra_distance?: number;
  rounded_corners?: boolean;
  stairwell?: boolean;
  c?: number;
  d?: number;
}

/** A budget with its first calculation, created by `token` (staff name the client). */
async function newBudget(token: string, pool: PoolSpec) {
  const budget = expectOk(
    await t.call('POST', '/api/budget/create', { token, body: jsonData(pool as unknown as Record<string, unknown>) }),
    20001,
  );
  const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token })).budget_calculus[0].id as number;
  return { budget: budget.id as number, calculus };
}

const priceTable = async (token: string, calculus: number) =>
  expectOk(await t.call('GET', `/api/budgetCalculus/generateBudgetPrices/${calculus}`, { token }));
const summary = async (token: string, calculus: number) =>
  expectOk(await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token, body: { budget_calculus_id: calculus } }));
const accept = async (budget: number) =>
  expectOk(
    await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget, budget_status_id: 2 } }),
    20001,
  );
const cart = async (token: string, order: number) => expectOk(await t.call('GET', `/api/order/getById/${order}`, { token }));

async function toOrder(token: string, budget: number, calculus: number) {
  const cover = (await summary(token, calculus)).lines.find((l: Row) => l.kind === 'cover');
  const res = await t.call('POST', '/api/budget/createOrder', {
    token,
    body: {
      budget_id: budget,
      budget_calculus_id: calculus,
      pool_cover_id: cover.pool_cover_id,
      reinforcement_type_id: cover.reinforcement_type_id,
    },
  });
  return expectOk(res, 20001).order_id as number;
}

const finish = (token: string, order: number, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: order, ...address, ...extra } });

/** The lines of a budget summary and of an order, as what a client pays for: name, quantity, unit price, amount. */
const budgetLines = (prices: Row) =>
  prices.lines.map((l: Row) => ({ name: l.description, quantity: l.quantity, unit: l.unit_price, amount: l.item_price })).sort(byName);
const orderLines = (order: Row) =>
  order.order_items
    .map((i: Row) => ({ name: i.product_name, quantity: i.quantity_purchased, unit: i.vat_exclusive_item_price, amount: i.amount }))
    .sort(byName);
const byName = (x: Row, y: Row) => x.name.localeCompare(y.name) || x.amount - y.amount;

/** The finished order says exactly what the budget summary said, to the cent. */
function expectSameAsBudget(order: Row, prices: Row) {
  expect(orderLines(order)).toEqual(budgetLines(prices));
  expect({
    subtotal: order.totals.subtotal,
    shipping: order.totals.shipping,
    vat: order.totals.vat,
    total: order.totals.total,
    tax: order.totals.tax_percentage,
  }).toEqual({ subtotal: prices.subtotal, shipping: prices.shipping, vat: prices.vat, total: prices.total, tax: prices.tax_percentage });
}

const euros = (n: number) =>
  n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).replace(/\./g, '');

describe('a budget turned into an order keeps every line', () => {
  it('staff: rounded corners, "Burbuja 400", a telescopic reel for Jardines del Sur — three lines and the budget\'s total', async () => {
    const { budget, calculus } = await newBudget(admin, {
      client_id: 2,
      pool_subcategory_id: 1,
      pool_cover_type_id: 3,
      a: 9.5,
      b: 4.5,
      extra_distance: 0.15,
      rounded_corners: true,
    });
    const table = await priceTable(admin, calculus);
    const bubble = table.options.find((o: Row) => o.cover_name === 'Burbuja 400 micras');
    expect(bubble).toBeDefined();
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: admin,
        body: { budget_calculus_id: calculus, pool_cover_id: bubble.pool_cover_id, quantity: 1 },
      }),
      20001,
    );
    const reel = table.reels.find((r: Row) => r.reel_name === 'Enrollador telescópico' && r.price !== null);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: admin,
        body: { budget_calculus_id: calculus, reel_diameter_id: reel.reel_diameter_id, quantity: 1 },
      }),
      20001,
    );
    const prices = await summary(admin, calculus);
    expect(prices.lines.map((l: Row) => l.kind).sort()).toEqual(['confection', 'cover', 'reel']);
    await accept(budget);

    const order = await toOrder(admin, budget, calculus);
    const inCart = await cart(admin, order);
    expect(inCart.order_items).toHaveLength(3);
    expect(inCart.totals.total).toBe(prices.total);
    expect(inCart.order_items.every((i: Row) => i.unsellable === null)).toBe(true);
    // The cover lines are the order's calculation, made from the budget's pool.
    expect(inCart.order_calculus).toHaveLength(1);
    expect(inCart.order_calculus[0]).toMatchObject({
      a: 9.5,
      b: 4.5,
      extra_distance: 0.15,
      rounded_corners: true,
      pool_cover_id: bubble.pool_cover_id,
      budget_calculus_id: calculus,
    });

    // Any cart update keeps every line.
    expectOk(
      await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
        token: admin,
        body: { order_id: order, order_remark: 'Entregar por la mañana' },
      }),
      20001,
    );
    expect((await cart(admin, order)).order_items).toHaveLength(3);

    const finished = expectOk(await finish(admin, order), 20001);
    expect(finished).toMatchObject({ status_id: 1, order_review_status_id: 2 });
    expectSameAsBudget(finished, prices);
    const stored = await cart(admin, order);
    expectSameAsBudget(stored, prices);

    // The order's PDF shows the same total.
    const document = await t.call('GET', `/api/order/document/${order}`, { token: admin });
    expect(document.status).toBe(200);
    expect(pdfText(document.response.rawPayload).replace(/\./g, '')).toContain(euros(prices.total));
  });

  it('member: a budget with reinforcement and stairwell, plus a calculator cover in the same cart — every line is finished', async () => {
    const { budget, calculus } = await newBudget(cliente, {
      pool_subcategory_id: 2,
      pool_cover_type_id: 1,
      a: 10,
      b: 5,
      extra_distance: 0.2,
      stairwell: true,
      c: 2,
      d: 1,
    });
    const option = (await priceTable(cliente, calculus)).options.find((o: Row) => o.reinforcement_type_id !== null);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: {
          budget_calculus_id: calculus,
          pool_cover_id: option.pool_cover_id,
          reinforcement_type_id: option.reinforcement_type_id,
          quantity: 1,
        },
      }),
      20001,
    );
    const prices = await summary(cliente, calculus);
    expect(prices.lines.map((l: Row) => l.kind).sort()).toEqual(['confection', 'cover', 'reinforcement']);
    await accept(budget);
    const order = await toOrder(cliente, budget, calculus);

    // The member adds a cover from its calculator to the same cart.
    const calculated = {
      pool_subcategory_id: 1,
      pool_cover_type_id: 3,
      a: 6,
      b: 3,
      extra_distance: 0.15,
      rounded_corners: false,
      stairwell: false,
      quantity: 1,
    };
    const calculatorOptions = expectOk(
      await t.call('POST', '/api/orderCalculus/getPrices', { token: cliente, body: { ...calculated, order_id: order } }),
    ).options;
    expectOk(
      await t.call('POST', '/api/order/createWithOrderCalculus', {
        token: cliente,
        body: { order: { id: order }, order_calculus: { ...calculated, pool_cover_id: calculatorOptions[0].pool_cover_id } },
      }),
      20001,
    );

    const finished = expectOk(await finish(cliente, order), 20001);
    expect(finished.order_items).toHaveLength(4);
    expect(finished.order_items.map((i: Row) => i.kind).sort()).toEqual(['confection', 'cover', 'cover', 'reinforcement']);
    const budgetOnly = {
      ...finished,
      order_items: finished.order_items.filter((i: Row) => i.order_calculus_id === finished.order_calculus[0].id),
    };
    expect(orderLines(budgetOnly)).toEqual(budgetLines(prices));
    expect(finished.totals.subtotal).toBeCloseTo(prices.subtotal + calculatorOptions[0].subtotal, 2);
    // "Mis pedidos" lists it.
    const mine = expectOk(await t.call('POST', '/api/order/getClientFilteredOrders', { token: cliente, body: { page: 1, per_page: 100 } }));
    expect(mine.items.find((o: Row) => o.id === order)).toMatchObject({ id: order, order_review_status_id: 2 });
  });

  it('the seeded cart made from a budget (order 1) holds only budget lines and can be finished', async () => {
    const seeded = await cart(admin, 1);
    expect(seeded.status_id).toBe(0);
    expect(seeded.order_items.length).toBeGreaterThan(0);
    const kinds = seeded.order_items.map((i: Row) => i.kind);
    expect(kinds).toContain('cover');
    const finished = expectOk(await finish(admin, 1), 20001);
    expect(finished.order_items.map((i: Row) => i.kind)).toEqual(kinds);
    expect(finished.totals.total).toBe(seeded.totals.total);
  });
});

describe('carts made from a budget before the fix', () => {
  it('get their calculation back from migration 0007 and finish with every line', async () => {
    const { budget, calculus } = await newBudget(admin, {
      client_id: 1,
      pool_subcategory_id: 2,
      pool_cover_type_id: 1,
      a: 8,
      b: 4,
      extra_distance: 0.2,
      rounded_corners: true,
    });
    const option = (await priceTable(admin, calculus)).options.find((o: Row) => o.reinforcement_type_id !== null);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: admin,
        body: {
          budget_calculus_id: calculus,
          pool_cover_id: option.pool_cover_id,
          reinforcement_type_id: option.reinforcement_type_id,
          quantity: 2,
        },
      }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: admin,
        body: { budget_calculus_id: calculus, item_property_value_id: 1, quantity: 1 },
      }),
      20001,
    );
    const prices = await summary(admin, calculus);
    await accept(budget);
    const order = await toOrder(admin, budget, calculus);
    // As the old createOrder left it: the cover lines loose, pointing at their budget lines, no calculation.
    await t.ctx.db.update(order_items).set({ order_calculus_id: null }).where(eq(order_items.order_id, order));
    await t.ctx.db.delete(order_calculus).where(eq(order_calculus.order_id, order));
    expect((await cart(admin, order)).order_calculus).toHaveLength(0);

    const migration = fs.readFileSync(path.join(__dirname, '../../migrations/0007_budget_lines_in_cart.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((sqlText) => !sqlText.includes('ALTER TABLE'))) {
      await t.ctx.db.execute(sql.raw(statement));
    }
    const repaired = await cart(admin, order);
    expect(repaired.order_calculus).toHaveLength(1);
    expect(repaired.order_calculus[0]).toMatchObject({
      quantity: 2,
      pool_cover_id: option.pool_cover_id,
      budget_calculus_id: calculus,
      rounded_corners: true,
    });
    expect(
      repaired.order_items
        .filter((i: Row) => i.order_calculus_id === repaired.order_calculus[0].id)
        .map((i: Row) => i.kind)
        .sort(),
    ).toEqual(['confection', 'cover', 'reinforcement']);
    expectSameAsBudget(expectOk(await finish(admin, order), 20001), prices);
  });
});

describe('cart lines from a budget are priced as the client accepted them', () => {
  /** A member's budget of a bubble cover with an article, accepted and turned into a cart. */
  async function acceptedCart() {
    const { budget, calculus } = await newBudget(cliente, {
      pool_subcategory_id: 1,
      pool_cover_type_id: 3,
      a: 8,
      b: 4,
      extra_distance: 0.15,
    });
    const option = (await priceTable(cliente, calculus)).options[0];
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: option.pool_cover_id, quantity: 1 },
      }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, item_property_value_id: 1, quantity: 2 },
      }),
      20001,
    );
    const prices = await summary(cliente, calculus);
    await accept(budget);
    return { budget, calculus, prices, cover: option.pool_cover_id as number, order: await toOrder(cliente, budget, calculus) };
  }

  it('keeps the accepted price while the budget is valid, then takes today\'s price', async () => {
    const { budget, prices, cover, order } = await acceptedCart();
    const [before] = await t.ctx.db.select().from(pool_covers).where(eq(pool_covers.id, cover));
    // The catalogue price goes up after the client accepted.
    await t.ctx.db.update(pool_covers).set({ price_m2: (Number(before.price_m2) + 5).toFixed(2) }).where(eq(pool_covers.id, cover));
    try {
      const updated = expectOk(
        await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
          token: cliente,
          body: { order_id: order },
        }),
        20001,
      );
      expect(updated.totals.total).toBe(prices.total);
      // A quantity change keeps the accepted unit price.
      const coverLine = updated.order_items.find((i: Row) => i.kind === 'cover');
      const doubled = expectOk(
        await t.call('POST', '/api/orderItem/update', { token: cliente, body: { id: coverLine.id, quantity: 2 } }),
        20001,
      );
      expect(doubled.order_items.find((i: Row) => i.kind === 'cover').vat_exclusive_item_price).toBe(coverLine.vat_exclusive_item_price);

      // Once the budget has expired, the cart is priced like any other.
      await t.ctx.db.update(budgets).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(budgets.id, budget));
      const repriced = expectOk(
        await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
          token: cliente,
          body: { order_id: order },
        }),
        20001,
      );
      const newCover = repriced.order_items.find((i: Row) => i.kind === 'cover');
      expect(newCover.vat_exclusive_item_price).toBeGreaterThan(coverLine.vat_exclusive_item_price);
      expect(repriced.order_items).toHaveLength(prices.lines.length);
    } finally {
      await t.ctx.db.update(pool_covers).set({ price_m2: before.price_m2 }).where(eq(pool_covers.id, cover));
    }
  });

  it('a calculation changed in the cart (other dimensions) is priced as it is now', async () => {
    const { order, prices } = await acceptedCart();
    const details = await cart(cliente, order);
    const calc = details.order_calculus[0];
    const changed = expectOk(
      await t.call('POST', '/api/orderCalculus/update', { token: cliente, body: { ...calc, a: 9, id: calc.id } }),
      20001,
    );
    expect(changed.order_calculus_id).toBe(calc.id);
    const after = await cart(cliente, order);
    const cover = (d: Row) => d.order_items.find((i: Row) => i.kind === 'cover');
    expect(cover(after).vat_exclusive_item_price).toBeGreaterThan(cover(details).vat_exclusive_item_price);
    expect(after.order_items).toHaveLength(prices.lines.length);
  });
});

describe('a line that can no longer be sold is never dropped in the background', () => {
  it('the cart flags it; "Terminar pedido" names it and removes it only once confirmed', async () => {
    // A member's cart with a reel and an article.
    const [diameter] = await t.ctx.db.select().from(reel_diameters).where(eq(reel_diameters.available, true)).limit(1);
    const first = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 1, reel_diameter_id: diameter.id, quantity: 1 } }),
      20001,
    );
    const order = first.id as number;
    expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { order_id: order, item_property_value_id: 1, quantity: 2 } }),
      20001,
    );
    const reelLine = (await cart(admin, order)).order_items.find((i: Row) => i.kind === 'reel');

    await t.ctx.db.update(reel_diameters).set({ available: false }).where(eq(reel_diameters.id, diameter.id));
    try {
      const shown = await cart(admin, order);
      expect(shown.order_items.find((i: Row) => i.kind === 'reel').unsellable).toBe('No disponible');
      expect(shown.order_items.find((i: Row) => i.kind === 'item').unsellable).toBeNull();

      // A cart update keeps it and says so.
      const saved = await t.call('POST', '/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
        token: admin,
        body: { order_id: order },
      });
      expect(expectOk(saved, 20001).order_items).toHaveLength(2);
      expect(saved.body.message).toBe(`Guardado correctamente. Ya no se pueden vender: ${reelLine.product_name}`);

      // Finishing without confirming names the line and changes nothing.
      const refused = await finish(admin, order);
      expectError(refused, 409, Code.warning, `Ya no se pueden vender: ${reelLine.product_name}`);
      expect(refused.body.error.unsellable).toEqual([{ id: reelLine.id, product_name: reelLine.product_name, reason: 'No disponible' }]);
      expect((await cart(admin, order))).toMatchObject({ status_id: 0 });
      expect((await cart(admin, order)).order_items).toHaveLength(2);

      // Confirming another line is no confirmation of this one.
      expectError(await finish(admin, order, { remove_line_ids: [reelLine.id + 100_000] }), 409, Code.warning);

      const finished = expectOk(await finish(admin, order, { remove_line_ids: [reelLine.id] }), 20001);
      expect(finished.order_items.map((i: Row) => i.kind)).toEqual(['item']);
      expect(finished.status_id).toBe(1);
      const audits = expectOk(
        await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'orderItem', record_id: String(reelLine.id) })}`, {
          token: admin,
        }),
      );
      expect(
        audits.items.filter((a: Row) => a.resource === 'orderItem' && a.record_id === String(reelLine.id)).map((a: Row) => a.action),
      ).toContain('delete');
    } finally {
      await t.ctx.db.update(reel_diameters).set({ available: true }).where(eq(reel_diameters.id, diameter.id));
    }
  });

  it('a cart whose every line can no longer be sold cannot be finished empty once they are removed', async () => {
    const [diameter] = await t.ctx.db.select().from(reel_diameters).where(eq(reel_diameters.available, true)).limit(1);
    const order = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 2, reel_diameter_id: diameter.id, quantity: 1 } }),
      20001,
    ).id as number;
    const line = (await cart(admin, order)).order_items[0];
    await t.ctx.db.update(reel_diameters).set({ available: false }).where(eq(reel_diameters.id, diameter.id));
    try {
      expectError(await finish(admin, order, { remove_line_ids: [line.id] }), 409, Code.warning, 'El carrito está vacío');
      // The refusal changed nothing.
      expect((await cart(admin, order)).order_items).toHaveLength(1);
    } finally {
      await t.ctx.db.update(reel_diameters).set({ available: true }).where(eq(reel_diameters.id, diameter.id));
    }
  });
});

describe('property: finishing a budget\'s order never drops a line and the totals match', () => {
  const SEASON_OF_TYPE: Record<number, number> = { 1: 2, 2: 2, 3: 1, 4: 1 };
  const centimetres = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100);
  const budgetSpec = fc.record({
    client_id: fc.constantFrom(1, 2, 3),
    pool_cover_type_id: fc.constantFrom(1, 2, 3, 4),
    a: centimetres(2, 12), b: centimetres(2, 6),
    extra_distance: fc.constantFrom(0, 0.1, 0.15, 0.2, 0.35),
    rounded_corners: fc.boolean(),
    // A stairwell fits on side A (2 m at least).
    stairwell: fc.option(fc.record({ c: centimetres(0.5, 2), d: centimetres(0.5, 2) }), { nil: null }),
    option: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }),
    reels: fc.array(fc.record({ pick: fc.nat(), quantity: fc.integer({ min: 1, max: 2 }) }), { maxLength: 2 }),
    articles: fc.array(fc.record({ id: fc.integer({ min: 1, max: 12 }), quantity: fc.integer({ min: 1, max: 5 }) }), { maxLength: 3 }),
  });

  it('holds for generated budgets', async () => {
    await fc.assert(fc.asyncProperty(budgetSpec, async (spec) => {
      const { budget, calculus } = await newBudget(admin, {
        client_id: spec.client_id,
        pool_subcategory_id: SEASON_OF_TYPE[spec.pool_cover_type_id],
        pool_cover_type_id: spec.pool_cover_type_id,
        a: spec.a,
        b: spec.b,
        extra_distance: spec.extra_distance,
        rounded_corners: spec.rounded_corners,
        stairwell: spec.stairwell !== null,
        ...(spec.stairwell ?? {}),
      });
      const table = await priceTable(admin, calculus);
      fc.pre(table.options.length > 0);
      const option = table.options[spec.option % table.options.length];
      expectOk(
        await t.call('POST', '/api/budgetCalculus/chooseCover', {
          token: admin,
          body: {
            budget_calculus_id: calculus,
            pool_cover_id: option.pool_cover_id,
            reinforcement_type_id: option.reinforcement_type_id,
            quantity: spec.quantity,
          },
        }),
        20001,
      );
      const reels = table.reels.filter((r: Row) => r.price !== null);
      for (const reel of reels.length ? spec.reels : []) {
        expectOk(
          await t.call('POST', '/api/budgetCalculus/addLine', {
            token: admin,
            body: {
              budget_calculus_id: calculus,
              reel_diameter_id: reels[reel.pick % reels.length].reel_diameter_id,
              quantity: reel.quantity,
            },
          }),
          20001,
        );
      }
      for (const article of spec.articles) {
        const res = await t.call('POST', '/api/budgetCalculus/addLine', {
          token: admin,
          body: { budget_calculus_id: calculus, item_property_value_id: article.id, quantity: article.quantity },
        });
        // A variation that is not offered is refused when added, as on screen; the rest go in.
        if (res.body.code !== 20001) expect(res.status).toBeLessThan(500);
      }
      const prices = await summary(admin, calculus);
      await accept(budget);
      const order = await toOrder(admin, budget, calculus);
      const finished = expectOk(await finish(admin, order), 20001);
      expect(finished.order_items).toHaveLength(prices.lines.length);
      expectSameAsBudget(finished, prices);
    }), { numRuns: 25 });
  }, 180_000);
});

describe('turning a budget into an order reads the client\'s pricing once', () => {
  /** A statement that reads a client's fare, VAT and prices: the client joined with its tax. */
  const readsClientPricing = (query: string) => /inner join "taxes" on "taxes"\."id" = "clients"\."tax_id"/.test(query);

  async function statementsOfCreateOrder(body: Record<string, unknown>) {
    recorded = [];
    try {
      expectOk(await t.call('POST', '/api/budget/createOrder', { token: admin, body }), 20001);
      return recorded;
    } finally {
      recorded = null;
    }
  }

  it('with the accepted cover, and with another cover chosen at the last step', async () => {
    for (const switchCover of [false, true]) {
      const { budget, calculus } = await newBudget(admin, { client_id: 2, pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4 });
      const [accepted, other] = (await priceTable(admin, calculus)).options as Row[];
      expectOk(
        await t.call('POST', '/api/budgetCalculus/chooseCover', {
          token: admin,
          body: { budget_calculus_id: calculus, pool_cover_id: accepted.pool_cover_id, quantity: 1 },
        }),
        20001,
      );
      await accept(budget);
      const cover = switchCover ? other : accepted;
      const statements = await statementsOfCreateOrder({
        budget_id: budget,
        budget_calculus_id: calculus,
        pool_cover_id: cover.pool_cover_id,
        reinforcement_type_id: null,
      });
      expect(statements.filter(readsClientPricing), `switchCover: ${switchCover}`).toHaveLength(1);
    }
  });
});
