/**
 * The dashboards through the screens (issue 17 §1): the staff open "Panel de control", the menu's first
 * entry, read the figures as "1.234,56 €", follow a card to the list it summarises; a member sees its
 * own cart, orders and consignments; on a phone nothing scrolls sideways; an empty database shows
 * friendly empty states, not broken charts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthLabel } from '../../src/shared/dashboard';
import { formatEuros } from '../../src/shared/format';
import { madridToday } from '../../src/shared/madrid';
import { startTestApp, type TestApp } from '../support/app';
import {
  expectNoSideScroll, expectPath, expectVisible, loginAs, recordLayoutShifts, unpromptedShifts, useBrowser, violationsOf,
} from '../support/browser';
import { createUser, expectOk, jsonData, tokenOf } from '../api/helpers';
import { ROSA_VIDAL } from '../support/addresses';

type Row = Record<string, any>;
let t: TestApp;
let admin: string;
let staffFigures: Row;

const address = {
  customer_info: 'Piscina del panel',
  ...ROSA_VIDAL,
  delivery_date: '2036-12-15',
};

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
  // A finished order of the demo member's client, in a consignment tomorrow.
  const user = await createUser(t, admin, { client_id: 1 });
  const token = await tokenOf(t, user.username, user.password);
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 2 } }), 20001);
  const order = expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', { token, body: { order_id: cart.id, ...address } }),
    20001,
  );
  const tomorrow = new Date(Date.parse(`${madridToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  expectOk(
    await t.call('POST', '/api/consignment/create', {
      token: admin,
      body: jsonData({ date: `${tomorrow} 10:30:00`, carrier: 'Transportes Levante', order_ids: [order.id] }),
    }),
    20001,
  );
  staffFigures = expectOk(await t.call('GET', '/api/dashboard/staff', { token: admin }));
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const card = (name: string) => b.page.getByRole('region', { name });

describe('the staff dashboard', () => {
  it('is the first entry of the menu; its cards show the figures in Spanish and lead to their lists', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expectVisible(menu);
    await expect.poll(async () => (await menu.getByRole('link').first().textContent())?.trim()).toBe('Panel de control');
    await menu.getByRole('link', { name: 'Panel de control' }).click();
    await expectPath(page, '/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'Panel de control', level: 1 }));

    const sales = staffFigures.salesPerMonth.reduce((a: number, v: number) => a + v, 0);
    await expectVisible(card('Ventas sin IVA por mes').getByText(formatEuros(sales), { exact: true }));
    expect(formatEuros(sales)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    // The chart is drawn, and its figures are a table for screen readers.
    await expectVisible(card('Ventas sin IVA por mes').locator('svg').first());
    await expect
      .poll(() => card('Ventas sin IVA por mes').locator('table caption').textContent())
      .toBe('Ventas sin IVA por mes y empresa de facturación');
    await expectVisible(card('Envíos de los próximos 7 días').getByText(/Transportes Levante/));
    await expectVisible(card('Envíos de los próximos 7 días').getByText(/1 pedido · Piscinas Agua Azul/));
    const top = card('Los 10 clientes con más ventas este año');
    await expectVisible(top.getByRole('link', { name: /^1\. / }));

    const toReview = staffFigures.ordersByReview.find((s: Row) => s.id === 2).count;
    await card('Pedidos por estado de revisión').getByRole('link', { name: `${toReview} Pendiente de revisión` }).click();
    await expectPath(page, '/orders/without-review');

    await page.goBack();
    await expectPath(page, '/dashboard');
    await card('Envíos de los próximos 7 días').getByRole('link', { name: /Transportes Levante/ }).click();
    await expectPath(page, /^\/clientes\/consignments\/details\/\d+$/);
  });

  it('on a phone: its own page without the back office, one column, its charts drawn with it, nothing moving', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await recordLayoutShifts(page.context());
    await loginAs(page, t.url, 'admin', 'admin1234');
    // The page has no form: zod's classic core, the forms' rules, does not come with it (src/shared/dashboard.ts
    // is zod-free); nor the back office's chunk (LightApp.tsx, issue 46), nor any chart library.
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(`${t.url}/dashboard`);
    const charted = ['Presupuestos de los últimos 12 meses', 'Pedidos por estado de revisión', 'Ventas sin IVA por mes',
      'Producción: artículos por paso de trazabilidad'];
    await expectVisible(page.getByRole('heading', { name: 'Panel de control', level: 1 }));
    await expectVisible(card(charted[0]).locator('svg[data-chart="bars"]'));
    await expectVisible(card(charted[2]).locator('ul li').getByText('Cobertores Export S.L.', { exact: true }));
    await expectVisible(page.getByTestId('banner-orders-review'));
    const opened = await unpromptedShifts(page);
    for (const name of charted) {
      await card(name).locator('figure').scrollIntoViewIfNeeded();
      await expectVisible(card(name).locator('svg[data-chart="bars"] rect').first());
    }
    expect(scripts.filter((script) => /\/(App|zodSetup)-[\w-]+\.js$/.test(script))).toEqual([]);
    expect(scripts.some((script) => /\/dashboard-[\w-]+\.js$/.test(script))).toBe(true);
    expect((await unpromptedShifts(page)).slice(opened.length)).toEqual([]);
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);

    // A finger on a month's column: its figures beside it, in Spanish.
    const sales = card(charted[2]).locator('svg[data-chart="bars"]');
    await sales.scrollIntoViewIfNeeded();
    const box = (await sales.boundingBox())!;
    await page.mouse.click(box.x + box.width - 12, box.y + box.height / 2);
    const readout = card(charted[2]).locator('[data-chart-readout]');
    await expectVisible(readout);
    const lastMonth = staffFigures.months[staffFigures.months.length - 1];
    await expect.poll(() => readout.textContent()).toContain(monthLabel(lastMonth));
    const export_ = staffFigures.salesByCompany.find((c: { name: string }) => c.name === 'Cobertores Export S.L.');
    await expect.poll(() => readout.textContent()).toContain(`Cobertores Export S.L.: ${formatEuros(export_.sales.at(-1))}`);
    await page.screenshot({ path: '/tmp/dashboard-phone.png', fullPage: true });

    // Whatever leads elsewhere opens the back office in the same page.
    await card(charted[1]).getByRole('link', { name: 'Ver la lista' }).click();
    await expectPath(page, /^\/orders\//);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    expect(scripts.some((script) => /\/App-[\w-]+\.js$/.test(script))).toBe(true);
  });
});

describe('a member\'s dashboard', () => {
  it('shows its cart, its orders and its consignments; links to its own lists', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'Panel de control', level: 1 }));
    await expectVisible(card('Mis envíos de los próximos 7 días').getByText(/Transportes Levante/));
    await expectVisible(card('Mis pedidos').getByText('Pendiente de revisión'));
    await card('Mis pedidos').getByRole('link', { name: 'Ver la lista' }).click();
    await expectPath(page, '/client-orders/index');
  });

  it('on a phone: its own page without the back office, its orders\' list a tap away', async () => {
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(`${t.url}/dashboard`);
    await expectVisible(card('Mis pedidos').getByText('Pendiente de revisión'));
    expect(scripts.filter((script) => /\/App-[\w-]+\.js$/.test(script))).toEqual([]);
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);
    await card('Mis pedidos').getByRole('link', { name: 'Ver la lista' }).click();
    await expectPath(page, '/client-orders/index');
    await expectVisible(page.getByRole('heading', { name: 'Mis pedidos', level: 1 }));
  });
});

describe('an empty database', () => {
  it('shows friendly empty states, never an empty chart', async () => {
    await t.ctx.db.execute(sql`truncate orders, budgets, consignments restart identity cascade`);
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234', '/dashboard');
    await expectVisible(page.getByText('Aún no hay ventas en los últimos 12 meses.'));
    await expectVisible(page.getByText('Aún no hay presupuestos en los últimos 12 meses.'));
    await expectVisible(page.getByText('Aún no hay ventas este año.'));
    await expectVisible(page.getByText('No hay envíos programados para los próximos 7 días.'));
    await expectVisible(page.getByText('Ningún presupuesto caduca en los próximos 7 días.'));
    await expectVisible(page.getByText(/No hay artículos en producción/));
    expect(await page.locator('main svg[data-chart]').count()).toBe(0);
  });
});
