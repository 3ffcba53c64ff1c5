/**
 * A client member on a phone (390 × 844): lists as rows of key fields with nothing cut off at the
 * right, the filters folded behind the filter button, and the banner and the page title both readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectNoSideScroll, expectPath, expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Two boxes on screen that do not cover each other. */
async function expectApart(a: Locator, c: Locator) {
  const [x, y] = [await a.boundingBox(), await c.boundingBox()];
  expect(x && y).toBeTruthy();
  const overlap = x!.x < y!.x + y!.width && y!.x < x!.x + x!.width && x!.y < y!.y + y!.height && y!.y < x!.y + x!.height;
  expect(overlap, `${JSON.stringify(x)} and ${JSON.stringify(y)} overlap`).toBe(false);
}

describe('a member on a phone', () => {
  it('reads its budgets as rows and has "Nuevo presupuesto" in reach', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/budget-list/client-budgets');
    const first = page.getByRole('link', { name: /^Nº \d+ · / }).first();
    await expectVisible(first);
    await expectVisible(page.getByRole('button', { name: 'Nuevo presupuesto' }));
    await expectNoSideScroll(page);
    await first.click();
    await expectPath(page, /^\/budget-list\/budget-calculus-list\/\d+$/);
  });

  it('reads its orders as rows, filters them behind the filter button, and sees the banner apart from the title', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    await expectPath(page, '/client-orders/index');
    const title = page.getByRole('navigation', { name: 'Ruta' }).getByText('Mis pedidos', { exact: true });
    const banner = page.getByTestId('banner-cart');
    await expectVisible(title);
    await expectVisible(banner);
    await expectApart(title, banner);
    await expectNoSideScroll(page);

    // Rows of key fields: number, reference, state.
    const first = page.getByRole('link', { name: /^Nº \d+ · / }).first();
    await expectVisible(first);
    // The other filters are one tap away.
    expect(await page.getByRole('combobox', { name: 'Estado' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Añadir filtro' }).click();
    await expectVisible(page.getByRole('menu').getByText('Estado', { exact: true }));
    await page.keyboard.press('Escape');

    await first.click();
    await expectPath(page, /^\/client-orders\/details\/\d+$/);
    await expectNoSideScroll(page);
  });

  it('uses every page of its menu, the calculator and the price table without sideways scrolling', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    for (const path of MEMBER_PAGES) {
      await page.goto(`${t.url}${path}`);
      await expectNoSideScroll(page);
    }
  });

  it('follows an order on the public tracking page: the whole code is on screen, nothing wider than the phone', async () => {
    const { page } = b;
    const admin = await t.login('admin');
    const { track_code: code } = (await t.call('GET', '/api/order/getById/2', { token: admin })).body.data;
    await page.goto(`${t.url}/track-order/${code}`);
    const shown = page.getByTestId('fact-Código de seguimiento');
    await expectVisible(shown);
    expect(await shown.innerText()).toBe(code);
    const box = await shown.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoSideScroll(page);
  });
});

/** Pages a member opens (its menu, the calculator, the catalogue lists, a budget's screens). */
const MEMBER_PAGES = [
  '/dashboard',
  '/client-orders/index',
  '/budget-list/client-budgets',
  '/budget-list/budget-calculus-list/1',
  '/budget-list/price-table/1',
  '/budget-list/summary/1',
  '/internal-client-calculator/client/internal-cart',
  '/item-list/index',
  '/reel-list/index',
  '/order-cart',
  '/consignments-list/index',
  '/documentos',
  '/tablon',
];

/** Staff pages: generated and hand-written lists, the calculators, a fare's prices and an article's variations. */
const STAFF_PAGES = [
  '/dashboard',
  '/clientes/client-managment',
  '/clientes/clients-fares',
  '/clientes/clients-fares/1',
  '/stock-and-prices/cover-managment',
  '/stock-and-prices/reel-managment',
  '/stock-and-prices/articles-management',
  '/stock-and-prices/articles-management/1',
  '/stock-and-prices/reinforcement-type-managment',
  '/configuracion/taxes',
  '/configuracion/audits',
  '/usuarios',
  '/internal-calculator/index',
  '/clientes/consignments-list',
  '/clientes/consignments',
  '/clientes/consignments/details/1',
  '/orders/details/4',
  '/configuracion/app-settings',
  '/configuracion/traceability-configuration',
  '/configuracion/plantillas',
  '/configuracion/correos',
  '/budget-list/draft-budgets',
  '/orders/without-review',
  '/orders/reviewed-orders',
  '/calendario',
  '/item-list/1/index',
  '/reel-list/1/index',
  '/order-cart/client/1',
  '/budget-list/price-table/1',
  '/budget-list/summary/1',
  '/documentos',
  '/fichaje',
  '/fichaje/registros',
  '/tablon',
];

describe('staff on a phone', () => {
  it('reads every list as rows, each row opening its record, with "Añadir" in reach and nothing wider than the phone', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    for (const path of STAFF_PAGES) {
      await page.goto(`${t.url}${path}`);
      await expectNoSideScroll(page);
    }
    // A generated list: each client a row (its name first), which opens the client's dialog.
    await page.goto(`${t.url}/clientes/client-managment`);
    const row = page.getByRole('button', { name: /^Piscinas Agua Azul/ });
    await expectVisible(row);
    await expectVisible(page.getByRole('button', { name: 'Añadir' }));
    await row.click();
    await expectVisible(page.getByRole('dialog').getByRole('heading', { name: /Piscinas Agua Azul|Editar/ }));
    // Some thirty pages, each waited for until its network is idle.
  }, 240_000);

  /**
   * The page's title (the breadcrumb's h1) does not run under the bar's bell, check-in button, «Escanear» or
   * avatar, and is not cut short.
   */
  async function expectTitleApart(paths: string[]) {
    const { page } = b;
    for (const path of paths) {
      await page.goto(`${t.url}${path}`);
      const title = page.getByRole('navigation', { name: 'Ruta' }).getByRole('heading', { level: 1 });
      const checkIn = page.getByRole('button', { name: /^(Fichar|Iniciar pausa|Terminar pausa)/ }).first();
      await expectVisible(title);
      await expectVisible(checkIn);
      // The bell is there for those who read the board (not the office, which writes it).
      const bell = page.getByTestId('announcements-bell');
      const scan = page.getByRole('banner').getByRole('link', { name: 'Escanear', exact: true });
      await expectVisible(scan);
      for (const other of [...(await bell.count() ? [bell] : []), checkIn, scan, page.getByRole('button', { name: 'Menú de usuario' })]) {
        await expectApart(title, other);
      }
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth), `the title «${await title.innerText()}» is cut short`).toBe(true);
    }
  }

  it('reads the page title in the top bar apart from its buttons (workshop)', async () => {
    await loginAs(b.page, t.url, 'taller', 'taller1234');
    await expectTitleApart(['/fichaje', '/tablon', '/escanear', '/calendario']);
  });

  it('reads the page title in the top bar apart from its buttons (office, long titles)', async () => {
    await loginAs(b.page, t.url, 'admin', 'admin1234');
    await expectTitleApart(['/fichaje/registros', '/configuracion/traceability-configuration', '/orders/without-review']);
  });
});
