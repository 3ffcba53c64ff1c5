/**
 * Audits (docs/screens.md "Admin configuration" audits; docs/api.md "every create, update and delete writes an
 * audit row"): a change made on a screen shows on /configuracion/audits, found with the filters
 * (user, resource, action, dates), with its before and after.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import { sql } from 'drizzle-orm';
import { formatDay } from '../../src/shared/format';
import { dateTimeText } from '../../src/shared/fieldText';
import {
  chooseMenuItem,
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  loginAs,
  selectOption,
  useBrowser,
} from '../support/browser';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day in the browser's (this machine's) time zone, as the date inputs take it. */
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

async function addFilter(page: Page, label: string) {
  await page.getByRole('button', { name: 'Añadir filtro', exact: true }).click();
  await chooseMenuItem(page, label);
}

const rows = (page: Page) => page.locator('table tbody tr');

/**
 * Waits until the list applies a filter (it is in the URL): a filter added while the previous one's
 * debounce is pending would be dropped by react-admin, as a user typing slower would never notice.
 */
const filterApplied = (page: Page, key: string) =>
  page.waitForURL((url) => key in (JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>));

describe('audits', () => {
  it('an edit shows as an audit row, found with the filters, with its before and after', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');

    // The change: a tax renamed on its screen.
    await page.goto(`${t.url}/configuracion/taxes`);
    await page.getByRole('cell', { name: 'Exento 0 %', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: 'Editar impuesto' }));
    await dialog.getByLabel('Nombre', { exact: true }).fill('Exento (auditado)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByRole('cell', { name: 'Exento (auditado)', exact: true }));

    await page.goto(`${t.url}/configuracion/audits`);
    await expectPath(page, '/configuracion/audits');
    await expectVisible(page.getByRole('columnheader', { name: 'Acción' }));

    // Resources go by their Spanish names.
    await addFilter(page, 'Recurso');
    await selectOption(page, page.getByRole('combobox', { name: 'Recurso' }), 'Impuesto', { exact: true });
    await filterApplied(page, 'resource');
    await addFilter(page, 'Acción');
    await selectOption(page, page.getByRole('combobox', { name: 'Acción' }), 'Modificación', { exact: true });
    await filterApplied(page, 'action');
    await addFilter(page, 'Usuario');
    await page.getByRole('combobox', { name: 'Usuario', exact: true }).fill('admin');
    await chooseOption(page, 'admin', { exact: true });
    await filterApplied(page, 'user_id');
    // A day's own changes count: "Desde" and "Hasta" today both keep today's row.
    const today = localDay(new Date());
    await addFilter(page, 'Desde');
    await page.getByLabel('Desde', { exact: true }).fill(formatDay(today));
    await filterApplied(page, 'created_at_gte');
    await addFilter(page, 'Hasta');
    await page.getByLabel('Hasta', { exact: true }).fill(formatDay(today));
    await filterApplied(page, 'created_at_lte');

    await expectCount(rows(page), 1);
    const row = rows(page).first();
    await expectVisible(row.getByText('Modificación', { exact: true }));
    await expectVisible(row.getByText('Impuesto', { exact: true }));
    await expectVisible(row.getByText('admin', { exact: true }));

    await row.click();
    const detail = page.getByRole('dialog');
    await expectVisible(detail.getByRole('heading', { name: /^Auditoría \d+$/ }));
    await expectVisible(detail.getByText(/· Impuesto nº \d+ · Modificación ·/));
    // Fields by their labels too.
    const changes = detail.getByRole('table', { name: 'Cambios' });
    const nameRow = changes.locator('tbody tr', { has: page.getByRole('cell', { name: 'Nombre', exact: true }) });
    expect(await nameRow.locator('td').allInnerTexts()).toEqual(['Nombre', 'Exento 0 %', 'Exento (auditado)']);
    await page.keyboard.press('Escape');
    await expectHidden(detail);

    // A day after today: the row is out of the range.
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await page.getByLabel('Desde', { exact: true }).fill(formatDay(localDay(tomorrow)));
    await page.getByLabel('Hasta', { exact: true }).fill(formatDay(localDay(tomorrow)));
    await expectCount(rows(page).filter({ hasText: 'Modificación' }), 0);
  });
});

describe('exporting a list', () => {
  it('"Exportar" downloads the listed columns under their Spanish labels, values as the list shows them', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/audits');
    await expectVisible(page.getByRole('columnheader', { name: 'Acción' }));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Auditorías.csv');
    const text = fs.readFileSync((await file.path())!, 'utf8');
    const [header, first] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Id;Fecha;Usuario;Recurso;Registro;Acción');
    expect(first).toMatch(/^\d+;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};[^;]*;[A-ZÁÉÍÓÚ][^;]+;\d+;(Alta|Modificación|Borrado)$/);
  });

  it('exports every row the filters match, past the first thousand, in the reader\'s time zone', async () => {
    const { page } = b;
    const record = `exp${Date.now()}`;
    // 1,500 changes of one record, a minute apart from noon UTC on 1 July 2026.
    await t.ctx.db.execute(sql`insert into audits (user_id, resource, record_id, action, created_at)
      select u.id, 'order', ${record}, 'update', timestamptz '2026-07-01 12:00:00+00' + g * interval '1 minute'
      from generate_series(0, 1499) g cross join (select id from users where username = 'admin') u`);
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/audits');
    await addFilter(page, 'Registro');
    await page.getByLabel('Registro', { exact: true }).fill(record);
    await expectCount(rows(page).filter({ hasNotText: record }), 0);
    await expectVisible(page.getByText('1-20 de más de 1.000'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const lines = fs.readFileSync((await (await download).path())!, 'utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1500);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    // The oldest last (the list's order), its time as this browser's clock reads it.
    const oldest = lines.at(-1)!;
    expect(oldest).toBe(`${oldest.split(';')[0]};${dateTimeText('2026-07-01T12:00:00Z', zone)};admin;Pedido;${record};Modificación`);
  });
});
