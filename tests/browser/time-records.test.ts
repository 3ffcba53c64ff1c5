/**
 * Check-in through the screens (issue 17 §3): the workshop lands on its record, checks in, pauses and
 * checks out with the top bar's button and sees the day with its total; its menu holds only its
 * entries; it reads the task calendar without planning it and marks a production step on a scanned
 * label. The office reads the worker's record, corrects an entry with a reason (a correction without
 * one shows our Spanish message) and downloads the PDF. On a phone nothing scrolls sideways; axe-core
 * finds nothing on these pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { madridToday } from '../../src/shared/madrid';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  useBrowser,
  violationsOf,
} from '../support/browser';
import { createUser, expectOk } from '../api/helpers';
import { ROSA_VIDAL } from '../support/addresses';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true }); });
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const checkInButton = (page: Page) => page.getByTestId('check-in-main');
const topBar = (page: Page) => page.getByRole('group', { name: /^Fichaje:/ });
const today = () => madridToday();
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

/** Clicks the top bar's main button once it reads `label` and waits for the server's answer. */
async function press(page: Page, label: string, done: string) {
  await expectVisible(checkInButton(page).filter({ hasText: label }));
  await checkInButton(page).click();
  await expectVisible(notice(page, done));
}

describe('the workshop', () => {
  it('lands on its record, checks in, pauses and checks out from the top bar, and sees the day with its total', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'taller', 'taller1234');
    await expectPath(page, '/fichaje');
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Mi registro', { exact: true }));
    // Its menu: «Escanear» first (issue 28), the production board (issue 44), its record and the task calendar
    // (beside the staff's bulletin board), nothing of the office.
    await expect
      .poll(() => menu(page).getByRole('link').allTextContents())
      .toEqual(['Escanear', 'Tablero de producción', 'Tablón de anuncios', 'Fichaje', 'Calendario de tareas']);
    expect(await menu(page).getByRole('button').count()).toBe(0);
    expect(await violationsOf(page)).toEqual([]);

    await press(page, 'Fichar entrada', 'Entrada fichada');
    await expectVisible(checkInButton(page).filter({ hasText: 'Fichar salida' }));
    // The pause is a button of its own beside «Fichar salida», in the bar and on the page.
    await topBar(page).getByRole('button', { name: 'Iniciar pausa', exact: true }).click();
    await expectVisible(notice(page, 'Pausa iniciada'));
    await press(page, 'Finalizar pausa', 'Pausa finalizada');
    // «Fichar salida» ends the day: it asks first, and «Cancelar» leaves the worker working.
    await checkInButton(page).click();
    const asked = page.getByRole('dialog', { name: '¿Fichar la salida?' });
    await expectVisible(asked.getByText(/Una salida fichada no se puede deshacer/));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await expectHidden(asked);
    await expectVisible(page.getByTestId('check-in-state').filter({ hasText: /^Trabajando desde las \d\d:\d\d$/ }));
    await checkInButton(page).click();
    await asked.getByRole('button', { name: 'Fichar salida' }).click();
    await expectVisible(notice(page, 'Salida fichada'));
    await expectVisible(checkInButton(page).filter({ hasText: 'Fichar entrada' }));

    // The record reloads after each step: today's day with its four entries and its total.
    const day = page.getByTestId(`day-${today()}`);
    await expectVisible(day.getByText(/^Trabajado: 0:0\d h$/));
    for (const label of ['Entrada', 'Inicio de pausa', 'Fin de pausa', 'Salida'])
      await expectVisible(day.getByText(label, { exact: true }));
    // The month holds the demo's earlier working days too: today's minutes join them.
    await expectVisible(page.getByTestId('month-total').filter({ hasText: /Total del mes: \d+:\d\d h trabajadas/ }));
    await expectVisible(page.getByRole('cell', { name: new RegExp(`^${today().split('-').reverse().join('/')}: 0:0\\d h trabajadas$`) }));
    // Nothing of the office: the correct buttons are not there.
    expect(await day.getByRole('button', { name: 'Corregir' }).count()).toBe(0);
  });

  it('reads the task calendar without planning it, and an office page answers as any forbidden page', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'taller', 'taller1234');
    await menu(page).getByRole('link', { name: 'Calendario de tareas' }).click();
    await expectPath(page, '/calendario');
    await expectVisible(page.locator('section[aria-label="Calendario de tareas"]'));
    expect(await page.getByRole('button', { name: 'Nueva tarea' }).count()).toBe(0);
    expect(await violationsOf(page)).toEqual([]);
    for (const path of ['/fichaje/registros', '/orders/reviewed-orders', '/usuarios']) {
      await page.goto(`${t.url}${path}`);
      await expectPath(page, '/404');
    }
    // Its own profile, from its name in the sidebar.
    await page.goto(`${t.url}/fichaje`);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Hola, Jorge' }).click();
    await expectPath(page, /^\/usuarios\/perfil\/\d+$/);
    await expectVisible(page.getByRole('textbox', { name: 'Nombre' }));
    expect(await violationsOf(page)).toEqual([]);
  });
});

