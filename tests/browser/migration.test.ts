/**
 * Order migration (docs/screens.md "Admin configuration" migracion-pedidos, docs/api.md migrateOrdersFiles; docs/decisions.md
 * "Order migration"): check CSV files, see each bad row's error, import files without errors.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import { expectCount, expectPath, expectVisible, loginAs, openSubmenu, tempFile, useBrowser } from '../support/browser';
import { expectOk, multipart, uniq } from '../api/helpers';
import { MIGRATION_HEADER as HEADER, migrationRow as row } from '../support/migration';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

const b = useBrowser();

const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

const PATH = '/configuracion/migracion-pedidos';
const errorsTable = (page: Page) => page.getByRole('table', { name: 'Errores' });
const checkButton = (page: Page) => page.getByRole('button', { name: 'Comprobar', exact: true });
const importButton = (page: Page) => page.getByRole('button', { name: 'Importar', exact: true });
const choose = (page: Page, ...files: string[]) => page.getByTestId('migration-files').setInputFiles(files);

async function openMigration(page: Page) {
  await loginAs(page, t.url, 'admin', 'admin1234', PATH);
  await expectVisible(page.getByRole('heading', { name: 'Migración de pedidos', level: 1 }));
}

const ordersFound = async (reference: string) =>
  expectOk(await t.call('POST', '/api/order/getFilteredOrders', { token: admin, body: { page: 1, filters: { q: reference } } }));

describe('migracion-pedidos', () => {
  it('is in the Configuración menu and explains the CSV format', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await (await openSubmenu(page, 'Configuración')).getByRole('link', { name: 'Migración de pedidos', exact: true }).click();
    await expectPath(page, PATH);
    const columns = page.getByRole('table', { name: 'Columnas' });
    for (const name of HEADER.split(';')) await expectVisible(columns.getByRole('cell', { name, exact: true }));
    await expectCount(columns.locator('tbody tr'), 19);
    // Nothing to check or import before a file is chosen.
    expect(await checkButton(page).isDisabled()).toBe(true);
    expect(await importButton(page).isDisabled()).toBe(true);
  });

  it('a file with a bad row: "Comprobar" shows the row\'s error and "Importar" stays disabled; a good file imports', async () => {
    const { page } = b;
    const bad = `B-${uniq()}`;
    await openMigration(page);
    await choose(page, tempFile('malos.csv', csv(row(bad), row(`${bad}-2`, { cantidad: '0' }))));
    await expectVisible(page.getByText('malos.csv', { exact: true }));
    await checkButton(page).click();

    const errorRow = errorsTable(page).locator('tbody tr');
    await expectCount(errorRow, 1);
    expect(await errorRow.locator('td').allInnerTexts()).toEqual(['malos.csv', '3', 'La cantidad debe ser un número entero de 1 o más']);
    await expectVisible(page.getByTestId('migration-summary').getByText('2', { exact: true }));
    expect(await importButton(page).isDisabled()).toBe(true);
    expect((await ordersFound(bad)).total).toBe(0);

    const good = `G-${uniq()}`;
    await choose(
      page,
      tempFile(
        'buenos.csv',
        csv(row(good), row(good, { producto: 'Enrollador', referencia_producto: 'ENR', cantidad: '2', precio: '1.100,50' })),
      ),
    );
    await expectCount(errorsTable(page), 0);
    await checkButton(page).click();
    await expectVisible(page.getByText('No hay errores: puede importar los ficheros.', { exact: true }));
    await expectCount(errorsTable(page), 0);
    await expect.poll(() => importButton(page).isEnabled()).toBe(true);
    await importButton(page).click();

    await expectVisible(page.getByTestId('migration-imported').getByText('Se han importado 1 pedido (2 filas)', { exact: true }));
    expect(await importButton(page).isDisabled()).toBe(true);
    const found = await ordersFound(good);
    expect(found.total).toBe(1);
    const order = expectOk(await t.call('GET', `/api/order/getById/${found.items[0].id}`, { token: admin }));
    expect(order.order_items.map((i: Record<string, unknown>) => [i.product_name, i.quantity_purchased])).toEqual([
      ['Cobertor burbuja 8x4', 1],
      ['Enrollador', 2],
    ]);
  });

  it('an import refused after the check shows the server\'s message and each row\'s error', async () => {
    const { page } = b;
    const reference = `R-${uniq()}`;
    const file = csv(row(reference));
    await openMigration(page);
    await choose(page, tempFile('historico.csv', file));
    await checkButton(page).click();
    await expect.poll(() => importButton(page).isEnabled()).toBe(true);

    // Someone imports the same order meanwhile: the whole upload is refused.
    expectOk(await t.call('POST', '/api/order/migrateOrdersFiles', {
      token: admin, ...multipart({}, { files: [{ filename: 'otro.csv', data: Buffer.from(file), contentType: 'text/csv' }] }),
    }), 20001);
    await importButton(page).click();

    await expectVisible(page.getByTestId('migration-refused').getByText('No se ha importado nada: 1 fila tiene errores', { exact: true }));
    const errorRow = errorsTable(page).locator('tbody tr');
    await expectCount(errorRow, 1);
    expect(await errorRow.locator('td').allInnerTexts()).toEqual(['historico.csv', '2', `El pedido ${reference} ya se importó`]);
    expect(await importButton(page).isDisabled()).toBe(true);
    expect((await ordersFound(reference)).total).toBe(1);
  });

  it('several files at once: their rows and orders are counted together', async () => {
    const { page } = b;
    const [a, c] = [`A-${uniq()}`, `C-${uniq()}`];
    await openMigration(page);
    await choose(
      page,
      tempFile('uno.csv', csv(row(a), row(a, { producto: 'Enrollador' }))),
      tempFile('dos.csv', csv(row(c, { estado: 'pendiente' }))),
    );
    await checkButton(page).click();
    const summary = page.getByTestId('migration-summary');
    await expectVisible(summary);
    expect(await summary.innerText()).toMatch(/Ficheros:\s*2\s*Filas:\s*3\s*Pedidos:\s*2/);
    await importButton(page).click();
    await expectVisible(page.getByTestId('migration-imported').getByText('Se han importado 2 pedidos (3 filas)', { exact: true }));
    expect((await ordersFound(a)).total).toBe(1);
    expect((await ordersFound(c)).total).toBe(1);
  });
});
