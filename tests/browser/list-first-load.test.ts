/**
 * A staff list opens with no more than the bare react-admin app loads (issue 46 §2): before its first row
 * is in the page, at most 6 requests (the document, the scripts, the API calls) and at most 1.2 × the
 * anchor's decoded JavaScript. The anchor (scripts/anchor/, measured by bench:web) loads one script of
 * 947,848 bytes decoded (925 KiB) and makes 3 requests: its document, its script and the list's call.
 * Each list of bench:web (ANCHOR_PAGES) is opened a second time in the same browser (its cache warm, as
 * staff open the app every day), without the service worker (which only «Escanear» registers), and so
 * is the landing list from the sign-in form's button. Counted, never timed.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_PAGES } from '../../scripts/anchor/pages';
import { startTestApp, type TestApp } from '../support/app';
import { loginAs, networkQuiet, useBrowser } from '../support/browser';

/** The ceiling on the requests started before the first row. */
const MAX_REQUESTS = 6;
/** 1.2 × the anchor's 925 KiB of decoded JavaScript, in bytes. */
const MAX_JS_BYTES = 1110 * 1024;

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser({ serviceWorkers: 'block' });

declare global {
  interface Window { __firstRowAt?: number }
}

/**
 * Runs in every document before its scripts: keeps when (epoch ms, as Playwright times requests) the
 * first list row with text is in the DOM (react-admin's loading rows have none). A call the app makes in
 * the same task as it draws the row (its references, say) is after it, though the observer hears of
 * the row only once that task is over: every fetch looks for the row first. A string, not a function:
 * the test's transform could add helpers the page does not have.
 */
const WATCH_FIRST_ROW = `(() => {
  const rowIn = () => [...document.querySelectorAll('tbody tr.RaDatagrid-row')].some((tr) => tr.textContent.trim());
  const seen = () => {
    if (window.__firstRowAt === undefined && rowIn()) window.__firstRowAt = performance.timeOrigin + performance.now();
  };
  const observer = new MutationObserver(() => {
    seen();
    if (window.__firstRowAt !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  const fetch = window.fetch;
  window.fetch = function (...args) {
    seen();
    return fetch.apply(this, args);
  };
})();`;

interface FirstLoad {
  /** Each request started before the first row, as "type path". */
  requests: string[];
  /** The decoded bytes of the scripts among them. */
  jsBytes: number;
  /** The scripts' addresses. */
  scripts: string[];
}

/** Records the page's requests from now on; `untilFirstRow` waits for the row and keeps those started before it. */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  const onRequest = (request: Request) => { requests.push(request); };
  page.on('request', onRequest);
  return {
    async untilFirstRow(): Promise<FirstLoad> {
      await page.waitForFunction(() => window.__firstRowAt !== undefined, null, { polling: 50 });
      const rowAt = await page.evaluate(() => window.__firstRowAt!);
      // Playwright times a request once answered: every one of them is, once the page is quiet.
      await networkQuiet(page);
      page.off('request', onRequest);
      const before = requests.filter((request) => request.timing().startTime < rowAt);
      let jsBytes = 0;
      const scripts: string[] = [];
      for (const request of before) {
        if (request.resourceType() !== 'script') continue;
        const response = await request.response();
        jsBytes += (await response!.body()).length;
        scripts.push(request.url());
      }
      const requestNames = before.map((request) => `${request.resourceType()} ${new URL(request.url()).pathname}`);
      return { requests: requestNames, jsBytes, scripts };
    },
  };
}

/** Opens `path` once to fill the cache, then again in a page of its own: what that second visit loads. */
async function secondVisit(path: string): Promise<FirstLoad> {
  const { page, context } = b;
  await context.addInitScript({ content: WATCH_FIRST_ROW });
  await loginAs(page, t.url, 'admin', 'admin1234');
  await page.goto(`${t.url}${path}`);
  await page.waitForFunction(() => window.__firstRowAt !== undefined, null, { polling: 50 });
  const counted = await b.newPage();
  const recorder = recordRequests(counted);
  await counted.goto(`${t.url}${path}`, { waitUntil: 'commit' });
  return recorder.untilFirstRow();
}

/** Signs in from the form, the app's scripts in the cache: what the click loads (and the login page's JavaScript). */
async function signInFromForm(): Promise<FirstLoad> {
  const { page, context } = b;
  await context.addInitScript({ content: WATCH_FIRST_ROW });
  // Signed in and out once: the app's scripts are in the cache, as for staff who sign in every day.
  await loginAs(page, t.url, 'admin', 'admin1234');
  await page.waitForFunction(() => window.__firstRowAt !== undefined, null, { polling: 50 });
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${t.url}/login`);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('admin1234');
  // From the click on: the sign-in call, the app's scripts and the list's calls. The login page's own
  // scripts came before, and their JavaScript is counted too: the app runs on them. So is what it
  // prefetched while the user typed, once: the app's chunk, run after the click.
  const pageScripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.name));
  const recorder = recordRequests(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const load = await recorder.untilFirstRow();
  let loginJsBytes = 0;
  for (const script of pageScripts) {
    if (!load.scripts.includes(script)) loginJsBytes += (await (await page.request.get(script)).body()).length;
  }
  return { ...load, jsBytes: load.jsBytes + loginJsBytes };
}

const summary = (load: FirstLoad) =>
  `${load.requests.length} requests, ${Math.round(load.jsBytes / 1024)} KiB of JS:\n  ${load.requests.join('\n  ')}`;

describe('a staff list before its first row', () => {
  it.each(ANCHOR_PAGES)('$name: at most 6 requests, warm', async ({ path }) => {
    const load = await secondVisit(path);
    expect(load.requests.length, summary(load)).toBeLessThanOrEqual(MAX_REQUESTS);
  });

  it('the landing list from the sign-in button: at most 6 requests, warm', async () => {
    const load = await signInFromForm();
    expect(load.requests.length, summary(load)).toBeLessThanOrEqual(MAX_REQUESTS);
  });

  it.each(ANCHOR_PAGES)('$name: at most 1.2 × the anchor’s JavaScript, warm', async ({ path }) => {
    const load = await secondVisit(path);
    expect(load.jsBytes, summary(load)).toBeLessThanOrEqual(MAX_JS_BYTES);
  });

  it('the landing list from the sign-in button: at most 1.2 × the anchor’s JavaScript, warm', async () => {
    const load = await signInFromForm();
    expect(load.jsBytes, summary(load)).toBeLessThanOrEqual(MAX_JS_BYTES);
  });
});
