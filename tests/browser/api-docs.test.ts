/**
 * The API documentation in a real browser (issue 19 §5): the Scalar viewer at /api/docs renders under
 * the app's Content-Security-Policy, with its script from our own server; anonymously it lists the
 * public endpoints only, and an admin also sees the staff's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** Requests the page made to any other origin than the app's (a CDN, Scalar's fonts…). */
function watchRequests(page: Page) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(t.url).origin) foreign.push(request.url());
  });
  return foreign;
}

const cspErrors = () => b.consoleMessages.filter((m) => /Content Security Policy|Refused to/i.test(m));

/** The viewer has loaded the document and drawn its sidebar. */
async function openDocs(page: Page) {
  await page.goto(`${t.url}/api/docs`);
  await expectVisible(page.getByRole('heading', { name: 'API de Cobertores' }).first());
}

/** Unfolds a tag's group in the viewer's sidebar (they start folded). */
async function openTag(page: Page, tag: string) {
  await page.getByText(tag, { exact: true }).first().click();
}

describe('the API documentation viewer', () => {
  it('anonymously: renders the Spanish title and the public endpoints, not the staff ones, without CSP errors', async () => {
    const { page } = b;
    const foreign = watchRequests(page);
    await openDocs(page);
    expect(await page.title()).toBe('API de Cobertores');
    await expectVisible(page.getByText('Toda respuesta JSON es un sobre', { exact: false }).first());
    // The public calculator and the tracking the web shop embeds, by their Spanish summaries.
    await openTag(page, 'Calculadora pública');
    await openTag(page, 'Pedidos');
    await expectVisible(page.getByText(/Calculadora pública: los cobertores posibles/).first());
    await expectVisible(page.getByText(/Seguimiento de un pedido por su código/).first());
    expect(await page.getByText('Cliente: crear').count()).toBe(0);
    await page.screenshot({ path: '/tmp/api-docs-anonymous.png' });
    expect(cspErrors()).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('as admin: also lists the staff endpoints', async () => {
    const { page } = b;
    const foreign = watchRequests(page);
    await loginAs(page, t.url, 'admin', 'admin1234');
    await openDocs(page);
    await openTag(page, 'Calculadora pública');
    await expectVisible(page.getByText(/Calculadora pública: los cobertores posibles/).first());
    // A staff endpoint: a generic endpoint under the clients' tag.
    await openTag(page, 'Clientes');
    await expectVisible(page.getByText('Cliente: crear').first());
    await page.screenshot({ path: '/tmp/api-docs.png' });
    expect(cspErrors()).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
