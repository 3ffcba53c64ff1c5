/**
 * /login is light: the first page anyone opens loads without react-admin (issue 16: mobile performance
 * ≥ 90), and the admin follows once the user has signed in.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, fieldError, loginThroughForm, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** Where the sign-in card's parts are on the page, whoever drew them (login.html's markup or React). */
async function cardLayout(page: Page) {
  const parts = [
    page.getByRole('heading', { name: 'Iniciar sesión' }),
    page.getByLabel('Usuario o email'),
    page.getByLabel('Contraseña', { exact: true }),
    page.getByRole('button', { name: 'Mostrar contraseña' }),
    page.getByRole('button', { name: 'Entrar' }),
    page.getByRole('button', { name: '¿Ha olvidado su contraseña?' }),
  ];
  return Promise.all(parts.map((part) => part.boundingBox()));
}

describe('the login page', () => {
  it('loads without the admin, says what is missing in Spanish, and the admin follows the sign-in', async () => {
    const { page } = b;
    const scripts: string[] = [];
    const prefetched: string[] = [];
    page.on('request', (request) => {
      // The app's scripts, fetched while the user types (src/client/appScripts.ts), are not run.
      if (request.headers()['sec-purpose'] === 'prefetch') prefetched.push(new URL(request.url()).pathname);
      else if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${t.url}/login`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Usuario o email').fill('x');
    await page.getByLabel('Usuario o email').fill('');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/App-[\w-]+\.js$/.test(path)), scripts.join('\n')).toBe(false);
    expect(prefetched.some((path) => /\/assets\/App-[\w-]+\.js$/.test(path)), prefetched.join('\n')).toBe(true);
    // The page's own weight, without what it fetches for after the sign-in.
    expect(
      await page.evaluate((later) =>
        performance.getEntriesByType('resource')
          .filter((entry) => !later.includes(new URL(entry.name).pathname))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0), prefetched),
    ).toBeLessThan(250 * 1024);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectVisible(fieldError(page, 'Introduzca el nombre de usuario'));
    await expectVisible(fieldError(page, 'Introduzca la contraseña'));
    // The server's rules for the sign-in body, with their messages (src/shared/forms/login.ts), before any call.
    await page.getByLabel('Usuario o email').fill('a'.repeat(201));
    await page.getByLabel('Contraseña', { exact: true }).fill('b'.repeat(201));
    await expectVisible(fieldError(page, 'Máximo 200 caracteres').first());
    expect(await fieldError(page, 'Máximo 200 caracteres').count()).toBe(2);

    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    expect(scripts.some((path) => /\/assets\/App-[\w-]+\.js$/.test(path))).toBe(true);
  });

  it("fetches the app's scripts while the user types on a first visit, not when the browser has them already", async () => {
    // A browser that has never opened the app (the file's context keeps the last test's cache).
    const page = await b.newContext();
    const appRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/App-[\w-]+\.js$/.test(request.url())) appRequests.push(request.headers()['sec-purpose'] ?? 'run');
    });
    await page.goto(`${t.url}/login`);
    await page.waitForLoadState('networkidle');
    // Nothing before the first keystroke: the page loads only itself.
    expect(appRequests).toEqual([]);
    await page.getByLabel('Usuario o email').fill('admin');
    await expect.poll(() => appRequests).toEqual(['prefetch']);
    // Back another day: the page's scripts come from the cache, and so would the app's.
    appRequests.length = 0;
    const again = await b.newPage();
    again.on('request', (request) => { if (/\/assets\/App-[\w-]+\.js$/.test(request.url())) appRequests.push('again'); });
    await again.goto(`${t.url}/login`);
    await again.waitForLoadState('networkidle');
    expect(appRequests).toEqual([]);
    await loginThroughForm(again, t.url, 'admin', 'admin1234');
    expect(appRequests).toEqual(['again']);
  });

  it("the app's pages list the app's scripts for the browser to fetch at once; /login does not", async () => {
    const html = async (path: string) => (await fetch(`${t.url}${path}`)).text();
    const appScripts = /<link rel="modulepreload" crossorigin href="\/assets\/App-[\w-]+\.js">/;
    expect(await html('/orders/reviewed-orders')).toMatch(appScripts);
    expect(await html('/clients')).toMatch(appScripts);
    // /login names them only for the prefetch that waits for its own load (src/client/appScripts.ts).
    const login = await html('/login');
    expect(login).not.toMatch(appScripts);
    expect(login.match(/App-[\w-]+\.js/g)?.length, login).toBe(1);
    expect(login).toMatch(/<meta name="app-scripts" content="[^"]*\/assets\/App-[\w-]+\.js[^"]*">/);
    // Few, large scripts for the first screen: the app's own code in one chunk, not some thirty small ones.
    const preloads = (await html('/orders/reviewed-orders')).match(/<link rel="modulepreload"/g) ?? [];
    expect(preloads.length).toBeLessThanOrEqual(12);
  });

  it('paints the card from the html before any script runs; React takes it over in place, keeping what was typed', async () => {
    const { page } = b;
    const held: Route[] = [];
    let holding = true;
    await page.route((url) => url.pathname.endsWith('.js'), (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(`${t.url}/login`, { waitUntil: 'commit' });
    await expectVisible(page.getByRole('heading', { name: 'Iniciar sesión' }));
    expect(held.length).toBeGreaterThan(0);
    // Until React has mounted, the buttons say they cannot be used yet.
    expect(await page.getByRole('button', { name: 'Entrar' }).getAttribute('aria-disabled')).toBe('true');
    const painted = await cardLayout(page);
    expect(painted.every(Boolean)).toBe(true);
    await expect(page.getByLabel('Usuario o email').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await page.getByLabel('Usuario o email').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill('admin1234');

    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Entrar' }).getAttribute('aria-disabled')).toBeNull();
    expect(await cardLayout(page)).toEqual(painted);
    expect(await page.getByLabel('Usuario o email').inputValue()).toBe('admin');
    expect(await page.getByLabel('Contraseña', { exact: true }).inputValue()).toBe('admin1234');
    await expect(page.getByLabel('Contraseña', { exact: true }).evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectPath(page, /^\/orders\//);
  });
});
