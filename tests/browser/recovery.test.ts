/** Password recovery (docs/data.md, docs/validation.md Password recovery, docs/api.md): the dialog, the mailed link, the reset page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  decodeQuotedPrintable,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginThroughForm,
  useBrowser,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const SENT
  = 'Se ha enviado al correo electrónico un link para restablecer la contraseña asociada a esta cuenta. '
    + 'Si no aparece en unos minutos, revise la carpeta de Spam.';
const INVALID = 'El enlace para restablecer la contraseña no es válido o ha caducado';

async function openRecovery(page: Page) {
  await page.goto(`${t.url}/login`);
  await page.getByRole('button', { name: '¿Ha olvidado su contraseña?' }).click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog.getByRole('heading', { name: 'Recuperar contraseña' }));
  return dialog;
}

/** The reset links mailed to `to`, oldest first. */
function mailedLinks(to: string): string[] {
  return t.outbox()
    .map(decodeQuotedPrintable)
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(mail))
    .map((mail) => mail.match(/https?:\/\/[^\s"<>]+\/resetPassword\/[A-Za-z0-9_-]+/)?.[0])
    .filter((link): link is string => !!link);
}

describe('the recovery dialog', () => {
  it('validates the e-mail, confirms the sending, and "Volver" closes it', async () => {
    const { page } = b;
    const dialog = await openRecovery(page);
    const send = dialog.getByRole('button', { name: 'Enviar' });
    const email = dialog.getByLabel('Correo electrónico', { exact: true });

    await send.click();
    await expectVisible(fieldError(dialog, 'Introduzca su correo electrónico'));
    await email.fill('abc');
    await send.click();
    await expectVisible(fieldError(dialog, 'Introduzca un correo electrónico válido'));
    expect(mailedLinks('cliente@aguaazul.es')).toEqual([]);

    await email.fill('cliente@aguaazul.es');
    await send.click();
    await expectVisible(dialog.getByText(SENT, { exact: true }));
    await expectCount(dialog.getByRole('textbox'), 0);
    await expect.poll(() => mailedLinks('cliente@aguaazul.es').length).toBe(1);

    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expectHidden(page.getByRole('dialog'));
    await expectPath(page, '/login');

    // Opened again, it starts from the form.
    const again = await openRecovery(page);
    await expectVisible(again.getByLabel('Correo electrónico', { exact: true }));
  });

  it('an unknown address gets the same confirmation and no mail', async () => {
    const { page } = b;
    const before = t.outbox().length;
    const dialog = await openRecovery(page);
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill('nadie@ejemplo.es');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expectVisible(dialog.getByText(SENT, { exact: true }));
    expect(t.outbox().length).toBe(before);
  });
});

describe('the mailed link', () => {
  it('sets a new password once; the new password signs in; the link then is dead', async () => {
    const { page } = b;
    const dialog = await openRecovery(page);
    const already = mailedLinks('cliente@aguaazul.es').length;
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill('cliente@aguaazul.es');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expectVisible(dialog.getByText(SENT, { exact: true }));
    await expect.poll(() => mailedLinks('cliente@aguaazul.es').length).toBe(already + 1);
    const link = mailedLinks('cliente@aguaazul.es').at(-1)!;
    expect(link.startsWith(`${t.url}/resetPassword/`)).toBe(true);

    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: 'Restablecer la contraseña' }));
    const password = page.getByLabel('Nueva contraseña', { exact: true });
    const repeat = page.getByLabel('Repetir contraseña', { exact: true });
    const change = page.getByRole('button', { name: 'Cambiar contraseña' });

    await password.fill('recuperada2024');
    await repeat.fill('recuperada2025');
    await change.click();
    await expectVisible(fieldError(page, 'Las contraseñas no coinciden'));

    await repeat.fill('recuperada2024');
    await change.click();
    await expectVisible(page.getByText('La contraseña se ha cambiado correctamente', { exact: true }));
    await expectCount(page.getByLabel('Nueva contraseña', { exact: true }), 0);

    // The old password is refused, the new one works.
    expect((await t.call('POST', '/api/external/login', { body: { identity: 'cliente', password: 'cliente1234' } })).body.code).not.toBe(
      20000,
    );
    await loginThroughForm(page, t.url, 'cliente', 'recuperada2024');
    await expectPath(page, '/client-orders/index');
    await expectVisible(page.getByTestId('sidebar').getByText('Hola, Carlos', { exact: true }));

    // One use only.
    await page.goto(link);
    await expectVisible(page.getByText(INVALID, { exact: true }));
    await expectCount(page.getByLabel('Nueva contraseña', { exact: true }), 0);
  });
});

describe('too many recovery requests', () => {
  it('the dialog says so in its own words instead of staying silent', async () => {
    const page = b.page;
    const dialog = await openRecovery(page);
    // Use up this address's allowance (the browser and these calls come from the same address).
    for (let i = 0; i < 12; i++) await t.call('POST', '/api/external/forgotPassword', { body: { identity: `nadie${i}@ejemplo.es` } });
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill('cliente@aguaazul.es');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo' }));
    await expectCount(page.getByTestId('recovery-sent'), 0);
  });
});
