/**
 * The dashboards (issue 17 §1) through the API: the staff's figures follow the writes people make
 * (orders finished, lines changed, budgets accepted, consignments planned, steps marked), a member sees
 * its own client's only, and the sales summary the database keeps always equals a sum from scratch.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { lastMonths } from '../../src/shared/dashboard';
import { madridToday } from '../../src/shared/madrid';
import type { TestApp } from '../support/app';
import { useTestApp } from '../support/app';
import { createUser, expectError, expectOk, jsonData, tokenOf } from './helpers';
import { ANTONIO_GIL } from '../support/addresses';

type Row = Record<string, any>;
let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

const AGUA_AZUL = 1;
const JARDINES = 2;
const today = () => madridToday();
const staff = async () => expectOk(await t.call('GET', '/api/dashboard/staff', { token: admin })) as Row;
const mine = async (token: string) => expectOk(await t.call('GET', '/api/dashboard/member', { token })) as Row;
const thisMonth = (series: number[]) => series[series.length - 1];

const address = {
  customer_info: 'Piscina Sr. Gil',
  ...ANTONIO_GIL,
  delivery_date: '2036-12-15',
};

async function memberOf(clientId: number) {
  const user = await createUser(t, admin, { client_id: clientId });
  return tokenOf(t, user.username, user.password);
}

/** A finished order of a client through a fresh member's cart: `quantity` of variation 2. */
async function finishedOrder(clientId: number, quantity = 1) {
  const token = await memberOf(clientId);
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity } }), 20001);
  const order = expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
    20001,
  ) as Row;
  return { order, token };
}

/** The sales an order adds: its lines and shipping, VAT excluded, in euros. */
const netOf = (order: Row) => Math.round((order.totals.subtotal + order.totals.shipping) * 100) / 100;

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Rows "a|b|client|values…" plus, per "a|b", the whole business's row (client 0) with their sums, as
 * the triggers keep them; sorted, rows of zeros left out.
 */
function withBusinessRows(rows: string[]): string[] {
  const totals = new Map<string, number[]>();
  for (const row of rows) {
    const [a, b, , ...values] = row.split('|');
    const sum = totals.get(`${a}|${b}`) ?? values.map(() => 0);
    totals.set(`${a}|${b}`, sum.map((v, i) => v + Number(values[i])));
  }
  return [...rows, ...[...totals].map(([key, values]) => `${key}|0|${values.join('|')}`)]
    .filter((row) => row.split('|').slice(3).some((v) => Number(v) !== 0)).sort();
}

/** Sales per (month, company, client) summed from the orders themselves, and as kept. */
async function salesFromScratch() {
  return withBusinessRows(
    rowsOf(
      await t.ctx.db.execute(sql`
    select to_char(o.finished_at at time zone 'Europe/Madrid', 'YYYY-MM') as month, coalesce(o.invoicing_company_id, 0) as company,
      o.client_id,
      sum(
        coalesce((select sum(round(i.vat_exclusive_item_price * 100) * i.quantity_purchased) from order_items i where i.order_id = o.id), 0)
        + round(o.shipping_price * 100)
      )::bigint as cents,
      count(*)::int as orders
    from orders o where o.status_id = 1 and o.finished_at is not null group by 1, 2, 3`),
    ).map((r) => `${r.month}|${r.company}|${r.client_id}|${Number(r.cents)}|${r.orders}`),
  );
}
async function salesSummary() {
  return rowsOf(
    await t.ctx.db.execute(
      sql`select month, invoicing_company_id as company, client_id, net_cents as cents, orders from sales_summary
        where orders <> 0 or net_cents <> 0`,
    ),
  )
    .map((r) => `${r.month}|${r.company}|${r.client_id}|${Number(r.cents)}|${r.orders}`)
    .sort();
}

