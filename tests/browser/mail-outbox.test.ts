/**
 * "Correos" through the screens: the office sees what the product mailed and in which state; a mail that
 * could not be sent shows its last error and leaves again with "Reintentar". Desktop and 390 × 844
 * without side scroll; axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mail_outbox } from '../../src/server/db/tables';
import { queueMail } from '../../src/server/domain/mailQueue';
import { startTestApp, type TestApp } from '../support/app';
import { expectNoSideScroll, expectPath, expectVisible, loginAs, openSubmenu, useBrowser, violationsOf } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

/** A mail the worker gave up on, as after its last attempt. */
async function failedMail(to: string, subject: string) {
  const id = await t.ctx.db.transaction((tx) => queueMail(tx, { to, subject, text: 'Hola' }));
  await t.mailSettled();
  await t.ctx.db
    .update(mail_outbox)
    .set({ status: 'failed', attempts: 12, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
    .where(eq(mail_outbox.id, id));
  return id;
}

describe('the mail list', () => {
  it('shows a mail that could not be sent with its error, and "Reintentar" sends it', async () => {
    const id = await failedMail('tienda@ejemplo.es', 'Su pedido nº 12 ha sido validado');
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    const submenu = await openSubmenu(page, 'Configuración');
    await submenu.getByRole('link', { name: 'Correos', exact: true }).click();
    await expectPath(page, '/configuracion/correos');

    const row = page.getByRole('row').filter({ hasText: 'tienda@ejemplo.es' });
    await expectVisible(row.getByText('No enviado', { exact: true }));
    await expectVisible(row.getByText('Su pedido nº 12 ha sido validado'));
    expect(await violationsOf(page)).toEqual([]);

    await row.click();
    const dialog = page.getByRole('dialog', { name: `Correo ${id}` });
    await expectVisible(dialog.getByText('connect ECONNREFUSED 127.0.0.1:25'));
    expect(await violationsOf(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reintentar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'El correo vuelve a la cola: se enviará en unos segundos' }));
    // Sent meanwhile: the dialog and the list say so, and "Reintentar" is gone.
    await expectVisible(dialog.getByRole('cell', { name: 'Enviado', exact: true }));
    await expectVisible(dialog.getByRole('rowheader', { name: 'Enviado el' }));
    await expect.poll(() => dialog.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expectVisible(row.getByText('Enviado', { exact: true }));
    expect(t.outbox().at(-1)).toContain('tienda@ejemplo.es');
  });

  it('fits a 390 × 844 phone: each mail a row that opens it', async () => {
    await failedMail('movil@ejemplo.es', 'Presupuesto nº 3');
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/correos');
    const row = page.getByRole('button', { name: /Presupuesto nº 3/ });
    await expectVisible(row);
    await expectNoSideScroll(page);
    await row.click();
    await expectVisible(page.getByRole('dialog').getByRole('button', { name: 'Reintentar' }));
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
  });
});
