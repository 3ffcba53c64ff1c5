/**
 * Articles through the screens (docs/screens.md articles-management and ItemManagementRoute): the item dialog
 * with properties, a category and an extra image uploaded after the save, then the variations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  tempFile,
  useBrowser,
} from '../support/browser';
import { pngOf } from '../support/images';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
/** The cell showing `name` as text: an uploaded image's cell is named by its record too (its alt text). */
const textCell = (page: Page, name: string) => page.getByRole('cell', { name, exact: true }).filter({ hasNot: page.locator('img') });
const dialog = (page: Page) => page.getByRole('dialog');
const VARIATIONS = ['Azul · 1 m', 'Azul · 2 m', 'Gris · 1 m', 'Gris · 2 m'];

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

/** Names property `index` and its options, adding the options the new property does not have yet. */
async function fillProperty(form: Locator, index: number, name: string, options: string[], firstOption: number) {
  await form.getByRole('button', { name: 'Añadir propiedad' }).click();
  await form.getByLabel('Propiedad', { exact: true }).nth(index).fill(name);
  for (const [i, option] of options.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Añadir opción' }).nth(index).click();
    await form.getByLabel('Opción', { exact: true }).nth(firstOption + i).fill(option);
  }
}

const checked = (page: Page, label: string) => page.getByLabel(label, { exact: true }).isChecked();

