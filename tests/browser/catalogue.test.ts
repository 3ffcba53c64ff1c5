/** Building the catalogue through the screens: a cover with its images, a reel with sizes and diameters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectPath, expectVisible, fieldError, loginAs, selectOption, tempFile, useBrowser } from '../support/browser';
import { pngOf } from '../support/images';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

describe('covers', () => {
  it('creates a cover with its images, refusing a background of the wrong size first', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/cover-managment');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Añadir cobertor'));
    await form.getByLabel('Nombre').fill('Burbuja navegador');
    await selectOption(page, form.getByRole('combobox', { name: 'Tipo' }), 'Cobertor de burbujas');
    await form.getByLabel('Precio m²').fill('7.25');
    await form.getByLabel('Índice de peso').fill('0.3500');
    await form.getByLabel('Descripción').fill('Creado desde el navegador');
    const files = form.locator('input[type=file]');
    await files.nth(0).setInputFiles(tempFile('principal.png', pngOf(60, 40)));
    await files.nth(1).setInputFiles(tempFile('fondo.png', pngOf(900, 600)));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'La imagen de fondo debe de medir 956 píxeles de ancho y 637 de alto.'));
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Aviso' }));

    await files.nth(1).setInputFiles(tempFile('fondo-bueno.png', pngOf(956, 637)));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Correcto' }));
    await expectVisible(page.getByRole('cell', { name: 'Burbuja navegador', exact: true }));
  });

  it('asks for the reinforcement image when the type is the reinforced blanket', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/cover-managment');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Añadir cobertor'));
    await selectOption(page, form.getByRole('combobox', { name: 'Tipo' }), 'Manta de invierno con refuerzo');
    await expectVisible(form.getByText('Imagen de refuerzo (568 × 568)'));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Debe subir las imágenes correctamente'));
    // One notice says what is missing; react-admin's general "form not valid" would only repeat it.
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Debe subir las imágenes correctamente' }));
    // Wait until AppNotification has taken react-admin's notice and kept it back, then look for a second one.
    await page.locator('[data-testid="suppressed-notices"][data-count="1"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('notification').allInnerTexts()).toEqual(['Aviso\nDebe subir las imágenes correctamente']);
  });
});

describe('reels', () => {
  it('creates a reel with sizes (saving waits for valid sizes) and opens its diameters', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/reel-managment');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Añadir enrollador'));
    await form.getByLabel('Nombre').fill('Enrollador navegador');
    await form.getByLabel('Tamaño mínimo (m)').fill('2');
    await form.getByLabel('Tamaño máximo (m)').fill('5');
    await form.getByLabel('Descripción').fill('Desde el navegador');
    await expectVisible(form.getByText('El enrollador debe de tener al menos un tamaño'));
    const save = form.getByRole('button', { name: 'Guardar' });
    await expectVisible(save);
    if (await save.isEnabled()) throw new Error('save must wait for a size');

    await form.getByRole('button', { name: 'Añadir' }).click();
    await form.getByLabel('Tamaño (m)').first().fill('6');
    await expectVisible(form.getByText('Cada tamaño debe ser mayor que el mínimo y no superar el máximo'));
    if (await save.isEnabled()) throw new Error('save must wait for sizes in range');
    await form.getByLabel('Tamaño (m)').first().fill('4.5');
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('[role=dialog] button')].find((b) => b.textContent?.includes('Guardar'))?.hasAttribute('disabled'),
    );
    await save.click();
    await expectVisible(page.getByRole('cell', { name: 'Enrollador navegador', exact: true }));
    await expectVisible(page.getByText('4,50 m'));

    const row = page.getByRole('row').filter({ hasText: 'Enrollador navegador' });
    await row.getByRole('button', { name: 'Diámetros' }).click();
    await expectPath(page, /^\/stock-and-prices\/reel-diameter-managment\/\d+$/);
    await expectVisible(page.getByText('Diámetros de Enrollador navegador').first());
  });
});