/** Each client's sales per year summed from the monthly summary, and as kept (the ten best clients' source). */
async function yearsFromScratch() {
  return rowsOf(await t.ctx.db.execute(sql`select left(month, 4) as year, client_id, sum(net_cents)::bigint as cents from sales_summary
    where client_id <> 0 group by 1, 2 having sum(net_cents) <> 0`)).map((r) => `${r.year}|${r.client_id}|${Number(r.cents)}`).sort();
}
async function yearsKept() {
  return rowsOf(await t.ctx.db.execute(sql`select year, client_id, net_cents from sales_by_year where net_cents <> 0`))
    .map((r) => `${r.year}|${r.client_id}|${Number(r.net_cents)}`)
    .sort();
}

/** The year's ten best clients summed from the monthly summary (what the dashboard read before it kept years). */
async function topClientsFromScratch() {
  return rowsOf(
    await t.ctx.db.execute(sql`select best.client_id as id, c.name, best.cents from (
      select client_id, sum(net_cents) as cents from sales_summary where month >= ${`${today().slice(0, 4)}-01`} and client_id <> 0
      group by client_id having sum(net_cents) > 0 order by cents desc, client_id limit 10
    ) best join clients c on c.id = best.client_id order by best.cents desc, best.client_id`),
  ).map((r) => ({ id: r.id, name: r.name, sales: Number(r.cents) / 100 }));
}

/** The dashboard counts counted from the rows, and as kept. */
async function countsFromScratch() {
  return withBusinessRows(
    rowsOf(
      await t.ctx.db.execute(sql`
    select 'budgets_created' as kind, client_id, to_char(created_date at time zone 'Europe/Madrid', 'YYYY-MM') as key, count(*)::int as n
      from budgets group by 2, 3
    union all select 'budgets_accepted', client_id, to_char(accepted_at at time zone 'Europe/Madrid', 'YYYY-MM'), count(*)::int
      from budgets where accepted_at is not null group by 2, 3
    union all select 'orders_review', client_id, coalesce(order_review_status_id, 0)::text, count(*)::int
      from orders where status_id = 1 group by 2, 3`),
    ).map((r) => `${r.kind}|${r.key}|${r.client_id}|${r.n}`),
  );
}
async function countsKept() {
  return rowsOf(await t.ctx.db.execute(sql`select kind, client_id, key, n from dashboard_counts where n <> 0`))
    .map((r) => `${r.kind}|${r.key}|${r.client_id}|${r.n}`)
    .sort();
}

/**
 * Items in production (reviewed, finished, in no consignment) per hour of finishing and steps done,
 * counted from the rows, and as kept.
 */
async function productionFromScratch() {
  return rowsOf(
    await t.ctx.db.execute(sql`
    select floor(extract(epoch from o.finished_at) / 3600)::bigint as hour,
      (select count(*) from order_item_steps s where s.order_item_id = i.id)::int as done, count(*)::int as n
    from order_items i join orders o on o.id = i.order_id
    where o.status_id = 1 and o.order_review_status_id = 3 and o.finished_at is not null
      and not exists (select 1 from consignment_orders c where c.order_id = o.id)
    group by 1, 2`),
  )
    .map((r) => `${Number(r.hour)}|${r.done}|${r.n}`)
    .sort();
}
async function productionKept() {
  return rowsOf(await t.ctx.db.execute(sql`select hour, steps_done, n from production_counts where n <> 0`))
    .map((r) => `${Number(r.hour)}|${r.steps_done}|${r.n}`)
    .sort();
}
/** The production card counted item by item over the last 60 days (what the dashboard showed before it kept counts). */
async function productionCardFromScratch() {
  const [{ steps }] = rowsOf(await t.ctx.db.execute(sql`select count(*)::int as steps from production_steps`));
  const rows = rowsOf(await t.ctx.db.execute(sql`
    select (select count(*) from order_item_steps s where s.order_item_id = i.id)::int as done, count(*)::int as n
    from order_items i join orders o on o.id = i.order_id
    where o.status_id = 1 and o.order_review_status_id = 3 and o.finished_at >= now() - interval '60 days'
      and not exists (select 1 from consignment_orders c where c.order_id = o.id)
    group by 1`));
  return Array.from({ length: steps + 1 }, (_, index) =>
    rows.filter((r) => Math.min(r.done, steps) === index).reduce((n, r) => n + r.n, 0),
  );
}

