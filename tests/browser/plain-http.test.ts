/**
 * The app opened from another machine over plain HTTP (http://<server>:3000, as staff in the workshop
 * do): it must load and sign in. Chromium upgrades every request of a page whose CSP says
 * `upgrade-insecure-requests` unless the host is loopback, so the page is opened under a name that
 * is not loopback (mapped to this machine by Chromium's host resolver: the traffic stays local).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH, expectVisible } from '../support/browser';

const HOST = 'cobertores-taller.test';
let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('over plain HTTP from another machine', () => {
  it('the login page loads its scripts over http and the user signs in, with nothing in the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
    try {
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
      // Nothing the browser complains about either (a header it ignores over http, a blocked script…).
      const complaints: string[] = [];
      page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text()); });
      const origin = t.url.replace('127.0.0.1', HOST);
      await page.goto(`${origin}/login`);
      await page.locator('input[name=username]').fill('admin');
      await page.locator('input[name=password]').fill('admin1234');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expectVisible(page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));
      expect(new URL(page.url()).origin).toBe(origin);
      // A change on the cookie alone (the app sends no X-Token header), without Sec-Fetch-* over http:
      // the CSRF check lets it in by its Origin, and signing out ends the session on the server.
      const token = (await context.cookies()).find((c) => c.name === 'X-Token')?.value;
      expect(token).toBeTruthy();
      await page.waitForLoadState('networkidle'); // the landing list, not cut short by leaving
      const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
      await page.getByTestId('sidebar').getByRole('button', { name: 'Cerrar Sesión' }).click();
      expect((await logout).headers()['x-token']).toBeUndefined();
      await page.waitForURL((url) => url.pathname === '/login');
      expect((await t.call('GET', '/api/auth/info', { token: decodeURIComponent(token!) })).body.code).toBe(50008);
      expect(failed).toEqual([]);
      expect(complaints).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
