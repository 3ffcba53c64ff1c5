/**
 * The staff app paints its frame (top bar, side menu) from index.html before any script runs (issue 30,
 * app-shell.html); React then takes it over at the same place and size, in one commit (never a blank
 * page between the two), and the frame's picture is neither read by screen readers nor sent where the
 * frame is not shown. Scripts are held with page.route, never timed.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths } from '../../src/client/paths/orders';
import { startTestApp, type TestApp } from '../support/app';
import { expectVisible, loginThroughForm, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
/** Where the screenshots go when asked for (APP_SHELL_SHOTS=/some/dir): to look at the shell and the app. */
const SHOTS = process.env.APP_SHELL_SHOTS;

type Box = { x: number; y: number; width: number; height: number } | null;
const rounded = (box: Box) => box && Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value)]));

/** The shell's boxes: the top bar and, on a wide screen, the side menu. */
async function shellBoxes(page: Page) {
  const side = page.locator('#app-shell .side');
  return {
    bar: rounded(await page.locator('#app-shell .bar').boundingBox()),
    side: (await side.isVisible()) ? rounded(await side.boundingBox()) : null,
  };
}

/**
 * Records, after every change of the page, whether it showed the shell, React's frame, or neither (a
 * blank page between the two), and the frame's boxes React painted when it took over. Installed before
 * the page's own scripts.
 */
function watchTakeover(page: Page) {
  return page.addInitScript(() => {
    const seen = { states: [] as string[], react: null as null | Record<string, unknown> };
    (window as unknown as { takeover: typeof seen }).takeover = seen;
    const box = (el: Element | null) => {
      const rect = el?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    };
    const note = () => {
      const bar = document.querySelector('#root header.MuiAppBar-root');
      const state = document.getElementById('app-shell') ? 'shell' : bar ? 'react' : 'neither';
      if (seen.states.at(-1) === state) return;
      seen.states.push(state);
      if (state === 'react') {
        const side = document.querySelector('#root .MuiDrawer-docked .MuiDrawer-paper');
        seen.react = { bar: box(bar), side: side && getComputedStyle(side).display !== 'none' ? box(side) : null };
      }
    };
    document.addEventListener('DOMContentLoaded', () => {
      note();
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    });
  });
}

type Takeover = { states: string[]; react: { bar: Box; side: Box } | null };
const takeoverOf = async (page: Page) => {
  const seen = await page.evaluate(() => (window as unknown as { takeover: Takeover }).takeover);
  return { states: seen.states, react: seen.react && { bar: rounded(seen.react.bar), side: rounded(seen.react.side) } };
};

