/**
 * The spec's fixed texts where it says they appear (docs/screens.md Route guard, docs/roles.md Roles, docs/api.md messages,
 * docs/business-rules.md
 * default UI texts): «Cargando», «Error: No tiene roles asignados.», «Verification failed, please
 * login again», «No coincide ninguna opción» and «No hay opciones». «Leer más» / «Mostrar menos» are
 * asserted with the order details (orders.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reel_subcategories, reels, users } from '../../src/server/db/tables';
import { startTestApp, type TestApp } from '../support/app';
import { createUser } from '../api/helpers';
import { expectPath, expectVisible, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

describe('session texts', () => {
  it('a user without roles cannot get in: «Error: No tiene roles asignados.»', async () => {
    const { page } = b;
    const user = await createUser(t, admin, { client_id: 1 });
    await t.ctx.db.update(users).set({ roles: 0 }).where(eq(users.username, user.username));
    await page.goto(`${t.url}/login`);
    await page.locator('input[name=username]').fill(user.username);
    await page.locator('input[name=password]').fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectVisible(notice(page, 'Error: No tiene roles asignados.'));
    await expectPath(page, '/login');
  });

  it('a session that cannot be verified ends: «Verification failed, please login again», back to the start', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    // The session info call fails from now on (the server is unreachable for it).
    await page.route('**/api/auth/info', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 40001, message: 'x' }) }),
    );
    await page.reload();
    await expectVisible(notice(page, 'Verification failed, please login again'));
    await expectPath(page, '/login');
  });
});

describe('default UI texts', () => {
  it('a page whose data is on its way says «Cargando»', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => { release = done; });
    await page.route('**/api/order/getById/*', async (route) => { await held; await route.continue(); });
    await page.goto(`${t.url}/orders/details/2`);
    await expectVisible(page.getByText('Cargando', { exact: true }));
    release();
    await expectVisible(page.getByTestId('order-details'));
  });

  it('a search with no match says «No coincide ninguna opción»', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/item-list/index');
    const client = page.getByRole('combobox', { name: 'Cliente' });
    await client.click();
    await client.fill('zzzz');
    await expectVisible(page.getByText('No coincide ninguna opción', { exact: true }));
  });

  it('a choice with nothing to choose from says «No hay opciones»', async () => {
    const { page } = b;
    // A reel with a size that has no diameters yet.
    const [reel] = await t.ctx.db
      .insert(reels)
      .values({ name: 'Enrollador sin diámetros', description: 'Recién dado de alta', size_min: '3.00', size_max: '6.00' })
      .returning();
    await t.ctx.db.insert(reel_subcategories).values({ reel_id: reel.id, size_max: '6.00' });
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/reel-list/index');
    await page.getByRole('article', { name: 'Enrollador sin diámetros' }).getByRole('button', { name: 'Añadir' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByRole('combobox', { name: /^Tamaño/ }).click();
    await page.getByRole('option', { name: '6,00 m' }).click();
    await wizard.getByRole('combobox', { name: /^Diámetro/ }).click();
    await expectVisible(page.getByRole('option', { name: 'No hay opciones' }));
    expect(await page.getByRole('option').count()).toBe(1);
  });

  it('MUI\'s own buttons speak Spanish: a notice closes with «Cerrar», an autocomplete opens with «Abrir»', async () => {
    const { page } = b;
    await page.goto(`${t.url}/login`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('equivocada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const notice = page.getByTestId('notification').first();
    await expectVisible(notice);
    await expectVisible(notice.getByRole('button', { name: 'Cerrar' }));

    await loginAs(page, t.url, 'admin', 'admin1234', '/item-list/index');
    await expectVisible(page.getByRole('button', { name: 'Abrir', exact: true }));
    for (const english of ['Open', 'Close', 'Clear'])
      expect(await page.getByRole('button', { name: english, exact: true }).count()).toBe(0);
  });
});
