/**
 * The production board's kiosk links (issue 44 §2): the office makes one on «Configuración ›
 * Trazabilidad» and sees its address once; a screen without a session opens the board with it; revoked
 * from the same page, that screen says so at once. axe-core finds nothing serious on either page.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../support/app';
import { CONTEXT_DEFAULTS, expectHidden, expectVisible, loginAs, useBrowser, violationsOf } from '../support/browser';

let t: TestApp;
useTestApp((app) => { t = app; }, { listen: true });

// The wall's screen is this harness's page, at a wall screen's size; the office works in a context of its own.
const b = useBrowser({ viewport: { width: 1920, height: 1080 } });

describe('a kiosk link to the production board', () => {
  it('is made by the office, opens the board without a session, and once revoked stops the screen at once', async () => {
    const officeContext = await b.browser.newContext(CONTEXT_DEFAULTS);
    const page = await officeContext.newPage();
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/traceability-configuration');
    const section = page.getByRole('region', { name: 'Enlaces de pantalla del tablero' });
    await expectVisible(section.getByText('No hay enlaces de pantalla.', { exact: true }));
    await section.getByRole('textbox', { name: 'Dónde está la pantalla' }).fill('Pared del taller');
    await section.getByRole('button', { name: 'Crear enlace', exact: true }).click();
    const made = page.getByTestId('board-link-made');
    await expectVisible(made.getByText('Enlace de «Pared del taller» creado. Cópielo ahora: no se volverá a mostrar.', { exact: true }));
    const address = await made.getByRole('textbox', { name: 'Dirección para la pantalla' }).inputValue();
    expect(address).toMatch(new RegExp(`^${t.url}/tablero/[A-Za-z0-9_-]{43}$`));
    await expectVisible(section.getByRole('listitem').filter({ hasText: 'Pared del taller' }).getByText(/^Creado el \d\d\/\d\d\/\d{4}/));
    expect(await violationsOf(page)).toEqual([]);

    // The wall's screen: no session, the board live.
    const kiosk = b.page;
    await kiosk.goto(address);
    await expectVisible(kiosk.getByRole('heading', { name: 'Tablero de producción', level: 1 }));
    await expectVisible(kiosk.getByRole('status').getByText(/^En directo/));
    expect(await violationsOf(kiosk)).toEqual([]);

    await section.getByRole('button', { name: 'Revocar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revocar', exact: true }).click();
    await expectVisible(section.getByText('No hay enlaces de pantalla.', { exact: true }));
    // Its stream ended with the revocation: the screen reads the board again and is refused.
    await expectVisible(kiosk.getByRole('alert').getByText(/^Este enlace del tablero se ha revocado o no existe/), 10_000);
    await expectHidden(kiosk.getByRole('status').getByText(/^En directo/));
    await officeContext.close();
  });
});
