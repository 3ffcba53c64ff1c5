/**
 * Issue 44 §4, the day adds up, on a 390 × 844 phone: a worker not clocked in is asked before a step is
 * marked; one tap clocks in and marks (the top bar then says it is working, and the step is marked), a
 * worker already working is asked nothing; «Cancelar» marks nothing, «Marcar sin fichar» marks as it is, and
 * the office then sees that step in the worker's month. axe-core finds nothing serious on the question or
 * on the month.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { madridToday } from '../../src/shared/madrid';
import { useTestApp, type TestApp } from '../support/app';
import { expectCount, expectHidden, expectNoSideScroll, expectVisible, loginAs, useBrowser, violationsOf } from '../support/browser';
import { createUser, expectOk, finishedOrderItem } from '../api/helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

const b = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Row = Record<string, any>;
const QUESTION = 'No ha fichado la entrada hoy: ¿fichar ahora y marcar el paso?';
const asked = (page: Page) => page.getByRole('dialog', { name: QUESTION });
const checkInButton = (page: Page) => page.getByTestId('check-in-main');
const typedField = (page: Page) => page.getByRole('textbox', { name: 'Código de la etiqueta' });
const markButton = (page: Page, step: string) => page.getByRole('button', { name: `Marcar «${step}» como hecho`, exact: true });
const steps = async (code: string) =>
  expectOk(await t.call('GET', `/api/traceability/barCode/${code}`, { token: admin })).steps as Row[];
const statusOf = async (username: string, password: string) =>
  expectOk(await t.call('GET', '/api/timeRecords/status', { token: await t.login(username, password) })) as Row;
/** «08:05»: an instant's time on Madrid's clock, as Intl reads it. */
const clock = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const madridClock = (iso: string) => clock.format(new Date(iso));

/** Opens the item by its typed code on «Escanear» (no camera in this browser). */
async function openTyped(page: Page, code: string) {
  await typedField(page).fill(code);
  await typedField(page).press('Enter');
}

describe('a worker not clocked in', () => {
  it('is asked before marking on «Escanear»; one tap clocks in and marks, and the top bar says it is working', async () => {
    const worker = await createUser(t, admin, { roles: 3, first_name: 'Nuria', last_name: 'Entrada Prueba' });
    const { item } = await finishedOrderItem(t, admin, 'El día suma');
    const { page } = b;
    await loginAs(page, t.url, worker.username, worker.password, '/escanear');
    await expectVisible(checkInButton(page).filter({ hasText: 'Fichar entrada' }));

    await openTyped(page, item.barcode);
    await markButton(page, 'Corte').click();
    await expectVisible(asked(page));
    await expectVisible(asked(page).getByRole('button', { name: 'Fichar entrada y marcar', exact: true }));
    await expectVisible(asked(page).getByRole('button', { name: 'Marcar sin fichar', exact: true }));
    await expectVisible(asked(page).getByRole('button', { name: 'Cancelar', exact: true }));
    await expectNoSideScroll(page);
    await page.screenshot({ path: '/tmp/day-adds-up-question.png' });
    expect(await violationsOf(page)).toEqual([]);
    // Nothing is written while it asks.
    expect((await steps(item.barcode)).filter((s) => s.done_at)).toEqual([]);
    expect((await statusOf(worker.username, worker.password)).state).toBe('out');

    await asked(page).getByRole('button', { name: 'Fichar entrada y marcar', exact: true }).click();
    await expectVisible(page.getByTestId('scan-done').getByText(`Hecho: Corte · ${item.product_name}`, { exact: true }));
    await expectVisible(checkInButton(page).filter({ hasText: 'Fichar salida' }));
    const [cut] = await steps(item.barcode);
    expect(cut).toMatchObject({ name: 'Corte', done_by: 'Nuria' });
    const status = await statusOf(worker.username, worker.password);
    expect(status).toMatchObject({ state: 'in', since: cut.done_at });
    await expectVisible(page.getByRole('group', { name: `Fichaje: Trabajando desde las ${madridClock(status.since)}` }));
    await expectHidden(asked(page));

    // Working now: the next mark asks nothing.
    await openTyped(page, item.barcode);
    await markButton(page, 'Soldadura').click();
    await expectVisible(page.getByTestId('scan-done').getByText(`Hecho: Soldadura · ${item.product_name}`, { exact: true }));
    await expectCount(asked(page), 0);
    expect((await steps(item.barcode)).filter((s) => s.done_by === 'Nuria')).toHaveLength(2);
  });

  it('«Cancelar» marks nothing; «Marcar sin fichar» marks, and the office sees the step in the worker\'s month', async () => {
    const worker = await createUser(t, admin, { roles: 3, first_name: 'Olga', last_name: 'Sinfichar Prueba' });
    const { item } = await finishedOrderItem(t, admin, 'Sin fichar');
    const { page } = b;
    await loginAs(page, t.url, worker.username, worker.password, `/bar-code/${item.barcode}`);
    await markButton(page, 'Corte').click();
    await asked(page).getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expectHidden(asked(page));
    expect((await steps(item.barcode)).filter((s) => s.done_at)).toEqual([]);

    await markButton(page, 'Corte').click();
    await asked(page).getByRole('button', { name: 'Marcar sin fichar', exact: true }).click();
    await expectVisible(markButton(page, 'Soldadura'));
    const [cut] = await steps(item.barcode);
    expect(cut).toMatchObject({ name: 'Corte', done_by: 'Olga' });
    expect((await statusOf(worker.username, worker.password)).state).toBe('out');

    // The office's month of the worker: the day (no entries) with its step, and the month's count.
    const office = await b.newContext();
    await loginAs(office, t.url, 'admin', 'admin1234', '/fichaje/registros');
    await office.getByRole('button', { name: /^Olga Sinfichar Prueba/ }).click();
    const day = office.getByTestId(`day-${madridToday()}`);
    await expectVisible(day.getByText('Sin fichajes', { exact: true }));
    const marks = day.getByRole('region', { name: 'Pasos marcados sin fichar' });
    await expectVisible(marks.getByText('Pasos marcados sin fichar (1)', { exact: true }));
    await expect.poll(() => marks.getByRole('listitem').allInnerTexts())
      .toEqual([`${madridClock(cut.done_at)} · Corte · artículo ${item.barcode} · pedido ${item.order_id}`]);
    const count = office.getByTestId('outside-marks-count');
    await expectVisible(count.getByText('Pasos marcados sin fichar en el mes: 1 paso', { exact: true }));
    await expectNoSideScroll(office);
    await office.screenshot({ path: '/tmp/day-adds-up-month.png', fullPage: true });
    expect(await violationsOf(office)).toEqual([]);
  });
});
