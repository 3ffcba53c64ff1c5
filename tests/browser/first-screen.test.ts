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
