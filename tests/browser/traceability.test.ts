/**
 * Traceability (docs/screens.md "Public routes" /bar-code/{code}, "Admin configuration" traceability-configuration;
 * docs/business-rules.md): the public bar-code page of an order item, the admin marking its next step, the steps'
 * configuration.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useTestApp, type TestApp } from '../support/app';
import {
  expectCount,
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
import { expectOk, finishedOrderItem } from '../api/helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

const b = useBrowser();
const STEPS = ['Corte', 'Soldadura', 'Confección', 'Control de calidad', 'Embalaje'];
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/** A finished order and its first item, with its bar code. */
const orderedItem = () => finishedOrderItem(t, admin, 'Trazabilidad');

const steps = (page: Page) => page.getByRole('table', { name: 'Pasos' }).locator('tbody tr');
const markButton = (page: Page) => page.getByRole('button', { name: /^Marcar «/ });

async function openBarcode(page: Page, code: string) {
  await page.goto(`${t.url}/bar-code/${code}`);
  await expectVisible(page.getByRole('heading', { name: 'Trazabilidad del artículo' }));
  await expectCount(steps(page), STEPS.length);
}

describe('the bar-code page', () => {
  it('opens without a session: the item, its order and every step, the next highlighted; no mark button', async () => {
    const { page } = b;
    const { order, item } = await orderedItem();
    await openBarcode(page, item.barcode);
    await expectPath(page, `/bar-code/${item.barcode}`);
    await expectVisible(page.getByTestId('barcode-product').getByText(item.product_name, { exact: true }));
    await expectVisible(page.getByRole('region', { name: 'Pedido' }).getByText(String(order.id), { exact: true }));
    await expectVisible(page.getByTestId('barcode-order-state').getByText('Pendiente de revisión', { exact: true }));
    await expectVisible(page.getByText('20/05/2037', { exact: true }));
    for (const [i, name] of STEPS.entries()) await expectVisible(steps(page).nth(i).getByText(name, { exact: true }));
    expect(await steps(page).nth(0).getAttribute('aria-current')).toBe('step');
    await expectVisible(steps(page).nth(0).getByText('Siguiente', { exact: true }));
    await expectCount(page.locator('tbody tr[aria-current=step]'), 1);
    await expectVisible(steps(page).nth(0).getByText('Pendiente', { exact: true }));
    // Nothing personal, no layout, and no way to mark anything without a session.
    await expectCount(page.getByText('Rosa Vidal'), 0);
    await expectCount(page.getByTestId('sidebar'), 0);
    await expectCount(markButton(page), 0);
  });

  it('an unknown code shows the server\'s message', async () => {
    const { page } = b;
    await page.goto(`${t.url}/bar-code/NOEXISTE0000`);
    await expectVisible(page.getByRole('alert').getByText('No existe ningún artículo con ese código', { exact: true }));
    await expectPath(page, '/bar-code/NOEXISTE0000');
  });

  it('a signed-in admin marks the next step: done with its date and "Ana", the following one next', async () => {
    const { page } = b;
    const { order, item } = await orderedItem();
    await loginAs(page, t.url, 'admin', 'admin1234');
    await openBarcode(page, item.barcode);
    const mark = page.getByRole('button', { name: `Marcar «${STEPS[0]}» como hecho`, exact: true });
    await expectVisible(mark);
    await mark.click();

    await expectVisible(page.getByRole('button', { name: `Marcar «${STEPS[1]}» como hecho`, exact: true }));
    const first = steps(page).nth(0);
    await expectVisible(first.getByText('Ana', { exact: true }));
    expect(await first.locator('td').nth(2).innerText()).toMatch(DATE_TIME);
    expect(await first.getAttribute('aria-current')).toBeNull();
    expect(await steps(page).nth(1).getAttribute('aria-current')).toBe('step');
    await expectVisible(steps(page).nth(1).getByText('Pendiente', { exact: true }));

    const details = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin }));
    expect(details.order_items[0]).toMatchObject({ steps_done: 1, steps_total: STEPS.length });
  });

  it('fits a 390 px phone; who did each step shows to staff only', async () => {
    const { page } = b;
    const { item } = await orderedItem();
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    await page.setViewportSize({ width: 390, height: 844 });
    await openBarcode(page, item.barcode);
    await expectVisible(steps(page).nth(0).getByText(DATE_TIME));
    await expectCount(page.getByText('Ana'), 0);
    await expectCount(page.getByRole('columnheader', { name: 'Por' }), 0);
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);

    await loginAs(page, t.url, 'taller', 'taller1234');
    await openBarcode(page, item.barcode);
    await expectVisible(steps(page).nth(0).getByText('Ana', { exact: true }));
    await expectVisible(page.getByRole('columnheader', { name: 'Por' }));
    await expectNoSideScroll(page);
    await page.screenshot({ path: '/tmp/barcode-phone-staff.png', fullPage: true });
    expect(await violationsOf(page)).toEqual([]);
  });

  it('on a 390 px phone the «Por» column never splits a name inside a word', async () => {
    const { page } = b;
    const { item } = await orderedItem();
    const taller = await t.login('taller', 'taller1234');
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: item.barcode } }), 20001);
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, t.url, 'taller', 'taller1234');
    await openBarcode(page, item.barcode);
    for (const [row, name] of [[0, 'Jorge'], [1, 'Ana']] as const) {
      const cell = steps(page).nth(row).locator('td').last();
      await expectVisible(cell.getByText(name, { exact: true }));
      // The lines the name's text is laid out on: one, not «Jorg» and «e».
      const lines = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines, name).toBe(1);
    }
    await expectNoSideScroll(page);
  });

  it('once every step is done it says so and offers nothing more to mark', async () => {
    const { page } = b;
    const { item } = await orderedItem();
    for (let i = 0; i < STEPS.length - 1; i++)
      expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: item.barcode } }), 20001);
    await loginAs(page, t.url, 'admin', 'admin1234');
    await openBarcode(page, item.barcode);
    await page.getByRole('button', { name: `Marcar «${STEPS[4]}» como hecho`, exact: true }).click();
    await expectVisible(page.getByText('Todos los pasos están hechos', { exact: true }));
    await expectCount(markButton(page), 0);
    await expectCount(page.locator('tbody tr[aria-current=step]'), 0);
    for (let i = 0; i < STEPS.length; i++) expect(await steps(page).nth(i).locator('td').nth(2).innerText()).toMatch(DATE_TIME);
  });
});

