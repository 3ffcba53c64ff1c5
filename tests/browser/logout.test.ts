/** Leaving the session: the avatar menu, the sidebar button, and a session revoked on the server (docs/screens.md, docs/api.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseMenuItem, expectCount, expectHidden, expectPath, expectVisible, loginThroughForm, networkQuiet, tokenOf,
  useBrowser,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const SESSION_TITLE = 'Aceptar para cerrar la sesión';
const SESSION_TEXT = 'La sesión ha caducado, por favor vuelva a loguear';

describe('logout', () => {
  it('the avatar menu has exactly one entry, "Cerrar Sesión", which ends the session', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    const token = await tokenOf(b.context);
    expect(token).toBeTruthy();
    expect((await t.call('GET', '/api/auth/info', { token })).body.code).toBe(20000);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    const menu = page.getByRole('menu');
    await expectVisible(menu);
    await expectCount(menu.getByRole('menuitem'), 1);
    expect(await menu.getByRole('menuitem').innerText()).toBe('Cerrar Sesión');

    await chooseMenuItem(page, 'Cerrar Sesión');
    await expectPath(page, '/login');
    await expectVisible(page.locator('input[name=username]'));
    expect(await tokenOf(b.context)).toBeUndefined();
    // The old token is revoked on the server, not just forgotten by the browser.
    expect((await t.call('GET', '/api/auth/info', { token })).body.code).toBe(50008);

    await page.goto(`${t.url}/usuarios`);
    await expectPath(page, '/login');
  });

  it('the sidebar button "Cerrar Sesión" ends the session too', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'cliente', 'cliente1234');
    const token = await tokenOf(b.context);
    await page.getByTestId('sidebar').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expectPath(page, '/login');
    expect((await t.call('GET', '/api/auth/info', { token })).body.code).toBe(50008);
    await page.goto(`${t.url}/client-orders/index`);
    await expectPath(page, '/login');
  });
});

describe('session revoked on the server', () => {
  it('the next request shows the session-expired confirm box; "Aceptar" reloads to /login', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'admin', 'admin1234');
    await expectPath(page, '/orders/reviewed-orders');
    // The landing list and what it asks for next have answered: the next request is the one below.
    await networkQuiet(page);
    const token = await tokenOf(b.context);
    expect((await t.call('POST', '/api/auth/logout', { token, body: {} })).body.code).toBe(20000);

    // Navigating inside the app asks the API for another list.
    const refused = page.waitForResponse((r) => r.url().includes('/api/user/page/'));
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SESSION_TITLE });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(SESSION_TEXT, { exact: true }));
    await expectCount(dialog.getByRole('button'), 1);
    // The box alone: the list that failed with it does not repeat it as an error notification.
    expect((await (await refused).json()).code).toBe(50008);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.getByTestId('notification').allInnerTexts()).toEqual([]);

    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click();
    await reloaded;
    await expectPath(page, '/login');
    await expectVisible(page.locator('input[name=username]'));
    await expectHidden(page.getByRole('dialog', { name: SESSION_TITLE }));
    expect(await tokenOf(b.context)).toBeUndefined();
  });

  it('a session revoked by a password change elsewhere (50012) shows the same box', async () => {
    const { page } = b;
    await loginThroughForm(page, t.url, 'cliente', 'cliente1234');
    await expectPath(page, '/client-orders/index');
    await networkQuiet(page);
    // Another session of the same user changes the password: this browser's token is revoked.
    const other = await t.login('cliente', 'cliente1234');
    const changed = await t.call('POST', '/api/user/updateProfile', {
      token: other,
      body: { data: JSON.stringify({ id: 2, password: 'cliente1234', password_confirm: 'cliente1234', current_password: 'cliente1234' }) },
    });
    expect(changed.body.code, JSON.stringify(changed.body)).toBeLessThan(30000);
    const token = await tokenOf(b.context);
    expect((await t.call('GET', '/api/auth/info', { token })).body.code).toBe(50012);

    // Opening the own profile (the greeting links to it) asks the API for it.
    await page.getByTestId('sidebar').getByText('Hola, Carlos').click();
    const dialog = page.getByRole('dialog', { name: SESSION_TITLE });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(SESSION_TEXT, { exact: true }));
    // The profile is not shown as "not found" behind the box: the session is the problem.
    await expectPath(page, '/usuarios/perfil/2');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expectPath(page, '/login');
    await expectVisible(page.locator('input[name=username]'));
  });
});
