/**
 * The browser app's session lives in the HttpOnly `X-Token` cookie alone (issue 29 §6): after signing in
 * through the login page no storage a script can read holds the token, the app's API requests carry no
 * X-Token header, and the app still works: a list loads, a save goes through (the server's CSRF check
 * lets the app's own cookie-authenticated changes in), a reload stays signed in, and signing out ends
 * the session on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { expectHidden, expectPath, expectVisible, loginThroughForm, tokenOf, useBrowser } from '../support/browser';
import { expectOk } from '../api/helpers';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const TITLE = 'Aviso de la sesión por cookie';

describe('the session cookie', () => {
  it('no script-readable storage holds the token, no request sends it as X-Token, and the app works', async () => {
    const { page, context } = b;
    const apiRequests: Array<{ method: string; path: string; token: string | undefined }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/'))
        apiRequests.push({ method: request.method(), path: url.pathname, token: request.headers()['x-token'] });
    });
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    await expectPath(page, '/orders/reviewed-orders');

    const cookie = (await context.cookies()).find((c) => c.name === 'X-Token');
    expect(cookie?.httpOnly).toBe(true);
    const token = await tokenOf(context);
    expect(token).toBeTruthy();
    const readable = async () => page.evaluate(() => ({
      localStorage: Object.entries(window.localStorage),
      sessionStorage: Object.entries(window.sessionStorage),
      cookie: document.cookie,
    }));
    expect(JSON.stringify(await readable())).not.toContain(token!);

    // A list loads (the landing one did already) and a save goes through.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Tablón de anuncios' }).click();
    await expectPath(page, '/tablon');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Título').fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto', exact: true }).fill('Para todos.');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByRole('row', { name: new RegExp(TITLE) }));
    const stored = expectOk(await t.call('GET', '/api/announcement/all', { token })) as Array<{ title: string }>;
    expect(stored.map((a) => a.title)).toContain(TITLE);

    // A reload keeps the user signed in, on the cookie alone.
    await page.reload();
    await expectVisible(page.getByRole('row', { name: new RegExp(TITLE) }));
    await expectVisible(page.getByTestId('sidebar').getByText('Hola, Ana', { exact: true }));
    expect(JSON.stringify(await readable())).not.toContain(token!);

    expect(apiRequests.some((r) => r.method === 'POST' && r.path === '/api/announcement/create')).toBe(true);
    expect(apiRequests.filter((r) => r.token !== undefined)).toEqual([]);

    // Signing out ends the session: the cookie's token is refused by the API.
    await page.getByTestId('sidebar').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expectPath(page, '/login');
    expect(await tokenOf(context)).toBeUndefined();
    const after = await t.call('GET', '/api/auth/info', { token });
    expect([after.status, after.body.code]).toEqual([401, 50008]);
    expect(apiRequests.filter((r) => r.token !== undefined)).toEqual([]);
    await page.goto(`${t.url}/tablon`);
    await expectPath(page, '/login');
  });
});