describe('who sees which dashboard', () => {
  it('staff read the business\'s, members their own; anonymous, taller and the other role are refused', async () => {
    expectError(await t.call('GET', '/api/dashboard/staff'), 401, Code.invalidToken);
    expectError(await t.call('GET', '/api/dashboard/member'), 401, Code.invalidToken);
    for (const token of [cliente, taller]) expectError(await t.call('GET', '/api/dashboard/staff', { token }), 403, Code.error);
    for (const token of [admin, taller]) expectError(await t.call('GET', '/api/dashboard/member', { token }), 403, Code.error);
    const board = await staff();
    expect(board.months).toEqual(lastMonths(today()));
    expect(board.ordersByReview.map((s: Row) => s.label)).toEqual(['Borrador', 'Pendiente de revisión', 'Revisado']);
    expect(board.production.at(-1).label).toBe('Terminados');
  });
});

describe('the staff dashboard follows the writes', () => {
  it('a finished order adds its net sales (no VAT) to month, company and client; a cart does not; deleting takes them back', async () => {
    const before = await staff();
    const token = await memberOf(JARDINES);
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 2 } }),
      20001,
    );
    expectOk(await t.call('POST', '/api/orderItem/update', { token, body: { id: cart.order_items[0].id, quantity: 5 } }), 20001);
    // A cart is no sale yet.
    expect((await staff()).salesPerMonth).toEqual(before.salesPerMonth);
    const order = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
      20001,
    ) as Row;
    expect(order.order_items[0].quantity_purchased).toBe(5);
    const after = await staff();
    const net = netOf(order);
    expect(net).toBeGreaterThan(0);
    expect(thisMonth(after.salesPerMonth)).toBeCloseTo(thisMonth(before.salesPerMonth) + net, 2);
    expect(thisMonth(after.ordersPerMonth)).toBe(thisMonth(before.ordersPerMonth) + 1);
    const company = (board: Row) => board.salesByCompany.find((c: Row) => c.id === order.invoicing_company_id);
    expect(thisMonth(company(after).sales)).toBeCloseTo(thisMonth(company(before)?.sales ?? [0]) + net, 2);
    expect(after.topClients.map((c: Row) => c.name)).toContain('Jardines del Sur');
    expect(after.ordersByReview.find((s: Row) => s.id === 2).count).toBe(before.ordersByReview.find((s: Row) => s.id === 2).count + 1);

    expectOk(await t.call('POST', '/api/order/delete', { token: admin, body: { id: order.id } }), 20001);
    const gone = await staff();
    expect(thisMonth(gone.salesPerMonth)).toBeCloseTo(thisMonth(before.salesPerMonth), 2);
    expect(thisMonth(gone.ordersPerMonth)).toBe(thisMonth(before.ordersPerMonth));
  });

  it('the sales the database keeps equal a sum from scratch after any write, even one straight in SQL (import, maintenance)', async () => {
    const { order } = await finishedOrder(AGUA_AZUL, 3);
    await t.ctx.db.execute(
      sql`update order_items set quantity_purchased = quantity_purchased + 4, vat_exclusive_item_price = vat_exclusive_item_price + 1.005
        where order_id = ${order.id}`,
    );
    await t.ctx.db.execute(sql`update orders set shipping_price = 12.34, invoicing_company_id = 2 where id = ${order.id}`);
    await t.ctx.db.execute(
      sql`insert into order_items (order_id, kind, product_name, vat_exclusive_item_price, item_price, quantity_purchased)
        values (${order.id}, 'item', 'Extra', 7.77, 9.40, 2), (${order.id}, 'item', 'Extra 2', 1.11, 1.34, 3)`,
    );
    await t.ctx.db.execute(sql`delete from order_items where order_id = ${order.id} and product_name = 'Extra'`);
    await t.ctx.db.execute(sql`update orders set finished_at = finished_at - interval '40 days' where id = ${order.id}`);
    expect(await yearsKept()).toEqual(await yearsFromScratch());
    await t.ctx.db.execute(sql`update orders set finished_at = finished_at - interval '1 year' where id = ${order.id}`);
    expect(await salesSummary()).toEqual(await salesFromScratch());
    expect(await yearsKept()).toEqual(await yearsFromScratch());
    await t.ctx.db.execute(sql`update orders set order_review_status_id = 3, client_id = 2 where id = ${order.id}`);
    await t.ctx.db.execute(sql`update budgets set budget_status_id = 2 where id in (select id from budgets order by id limit 2)`);
    await t.ctx.db.execute(
      sql`update budgets set created_date = created_date - interval '45 days', client_id = 3
        where id in (select id from budgets order by id desc limit 2)`,
    );
    expect(await salesSummary()).toEqual(await salesFromScratch());
    expect(await yearsKept()).toEqual(await yearsFromScratch());
    expect(await countsKept()).toEqual(await countsFromScratch());
    expect((await staff()).topClients).toEqual(await topClientsFromScratch());
    await t.ctx.db.execute(sql`delete from orders where id = ${order.id}`);
    await t.ctx.db.execute(sql`delete from budgets where id = (select max(id) from budgets)`);
    expect(await salesSummary()).toEqual(await salesFromScratch());
    expect(await yearsKept()).toEqual(await yearsFromScratch());
    expect(await countsKept()).toEqual(await countsFromScratch());
  });

  it('counts budgets created and accepted this month, with the conversion rate, and lists those about to expire', async () => {
    const before = await staff();
    const member = await memberOf(AGUA_AZUL);
    const pool = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, remark_OB1PCL: 'Chalet del panel' };
    const budget = expectOk(await t.call('POST', '/api/budget/create', { token: member, body: jsonData(pool) }), 20001);
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      20001,
    );
    // Back to draft and accepted again: accepted once.
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 1 } }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      20001,
    );
    const after = await staff();
    expect(thisMonth(after.budgets.created)).toBe(thisMonth(before.budgets.created) + 1);
    expect(thisMonth(after.budgets.accepted)).toBe(thisMonth(before.budgets.accepted) + 1);
    const created = after.budgets.created.reduce((a: number, b: number) => a + b, 0);
    const accepted = after.budgets.accepted.reduce((a: number, b: number) => a + b, 0);
    expect(after.budgets.conversion).toBe(Math.round((accepted / created) * 1000) / 10);

    // Its validity ends in 3 days: it is among those expiring within the week.
    await t.ctx.db.execute(sql`update budgets set expires_at = now() + interval '3 days' where id = ${budget.id}`);
    const soon = await staff();
    expect(soon.expiringBudgets.total).toBe(before.expiringBudgets.total + 1);
    expect(soon.expiringBudgets.first.map((b: Row) => b.id)).toContain(budget.id);
    expect(soon.expiringBudgets.first.find((b: Row) => b.id === budget.id)).toMatchObject({ client: 'Piscinas Agua Azul' });
  });

  it('shows consignments of the next 7 days with their orders and clients, and production by the step each item waits for', async () => {
    const { order } = await finishedOrder(JARDINES);
    const { order: another } = await finishedOrder(JARDINES);
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const far = new Date(Date.parse(`${today()}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
    const sent = expectOk(
      await t.call('POST', '/api/consignment/create', {
        token: admin,
        body: jsonData({ date: `${tomorrow} 09:00:00`, carrier: 'Seur', order_ids: [order.id] }),
      }),
      20001,
    );
    const later = expectOk(
      await t.call('POST', '/api/consignment/create', {
        token: admin,
        body: jsonData({ date: `${far} 09:00:00`, carrier: 'MRW', order_ids: [another.id] }),
      }),
      20001,
    );
    const board = await staff();
    expect(board.consignments.find((c: Row) => c.id === sent.id)).toMatchObject({
      date: `${tomorrow} 09:00:00`,
      carrier: 'Seur',
      orders: 1,
      clients: 'Jardines del Sur',
    });
    expect(board.consignments.some((c: Row) => c.id === later.id)).toBe(false);

    // A reviewed order without consignment is in production: its item waits for the first step.
    const { order: made } = await finishedOrder(AGUA_AZUL);
    const waitingFirst = (b: Row) => b.production[0].count;
    const before = await staff();
    expectOk(
      await t.call('POST', '/api/order/changeReviewStatus', { token: admin, body: { order_id: made.id, order_review_status_id: 3 } }),
      20001,
    );
    const reviewed = await staff();
    expect(waitingFirst(reviewed)).toBe(waitingFirst(before) + 1);
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: made.order_items[0].barcode } }), 20001);
    const marked = await staff();
    expect(waitingFirst(marked)).toBe(waitingFirst(before));
    expect(marked.production[1].count).toBe(reviewed.production[1].count + 1);
  });
});

describe('the production the database keeps', () => {
  it('equals a count from scratch through every write that changes it, and the card shows the last 60 days\' to the instant', async () => {
    const card = async () => (await staff()).production.map((c: Row) => c.count);
    const holds = async () => {
      expect(await productionKept()).toEqual(await productionFromScratch());
      expect(await card()).toEqual(await productionCardFromScratch());
    };
    const { order } = await finishedOrder(AGUA_AZUL, 2);
    const { order: other } = await finishedOrder(JARDINES);
    await holds();
    const before = await card();
    // Reviewed: its item waits for the first step.
    for (const id of [order.id, other.id])
      expectOk(
        await t.call('POST', '/api/order/changeReviewStatus', { token: admin, body: { order_id: id, order_review_status_id: 3 } }),
        20001,
      );
    await holds();
    expect((await card())[0]).toBe(before[0] + 2);
    // A step marked, twice.
    for (let i = 0; i < 2; i++)
      expectOk(
        await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: order.order_items[0].barcode } }),
        20001,
      );
    await holds();
    // Lines added, moved to the other order and removed (an import, maintenance: straight in SQL).
    await t.ctx.db.execute(
      sql`insert into order_items (order_id, kind, product_name, vat_exclusive_item_price, item_price)
        values (${order.id}, 'item', 'Extra', 1, 1.21), (${order.id}, 'item', 'Extra 2', 1, 1.21)`,
    );
    await holds();
    await t.ctx.db.execute(sql`update order_items set order_id = ${other.id} where order_id = ${order.id} and product_name = 'Extra'`);
    await holds();
    await t.ctx.db.execute(sql`delete from order_items where product_name = 'Extra 2' and order_id = ${order.id}`);
    await holds();
    // A done step undone.
    await t.ctx.db.execute(
      sql`delete from order_item_steps where id = (
        select max(s.id) from order_item_steps s join order_items i on i.id = s.order_item_id where i.order_id = ${order.id}
      )`,
    );
    await holds();
    // Shipped, then taken out of its consignment (back in production), then shipped again and the consignment deleted.
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const sent = expectOk(
      await t.call('POST', '/api/consignment/create', {
        token: admin,
        body: jsonData({ date: `${tomorrow} 09:00:00`, carrier: 'Seur', order_ids: [order.id, other.id] }),
      }),
      20001,
    );
    await holds();
    expectOk(
      await t.call('POST', '/api/consignment/update', {
        token: admin,
        body: jsonData({ id: sent.id, date: `${tomorrow} 09:00:00`, carrier: 'Seur', order_ids: [other.id] }),
      }),
      20001,
    );
    await holds();
    expectOk(await t.call('POST', '/api/consignment/delete', { token: admin, body: { id: sent.id } }), 20001);
    await holds();
    // Finished just inside the window, then just outside it: the card counts to the instant; the kept counts stay.
    await t.ctx.db.execute(sql`update orders set finished_at = now() - interval '60 days' + interval '10 minutes' where id = ${order.id}`);
    await holds();
    await t.ctx.db.execute(sql`update orders set finished_at = now() - interval '60 days' - interval '10 minutes' where id = ${order.id}`);
    await holds();
    // Back to review, reviewed again; deleted.
    expectOk(
      await t.call('POST', '/api/order/changeReviewStatus', { token: admin, body: { order_id: other.id, order_review_status_id: 2 } }),
      20001,
    );
    await holds();
    expectOk(
      await t.call('POST', '/api/order/changeReviewStatus', { token: admin, body: { order_id: other.id, order_review_status_id: 3 } }),
      20001,
    );
    await holds();
    expectOk(await t.call('POST', '/api/order/delete', { token: admin, body: { id: other.id } }), 20001);
    await holds();
    await t.ctx.db.execute(sql`delete from orders where id = ${order.id}`);
    await holds();
    expect(await card()).toEqual(before);
  });
});

describe('a member\'s dashboard', () => {
  it('holds its own client\'s budgets, orders, consignments and cart, never another client\'s', async () => {
    const member = await memberOf(JARDINES);
    const other = await memberOf(AGUA_AZUL);
    const otherBefore = await mine(other);
    const empty = await mine(member);
    expect(empty.cart).toBeNull();
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: member, body: { item_property_value_id: 2, quantity: 3 } }),
      20001,
    );
    const withCart = await mine(member);
    expect(withCart.cart).toEqual({ id: cart.id, lines: 1, total: cart.totals.total });

    const finished = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token: member,
        body: { order_id: cart.id, ...address },
      }),
      20001,
    );
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const sent = expectOk(
      await t.call('POST', '/api/consignment/create', {
        token: admin,
        body: jsonData({ date: `${tomorrow} 11:00:00`, carrier: 'Correos', order_ids: [finished.id] }),
      }),
      20001,
    );
    const after = await mine(member);
    expect(after.cart).toBeNull();
    expect(thisMonth(after.ordersPerMonth)).toBe(thisMonth(withCart.ordersPerMonth) + 1);
    expect(thisMonth(after.salesPerMonth)).toBeCloseTo(thisMonth(withCart.salesPerMonth) + netOf(finished), 2);
    expect(after.ordersByReview.find((s: Row) => s.id === 2).count).toBe(withCart.ordersByReview.find((s: Row) => s.id === 2).count + 1);
    expect(after.consignments.find((c: Row) => c.id === sent.id)).toMatchObject({
      carrier: 'Correos',
      orders: 1,
      clients: 'Jardines del Sur',
    });
    expect(after.budgetsByStatus.map((s: Row) => s.label)).toEqual(['Borrador', 'Aceptado', 'Convertido en pedido']);

    // The other client's member saw nothing of it.
    const otherAfter = await mine(other);
    expect(otherAfter.consignments.some((c: Row) => c.id === sent.id)).toBe(false);
    expect(otherAfter.salesPerMonth).toEqual(otherBefore.salesPerMonth);
    expect(otherAfter.ordersByReview).toEqual(otherBefore.ordersByReview);
  });
});

// Last: it empties the orders.
describe('emptied tables', () => {
  it('TRUNCATE fires no delete trigger, yet the figures are emptied all the same', async () => {
    await t.ctx.db.execute(sql`truncate order_item_steps`);
    expect(await productionKept()).toEqual(await productionFromScratch());
    await t.ctx.db.execute(sql`truncate order_items cascade`);
    expect(await salesSummary()).toEqual(await salesFromScratch());
    expect(await yearsKept()).toEqual(await yearsFromScratch());
    expect(await productionKept()).toEqual(await productionFromScratch());
    await t.ctx.db.execute(sql`truncate orders cascade`);
    expect(await salesSummary()).toEqual([]);
    expect(await yearsKept()).toEqual([]);
    expect(await countsKept()).toEqual(await countsFromScratch());
    expect(await productionKept()).toEqual([]);
    expect((await staff()).salesPerMonth.every((v: number) => v === 0)).toBe(true);
  });
});
