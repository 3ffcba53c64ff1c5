/**
 * Lists count matching rows exactly up to COUNT_LIMIT and beyond it say "more than" (src/shared/lists.ts);
 * one row more than the page says whether a next page exists. Proven on orders, the list that grows.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../src/shared/lists';
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
    await t.ctx.db.execute(sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage, shipping_price, customer_info, finished_at)
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

  it('answer an exact total and no next page on a short list, and 0 when nothing matches', async () => {
    const short = expectOk(await t.call('GET', '/api/tax/page/1?per_page=100', { token: admin }));
    expect(short.has_next_page).toBe(false);
    expect(short.total).toBe(short.items.length);
    const split = expectOk(await t.call('GET', '/api/tax/page/1?per_page=1', { token: admin }));
    expect(split).toMatchObject({ total: short.total, has_next_page: short.total > 1 });
    const none = expectOk(await t.call('POST', '/api/budget/getBudgetList', { token: cliente, body: { page: 1, filters: { q: 'ningún presupuesto se llama así' } } }));
    expect(none).toMatchObject({ items: [], total: 0, has_next_page: false });
    const pastNone = expectOk(await t.call('GET', '/api/tax/page/50', { token: admin }));
    expect(pastNone).toMatchObject({ items: [], total: short.total, has_next_page: false });
  });
});
