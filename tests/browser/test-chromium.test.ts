/**
 * The Chromium every browser test drives (launchBrowser, scripts/chromium.ts): its own --disable-features
 * replaces Playwright's, so it must repeat Playwright's list, and the address bar's suggestion popup — a
 * renderer per window that no test can use — does not start.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { OMNIBOX_POPUP_FEATURES } from '../../scripts/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('keeps every feature Playwright turns off, and turns the omnibox popup off too', async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('chrome://version');
  const switches = (await page.locator('#command_line').innerText()).split(/\s+/);
  const disabled = switches.filter((s) => s.startsWith('--disable-features=')).map((s) => s.slice('--disable-features='.length).split(','));
  expect(disabled.length).toBeGreaterThanOrEqual(2);
  // Chromium reads the last one only.
  const effective = disabled.at(-1)!;
  for (const earlier of disabled.slice(0, -1)) expect(effective).toEqual(expect.arrayContaining(earlier));
  expect(effective).toEqual(expect.arrayContaining(OMNIBOX_POPUP_FEATURES));
});

it('opens a page without a browser-UI page beside it', async () => {
  const session = await browser.newBrowserCDPSession();
  const page = await (await browser.newContext()).newPage();
  await page.setContent('<p>Prueba</p>');
  const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
  expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
});
