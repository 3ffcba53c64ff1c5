/**
 * Two people editing one record on screen: the one who saves second is told, in Spanish, that the
 * record changed, keeps what they typed, and sees the other change when they open it again. Saving
 * twice in a row on one's own screen is never taken for someone else's change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '../../src/shared/messages';
import { startTestApp, type TestApp } from '../support/app';
import { expectCount, expectHidden, expectVisible, loginAs, useBrowser } from '../support/browser';
import { expectOk, jsonData } from '../api/helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login('admin');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();

describe('a record saved by someone else meanwhile', () => {
  it('is not overwritten: the second save is refused with the Spanish notice and the typed value stays', async () => {
    const { page } = b;
    const tax = expectOk(
      await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: 'IVA compartido', tax_percentage: 21 }) }),
      20001,
    );
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/taxes');
    await page.getByRole('cell', { name: 'IVA compartido', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: 'Editar impuesto' }));

    // Meanwhile a colleague saves the same tax from another screen.
    const seen = expectOk(await t.call('GET', `/api/tax/data/${tax.id}`, { token: admin }));
    expectOk(await t.call('POST', '/api/tax/update', { token: admin, body: jsonData({ ...seen, tax_percentage: 10 }) }), 20001);

    await dialog.getByLabel('Nombre', { exact: true }).fill('IVA renombrado');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByText(Msg.recordChanged));
    // Said once, as a warning: not repeated as an error.
    await expectCount(page.getByTestId('notification'), 1);
    await expectVisible(page.getByTestId('notification').getByText('Aviso', { exact: true }));
    await expect.poll(() => dialog.getByLabel('Nombre', { exact: true }).inputValue()).toBe('IVA renombrado');
    expect(expectOk(await t.call('GET', `/api/tax/data/${tax.id}`, { token: admin }))).toMatchObject({
      name: 'IVA compartido',
      tax_percentage: 10,
    });

    // Opened again, it shows the colleague's change, and a save on it goes through.
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await page.reload();
    await page.getByRole('cell', { name: 'IVA compartido', exact: true }).click();
    await expectVisible(dialog.getByRole('heading', { name: 'Editar impuesto' }));
    await expect.poll(() => dialog.getByLabel('Porcentaje', { exact: true }).inputValue()).toBe('10,00');
    await dialog.getByLabel('Nombre', { exact: true }).fill('IVA renombrado');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog);
    expect(expectOk(await t.call('GET', `/api/tax/data/${tax.id}`, { token: admin }))).toMatchObject({
      name: 'IVA renombrado',
      tax_percentage: 10,
    });
  });

  it('never refuses one person saving the same screen twice', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/app-settings');
    await expectVisible(page.getByRole('heading', { name: 'Ajustes de la aplicación' }));
    const maintenance = page.getByLabel('Modo mantenimiento');
    for (const on of [true, false]) {
      await maintenance.setChecked(on);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect.poll(async () => expectOk(await t.call('GET', '/api/appSetting/data/1', { token: admin })).maintenance_mode).toBe(on);
    }
    await expectHidden(page.getByText(Msg.recordChanged));
  });
});
