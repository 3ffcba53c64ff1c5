/**
 * violationsOf (tests/support/browser.ts) and a colour caught mid-change: a contrast finding counts only
 * if a second scan finds it again once every running transition has ended. A page's own fault stays
 * (a spinner running endlessly beside it); a colour still fading in when axe looks does not.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, violationsOf } from '../support/browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
});
afterAll(async () => {
  await browser?.close();
});

const contrast = (found: string[]) => found.filter((line) => line.startsWith('color-contrast'));
const html = (style: string, body: string) =>
  `<html lang="es"><head><title>Prueba</title><style>${style}</style></head><body><main><h1>Prueba</h1>${body}</main></body></html>`;

it('a contrast fault of the page is found by both scans and reported, a spinner running endlessly', async () => {
  await page.setContent(html(
    '@keyframes spin { to { transform: rotate(360deg) } } .spinner { animation: spin 1s linear infinite; width: 10px; height: 10px }',
    '<div class="spinner"></div><p style="color: #888; background: #999">Texto gris</p>',
  ));
  expect(contrast(await violationsOf(page, { idle: false }))).toHaveLength(1);
});

it('a colour still changing at the first scan is not reported: the second waits until the transition ends', async () => {
  await page.setContent(html(
    'p { color: #000; background: #fff; transition: color 6s linear } p.pale { color: #eee; transition: none }',
    '<p class="pale">Texto</p>',
  ));
  // The text starts darkening when axe is put in the page, just before the first scan: that scan sees it pale.
  await page.evaluate(() => {
    let axe: unknown;
    Object.defineProperty(window, 'axe', {
      configurable: true,
      get: () => axe,
      set: (value) => {
        axe = value;
        document.querySelector('p')!.classList.remove('pale');
      },
    });
  });
  expect(contrast(await violationsOf(page, { idle: false }))).toEqual([]);
});
