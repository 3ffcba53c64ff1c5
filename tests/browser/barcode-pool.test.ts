/**
 * The workshop's item page /bar-code/{code} shows a made-to-measure cover's pool to staff (issue 43 point 3):
 * drawn to scale with its measures, so the person cutting sees the shape of the item in hand; an anonymous
 * reader of the label sees no pool.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import { ROSA_VIDAL } from '../support/addresses';
import { expectCount, expectNoSideScroll, expectVisible, loginAs, useBrowser, violationsOf } from '../support/browser';
import { createUser, expectOk, tokenOf } from '../api/helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

const b = useBrowser();

/** The 7 × 3,5 m pool with a 1,80 × 0,90 m stair and 0,15 m of overlap: its cover is 7,30 × 3,80 m. */
const SUMMARY = 'Piscina de 7,00 × 3,50 m con escalera de 1,80 × 0,90 m; cobertor de 7,30 × 3,80 m';

/** The bar code of the cover line of a finished order made with the calculator. */
async function coverBarcode() {
  const user = await createUser(t, admin, { client_id: 1 });
  const token = await tokenOf(t, user.username, user.password);
  const calculated = expectOk(
    await t.call('POST', '/api/order/createWithOrderCalculus', {
      token,
      body: {
        order: {},
        order_calculus: {
          pool_subcategory_id: 1, pool_cover_type_id: 3, a: 7, b: 3.5, extra_distance: 0.15, rounded_corners: false,
          stairwell: true, c: 1.8, d: 0.9, e: 2.6, pool_cover_id: 4, quantity: 1,
        },
      },
    }),
    20001,
  );
  const finish = { order_id: calculated.order_id, customer_info: 'Corte', ...ROSA_VIDAL, delivery_date: '2037-05-20' };
  expectOk(await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: finish }), 20001);
  const details = expectOk(await t.call('GET', `/api/order/getById/${calculated.order_id}`, { token: admin }));
  return (details.order_items as Array<Record<string, any>>).find((line) => line.kind === 'cover')!.barcode as string;
}

async function openBarcode(page: Page, code: string) {
  await page.goto(`${t.url}/bar-code/${code}`);
  await expectVisible(page.getByRole('heading', { name: 'Trazabilidad del artículo' }));
  await expectVisible(page.getByRole('table', { name: 'Pasos' }));
}

const pool = (page: Page) => page.getByRole('region', { name: 'Piscina' });

describe('the bar-code page of a cover', () => {
  it('shows staff the pool drawn to scale with its measures, on a 390 px phone too; an anonymous reader sees none', async () => {
    const { page } = b;
    const code = await coverBarcode();
    await openBarcode(page, code);
    await expectCount(pool(page), 0);
    await expectCount(page.getByRole('img', { name: SUMMARY }), 0);

    await loginAs(page, t.url, 'taller', 'taller1234');
    await openBarcode(page, code);
    await expectVisible(pool(page).getByRole('img', { name: SUMMARY, exact: true }));
    for (const [term, value] of [
      ['Largo (A)', '7,00 m'],
      ['Ancho (B)', '3,50 m'],
      ['Solape', '0,15 m'],
      ['Escalera (C × D)', '1,80 m × 0,90 m, a 2,60 m de la esquina (E)'],
      ['Esquinas', 'Rectas'],
    ]) {
      await expectVisible(pool(page).getByText(term, { exact: true }));
      await expectVisible(pool(page).getByText(value, { exact: true }));
    }
    expect(await violationsOf(page)).toEqual([]);

    // The drawing's script comes with the item, not after it (it would push the order and the steps down):
    // held back a second, the steps wait for it rather than show without the pool above them.
    await page.route(/\/assets\/PoolSection-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.reload();
    await expectVisible(page.getByRole('table', { name: 'Pasos' }));
    expect(await pool(page).count()).toBe(1);
    await page.unroute(/\/assets\/PoolSection-[\w-]+\.js$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await openBarcode(page, code);
    await expectVisible(pool(page).getByRole('img', { name: SUMMARY, exact: true }));
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
  });
});
