/**
 * Fresh after a write (issue 27 §2): every hand-written write the screens offer refreshes the views on screen
 * that show what it changed, through the one query cache (`changes` in providers/http.ts, providers/query.ts),
 * without a page reload and without a callback of its own. Each test does the write as a person would and
 * reads the new value in another view already on screen; the figures are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mail_outbox } from '../../src/server/db/tables';
import { queueMail } from '../../src/server/domain/mailQueue';
import { madridToday } from '../../src/shared/madrid';
import { startTestApp, type TestApp } from '../support/app';
import { expectHidden, expectPath, expectVisible, loginAs, openSubmenu, selectOption, UI_TIMEOUT, useBrowser } from '../support/browser';
import { expectOk, jsonData } from '../api/helpers';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login('admin');
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

/** The text of `locator` once it has some. */
const textOf = (page: Page, testId: string) => () => page.getByTestId(testId).innerText();

describe('budgets (admin)', () => {
  const BUBBLE = 3; // summer bubble cover type

  /** A member's 8 × 4 m bubble budget, as its member makes it: [budget, its first calculation]. */
  async function budget(reference: string): Promise<[Row, number]> {
    const created = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: {
          data: JSON.stringify({
            pool_subcategory_id: 1,
            pool_cover_type_id: BUBBLE,
            a: 8,
            b: 4,
            extra_distance: 0.15,
            remark_OB1PCL: reference,
          }),
        },
      }),
      20001,
    );
    const details = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${created.id}`, { token: cliente }));
    return [created, details.budget_calculus[0].id as number];
  }

  it("a chosen cover updates the calculation's total; a removed line, a new status and the buyer show at once on the summary", async () => {
    const { page } = b;
    const [created, calculus] = await budget('Frescura');
    await loginAs(page, t.url, 'admin', 'admin1234', `/budget-list/price-table/${calculus}`);

    // Burbuja 400 micras, 6,90 €/m² over (8 + 2 × 0,15) × (4 + 2 × 0,15) = 35,69 m² → 246,26 € sin IVA each (budgets.test.ts);
    // two of them: 492,52 €, plus 25 € shipping below 600 €, plus 21 % IVA: 517,52 × 1,21 = 626,1992 → 626,20 €.
    await page.getByLabel('Cantidad de Burbuja 400 micras').fill('2');
    await page.getByRole('button', { name: 'Elegir Burbuja 400 micras' }).click();
    await expect.poll(textOf(page, 'calculus-total'), { timeout: UI_TIMEOUT }).toBe('Total del cálculo: 626,20 € (IVA incluido)');

    // A second line, added meanwhile (as the article wizard does), is removed on the summary: its totals are the cover's again.
    expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: admin,
        body: { budget_calculus_id: calculus, item_property_value_id: 2, quantity: 1 },
      }),
      20001,
    );
    await page.getByRole('link', { name: 'Ver resumen' }).click();
    await expectPath(page, `/budget-list/summary/${calculus}`);
    const lines = page.getByRole('table', { name: 'Líneas del cálculo' });
    await expect.poll(() => lines.getByRole('row').count(), { timeout: UI_TIMEOUT }).toBe(1 + 2 + 4);
    const extra = lines.getByRole('button', { name: /^Quitar / }).nth(1);
    await extra.click();
    await expect.poll(() => lines.getByRole('row').count(), { timeout: UI_TIMEOUT }).toBe(1 + 1 + 4);
    await expect.poll(textOf(page, 'summary-subtotal'), { timeout: UI_TIMEOUT }).toBe('492,52 €');
    await expect.poll(textOf(page, 'summary-total'), { timeout: UI_TIMEOUT }).toBe('626,20 €');

    // Accepted: the header's status and the next step follow; "Pasar a pedido" opens.
    await expectVisible(page.getByTestId('order-next-step'));
    await selectOption(page, page.getByRole('combobox', { name: 'Estado' }), 'Aceptado');
    await expectHidden(page.getByTestId('order-next-step'));
    expect(await page.getByRole('button', { name: 'Pasar a pedido' }).isEnabled()).toBe(true);

    // The buyer's details: the header shows the new buyer.
    const header = page.getByTestId('budget-header');
    await page.getByRole('button', { name: 'Datos del cliente' }).click();
    const form = page.getByRole('dialog');
    const values: Array<[string, string]> = [
      ['Nombre', 'Marta Ruiz'],
      ['Email', 'marta@example.com'],
      ['Teléfono', '611222333'],
      ['Referencia', 'Frescura'],
      ['Dirección de facturación', 'Calle Sol 1'],
      ['Dirección de envío', 'Calle Luna 2'],
      ['Código postal', '46002'],
      ['Población', 'Valencia'],
      ['Provincia', 'Valencia'],
      ['País', 'España'],
    ];
    for (const [label, value] of values) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    await expectVisible(header.getByText('Marta Ruiz', { exact: true }));
    expect(created.id).toBeGreaterThan(0);
  });
});

describe('the workshop', () => {
  it('a check-in shows on its record at once; opening an announcement drops the badge', async () => {
    expectOk(
      await t.call('POST', '/api/announcement/create', {
        token: admin,
        body: jsonData({ title: 'Turno de tarde', body: 'Entrada a las 15', audience: 3 }),
      }),
      20001,
    );
    const { page } = b;
    await loginAs(page, t.url, 'taller', 'taller1234');
    await expectPath(page, '/fichaje');
    const day = page.getByTestId(`day-${madridToday()}`);
    await expectVisible(page.getByTestId('check-in-main').filter({ hasText: 'Fichar entrada' }));
    expect(await day.getByText('Entrada', { exact: true }).count()).toBe(0);
    await page.getByTestId('check-in-main').click();
    await expectVisible(notice(page, 'Entrada fichada'));
    await expectVisible(day.getByText('Entrada', { exact: true }));

    const bell = page.getByTestId('announcements-bell');
    const unread = async () => Number(/(\d+) anuncios? sin leer/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    const taller = await t.login('taller');
    const before = expectOk(await t.call('GET', '/api/announcement/unreadCount', { token: taller })).count as number;
    await expect.poll(unread, { timeout: UI_TIMEOUT }).toBe(before);
    await bell.click();
    await expectPath(page, '/tablon');
    await page.getByRole('button', { name: /Turno de tarde/ }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Turno de tarde' }));
    // The bell stays on screen: it counts one fewer without a page change.
    await expect.poll(unread, { timeout: UI_TIMEOUT }).toBe(before - 1);
  });
});

describe('configuration (admin)', () => {
  it('"Reintentar" changes the mail\'s row behind the dialog; restoring a template shows the original text in the dialog', async () => {
    const id = await t.ctx.db.transaction((tx) =>
      queueMail(tx, { to: 'frescura@ejemplo.es', subject: 'Prueba de frescura', text: 'Hola' }),
    );
    await t.mailSettled();
    await t.ctx.db
      .update(mail_outbox)
      .set({ status: 'failed', attempts: 12, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
      .where(eq(mail_outbox.id, id));
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    const submenu = await openSubmenu(page, 'Configuración');
    await submenu.getByRole('link', { name: 'Correos', exact: true }).click();
    // The list's row (the dialog's own rows hold the recipient or the subject, not both); hidden from
    // assistive technology while the dialog is open, but on screen.
    const row = page
      .getByRole('row', { includeHidden: true })
      .filter({ hasText: 'frescura@ejemplo.es' })
      .filter({ hasText: 'Prueba de frescura' });
    await expectVisible(row.getByText('No enviado', { exact: true }));
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Correo ${id}` });
    await dialog.getByRole('button', { name: 'Reintentar' }).click();
    await expectVisible(notice(page, 'El correo vuelve a la cola'));
    // The dialog is still open: the list behind it has already read the mail again.
    await expectVisible(row.getByText(/^(Pendiente|Enviado)$/));
    await expectVisible(dialog);

    // A changed template, restored in its dialog: the dialog shows the original subject.
    const templates: Row[] = expectOk(await t.call('GET', '/api/mailTemplate/all', { token: admin }));
    const template = templates.find((r) => r.kind === 'order_validated')!;
    expectOk(
      await t.call('POST', '/api/mailTemplate/update', {
        token: admin,
        body: jsonData({ ...template, subject: 'Pedido {{pedido}} listo' }),
      }),
      20001,
    );
    await page.goto(`${t.url}/configuracion/plantillas`);
    await page.getByRole('cell', { name: 'Pedido validado', exact: true }).click();
    const editor = page.getByRole('dialog');
    await expect.poll(() => editor.getByLabel('Asunto').inputValue(), { timeout: UI_TIMEOUT }).toBe('Pedido {{pedido}} listo');
    await editor.getByRole('button', { name: 'Restaurar el texto original' }).click();
    await page.getByRole('dialog', { name: 'Restaurar el texto original' }).getByRole('button', { name: 'Restaurar' }).click();
    await expectVisible(notice(page, 'Se ha restaurado el texto original'));
    await expect
      .poll(() => page.getByRole('dialog').getByLabel('Asunto').inputValue(), { timeout: UI_TIMEOUT })
      .toBe('Pedido nº {{pedido}} validado');
  });
});