describe('the workshop on a scanned label', () => {
  it('marks the next production step on /bar-code/{code}', async () => {
    const { page } = b;
    const admin = await t.login('admin');
    const member = await t.login('cliente');
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: member, body: { item_property_value_id: 2, quantity: 1 } }),
      20001,
    );
    const order = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token: member,
        body: {
          order_id: cart.id,
          customer_info: 'Taller',
          ...ROSA_VIDAL,
          delivery_date: today(),
        },
      }),
      20001,
    );
    const [item] = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).order_items;

    await loginAs(page, t.url, 'taller', 'taller1234', `/bar-code/${item.barcode}`);
    await page.getByRole('button', { name: 'Marcar «Corte» como hecho', exact: true }).click();
    // Clocked out above, it is asked first (issue 44); marked as it is, the office sees the mark outside the day.
    await page.getByRole('dialog').getByRole('button', { name: 'Marcar sin fichar', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: 'Marcar «Soldadura» como hecho', exact: true }));
    await expectVisible(page.getByRole('table', { name: 'Pasos' }).getByRole('cell', { name: 'Jorge', exact: true }));
  });
});

describe('the office', () => {
  it('reads the worker\'s record, corrects an entry with its reason, and downloads the PDF', async () => {
    const { page } = b;
    // The workshop checked in this morning (through the API, as the button does).
    const taller = await t.login('taller');
    if (expectOk(await t.call('GET', '/api/timeRecords/status', { token: taller })).state === 'out') {
      expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: taller, body: { kind: 'in' } }), 20001);
    }
    await loginAs(page, t.url, 'admin', 'admin1234', '/fichaje/registros');
    await expectVisible(page.getByText('nunca se borran', { exact: false }));
    await page.getByRole('button', { name: /^Jorge Sánchez Gil/ }).click();
    const day = page.getByTestId(`day-${today()}`);
    await expectVisible(day);
    expect(await violationsOf(page)).toEqual([]);

    // Correcting the first check-in: without a reason, our message under the field.
    await day.getByRole('button', { name: 'Corregir' }).first().click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: /^Corregir fichaje: Entrada/ }));
    await dialog.getByRole('textbox', { name: 'Hora', exact: true }).fill('00:00');
    await dialog.getByRole('button', { name: 'Guardar corrección' }).click();
    await expectVisible(fieldError(dialog, 'Indique el motivo de la corrección'));
    expect(await violationsOf(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Llegó a primera hora: lo confirma el encargado');
    await dialog.getByRole('button', { name: 'Guardar corrección' }).click();
    await expectVisible(notice(page, 'Corrección guardada'));
    // Both show: the time in force, the original, and the correction's reason.
    await expectVisible(day.getByText(/^Original: Entrada \d\d:\d\d$/));
    await expectVisible(day.getByText(/Motivo: Llegó a primera hora: lo confirma el encargado/));
    await expectVisible(day.getByText('Corregido', { exact: true }));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`registro-jornada-taller-${today().slice(0, 7)}.pdf`);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV del mes' }).click();
    expect((await csv).suggestedFilename()).toBe(`registro-jornada-${today().slice(0, 7)}.csv`);
  });
});

describe('on a phone (390 × 844)', () => {
  it('the record, the office\'s view and the top bar fit the screen', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'taller', 'taller1234');
    await expectPath(page, '/fichaje');
    await expectVisible(checkInButton(page));
    await expectNoSideScroll(page);
    await page.goto(`${t.url}/calendario`);
    await expectNoSideScroll(page);

    // A worker of its own (the workshop's entries above count toward the clocking limit).
    const worker = await createUser(t, await t.login('admin'), { roles: 3, first_name: 'Lola', last_name: 'Móvil Prueba' });
    const phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(phone, t.url, worker.username, worker.password);
    await expectPath(phone, '/fichaje');
    const panel = phone.getByRole('region', { name: 'Fichar' });
    await panel.getByRole('button', { name: 'Fichar entrada' }).click();
    await expectVisible(panel.getByText(/^Trabajando desde las \d\d:\d\d$/));
    // Both next steps are buttons of their own, large, one under the other.
    for (const name of ['Fichar salida', 'Iniciar pausa'])
      expect((await panel.getByRole('button', { name }).boundingBox())!.width).toBeGreaterThan(300);
    await expectNoSideScroll(phone);
    expect(await violationsOf(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/check-in-phone.png' });
    await panel.getByRole('button', { name: 'Fichar salida' }).click();
    const asked = phone.getByRole('dialog', { name: '¿Fichar la salida?' });
    expect(await violationsOf(phone, { include: '[role=dialog]' })).toEqual([]);
    await asked.getByRole('button', { name: 'Fichar salida' }).click();
    await expectVisible(panel.getByText('Sin fichar', { exact: true }));

    const office = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(office, t.url, 'admin', 'admin1234', '/fichaje/registros');
    await office.getByRole('button', { name: /^Jorge Sánchez Gil/ }).click();
    await expectVisible(office.getByTestId('month-total'));
    await expectNoSideScroll(office);
  });
});
