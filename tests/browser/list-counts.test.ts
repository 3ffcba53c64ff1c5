/**
 * A list longer than the count limit (src/shared/lists.ts): the pagination says "de más de 1.000", pages
 * on with the next button while there is a next page, and an exact list still says its total.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../src/shared/lists';
import { ReviewStatus } from '../../src/shared/orders';
import { orderPaths } from '../../src/client/paths/orders';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  await t.ctx.db
    .execute(sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage,
        shipping_price, customer_info, finished_at)
      select 2, 1, ${ReviewStatus.reviewed}, 'LB' || lpad(g::text, 18, '0'), 1, 21, 25, 'Pedido revisado ' || g, now()
      from generate_series(1, ${COUNT_LIMIT + 30}) g`);
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const range = (text: string) => b.page.getByText(text, { exact: true });

describe('list counts on the screens', () => {
  it('a long list reads "1-20 de más de 1.000" and pages on; a short one tells its exact total', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', orderPaths.reviewed);
    await expectPath(page, orderPaths.reviewed);
    // COUNT_LIMIT is 1000: counting stops there, and a Spanish reader sees it as «1.000».
    await expectVisible(range('1-20 de más de 1.000'));
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await expectVisible(range('21-40 de más de 1.000'));

    // The orders to review are few: their exact total.
    await page.goto(`${t.url}${orderPaths.toReview}`);
    await expectPath(page, orderPaths.toReview);
    const total = (
      await t.call('POST', '/api/order/getFilteredOrders', {
        token: await t.login(),
        body: { page: 1, filters: { order_review_status_id: ReviewStatus.toReview } },
      })
    ).body.data.total as number;
    expect(total).toBeGreaterThan(0); // the demo data has orders to review
    await expectVisible(range(`1-${Math.min(total, 20)} de ${total}`));
  });
});
