/**
 * Lists count matching rows exactly up to COUNT_LIMIT and beyond it say "more than" (src/shared/lists.ts);
 * one row more than the page says whether a next page exists. Proven on orders, the list that grows.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../src/shared/lists';
import { resources } from '../../schemas';
import { useTestApp, type TestApp } from '../support/app';
import { expectOk } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

const BUSY_CLIENT = 2;
const MANY = COUNT_LIMIT + 45;
const orders = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/order/getFilteredOrders', { token, body: { per_page: 20, ...body } });

describe('list counts', () => {
  it('are exact up to the limit, "more than the limit" beyond it, and pages go on by has_next_page', async () => {
    const before = expectOk(await orders(admin, { page: 1, filters: { client_id: 1 } }));
    expect(before.total_capped).toBeUndefined();
    const already = expectOk(await orders(admin, { page: 1, filters: { client_id: BUSY_CLIENT } })).total;
    await t.ctx.db
      .execute(sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage,
        shipping_price, customer_info, finished_at)
      select ${BUSY_CLIENT}, 1, 1, 'LC' || lpad(g::text, 18, '0'), 1, 21, 25, 'Pedido ' || g, now() from generate_series(1, ${MANY}) g`);

    const first = expectOk(await orders(admin, { page: 1, filters: { client_id: BUSY_CLIENT } }));
    expect(first).toMatchObject({ total: COUNT_LIMIT, total_capped: true, has_next_page: true, page: 1, per_page: 20 });
    expect(first.items).toHaveLength(20);

    // Another client's list still counts exactly.
    const other = expectOk(await orders(admin, { page: 1, filters: { client_id: 1 } }));
    expect(other.total).toBe(before.total);
    expect(other.total_capped).toBeUndefined();

    // The last page: fewer rows, no next page, and the count still says "more than".
    const lastPage = Math.ceil((MANY + already) / 20);
    const last = expectOk(await orders(admin, { page: lastPage, filters: { client_id: BUSY_CLIENT } }));
    expect(last.items.length).toBe(MANY + already - (lastPage - 1) * 20);
    expect(last).toMatchObject({ has_next_page: false, total_capped: true });

    // Past the end: an empty page that still tells how many match.
    const past = expectOk(await orders(admin, { page: lastPage + 1, filters: { client_id: BUSY_CLIENT } }));
    expect(past).toMatchObject({ items: [], total: COUNT_LIMIT, total_capped: true, has_next_page: false });
  });

  it('remember a long list for a few seconds (read again without counting); its last page gives the exact length back', async () => {
    const CLIENT = 3;
    const list = async (page: number) => expectOk(await orders(admin, { page, filters: { client_id: CLIENT } }));
    const already = (await list(1)).total;
    await t.ctx.db
      .execute(sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage,
        shipping_price, customer_info, finished_at)
      select ${CLIENT}, 1, 1, 'LL' || lpad(g::text, 18, '0'), 1, 21, 25, 'Pedido ' || g, now()
      from generate_series(1, ${COUNT_LIMIT + 1 - already}) g`);
    expect(await list(1)).toMatchObject({ total: COUNT_LIMIT, total_capped: true });

    // One fewer than "more than the limit": within seconds the list is still known as long…
    await t.ctx.db.execute(sql`delete from orders where id = (select max(id) from orders where track_code like 'LL%')`);
    expect(await list(1)).toMatchObject({ total: COUNT_LIMIT, total_capped: true, has_next_page: true });
    // …until its last page shows how many rows it has, exactly; then page 1 counts exactly again.
    const last = await list(COUNT_LIMIT / 20);
    expect(last).toMatchObject({ total: COUNT_LIMIT, has_next_page: false });
    expect(last.total_capped).toBeUndefined();
    expect(last.items).toHaveLength(20);
    const first = await list(1);
    expect(first).toMatchObject({ total: COUNT_LIMIT, has_next_page: true });
    expect(first.total_capped).toBeUndefined();
  });

  it("order and budget list rows carry the lists' columns, timestamps as ISO strings; the record carries every field", async () => {
    const [order] = expectOk(await orders(admin, { page: 1, per_page: 1, filters: {} })).items;
    // The list's columns, plus each order's total (as its details compute it) and its client's name.
    expect(Object.keys(order).sort()).toEqual([...resources.order.listRow!, 'total', 'client_name'].sort());
    expect(order.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const whole = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin }));
    const { total, client_name: _clientName, ...columns } = order;
    expect(whole).toMatchObject(columns);
    expect(total).toBe(whole.totals.total);
    expect(whole).toHaveProperty('track_code');
    const [budget] = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', { token: admin, body: { page: 1, per_page: 1, filters: { budget_status_id: 0 } } }),
    ).items;
    expect(Object.keys(budget).sort()).toEqual([...resources.budget.listRow!, 'client_name', 'is_expired'].sort());
    expect(expectOk(await t.call('GET', `/api/budget/data/${budget.id}`, { token: admin }))).toMatchObject({
      ...budget,
      buyer_email: expect.anything(),
    });
  });

  it('answer an exact total and no next page on a short list, and 0 when nothing matches', async () => {
    const short = expectOk(await t.call('GET', '/api/tax/page/1?per_page=100', { token: admin }));
    expect(short.has_next_page).toBe(false);
    expect(short.total).toBe(short.items.length);
    const split = expectOk(await t.call('GET', '/api/tax/page/1?per_page=1', { token: admin }));
    expect(split).toMatchObject({ total: short.total, has_next_page: short.total > 1 });
    const none = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', {
        token: cliente,
        body: { page: 1, filters: { q: 'ningún presupuesto se llama así' } },
      }),
    );
    expect(none).toMatchObject({ items: [], total: 0, has_next_page: false });
    const pastNone = expectOk(await t.call('GET', '/api/tax/page/50', { token: admin }));
    expect(pastNone).toMatchObject({ items: [], total: short.total, has_next_page: false });
  });
});
