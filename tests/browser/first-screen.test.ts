/**
 * The staff app opens at once (issue 30): the list's own request goes out without waiting for the
 * session check, the layout's badges or the filters' choices, and its rows, with their client names,
 * show while all of those are still unanswered. Held with page.route, never timed.
 */
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths } from '../../src/client/paths/orders';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, loginThroughForm, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** The calls that must not hold the rows up: the session check, the top bar's badges, the filters' choices. */
const HELD = [
  '/api/auth/info',
  '/api/order/getOrdersReview',
  '/api/timeRecords/status',
  '/api/client/page/',
  '/api/invoicingCompany/dropdown',
  '/api/client/getDropdownByOrders',
];

/** Holds every call of `HELD` unanswered until `release()`; `sent` lists every API call in the order the page made them. */
async function holdCalls(page: Page) {
  const held: Route[] = [];
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) sent.push(pathname);
  });
  const matches = (url: URL) => HELD.some((path) => url.pathname.startsWith(path));
  await page.route(matches, (route) => { held.push(route); });
  return {
    sent,
    held: () => held.map((route) => new URL(route.request().url()).pathname),
    release: async () => {
      await page.unroute(matches);
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    },
  };
}

describe('the first screen', () => {
  it('asks for the orders at once and shows rows with client names while the session check, badges and choices wait', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    // The landing list's late reads (its filters' choices, once its rows are in) must not count as this page's.
    await page.goto('about:blank');
    const calls = await holdCalls(page);
    await page.goto(`${t.url}${orderPaths.reviewed}`, { waitUntil: 'commit' });

    // The rows are on screen, their client named, though none of the held calls has been answered.
    const firstRow = page.locator('tbody tr.RaDatagrid-row').first();
    await expectVisible(firstRow);
    await expect.poll(() => firstRow.locator('td.column-client_name').innerText()).toMatch(/\p{L}/u);
    expect(calls.sent).toContain('/api/order/getFilteredOrders');
    // The session check goes once the rows are on screen (issue 46), and is still unanswered.
    await expect.poll(() => calls.held()).toContain('/api/auth/info');
    // The filters' choices are asked once the rows are in, not before the list's own call.
    const listAt = calls.sent.indexOf('/api/order/getFilteredOrders');
    for (const choices of ['/api/client/page/1', '/api/invoicingCompany/dropdown']) {
      const at = calls.sent.findIndex((path) => path.startsWith(choices));
      expect(at === -1 || at > listAt, `${choices} asked before the list`).toBe(true);
    }
    // No second call for the client names.
    expect(calls.sent).not.toContain('/api/client/getDropdownByOrders');

    // Answered, the rest of the screen follows as before.
    await calls.release();
    await expectVisible(page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));
    await expectVisible(page.getByTestId('banner-orders-review'));
  });

  it('a page loaded with its first visit (the dashboard) asks for its figures before the session check', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    await page.goto('about:blank');
    const calls = await holdCalls(page);
    await page.goto(`${t.url}/dashboard`, { waitUntil: 'commit' });

    // Its scripts come before the app first renders (lazyPage.ts): the figures are the first call, before
    // the session check; without that, the page waited for React's suspense fallback and the check went first.
    await expectVisible(page.getByRole('heading', { name: 'Panel de control' }));
    await expectVisible(page.getByText('Presupuestos de los últimos 12 meses'));
    expect(calls.sent[0]).toBe('/api/dashboard/staff');
    await expect.poll(() => calls.held()).toContain('/api/auth/info');
    await calls.release();
    await expectVisible(page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));
  });

  it('a cart named by its id opens while the session check is unanswered', async () => {
    const { page, context } = b;
    await loginThroughForm(page, t.url, 'cliente', 'cliente1234');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'X-Token')!.value;
    const cartId = (await t.call('GET', '/api/auth/info', { token })).body.data.user.current_cart_order_id;
    expect(cartId).toEqual(expect.any(Number));
    await page.goto('about:blank');
    const calls = await holdCalls(page);
    await page.goto(`${t.url}/order-cart/${cartId}`, { waitUntil: 'commit' });

    // The member's roles of the last session are enough: its lines show, the session check still held.
    await expectVisible(page.getByTestId('cart-line').first());
    expect(calls.held()).not.toContain('/api/order/getById');
    await expect.poll(() => calls.held()).toContain('/api/auth/info');
    await calls.release();
  });

  it('a session auth/info refuses, though the page opened on the last roles, ends on /login', async () => {
    const { page, context } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    // The session ends elsewhere (the cookie is now unknown to the server); the browser still has the roles.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'X-Token')!.value;
    await t.call('POST', '/api/auth/logout', { token, body: {} });
    await page.goto(`${t.url}${orderPaths.reviewed}`);
    await expectPath(page, '/login');
    await expectVisible(page.locator('input[name=username]'));
  });

  it('leaving a page while its session check is unanswered keeps the user signed in', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    // The landing list's late reads (its filters' choices, once its rows are in) must not count as this page's.
    await page.goto('about:blank');
    const calls = await holdCalls(page);
    await page.goto(`${t.url}${orderPaths.reviewed}`, { waitUntil: 'commit' });
    await expectVisible(page.locator('tbody tr.RaDatagrid-row').first());
    await expect.poll(() => calls.held()).toContain('/api/auth/info');
    // The person moves on before auth/info answers: the browser cancels it, which is no refusal.
    // (The held calls stay unanswered; the next page's calls go through.)
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${t.url}/client`);
    await expectVisible(page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));
    await expectPath(page, '/client');
  });
});
