/**
 * The public pages without a session (docs/screens.md "Public routes", "Route guard"; docs/business-rules.md): the
 * woocommerce calculator (its own light page, framed by the shop's web site, reporting its height)
 * and the order tracking page.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { configFromEnv } from '../../src/server/config';
import { formatDate } from '../../src/shared/format';
import { startTestApp, type TestApp } from '../support/app';
import { expectCount, expectPath, expectVisible, loginAs, openInApp, useBrowser } from '../support/browser';
import { ANTONIO_GIL } from '../support/addresses';

let t: TestApp;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
type Row = Record<string, any>;

const HEIGHT_MESSAGE = 'cobertores-calculator-height';
const POOL = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, rounded_corners: true, stairwell: false };

/** The scripts only the back office's page loads (index.html minus what it shares with calculator.html). */
function adminOnlyScripts(): string[] {
  const dist = configFromEnv({ CLIENT_DIST: process.env.CLIENT_DIST }).clientDist!;
  const scripts = (file: string) =>
    [...fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const shared = new Set(scripts('calculator.html'));
  return scripts('index.html').filter((s) => !shared.has(s));
}

/** Fills the calculator (inside `page` or a frame) with the summer bubble pool and calculates. */
async function priceBubblePool(scope: Page | ReturnType<Page['frameLocator']>) {
  await scope.getByLabel('Tipo de cobertor').selectOption({ label: 'Cobertor de burbujas' });
  await scope.getByLabel('Largo A (m)').fill('8');
  await scope.getByLabel('Ancho B (m)').fill('4');
  await scope.getByLabel('Solape (m)').fill('0,15');
  await scope.getByLabel('Esquinas redondeadas').check();
  await scope.getByRole('button', { name: 'Calcular' }).click();
}

describe('the woocommerce calculator', () => {
  it('prices a cover with the web fare, "sin IVA", without a session and without the back office\'s code', async () => {
    const { page } = b;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${t.url}/woocommerce-calculator/index/1`);
    await expectVisible(page.getByRole('heading', { name: 'Calculadora de cobertores' }));
    await expectVisible(page.getByText('Temporada: Verano'));
    // No login: the page stays.
    await expectPath(page, '/woocommerce-calculator/index/1');

    // Spanish messages, the server's own.
    await page.getByRole('button', { name: 'Calcular' }).click();
    for (const message of ['Seleccione el tipo de cobertor', 'Introduzca la medida A', 'Introduzca la medida B'])
      await expectVisible(page.getByText(message, { exact: true }));
    // The season's cover types only.
    await expectCount(page.locator('#pc-pool_cover_type_id option', { hasText: 'Manta de invierno con refuerzo' }), 0);
    await page.getByLabel('Tipo de cobertor').selectOption({ label: 'Cobertor de burbujas' });
    await page.getByLabel('Largo A (m)').fill('ocho');
    await page.getByLabel('Ancho B (m)').fill('4');
    await page.getByLabel('Escalera', { exact: true }).check();
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expectVisible(page.getByText('Introduzca el largo A en metros, p. ej. 8,50', { exact: true }));
    await page.getByLabel('Largo A (m)').fill('8');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect.poll(() => page.getByText('Introduzca las medidas de la escalera', { exact: true }).count()).toBe(2);
    await page.getByLabel('Escalera', { exact: true }).uncheck();

    await priceBubblePool(page);
    const expected = (await t.call('POST', '/api/calculator/price', { body: POOL })).body.data;
    const options = page.getByTestId('price-option');
    await expectCount(options, expected.options.length);
    const labels = await page.getByTestId('price-label').allInnerTexts();
    expect(labels).toEqual(expected.options.map((o: Row) => o.label));
    for (const label of labels) expect(label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);
    await expectVisible(options.filter({ hasText: 'Burbuja 400 micras' }).getByText(/esquinas redondeadas/i));

    // Its own light page: none of the back office's own scripts were loaded, and no session call was made.
    const admin = adminOnlyScripts();
    expect(admin.length).toBeGreaterThan(0);
    expect(requested.filter((p) => admin.includes(p))).toEqual([]);
    // The refused forms never reached the server: one price call, for the valid pool.
    expect(requested.filter((p) => p.startsWith('/api/')).sort()).toEqual([
      '/api/calculator/price',
      '/api/poolCoverType/getPoolCoverTypesBySeason/1',
    ]);
  });

  it('a side of 0 or over the largest cover shows its reason under the field and no price (issue 43)', async () => {
    const { page } = b;
    const priceCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/calculator/price') priceCalls.push(request.url());
    });
    await page.goto(`${t.url}/woocommerce-calculator/index/1`);
    await page.getByLabel('Tipo de cobertor').selectOption({ label: 'Cobertor de burbujas' });
    await page.getByLabel('Largo A (m)').fill('0');
    await page.getByLabel('Ancho B (m)').fill('4');
    await page.getByRole('button', { name: 'Calcular' }).click();
    // Refused on the page itself, under A, before any price is asked for.
    await expectVisible(page.locator('#pc-a-error', { hasText: 'El largo A debe ser mayor que 0 m' }));
    await expectCount(page.getByTestId('price-option'), 0);
    expect(priceCalls).toEqual([]);
    // The largest cover is a setting the page does not know: the server's refusal shows under A in the same place.
    await page.getByLabel('Largo A (m)').fill('31');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expectVisible(page.locator('#pc-a-error', { hasText: 'El largo A no puede superar 30 m' }));
    await expectCount(page.getByTestId('price-option'), 0);
  });

  it('an unknown season says so', async () => {
    const { page } = b;
    await page.goto(`${t.url}/woocommerce-calculator/index/7`);
    await expectVisible(page.getByRole('alert').filter({ hasText: 'la temporada indicada no es válida' }));
  });

  it('works framed by another site and reports its height to it; the back office refuses to be framed', async () => {
    const { page } = b;
    // The shop's page, on another origin (its own server, another port).
    const html = `<!doctype html><html><body><h1>Tienda</h1>
        <iframe id="calc" title="Calculadora" src="${t.url}/woocommerce-calculator/index/1" style="width:100%;border:0"></iframe>
        <iframe id="admin" title="Administración" src="${t.url}/login"></iframe>
        <script>
          window.heights = [];
          addEventListener('message', (e) => {
            if (e.data && e.data.type === '${HEIGHT_MESSAGE}') {
              window.heights.push({ height: e.data.height, origin: e.origin });
              document.getElementById('calc').style.height = e.data.height + 'px';
            }
          });
        </script></body></html>`;
    const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    onTestFinished(() => new Promise<void>((done) => server.close(() => done())));
    const shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(new URL(shop).origin).not.toBe(new URL(t.url).origin);
    await page.goto(`${shop}/tienda`);
    const calculator = page.frameLocator('#calc');
    await expectVisible(calculator.getByRole('heading', { name: 'Calculadora de cobertores' }));
    await expect.poll(() => page.evaluate(() => (window as any).heights.length)).toBeGreaterThan(0);
    const [first] = await page.evaluate(() => (window as any).heights as Array<{ height: number; origin: string }>);
    expect(first.origin).toBe(new URL(t.url).origin);
    expect(first.height).toBeGreaterThan(100);

    // Pricing makes it taller: the parent hears about it.
    await priceBubblePool(calculator);
    await expectVisible(calculator.getByTestId('price-label').first());
    await expect
      .poll(async () => (await page.evaluate(() => (window as any).heights as Array<{ height: number }>)).at(-1)!.height)
      .toBeGreaterThan(first.height);
    // The parent sized the iframe with it: no inner scroll.
    const last = (await page.evaluate(() => (window as any).heights as Array<{ height: number }>)).at(-1)!.height;
    await expect.poll(async () => Math.round((await page.locator('#calc').boundingBox())!.height)).toBe(last);

    // The back office in the same page is blocked (frame-ancestors 'self'): Chromium puts its error page
    // in the frame instead, and no login form is inside.
    const adminFrame = await page.locator('#admin').elementHandle().then((element) => element!.contentFrame());
    await expect.poll(() => adminFrame!.url()).toBe('chrome-error://chromewebdata/');
    await expectCount(page.frameLocator('#admin').locator('input[name=username]'), 0);
  });
});

describe('order tracking', () => {
  async function finishedOrder() {
    const cart = (await t.call('POST', '/api/orderItem/create', { token: cliente, body: { item_property_value_id: 1, quantity: 1 } })).body
      .data;
    const address = {
      customer_info: 'Piscina Sr. Gil',
      ...ANTONIO_GIL,
      delivery_date: '2036-12-15',
    };
    const finished = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token: cliente,
      body: { order_id: cart.id, ...address },
    });
    expect(finished.body.code).toBe(20001);
    return finished.body.data as Row;
  }

  it('an unknown code shows the server\'s message; a real one its state, number, dates and history, nothing personal', async () => {
    const { page } = b;
    const order = await finishedOrder();
    await page.goto(`${t.url}/track-order`);
    await expectVisible(page.getByRole('heading', { name: 'Seguimiento de pedido' }));
    await expectPath(page, '/track-order');

    await page.getByRole('button', { name: 'Consultar' }).click();
    await expectVisible(page.getByText('Introduzca el código de seguimiento', { exact: true }));

    const code = page.getByLabel('Código de seguimiento');
    await code.fill('0123456789ABCDEF0123');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'No existe ningún pedido con ese código de seguimiento' }));
    await expectPath(page, '/track-order/0123456789ABCDEF0123');

    await code.fill(order.track_code.toLowerCase());
    await page.getByRole('button', { name: 'Consultar' }).click();
    const tracked = page.getByTestId('tracked-order');
    await expectVisible(tracked.getByRole('heading', { name: `Pedido nº ${order.id}` }));
    await expectCount(page.getByRole('alert'), 0);
    await expect.poll(() => page.getByTestId('fact-Estado').innerText()).toBe('Pendiente de revisión');
    expect(await page.getByTestId('fact-Fecha de entrega').innerText()).toBe('15/12/2036');
    expect(await page.getByTestId('fact-Fecha del pedido').innerText()).toBe(formatDate(order.created_at));
    const history = tracked.getByRole('table', { name: 'Historial de estados' }).locator('tbody tr');
    await expectCount(history, 2);
    expect((await history.allInnerTexts()).map((row) => row.split('\t').pop()!.trim())).toEqual([
      'Carrito sin terminar',
      'Pendiente de revisión',
    ]);
    for (const row of await history.allInnerTexts()) expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const text = await page.locator('body').innerText();
    for (const personal of ['Antonio', 'antonio@', 'Calle Luna', '600222333', 'Agua Azul', 'Piscina Sr. Gil'])
      expect(text).not.toContain(personal);

    // Back goes to the previous code; a deep link opens the order directly.
    await page.goBack();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'No existe ningún pedido con ese código de seguimiento' }));
    await page.goto(`${t.url}/track-order/${order.track_code}`);
    await expectVisible(page.getByTestId('tracked-order').getByRole('heading', { name: `Pedido nº ${order.id}` }));
    expect(await page.getByLabel('Código de seguimiento').inputValue()).toBe(order.track_code);
  });

  it('a signed-in user following a link to the tracking page inside the back office gets the page', async () => {
    const { page } = b;
    const order = await finishedOrder();
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    await openInApp(page, `/track-order/${order.track_code}`);
    await expectVisible(page.getByTestId('tracked-order').getByRole('heading', { name: `Pedido nº ${order.id}` }));
    await expectPath(page, `/track-order/${order.track_code}`);
  });
});
