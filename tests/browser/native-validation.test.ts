/**
 * Only our Spanish messages, never the browser's own validation bubbles ("Please include an '@'…"):
 * every form of the product is `novalidate`, so a submit runs our zod rules and shows their Spanish
 * text under the fields. Chromium fires an `invalid` event for each field it would bubble about;
 * none may fire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectCount, expectPath, expectVisible, fieldError, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** Counts the browser's own validation events from now on (each one is a bubble a user would see). */
const watchNativeValidation = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { nativeInvalid: number };
  w.nativeInvalid = 0;
  document.addEventListener('invalid', () => { w.nativeInvalid++; }, true);
});
const nativeInvalid = (page: Page) => page.evaluate(() => (window as unknown as { nativeInvalid: number }).nativeInvalid);
const formsValidatedByTheBrowser = (page: Page) => page.locator('form:not([novalidate])').count();

/** Screens with a form, and the button that opens it when it is a dialog. */
const STAFF_FORMS: Array<[string, string | null]> = [
  ['/usuarios', 'Añadir'],
  ['/usuarios/perfil/1', null],
  ['/clientes/client-managment', 'Añadir'],
  ['/configuracion/taxes', 'Añadir'],
  ['/stock-and-prices/cover-managment', 'Añadir'],
  ['/stock-and-prices/articles-management', 'Añadir'],
  ['/budget-list/client-budgets', 'Nuevo presupuesto'],
  ['/internal-calculator/index', null],
];

describe('no browser validation bubbles', () => {
  it('/login submitted empty shows our two Spanish messages, nothing else', async () => {
    const { page } = b;
    await page.goto(`${t.url}/login`);
    await watchNativeValidation(page);
    expect(await formsValidatedByTheBrowser(page)).toBe(0);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectVisible(page.getByText('Introduzca el nombre de usuario', { exact: true }));
    await expectVisible(page.getByText('Introduzca la contraseña', { exact: true }));
    await expectCount(page.getByText(/Invalid input/), 0);
    expect(await nativeInvalid(page)).toBe(0);
  });

  it('"Añadir usuario" with a wrong e-mail and Guardar at once: «Introduzca un email válido»', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/usuarios');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: 'Añadir usuario' }));
    await watchNativeValidation(page);
    await dialog.getByLabel('Email', { exact: true }).fill('esto-no-es-un-email');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(dialog, 'Introduzca un email válido'));
    expect(await nativeInvalid(page)).toBe(0);
  });

  it.each(STAFF_FORMS)('%s: every form is ours to validate', async (path, opener) => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', path);
    await expectPath(page, path);
    if (opener) {
      await page.getByRole('button', { name: opener, exact: true }).click();
      await expectVisible(page.getByRole('dialog'));
    }
    await expectVisible(page.locator('form'));
    expect(await formsValidatedByTheBrowser(page)).toBe(0);
  });
});