describe('articles', () => {
  it('creates an article with properties, a category and an extra image, then edits its variations', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/articles-management');
    await expectVisible(textCell(page, 'Anclaje de suelo'));
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Añadir artículo'));
    expect(await form.getByLabel('Referencia').inputValue()).toBe('Artículo');

    // Saved empty, the form says what is missing.
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Debe seleccionar una imagen'));
    await expectVisible(fieldError(form, 'El precio base es obligatorio'));
    await expectVisible(fieldError(form, 'Introduzca el nombre del artículo'));

    await form.locator('input[type=file]').first().setInputFiles(tempFile('principal.png', pngOf(40, 40)));
    await form.getByLabel('Nombre').fill('Lona navegador');
    await form.getByLabel('Precio base').fill('12.50');
    await form.getByLabel('Descripción').fill('Creada desde el navegador');
    await selectOption(page, form.getByRole('combobox', { name: 'Categorías' }), 'Limpieza');
    await fillProperty(form, 0, 'Color', ['Azul', 'Gris'], 0);
    await fillProperty(form, 1, 'Largo', ['1 m', '2 m'], 2);

    // One extra image per upload: choosing two is refused, one is kept until the article is saved.
    const extra = form.getByLabel('Imagen adicional', { exact: true });
    await extra.setInputFiles([tempFile('a.png', pngOf(12, 12)), tempFile('b.png', pngOf(14, 14))]);
    await expectVisible(form.getByText('Solo puede ser subido 1 imagen a la vez'));
    await extra.setInputFiles(tempFile('extra.png', pngOf(20, 20, [200, 40, 40])));
    await expectVisible(form.getByRole('img', { name: 'Imagen adicional por subir: extra.png' }));

    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog(page));
    await expectVisible(textCell(page, 'Lona navegador'));

    // Reopened, the article shows its stored extra image.
    await textCell(page, 'Lona navegador').click();
    await expectVisible(form.getByText('Editar artículo'));
    await expectVisible(form.getByRole('img', { name: 'Imagen adicional 1' }));
    expect(await form.getByLabel('Opción', { exact: true }).count()).toBe(4);

    await form.getByRole('button', { name: 'Ver Variaciones' }).click();
    await expectPath(page, /^\/stock-and-prices\/articles-management\/\d+$/);
    await expectVisible(page.getByRole('heading', { name: 'Lona navegador' }));
    await expectVisible(page.getByText('Limpieza'));
    const table = page.getByRole('table', { name: 'Variaciones del artículo' });
    await expectCount(table.locator('tbody tr'), 4);
    for (const name of VARIATIONS) await expectVisible(table.getByRole('cell', { name, exact: true }));

    // A price with 3 decimals is refused with the schema's message; a valid one is saved.
    const price = page.getByLabel('Precio de Azul · 1 m', { exact: true });
    const row = table.getByRole('row').filter({ hasText: 'Azul · 1 m' });
    expect(await price.inputValue()).toBe('12,50');
    await price.fill('1,234');
    await row.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByText('Introduzca un precio válido (máximo 2 decimales)'));
    await price.fill('15,5');
    await row.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: 'Guardado correctamente' }));
    await expect.poll(() => price.inputValue()).toBe('15,50');
    await expectHidden(page.getByText('Introduzca un precio válido (máximo 2 decimales)'));

    // Hiding and showing every variation shows at once in the table.
    await page.getByRole('button', { name: 'Ocultar todas' }).click();
    for (const name of VARIATIONS) await expect.poll(() => checked(page, `Oculta ${name}`)).toBe(true);
    await page.getByRole('button', { name: 'Mostrar todas' }).click();
    for (const name of VARIATIONS) await expect.poll(() => checked(page, `Oculta ${name}`)).toBe(false);
    expect(await price.inputValue()).toBe('15,50');

    // A deleted variation comes back, at the base price, with "Generar variaciones que faltan".
    await table.getByRole('row').filter({ hasText: 'Gris · 2 m' }).getByRole('button', { name: 'Borrar variación Gris · 2 m' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectCount(table.locator('tbody tr'), 3);
    await page.getByRole('button', { name: 'Generar variaciones que faltan' }).click();
    await expectCount(table.locator('tbody tr'), 4);
    await expect.poll(() => page.getByLabel('Precio de Gris · 2 m', { exact: true }).inputValue()).toBe('12,50');
  });

  it('edits an article from its variations page, deletes an extra image and filters the list by category', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/articles-management');
    await page.getByRole('row').filter({ hasText: 'Tensor de invierno' }).getByRole('button', { name: 'Variaciones' }).click();
    await expectPath(page, /^\/stock-and-prices\/articles-management\/\d+$/);
    await expectCount(page.getByRole('table', { name: 'Variaciones del artículo' }).locator('tbody tr'), 4);

    // A third option adds its variations as soon as the article is saved.
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Editar artículo'));
    await form.getByRole('button', { name: 'Añadir opción' }).first().click();
    await form.getByLabel('Opción', { exact: true }).nth(2).fill('2 m');
    await form.getByLabel('Imagen adicional', { exact: true }).setInputFiles(tempFile('extra.png', pngOf(16, 16)));
    // The demo article has no main image yet: a new one goes with the update (multipart).
    await form.locator('input[type=file]').first().setInputFiles(tempFile('tensor.png', pngOf(30, 30)));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog(page));
    await expectVisible(page.getByRole('img', { name: 'Tensor de invierno' }));
    await expectCount(page.getByRole('table', { name: 'Variaciones del artículo' }).locator('tbody tr'), 6);
    await expectVisible(textCell(page, '2 m · Negro'));

    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await expectVisible(form.getByRole('img', { name: 'Imagen adicional 1' }));
    await form.getByRole('button', { name: 'Borrar imagen adicional 1' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectVisible(form.getByText('Este artículo no tiene imágenes adicionales.'));
    await form.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Volver a artículos' }).click();
    await expectPath(page, '/stock-and-prices/articles-management');
    await selectOption(page, page.getByRole('combobox', { name: 'Categorías' }), 'Anclajes');
    await expectHidden(textCell(page, 'Cepillo de fondo'));
    await expectVisible(textCell(page, 'Tensor de invierno'));
  });

  it('shows the schema\'s messages under properties and options, and the server\'s field errors under their fields', async () => {
    const { page } = b;
    const token = await t.login('admin', 'admin1234');
    const made = await t.call('POST', '/api/category/createWithFormData', { token, body: { data: JSON.stringify({ name: 'Efímera' }) } });
    await adminAt(page, '/stock-and-prices/articles-management');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await form.locator('input[type=file]').first().setInputFiles(tempFile('principal.png', pngOf(40, 40)));
    await form.getByLabel('Nombre').fill('Artículo con error');
    await form.getByLabel('Precio base').fill('5');
    await form.getByLabel('Descripción').fill('Su categoría desaparece antes de guardar');
    await form.getByRole('button', { name: 'Añadir propiedad' }).click();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca el nombre de la propiedad'));
    await expectVisible(fieldError(form, 'Introduzca el nombre de la opción'));
    await form.getByLabel('Propiedad', { exact: true }).fill('Color');
    await form.getByLabel('Opción', { exact: true }).fill('Azul');

    // The category is gone by the time the article is saved: the server's message shows under the field.
    await selectOption(page, form.getByRole('combobox', { name: 'Categorías' }), 'Efímera');
    await t.call('POST', '/api/category/delete', { token, body: { id: made.body.data.id } });
    const save = form.getByRole('button', { name: 'Guardar' });
    await save.click();
    await expectVisible(fieldError(form, 'La opción seleccionada no existe'));
    // The failed save is over: the form can be changed and saved again.
    await expect.poll(() => save.isEnabled()).toBe(true);
    await form.getByRole('button', { name: 'Efímera' }).locator('svg').click();
    await save.click();
    await expectHidden(dialog(page));
    await expectVisible(textCell(page, 'Artículo con error'));
  });

  it('keeps a saved article open in Editar mode when its extra image is refused', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/articles-management');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await form.locator('input[type=file]').first().setInputFiles(tempFile('principal.png', pngOf(40, 40)));
    await form.getByLabel('Nombre').fill('Artículo sin extra');
    await form.getByLabel('Precio base').fill('3');
    await form.getByLabel('Descripción').fill('Su imagen adicional no es una imagen');
    // Named .png, so the browser calls it an image; the server judges it by content.
    await form.getByLabel('Imagen adicional', { exact: true }).setInputFiles(tempFile('roto.png', 'no soy una imagen'));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText('Editar artículo'));
    await expectVisible(form.getByText('Tipo de fichero inválido. Por favor suba una imagen'));
    await expectVisible(form.getByText('Este artículo no tiene imágenes adicionales.'));
    await form.getByRole('button', { name: 'Cerrar' }).click();
    await expectCount(textCell(page, 'Artículo sin extra'), 1);
  });

  it('opens the dialog whole: while its image inputs load, a progress bar and no field to type into', async () => {
    const { page } = b;
    // The image inputs come in a chunk of their own (FieldInput's lazy FileInputs): held here until released.
    let release!: () => void;
    const released = new Promise<void>((done) => { release = done; });
    await page.route(/\/assets\/FileInputs-[^/]+\.js$/, async (route) => { await released; await route.continue(); });
    await adminAt(page, '/stock-and-prices/articles-management');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await expectVisible(form.getByRole('progressbar', { name: 'Cargando el formulario' }));
    await expectCount(form.getByRole('textbox'), 0);
    release();
    await expectVisible(form.getByLabel('Imagen principal', { exact: true }));
    await expectVisible(form.getByLabel('Nombre'));
    await expectHidden(form.getByRole('progressbar', { name: 'Cargando el formulario' }));
  });

  it('shows how many articles each category holds', async () => {
    const { page } = b;
    await adminAt(page, '/stock-and-prices/article-categories-management');
    // Anclajes: the seeded anchor and tensor (the other tests add nothing to it).
    const row = page.getByRole('row').filter({ hasText: 'Anclajes' });
    await expectVisible(row.getByRole('cell', { name: '2', exact: true }));
  });
});
