/**
 * Mail templates through the screens (issue 17 §5): an admin edits a template with its placeholders
 * and live preview, is told of a wrong placeholder in Spanish, restores the original; a member turns a
 * mail notice off in its profile and it stays off. Desktop and 390 × 844 without side scroll; axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  openSubmenu,
  useBrowser,
  violationsOf,
} from '../support/browser';
import { expectOk } from '../api/helpers';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const notification = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

async function stored(kind: string): Promise<Row> {
  const rows: Row[] = expectOk(await t.call('GET', '/api/mailTemplate/all', { token: admin }));
  return rows.find((r) => r.kind === kind)!;
}

async function openTemplates(page: Page) {
  await loginAs(page, t.url, 'admin', 'admin1234');
  const submenu = await openSubmenu(page, 'Configuración');
  await submenu.getByRole('link', { name: 'Plantillas', exact: true }).click();
  await expectPath(page, '/configuracion/plantillas');
}

describe('the templates screen', () => {
  it('edits a template with placeholders and live preview; a wrong placeholder is refused in Spanish; the original returns', async () => {
    const { page } = b;
    await openTemplates(page);
    for (const name of ['Recuperación de contraseña', 'Presupuesto al comprador', 'Pedido validado', 'Envío programado']) {
      await expectVisible(page.getByRole('cell', { name, exact: true }));
    }
    await page.getByRole('cell', { name: 'Pedido validado', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: 'Editar plantilla: Pedido validado' }));
    // The kind's placeholders, each with what it holds.
    await expectVisible(dialog.getByTestId('placeholder-pedido').getByText('{{pedido}}'));
    await expectVisible(dialog.getByTestId('placeholder-enlace').getByText('Enlace a la página pública de seguimiento del pedido'));
    const preview = dialog.getByTestId('mail-preview');
    await expectVisible(preview.getByText('Pedido nº 1234 validado'));
    expect(await violationsOf(page)).toEqual([]);

    const subject = dialog.getByLabel('Asunto');
    const body = dialog.getByLabel('Texto', { exact: true });
    await subject.fill('Su pedido {{pedido}} de {{cliente}} está validado');
    await expectVisible(preview.getByText('Su pedido 1234 de Piscinas Agua Azul está validado'));
    await body.fill('Hola {{nombre}}: su presupuesto {{presupuesto}} ya es un pedido.\n\n{{enlace}}');
    await expectVisible(preview.getByText('No se puede mostrar la vista previa: Marcador desconocido: {{presupuesto}}'));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(dialog, 'Marcador desconocido: {{presupuesto}}'));
    expect((await stored('order_validated')).subject).toBe('Pedido nº {{pedido}} validado');

    await body.fill('Hola {{nombre}}: el pedido {{pedido}} está validado.\n\n{{enlace}}');
    await expectVisible(preview.getByTestId('mail-preview-body').getByText(/Hola Lucía: el pedido 1234 está validado\./));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(notification(page, 'Guardado correctamente'));
    await expectHidden(dialog);
    await expectVisible(page.getByRole('cell', { name: 'Su pedido {{pedido}} de {{cliente}} está validado' }));
    expect(await stored('order_validated')).toMatchObject({
      subject: 'Su pedido {{pedido}} de {{cliente}} está validado',
      body: 'Hola {{nombre}}: el pedido {{pedido}} está validado.\n\n{{enlace}}',
    });

    // «Restaurar el texto original», after a confirmation.
    await page.getByRole('cell', { name: 'Pedido validado', exact: true }).click();
    await expectVisible(dialog.getByRole('heading', { name: 'Editar plantilla: Pedido validado' }));
    await dialog.getByRole('button', { name: 'Restaurar el texto original' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restaurar el texto original' });
    await expectVisible(confirm.getByText('¿Seguro que quiere volver al asunto y al texto originales de este correo?'));
    await confirm.getByRole('button', { name: 'Restaurar' }).click();
    await expectVisible(notification(page, 'Se ha restaurado el texto original'));
    await expect.poll(() => page.getByRole('dialog').getByLabel('Asunto').inputValue()).toBe('Pedido nº {{pedido}} validado');
    await expectVisible(preview.getByText('Pedido nº 1234 validado'));
    expect((await stored('order_validated')).subject).toBe('Pedido nº {{pedido}} validado');
  });

  it('on a phone: the list and the dialog fit 390 px', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/plantillas');
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: /^Envío programado para el/ }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByTestId('mail-preview').getByText('Envío programado para el 27/11/2026 09:30'));
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
  });
});

describe('the mail notices in the profile', () => {
  it('a member turns a notice off and it stays off; staff see no notices', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    await page.getByTestId('sidebar-greeting').getByRole('link', { name: /^Hola/ }).click();
    await expectPath(page, /^\/usuarios\/perfil\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const consignments = page.getByLabel('Avisarme cuando se programe un envío', { exact: true });
    const orders = page.getByLabel('Avisarme cuando se valide un pedido', { exact: true });
    await expectVisible(consignments);
    expect(await consignments.isChecked()).toBe(true);
    expect(await orders.isChecked()).toBe(true);
    expect(await violationsOf(page)).toEqual([]);

    await consignments.click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(notification(page, 'Guardado correctamente'));
    await page.reload();
    await expectVisible(page.getByLabel('Avisarme cuando se programe un envío', { exact: true }));
    expect(await page.getByLabel('Avisarme cuando se programe un envío', { exact: true }).isChecked()).toBe(false);
    expect(await page.getByLabel('Avisarme cuando se valide un pedido', { exact: true }).isChecked()).toBe(true);
    const profile = expectOk(await t.call('GET', `/api/user/profile/${id}`, { token: admin }));
    expect({ order: profile.notify_order_validated, consignment: profile.notify_consignment }).toEqual({ order: true, consignment: false });

    // On a phone the profile fits too.
    const phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(phone, t.url, 'cliente', 'cliente1234', `/usuarios/perfil/${id}`);
    await expectVisible(phone.getByLabel('Avisarme cuando se programe un envío', { exact: true }));
    await expectNoSideScroll(phone);

    const staff = await b.newContext();
    await loginAs(staff, t.url, 'admin', 'admin1234');
    await staff.getByTestId('sidebar-greeting').getByRole('link', { name: /^Hola/ }).click();
    await expectVisible(staff.getByRole('heading', { name: 'Perfil de admin' }));
    expect(await staff.getByText('Avisos por correo').count()).toBe(0);
  });
});
