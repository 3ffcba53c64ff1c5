/**
 * /login is light: the first page anyone opens loads without react-admin (issue 16: mobile performance
 * ≥ 90), and the admin follows once the user has signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { expectVisible, fieldError, loginThroughForm, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

describe('the login page', () => {
  it('loads without the admin, says what is missing in Spanish, and the admin follows the sign-in', async () => {
    const { page } = b;
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(`${t.url}/login`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/App-[\w-]+\.js$/.test(path)), scripts.join('\n')).toBe(false);
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
      ),
    ).toBeLessThan(250 * 1024);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectVisible(fieldError(page, 'Introduzca el nombre de usuario'));
    await expectVisible(fieldError(page, 'Introduzca la contraseña'));

    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    expect(scripts.some((path) => /\/assets\/App-[\w-]+\.js$/.test(path))).toBe(true);
  });

  it("the app's pages list the app's scripts for the browser to fetch at once; /login does not", async () => {
    const html = async (path: string) => (await fetch(`${t.url}${path}`)).text();
    const appScripts = /<link rel="modulepreload" crossorigin href="\/assets\/App-[\w-]+\.js">/;
    expect(await html('/orders/reviewed-orders')).toMatch(appScripts);
    expect(await html('/clients')).toMatch(appScripts);
    expect(await html('/login')).not.toMatch(/App-[\w-]+\.js/);
  });
});
