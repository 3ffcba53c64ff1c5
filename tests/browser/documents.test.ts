/**
 * The document library through the screens (issue 17 §4): the staff make a category and a document for
 * a chosen client, uploading a real PDF (wrong input shows our Spanish messages); the chosen client's
 * member finds it by search and downloads it under its title; a member of another client does not see
 * it. On a phone nothing scrolls sideways, and axe-core finds nothing on either page.
 */
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Msg } from '../../src/shared/messages';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  tempFile,
  UI_TIMEOUT,
  useBrowser,
  violationsOf,
} from '../support/browser';
import { createUser, expectOk, jsonData, multipart } from '../api/helpers';

let t: TestApp;
let admin: string;
/** A member of client 2 ("another client"). */
let memberB: { username: string; password: string };
const TITLE = 'Garantía cobertor de invierno 2031';
const CATEGORY = 'Garantías y certificados';
/** A document for all clients, in a category of its own (made through the API). */
const FOR_ALL = 'Ficha técnica enrollador motorizado';
const FOR_ALL_CATEGORY = 'Fichas técnicas';

/** A real PDF (pdfkit, as the app's own documents), not just its magic bytes. */
function realPdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(text);
    doc.end();
  });
}
let pdfBytes: Buffer;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
  memberB = await createUser(t, admin, { client_id: 2 });
  pdfBytes = await realPdf(TITLE);
  const sheets = expectOk(
    await t.call('POST', '/api/documentCategory/create', { token: admin, body: jsonData({ name: FOR_ALL_CATEGORY, position: 2 }) }),
    20001,
  );
  expectOk(
    await t.call('POST', '/api/document/create', {
      token: admin,
      ...multipart(
        { data: JSON.stringify({ title: FOR_ALL, document_category_id: sheets.id, visibility: 2 }) },
        { file: { filename: 'ficha.pdf', data: await realPdf(FOR_ALL) } },
      ),
    }),
    20001,
  );
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');

async function storedDocument(title: string) {
  return (
    expectOk(
      await t.call('GET', `/api/document/all?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`, { token: admin }),
    ) as Array<Record<string, any>>
  ).find((d) => d.title === title);
}

