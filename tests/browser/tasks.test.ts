/**
 * The task calendar through the screens (docs/screens.md "Task calendar", docs/business-rules.md "Calendar hours 1 to 23, week
 * starts Monday"): Spanish toolbar, the week from Monday and hours 1 to 23; a task is created by
 * selecting a slot in the week view, dragged to another day (stored, checked through the API), edited
 * and deleted by clicking it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectCount,
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  useBrowser,
  violationsOf,
} from '../support/browser';
import { expectOk } from '../api/helpers';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
/** By CSS: while a dialog is open the page behind it is hidden from the accessibility tree. */
const calendar = (page: Page) => page.locator('section[aria-label="Calendario de tareas"]');
const column = (page: Page, day: string) => calendar(page).locator(`td.fc-timegrid-col[data-date="${day}"]`);
const slot = (page: Page, time: string) => calendar(page).locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element without a box');
  return found;
}

/**
 * The middle of a slot in a day's column, its time row brought to the middle of the window when it is near an edge
 * (the page scrolls the hours): a drag's second point, a row or two away, then needs no scroll that would move the first.
 */
async function pointAt(page: Page, day: string, time: string) {
  await slot(page, time).evaluate((row) => {
    const { top, bottom } = row.getBoundingClientRect();
    if (top < 120 || bottom > window.innerHeight - 120) row.scrollIntoView({ block: 'center' });
  });
  const [col, lane] = [await box(column(page, day)), await box(slot(page, time))];
  return { x: col.x + col.width / 2, y: lane.y + lane.height / 2 };
}

async function tasksTitled(title: string): Promise<Row[]> {
  const all: Row[] = expectOk(await t.call('GET', '/api/task/all', { token: admin }));
  return all.filter((task) => task.title === title);
}

async function openCalendarOn(page: Page, dayText: string, title: string) {
  await loginAs(page, t.url, 'admin', 'admin1234');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Calendario de tareas' }).click();
  await expectPath(page, '/calendario');
  await page.getByLabel('Ir a la fecha').fill(dayText);
  await expectVisible(calendar(page).getByRole('heading', { name: title }));
}

