/**
 * The API reference in a real browser (issue 19 §5, issue 42): the page at /api/docs is HTML written on the
 * server (plugins/apiDocs/viewer.ts) and renders under the app's Content-Security-Policy with nothing from
 * other sites; anonymously it lists the public operations only, and an admin also sees the staff's. It is
 * usable without JavaScript, on a phone without sideways scrolling, and axe finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectHidden, expectNoSideScroll, expectVisible, loginAs, useBrowser, violationsOf } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const CALCULATOR = /Calculadora pública: los cobertores posibles/;
const TRACKING = /Seguimiento de un pedido por su código/;
const STAFF = 'Cliente: crear';

/** Requests the page made to any other origin than the app's (a CDN, web fonts…). */
function watchRequests(page: Page) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(t.url).origin) foreign.push(request.url());
  });
  return foreign;
}

/**
 * The staff's page holds some 40,000 elements, most in folded areas: there axe reads the page's frame and
 * the areas open (a whole scan takes longer than a test may); the anonymous page it reads whole.
 */
const SHOWN = '.page-header, .intro, nav, #buscar, .tag:has(> details[open])';

const cspErrors = () => b.consoleMessages.filter((m) => /Content Security Policy|Refused to/i.test(m));

async function openDocs(page: Page) {
  await page.goto(`${t.url}/api/docs`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'API de Cobertores' }));
}

/** An area (tag) of the page: its <details>, opened by a click on its summary. */
async function openTag(page: Page, tag: string) {
  const summary = page.locator('.tag > details > summary').filter({ has: page.getByRole('heading', { level: 2, name: tag, exact: true }) });
  await summary.click();
  await expect.poll(() => summary.evaluate((element) => element.parentElement?.hasAttribute('open'))).toBe(true);
}

describe('the API reference', () => {
  it('anonymously: the Spanish title and the public operations, not the staff ones, without CSP errors or other sites', async () => {
    const { page } = b;
    const foreign = watchRequests(page);
    await openDocs(page);
    expect(await page.title()).toBe('API de Cobertores');
    await expectVisible(page.getByText('Toda respuesta JSON es un sobre', { exact: false }));
    // Folded at first: an area's operations show once its summary is clicked.
    await expectHidden(page.getByText(CALCULATOR));
    await openTag(page, 'Calculadora pública');
    await openTag(page, 'Pedidos');
    await expectVisible(page.getByText(CALCULATOR));
    await expectVisible(page.getByText(TRACKING));
    expect(await page.getByText(STAFF).count()).toBe(0);
    // An operation opens to its details: the body's fields, the answer and a curl call.
    await page.locator('.operation > summary').filter({ hasText: CALCULATOR }).click();
    const calculator = page.locator('.operation[open]');
    await expectVisible(calculator.getByRole('heading', { name: 'Cuerpo de la petición' }));
    await expectVisible(calculator.getByText(`curl -X POST '${t.url}/api/calculator/price'`, { exact: false }));
    // A $ref's link leads to its schema in «Esquemas».
    await calculator.getByRole('link', { name: 'Respuesta', exact: true }).first().click();
    expect(new URL(page.url()).hash).toBe('#esquema-respuesta');
    await page.screenshot({ path: '/tmp/api-docs-anonymous.png' });
    expect(await violationsOf(page)).toEqual([]);
    expect(cspErrors()).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('as admin: also lists the staff operations; the search box narrows them down', async () => {
    const { page } = b;
    const foreign = watchRequests(page);
    await loginAs(page, t.url, 'admin', 'admin1234');
    await openDocs(page);
    await openTag(page, 'Calculadora pública');
    await expectVisible(page.getByText(CALCULATOR));
    await openTag(page, 'Clientes');
    await expectVisible(page.getByText(STAFF, { exact: true }));
    await page.getByText(STAFF, { exact: true }).click();
    await page.screenshot({ path: '/tmp/api-docs-desktop.png' });

    // The search box (our script, progressive enhancement): only the operations holding every word typed.
    const search = page.getByRole('searchbox', { name: 'Buscar operación' });
    await search.fill('presupuesto pdf');
    await expectVisible(page.getByRole('status').filter({ hasText: /\d+ operaci/ }));
    const shown = page.locator('.operation:not([hidden])');
    expect(await shown.count()).toBeGreaterThan(0);
    for (const text of await shown.locator('summary').allInnerTexts()) expect(text.toLowerCase()).toMatch(/pdf/);
    await expectHidden(page.getByText(STAFF, { exact: true }));
    await search.fill('');
    await expectVisible(page.getByText(STAFF, { exact: true }));

    expect(await violationsOf(page, { include: SHOWN })).toEqual([]);
    expect(cspErrors()).toEqual([]);
    expect(foreign).toEqual([]);
  }, 120_000);

  it('on a phone (390×844): nothing wider than the screen, an operation open, axe clean', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openDocs(page);
    await openTag(page, 'Tipos de cobertor');
    // The longest path of the public ones, with a table of its two parameters.
    const path = '/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/{season}/{fare}';
    const operation = page.locator('.operation > summary').filter({ hasText: path });
    await operation.click();
    await expectVisible(page.getByRole('region', { name: `Parámetros de GET ${path}` }));
    await operation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/api-docs-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
    expect(cspErrors()).toEqual([]);
  });

  it('without JavaScript: the whole reference is there and its areas open', async () => {
    const page = await b.newContext({ javaScriptEnabled: false });
    await page.goto(`${t.url}/api/docs`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'API de Cobertores' }));
    // No search box: it is the script's to add.
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await openTag(page, 'Calculadora pública');
    await expectVisible(page.getByText(CALCULATOR));
  });
});