describe('the document library', () => {
  it('a document whose category does not exist yet says to create the category first, and links to its dialog', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/documentos');
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: 'Categoría', exact: true }).fill('Manuales de montaje');
    const hint = page.getByText(Msg.documentCategoryFirst);
    await expectVisible(hint);
    expect(await page.getByText('No coincide ninguna opción').count()).toBe(0);
    await page.getByRole('link', { name: Msg.documentCategoryCreate }).click();
    await expectPath(page, '/documentos');
    // The document dialog gave way to the new category's, on the categories tab.
    await expectVisible(dialog(page).getByRole('heading', { name: 'Añadir categoría de documentos' }));
    expect(await dialog(page).count()).toBe(1);
    // Escape reaches a dialog once it holds the focus, as a keyboard user finds it.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.MuiDialog-root'))), { timeout: UI_TIMEOUT })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expectHidden(dialog(page));
    await expectVisible(page.getByRole('tab', { name: 'Categorías', selected: true }));
  });

  it('staff create a category and a document for a chosen client, with our messages for wrong input', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Documentos' }).click();
    await expectPath(page, '/documentos');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Documentos' }));

    // The categories: name and order, both required.
    await page.getByRole('tab', { name: 'Categorías' }).click();
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    let form = dialog(page);
    await expectVisible(form.getByRole('heading', { name: 'Añadir categoría de documentos' }));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, Msg.documentCategoryName));
    await expectVisible(fieldError(form, Msg.documentCategoryOrder));
    await form.getByLabel('Nombre').fill(CATEGORY);
    await form.getByLabel('Orden').fill('uno');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, Msg.documentCategoryOrder));
    await form.getByLabel('Orden').fill('1');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(page.getByRole('cell', { name: CATEGORY }));

    // The document: title, category and file required; chosen clients asked for when chosen.
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    form = dialog(page);
    await expectVisible(form.getByRole('heading', { name: 'Añadir documento' }));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, Msg.documentTitle));
    await expectVisible(fieldError(form, Msg.documentCategory));
    await expectVisible(fieldError(form, Msg.fileRequired));
    await form.getByLabel('Título').fill(TITLE);
    await selectOption(page, form.getByLabel('Categoría'), CATEGORY);
    await form.getByLabel('Descripción').fill('Condiciones de la garantía de 3 años del cobertor de invierno.');
    await selectOption(page, form.getByLabel('Visibilidad'), 'Clientes elegidos');
    // A ".pdf" that is not one: the server judges it by its content.
    await form.locator('input[type=file]').setInputFiles(tempFile('garantia.pdf', '<html>no soy un PDF</html>'));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, Msg.documentClients));
    // The form focused the first field in error (this one), whose list may already be open: typing filters it either way.
    await form.getByRole('combobox', { name: 'Clientes elegidos', exact: true }).fill('Agua');
    await chooseOption(page, 'Piscinas Agua Azul');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, Msg.documentFileType));
    expect(await storedDocument(TITLE)).toBeUndefined();

    await form.locator('input[type=file]').setInputFiles(tempFile('garantia.pdf', pdfBytes));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(page.getByRole('cell', { name: TITLE }));
    const stored = await storedDocument(TITLE);
    expect(stored).toMatchObject({ visibility: 3, client_ids: [1], file_extension: 'pdf' });

    // The chosen client shows by name; the list filters by category; staff download the file too.
    await expectVisible(page.getByRole('row', { name: new RegExp(TITLE) }).getByText('Piscinas Agua Azul'));
    await expectVisible(page.getByRole('cell', { name: FOR_ALL }));
    await selectOption(page, page.getByRole('combobox', { name: 'Categoría' }), CATEGORY);
    await expectHidden(page.getByRole('cell', { name: FOR_ALL }));
    await expectVisible(page.getByRole('cell', { name: TITLE }));
    await expectVisible(page.getByRole('button', { name: `Descargar ${TITLE}` }));
    await page.mouse.move(0, 0); // no hover tooltip left where the last click was
    expect(await violationsOf(page)).toEqual([]);

    // A category that holds documents is not deleted: the staff are told why.
    await page.getByRole('tab', { name: 'Categorías' }).click();
    await page.getByRole('cell', { name: CATEGORY }).click();
    form = dialog(page);
    await expectVisible(form.getByRole('heading', { name: 'Editar categoría de documentos' }));
    await form.getByRole('button', { name: 'Borrar' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectVisible(page.getByTestId('notification').filter({ hasText: Msg.documentCategoryInUse }));
    expect(
      (expectOk(await t.call('GET', '/api/documentCategory/all', { token: admin })) as Array<{ name: string }>).map((c) => c.name),
    ).toContain(CATEGORY);
  });

  it('the chosen client\'s member finds it by search and downloads it under its title', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Documentos' }).click();
    await expectPath(page, '/documentos');
    // By category, in the staff's order.
    const section = page.getByRole('region', { name: CATEGORY });
    await expectVisible(section.getByText(TITLE));
    await expectVisible(page.getByRole('region', { name: FOR_ALL_CATEGORY }).getByText(FOR_ALL));
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([CATEGORY, FOR_ALL_CATEGORY]);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('no existe nada así');
    await expectVisible(page.getByText('Ningún documento coincide con la búsqueda.'));
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('invierno 2031');
    await expectVisible(section.getByText(TITLE));
    await expectHidden(page.getByText(FOR_ALL));
    // The category filter alone.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await selectOption(page, page.getByRole('combobox', { name: 'Categoría' }), FOR_ALL_CATEGORY);
    await expectVisible(page.getByText(FOR_ALL));
    await expectHidden(page.getByText(TITLE));
    await selectOption(page, page.getByRole('combobox', { name: 'Categoría' }), 'Todas las categorías');
    await expectVisible(section.getByText(TITLE));
    await page.mouse.move(0, 0); // no hover tooltip left where the last click was
    expect(await violationsOf(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: `Descargar ${TITLE}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${TITLE}.pdf`);
    expect(fs.readFileSync((await file.path())!).equals(pdfBytes)).toBe(true);
  });

  it('a member of another client sees those for all clients, not that one', async () => {
    const { page } = b;
    await loginAs(page, t.url, memberB.username, memberB.password, '/documentos');
    await expectVisible(page.getByRole('region', { name: FOR_ALL_CATEGORY }).getByText(FOR_ALL));
    await expect.poll(() => page.getByText(TITLE).count()).toBe(0);
    await expect.poll(() => page.getByText(CATEGORY).count()).toBe(0);
  });

  it('on a 390 × 844 phone both pages fit the screen', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/documentos');
    await expectVisible(page.getByRole('button', { name: `Descargar ${TITLE}` }));
    await expectNoSideScroll(page);

    await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(b.page, t.url, 'admin', 'admin1234', '/documentos');
    await expectVisible(b.page.getByRole('button', { name: `Descargar ${TITLE}` }));
    await expectNoSideScroll(b.page);
    // A row opens the document's dialog, which fits too.
    await b.page.getByRole('button', { name: new RegExp(`^${TITLE}`) }).click();
    await expectVisible(dialog(b.page).getByRole('heading', { name: 'Editar documento' }));
    await expectNoSideScroll(b.page);
  });
});