describe('traceability-configuration', () => {
  it('is in the Configuración menu and lists the steps in production order', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await (await openSubmenu(page, 'Configuración')).getByRole('link', { name: 'Trazabilidad', exact: true }).click();
    await expectPath(page, '/configuracion/traceability-configuration');
    await expectVisible(page.getByRole('cell', { name: 'Embalaje', exact: true }));
    const names = await page.locator('table tbody tr td.column-name').allInnerTexts();
    expect(names).toEqual(STEPS);
  });

  it('validates a new step, and an added step shows on the bar-code page in its place', async () => {
    const { page } = b;
    const { item } = await orderedItem();
    await loginAs(page, t.url, 'admin', 'admin1234', '/configuracion/traceability-configuration');
    await expectVisible(page.getByRole('cell', { name: 'Corte', exact: true }));

    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: 'Añadir paso de producción' }));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(dialog, 'Introduzca el nombre del paso'));
    await expectVisible(fieldError(dialog, 'Introduzca el orden del paso (1 o más)'));

    await dialog.getByLabel('Orden', { exact: true }).fill('6');
    await dialog.getByLabel('Paso', { exact: true }).fill('Inspección final');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByRole('cell', { name: 'Inspección final', exact: true }));
    expect(await page.locator('table tbody tr td.column-name').allInnerTexts()).toEqual([...STEPS, 'Inspección final']);

    await page.goto(`${t.url}/bar-code/${item.barcode}`);
    await expectCount(steps(page), STEPS.length + 1);
    await expectVisible(steps(page).nth(STEPS.length).getByText('Inspección final', { exact: true }));
  });
});