describe('the task calendar', () => {
  it('is in Spanish, starts the week on Monday and shows hours 1 to 23', async () => {
    const { page } = b;
    await openCalendarOn(page, '13/01/2027', '11 – 17 ene 2027');
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Calendario de tareas', { exact: true }));
    for (const name of ['Hoy', 'Mes', 'Semana', 'Día']) await expectVisible(calendar(page).getByRole('button', { name, exact: true }));
    expect(await calendar(page).locator('.fc-timeGridWeek-view').count()).toBe(1);

    const headers = calendar(page).locator('th.fc-col-header-cell');
    await expectCount(headers, 7);
    expect(await headers.first().getAttribute('data-date')).toBe('2027-01-11');
    expect((await headers.first().innerText()).trim()).toMatch(/^lun/);
    expect((await headers.last().innerText()).trim()).toMatch(/^dom/);

    const labels = (await calendar(page).locator('td.fc-timegrid-slot-label[data-time] .fc-timegrid-slot-label-cushion').allInnerTexts())
      .map((s) => s.trim())
      .filter(Boolean);
    expect(labels[0]).toBe('01:00');
    expect(labels.at(-1)).toBe('23:00');
    expect(labels).toHaveLength(23);

    // Previous, today and next move the week; the month and day views are there too.
    await calendar(page).locator('.fc-next-button').click();
    await expectVisible(calendar(page).getByRole('heading', { name: '18 – 24 ene 2027' }));
    await calendar(page).locator('.fc-prev-button').click();
    await expectVisible(calendar(page).getByRole('heading', { name: '11 – 17 ene 2027' }));
    await calendar(page).getByRole('button', { name: 'Mes', exact: true }).click();
    await expectVisible(calendar(page).getByRole('heading', { name: 'enero de 2027' }));
    expect((await calendar(page).locator('th.fc-col-header-cell').first().innerText()).trim()).toBe('lun');
    await calendar(page).getByRole('button', { name: 'Día', exact: true }).click();
    await expectVisible(calendar(page).getByRole('heading', { name: /^\d{1,2} de enero de 2027$/ }));
    expect(await calendar(page).locator('.fc-timeGridDay-view').count()).toBe(1);
    await calendar(page).getByRole('button', { name: 'Hoy', exact: true }).click();
    expect(await calendar(page).locator('.fc-day-today').count()).toBeGreaterThan(0);
  });

  it('a week without tasks leaves no box of hours the keyboard cannot scroll: axe finds nothing', async () => {
    const { page } = b;
    await openCalendarOn(page, '10/01/2040', '9 – 15 ene 2040');
    await expectCount(calendar(page).locator('.fc-event'), 0);
    // The hours grow with the page, which scrolls; no inner box scrolls them.
    const scrolling = await calendar(page).locator('.fc-scroller').evaluateAll((boxes) =>
      boxes.filter((box) => /auto|scroll/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight).length);
    expect(scrolling).toBe(0);
    expect(await violationsOf(page)).toEqual([]);
  });

  it('creates a task by selecting a slot, moves it by dragging, edits and deletes it', async () => {
    const { page } = b;
    await openCalendarOn(page, '12/01/2027', '11 – 17 ene 2027');

    // Select Tuesday 10:00–11:00.
    const from = await pointAt(page, '2027-01-12', '10:00:00');
    const to = await pointAt(page, '2027-01-12', '10:30:00');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();

    const form = page.getByRole('dialog', { name: 'Nueva tarea' });
    await expectVisible(form);
    expect(await form.getByLabel('Inicio', { exact: true }).inputValue()).toBe('12/01/2027 10:00');
    expect(await form.getByLabel('Fin', { exact: true }).inputValue()).toBe('12/01/2027 11:00');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca el título'));
    await form.getByLabel('Título').fill('Visita obra Xàbia');
    await form.getByLabel('Lugar').fill('Xàbia');
    await form.getByLabel('Asistentes').fill('Ana, Luis');
    await form.getByLabel('Color de fondo').fill('#ff8800');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);

    const event = calendar(page).locator('.fc-timegrid-event', { hasText: 'Visita obra Xàbia' });
    await expectVisible(event);
    await expectCount(column(page, '2027-01-12').locator('.fc-timegrid-event', { hasText: 'Visita obra Xàbia' }), 1);
    expect(await event.first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 136, 0)');
    const [made] = await tasksTitled('Visita obra Xàbia');
    expect(made).toMatchObject({
      location: 'Xàbia',
      attendees: 'Ana, Luis',
      start: '2027-01-12 10:00:00',
      end: '2027-01-12 11:00:00',
      all_day: false,
      bg_color: '#ff8800',
    });

    // Drag it to Thursday, same time.
    const target = await pointAt(page, '2027-01-14', '10:00:00');
    const start = await box(event.first());
    const moved = page.waitForResponse((response) => response.url().endsWith('/api/task/update'));
    await page.mouse.move(start.x + start.width / 2, start.y + 8);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 10, start.y + 8, { steps: 3 });
    await page.mouse.move(target.x, start.y + 8, { steps: 10 });
    await page.mouse.up();
    await expectCount(column(page, '2027-01-14').locator('.fc-timegrid-event', { hasText: 'Visita obra Xàbia' }), 1);
    await expect.poll(async () => (await tasksTitled('Visita obra Xàbia'))[0]).toMatchObject({
      id: made.id, start: '2027-01-14 10:00:00', end: '2027-01-14 11:00:00', location: 'Xàbia',
    });
    await moved;

    // Click it to edit its title. The task read before the move is still at hand: the form waits for the
    // stored one (held here), so that it never shows, nor saves back, the old start.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(`**/api/task/data/${made.id}`, async (route) => { await held; await route.continue(); });
    await event.first().click();
    const edit = page.getByRole('dialog', { name: 'Editar tarea' });
    await expectVisible(edit.getByRole('progressbar', { name: 'Cargando la tarea' }));
    await expectCount(edit.getByLabel('Inicio', { exact: true }), 0);
    release();
    await expect.poll(() => edit.getByLabel('Título').inputValue()).toBe('Visita obra Xàbia');
    expect(await edit.getByLabel('Inicio', { exact: true }).inputValue()).toBe('14/01/2027 10:00');
    await edit.getByLabel('Título').fill('Visita obra Dénia');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(edit);
    const renamed = calendar(page).locator('.fc-timegrid-event', { hasText: 'Visita obra Dénia' });
    await expectVisible(renamed);
    await expect.poll(async () => (await tasksTitled('Visita obra Dénia')).map((task) => task.id)).toEqual([made.id]);

    // Click it again to delete it.
    await renamed.first().click();
    await expectVisible(page.getByRole('dialog', { name: 'Editar tarea' }));
    await page.getByRole('dialog', { name: 'Editar tarea' }).getByRole('button', { name: 'Borrar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Borrar tarea' });
    await expectVisible(confirm);
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expectCount(calendar(page).locator('.fc-timegrid-event', { hasText: 'Visita obra Dénia' }), 0);
    await expect.poll(async () => (await tasksTitled('Visita obra Dénia')).length).toBe(0);
  });

  it('"Nueva tarea" opens the dialog at the next whole hour, and the task shows on the calendar', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Calendario de tareas' }).click();
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva tarea' });
    await expectVisible(form);
    const start = new Date();
    start.setHours(start.getHours() + 1, 0, 0, 0);
    if (start.getHours() === 0) start.setHours(1);
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${pad(start.getDate())}/${pad(start.getMonth() + 1)}/${start.getFullYear()} ${pad(start.getHours())}:00`;
    expect(await form.getByLabel('Inicio', { exact: true }).inputValue()).toBe(shown);
    await form.getByLabel('Título').fill('Medir piscina Altea');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expect.poll(async () => (await tasksTitled('Medir piscina Altea')).length).toBe(1);
    await page.getByLabel('Ir a la fecha').fill(shown.slice(0, 10));
    await expectVisible(calendar(page).locator('.fc-event', { hasText: 'Medir piscina Altea' }).first());
  });
});

describe('on a phone (390 × 844)', () => {
  it('opens as the week\'s list, each task whole, and offers the day and the month', async () => {
    const title = 'Medir la piscina de la comunidad Los Almendros y revisar el enrollador';
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + 7);
    const day = monday.toISOString().slice(0, 10);
    expectOk(
      await t.call('POST', '/api/task/create', {
        token: admin,
        body: { data: JSON.stringify({ title, start: `${day} 09:00:00`, end: `${day} 10:30:00`, bg_color: '#1565c0' }) },
      }),
      20001,
    );
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'taller', 'taller1234', '/calendario');
    await expectVisible(calendar(page).getByRole('button', { name: 'Agenda' }));
    await calendar(page).getByRole('button', { name: /siguiente/i }).click();
    const entry = calendar(page).locator('.fc-list-event').filter({ hasText: title });
    await expectVisible(entry);
    // The whole title can be read: nothing cut to «Me…».
    const titleCell = entry.locator('.fc-list-event-title');
    expect(await titleCell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await titleCell.innerText()).toBe(title);
    await expectVisible(entry.getByText('09:00 - 10:30'));
    for (const view of ['Día', 'Mes']) await expectVisible(calendar(page).getByRole('button', { name: view, exact: true }));
    await expectNoSideScroll(page);
    await page.screenshot({ path: '/tmp/tasks-phone.png' });
    expect(await violationsOf(page)).toEqual([]);
  });
});
