/**
 * A list's search box takes what the server searches (issue 27): a pasted text over MAX_SEARCH_LENGTH
 * characters is not cut short in silence nor sent to be refused; the box says why, in the server's own
 * words (Msg.searchTooLong), and the list keeps its last search. At the limit it searches again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH } from '../../src/shared/lists';
import { Msg } from '../../src/shared/messages';
import { orderPaths } from '../../src/client/paths/orders';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  networkQuiet,
  useBrowser,
  violationsOf,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const PASTED = 'Piscina '.repeat(40).slice(0, 300);

/** Every API answer of the page over 399, and every list request that carried a search longer than the limit. */
function watchRequests(page: Page) {
  const failed: string[] = [];
  const overlong: string[] = [];
  page.on('response', (res) => { if (res.url().includes('/api/') && res.status() >= 400) failed.push(`${res.status()} ${res.url()}`); });
  page.on('request', (req) => {
    const sent = `${decodeURIComponent(req.url())} ${req.postData() ?? ''}`;
    if (sent.includes(PASTED.slice(0, MAX_SEARCH_LENGTH + 1))) overlong.push(req.url());
  });
  return { failed, overlong };
}

/** Pastes 300 characters into the page's search box: the message shows, nothing is asked of the server. */
async function pasteIntoSearch(page: Page, box: ReturnType<Page['getByPlaceholder']>) {
  const seen = watchRequests(page);
  await box.click();
  await box.fill(PASTED);
  await expectVisible(fieldError(page, Msg.searchTooLong));
  // Nothing cut: the box holds all that was pasted.
  expect(await box.inputValue()).toHaveLength(300);
  // The page's clock past the list's debounce (500 ms) at once: a search would have gone by now.
  await page.clock.runFor(1_500);
  await networkQuiet(page);
  expect(seen).toEqual({ failed: [], overlong: [] });
  // Back within the limit, it searches.
  await box.fill(PASTED.slice(0, MAX_SEARCH_LENGTH));
  await expectHidden(fieldError(page, Msg.searchTooLong));
  expect(seen.failed).toEqual([]);
}

describe('the search box of a list', () => {
  it('a generated list (users) and a hand-written one (orders) say why for 300 pasted characters', async () => {
    const { page } = b;
    await page.clock.install();
    await loginAs(page, t.url, 'admin', 'admin1234', '/usuarios');
    await pasteIntoSearch(page, page.getByPlaceholder('Buscar'));
    await page.getByPlaceholder('Buscar').fill(PASTED);
    await expectVisible(fieldError(page, Msg.searchTooLong));
    expect(await violationsOf(page)).toEqual([]);

    await page.goto(`${t.url}${orderPaths.reviewed}`);
    await expectPath(page, orderPaths.reviewed);
    await pasteIntoSearch(page, page.getByPlaceholder('Buscar'));
  });

  it('the members\' documents page says it too, and fits a 390 × 844 phone', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.clock.install();
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/documentos');
    await pasteIntoSearch(page, page.getByRole('searchbox', { name: 'Buscar' }));
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(PASTED);
    await expectVisible(fieldError(page, Msg.searchTooLong));
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
  });
});