/** Opens the orders list with the scripts `which` held (all, or the app's own chunk only); returns their release. */
async function openHeld(page: Page, which: 'all' | 'app' = 'all') {
  const held: Route[] = [];
  let holding = true;
  const matches = (url: URL) => (which === 'all' ? url.pathname.endsWith('.js') : /\/assets\/App-[\w-]+\.js$/.test(url.pathname));
  await page.route(matches, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto(`${t.url}${orderPaths.reviewed}`, { waitUntil: 'commit' });
  await expectVisible(page.locator('#app-shell .bar'));
  expect(held.length).toBeGreaterThan(0);
  return async () => {
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
  };
}

describe('the frame painted from the html', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`shows the top bar${viewport.width > 1024 ? ' and the side menu' : ''} before any script, and React takes them over in place `
      + `(${viewport.width}×${viewport.height})`, async () => {
      const page = await b.newContext({ viewport });
      await loginThroughForm(page, t.url, 'admin', 'admin1234');
      // With every script held, nothing fits the shell to the banner of the last visit (the next test does).
      await page.evaluate(() => window.localStorage.removeItem('cobertores.hint.ordersToReview'));
      await watchTakeover(page);
      const release = await openHeld(page);

      const shell = await shellBoxes(page);
      expect(shell.bar).not.toBeNull();
      expect(shell.side !== null).toBe(viewport.width >= 1024);
      // A picture only: screen readers skip it, and nothing in it takes the focus.
      expect(await page.locator('#app-shell').getAttribute('aria-hidden')).toBe('true');
      expect(await page.locator('#app-shell').evaluate((el) => el.querySelectorAll('a, button, input, [tabindex]').length)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/shell-${viewport.width}.png` });

      await release();
      await expectVisible(page.locator('header.MuiAppBar-root'));
      await expect.poll(() => page.locator('#app-shell').count()).toBe(0);
      // React put its frame where the shell was, and removed the shell in the same commit: no blank page between.
      const takeover = await takeoverOf(page);
      expect(takeover.states).toEqual(['shell', 'react']);
      expect(takeover.react).toEqual(shell);
      await page.waitForLoadState('networkidle');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-${viewport.width}.png` });
    });
  }

  it('on a phone, the orders-to-review banner of the last visit is there at once: the page does not move when the count answers',
    async () => {
      const page = await b.newContext({ viewport: { width: 390, height: 844 } });
      await loginThroughForm(page, t.url, 'admin', 'admin1234');
      // The first visit reads the count (the demo has orders to review) and keeps it as a hint.
      await page.goto(`${t.url}${orderPaths.reviewed}`);
      const banner = page.getByTestId('banner-orders-review');
      await expectVisible(banner);
      const text = await banner.innerText();

      // The next visit: the count's call is held. main.tsx fits the shell with the banner's row (the
      // app's own chunk held meanwhile), React takes it over at the same size, and the rows paint under
      // the banner already in its row.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/api/order/getOrdersReview', (route) => (holding ? held.push(route) : route.continue()));
      await watchTakeover(page);
      const release = await openHeld(page, 'app');
      await expect.poll(() => page.locator('#app-shell.review').count()).toBe(1);
      const shell = await shellBoxes(page);
      await release();
      const main = page.locator('#root main');
      await expectVisible(main.getByRole('link', { name: /^Nº \d+ · / }).first());
      expect((await takeoverOf(page)).react).toEqual(shell);
      await expect.poll(() => held.length).toBeGreaterThan(0);
      expect(await banner.innerText()).toBe(text);
      const before = rounded(await main.boundingBox());
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await page.waitForLoadState('networkidle');
      expect(rounded(await main.boundingBox())).toEqual(before);
    });

  it('draws the side menu narrow when the user closed it, as React then does', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    await page.evaluate(() => window.localStorage.setItem('RaStorecobertores.sidebar.open', 'false'));
    await watchTakeover(page);
    // main.tsx fits the shell as soon as it runs; the app's own chunk is held meanwhile.
    const release = await openHeld(page, 'app');
    await expect.poll(() => page.locator('#app-shell.closed').count()).toBe(1);
    const shell = await shellBoxes(page);
    expect(shell.side?.width).toBe(56);
    await release();
    await expectVisible(page.locator('header.MuiAppBar-root'));
    const takeover = await takeoverOf(page);
    expect(takeover.states).toEqual(['shell', 'react']);
    expect(takeover.react).toEqual(shell);
  });

  it('is sent only to a browser with a session, on the pages of the frame', async () => {
    const { page, context } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'X-Token')!.value;
    const html = async (path: string, signedIn: boolean) =>
      (await fetch(`${t.url}${path}`, { headers: signedIn ? { cookie: `X-Token=${token}` } : {} })).text();
    const shell = 'id="app-shell"';
    expect(await html(orderPaths.reviewed, true)).toContain(shell);
    expect(await html('/clients?page=2', true)).toContain(shell);
    // Without a session the app goes to /login; these pages are outside the frame.
    expect(await html(orderPaths.reviewed, false)).not.toContain(shell);
    for (const path of ['/login', '/404', '/resetPassword/abc', '/bar-code/123', '/track-order/x'])
      expect(await html(path, true), path).not.toContain(shell);
    // Whatever the page, the app's scripts are listed all the same.
    expect(await html('/404', true)).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/App-[\w-]+\.js">/);
  });

  it('goes before the app arrives when this browser is signed out, though its cookie is left', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    await page.evaluate(() => window.localStorage.removeItem('cobertores.session'));
    await watchTakeover(page);
    await page.goto(`${t.url}${orderPaths.reviewed}`);
    await expectVisible(page.locator('input[name=username]'));
    expect((await takeoverOf(page)).states).not.toContain('react');
  });
});
