/** Fares through the screens: create one, open its prices, apply percentages per kind or to the whole fare, edit prices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { expectHidden, expectPath, expectVisible, fieldError, loginAs, useBrowser } from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const FARES = '/clientes/clients-fares';

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

/** Opens the prices screen of a fare from the fares list. */
async function openPrices(page: Page, fareName: string) {
  await page.getByRole('row').filter({ hasText: fareName }).getByRole('button', { name: 'Precios' }).click();
  await expectPath(page, /^\/clientes\/clients-fares\/\d+$/);
  await expectVisible(page.getByText(`Precios de la tarifa ${fareName}`));
}

/** Waits until the input labelled `label` holds `value` (the table reloads after a percentage). */
const expectInputValue = (page: Page, label: string, value: string) =>
  expect.poll(() => page.getByLabel(label, { exact: true }).inputValue().catch(() => null), { timeout: 15_000 }).toBe(value);

/** Opens "Aplicar porcentaje", checks "Aplicar" waits for the tick, and applies `percentage` to `target`. */
async function applyPercentage(page: Page, percentage: string, target?: string) {
  await page.getByRole('button', { name: 'Aplicar porcentaje' }).click();
  const form = dialog(page);
  if (target) await form.getByRole('radio', { name: target }).check();
  await form.getByLabel('Porcentaje').fill(percentage);
  const apply = form.getByRole('button', { name: 'Aplicar', exact: true });
  if (await apply.isEnabled()) throw new Error('"Aplicar" must wait for the confirmation');
  await form.getByRole('checkbox').check();
  await apply.click();
  await expectVisible(page.getByTestId('notification').filter({ hasText: 'Precios de la tarifa actualizados' }));
  await expectHidden(form);
}

describe('fares', () => {
  it('creates a fare (its name required), opens its prices and applies a percentage to its articles', async () => {
    const { page } = b;
    await adminAt(page, FARES);
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca el nombre para la tarifa'));
    await form.getByLabel('Nombre').fill('Tarifa navegador');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(page.getByRole('cell', { name: 'Tarifa navegador', exact: true }));

    await openPrices(page, 'Tarifa navegador');
    await page.getByRole('tab', { name: 'Artículos' }).click();
    await expectVisible(page.getByRole('cell', { name: 'Tensor de invierno · 1 m · Negro', exact: true }));
    await expectInputValue(page, 'Precio de la tarifa de Tensor de invierno · 1 m · Negro', '');

    await page.getByRole('button', { name: 'Aplicar porcentaje' }).click();
    const apply = dialog(page);
    await expectVisible(apply.getByRole('radio', { name: 'Artículos' }));
    if (!(await apply.getByRole('radio', { name: 'Artículos' }).isChecked())) throw new Error('the tab\'s kind must be the default choice');
    await apply.getByRole('button', { name: 'Cancelar' }).click();

    await applyPercentage(page, '10');
    await expectInputValue(page, 'Precio de la tarifa de Tensor de invierno · 1 m · Negro', '6,82'); // 6,20 + 10 %
    await expectInputValue(page, 'Precio de la tarifa de Cepillo de fondo', '20,79'); // 18,90 + 10 %
    await expectInputValue(page, 'Precio de la tarifa de Limpiafondos manual · 35 cm', '43,45'); // 39,50 + 10 %
  });

  it('applies a percentage to every price of the fare, confección included, and edits a confección price', async () => {
    const { page } = b;
    await adminAt(page, FARES);
    await openPrices(page, 'Tarifa General');
    await page.getByRole('tab', { name: 'Confección' }).click();
    await expectVisible(page.getByRole('cell', { name: 'Piscinas Agua Azul', exact: true }));
    await expectInputValue(page, 'Precio de confección de Piscinas Agua Azul', '15');

    await applyPercentage(page, '5', 'Todos los precios de la tarifa');
    await expectInputValue(page, 'Precio de confección de Piscinas Agua Azul', '16'); // 15 + 5 % = 15,75 → 16
    await expectInputValue(page, 'Precio de confección de Jardines del Sur', '16');
    await page.getByRole('tab', { name: 'Cobertores (€/m²)' }).click();
    await expectInputValue(page, 'Precio de la tarifa de Manta Invierno Premium', '15,23'); // 14,50 + 5 % = 15,225 → 15,23

    await page.getByRole('tab', { name: 'Confección' }).click();
    const price = page.getByLabel('Precio de confección de Jardines del Sur', { exact: true });
    const row = page.getByRole('row').filter({ hasText: 'Jardines del Sur' });
    await price.fill('12.5');
    await row.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(page, 'Introduzca un precio entero'));
    await price.fill('22');
    await row.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Guardado correctamente' }));
    await page.reload();
    await page.getByRole('tab', { name: 'Confección' }).click();
    await expectInputValue(page, 'Precio de confección de Jardines del Sur', '22');
  });

  it('applies a percentage to a fare after the confirmation tick and edits one price', async () => {
    const { page } = b;
    await adminAt(page, FARES);
    await openPrices(page, 'Tarifa General');
    await expectVisible(page.getByRole('cell', { name: 'Manta Invierno Premium' }));

    await page.getByRole('button', { name: 'Aplicar porcentaje' }).click();
    const form = dialog(page);
    const apply = form.getByRole('button', { name: 'Aplicar', exact: true });
    if (await apply.isEnabled()) throw new Error('"Aplicar" must wait for the confirmation');
    await form.getByRole('checkbox').check();
    await apply.click();
    await expectVisible(form.getByText('Introduzca el porcentaje'));
    await form.getByLabel('Porcentaje').fill('10');
    await apply.click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Precios de la tarifa actualizados' }));
    await expectInputValue(page, 'Precio de la tarifa de Manta Invierno Premium', '15,95');

    const premium = page.getByLabel('Precio de la tarifa de Manta Invierno Premium');
    await premium.fill('1,234');
    await page.getByRole('row').filter({ hasText: 'Manta Invierno Premium' }).getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByText('Introduzca un precio válido (máximo 2 decimales)'));
    await premium.fill('15,50');
    await page.getByRole('row').filter({ hasText: 'Manta Invierno Premium' }).getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Guardado correctamente' }));
  });

  it('opens a saved price again as every figure is written: "1.234,5" comes back as 1.234,50 (issue 43)', async () => {
    const { page } = b;
    await adminAt(page, FARES);
    await openPrices(page, 'Tarifa General');
    const premium = page.getByLabel('Precio de la tarifa de Manta Invierno Premium', { exact: true });
    await premium.fill('1.234,5');
    await page.getByRole('row').filter({ hasText: 'Manta Invierno Premium' }).getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Guardado correctamente' }));
    // What was typed stays as typed until the page is opened again.
    expect(await premium.inputValue()).toBe('1.234,5');
    await page.reload();
    await expectInputValue(page, 'Precio de la tarifa de Manta Invierno Premium', '1.234,50');
  });
});
