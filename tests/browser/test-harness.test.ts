/**
 * useBrowser (tests/support/browser.ts) hands a test's page on to the next test only emptied: signed out,
 * no storage, routes, listeners nor a screen size of its own. A test that did what cannot be emptied
 * leaves a fresh page. The tests run in order, each looking at what the one before left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

let previous: Page;
const dialogsSeen: string[] = [];
const ROUTED = '/api/prueba-enrutada';

describe('a page handed on to the next test', () => {
  it('is left signed in, with storage, a route, a dialog listener and a phone-sized screen', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await page.evaluate(() => {
      localStorage.setItem('prueba', 'local');
      sessionStorage.setItem('prueba', 'sesión');
    });
    await page.route(`**${ROUTED}`, (route) => route.fulfill({ contentType: 'text/plain', body: 'enrutada' }));
    page.on('dialog', (dialog) => {
      dialogsSeen.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate((url) => fetch(url).then((r) => r.text()), ROUTED)).toBe('enrutada');
    previous = page;
  });

  it('comes to the next test blank, signed out and emptied', async () => {
    const { page } = b;
    expect(page).toBe(previous);
    expect(page.url()).toBe('about:blank');
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    expect(await page.context().cookies()).toEqual([]);

    await page.goto(`${t.url}/dashboard`);
    await expectPath(page, '/login');
    await expectVisible(page.locator('input[name=username]'));
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), ROUTED)).toBe(404);
    await page.evaluate(() => alert('¿Quién escucha?'));
    expect(dialogsSeen).toEqual([]);
  });

  it('a test that reaches for the context itself', async () => {
    previous = b.page;
    await b.context.cookies();
  });

  it('leaves a fresh page to the next', async () => {
    expect(b.page).not.toBe(previous);
  });

  it('a test that adds a script to every document of the page', async () => {
    previous = b.page;
    await b.page.addInitScript(() => {
      (window as unknown as { prueba: string }).prueba = 'añadida';
    });
  });

  it('leaves a fresh page too, without that script', async () => {
    const { page } = b;
    expect(page).not.toBe(previous);
    await page.goto(`${t.url}/login`);
    expect(await page.evaluate(() => (window as unknown as { prueba?: string }).prueba)).toBeUndefined();
  });

  it('a test that stops the page\'s clock in 2020', async () => {
    previous = b.page;
    await b.page.clock.setFixedTime(new Date('2020-01-01T10:00:00Z'));
  });

  it('leaves a fresh page on today\'s time', async () => {
    const { page } = b;
    expect(page).not.toBe(previous);
    await page.goto(`${t.url}/login`);
    expect(await page.evaluate(() => new Date().getFullYear())).toBeGreaterThan(2020);
  });
});
