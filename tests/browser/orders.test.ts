/**
 * Orders through the screens (docs/screens.md "Orders (admin)", "Client-member routes", docs/data.md order and order item,
 * §4 review states and validation, §6 banners): a member's finished order reaches the staff's banner and
 * the orders to review; the staff filter, open its details, review, validate and edit it and download its
 * PDF; the member then sees it read-only.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  selectOption,
  useBrowser,
} from '../support/browser';

type Row = Record<string, any>;

let t: TestApp;
let admin: string;
let cliente: string;
/** The member's order, finished through the API: to review, with its lines and totals. */
let order: Row;
/**
 * Its lines, worked by hand (21 % VAT, half-up to the cent): the demo's cart of cliente (two pool cleaners, a
 * 90,44 m² bubble cover) and the anchor added here. Per line: reference, quantity, unit price without and with
 * VAT, amount (without VAT).
 */
const LINES: Record<string, [reference: string, quantity: string, withoutVat: string, withVat: string, amount: string]> = {
  'Limpiafondos manual · 35 cm': ['LIM-MAN', '2', '39,50 €', '47,80 €', '79,00 €'], // 39,50 × 1,21 = 47,795, half a cent, up
  'Anclaje de suelo · Latón': ['ANC-SUE', '1', '3,50 €', '4,24 €', '3,50 €'], // 4,235, half a cent, up
  'Cobertor Burbuja 400 micras (90,44 m²)': ['Cobertor', '1', '624,04 €', '755,09 €', '624,04 €'], // 90,44 × 6,90 = 624,036
};
/** 706,54 € reaches Agua Azul's 600 € threshold: no shipping; VAT 706,54 × 21 % = 148,3734 €. */
const TOTALS = { subtotal: '706,54 €', vat: '148,37 €', total: '854,91 €' };

const REFERENCE = 'Piscina navegador';
const address = {
  customer_info: REFERENCE,
  buyer_name: 'Lucía Ferrer',
  buyer_email: 'lucia@ejemplo.es',
  buyer_phone_number: '600333444',
  buyer_address_1: 'Calle Sol 7',
  buyer_postal_code: '46020',
  buyer_city: 'Burjassot',
  buyer_province: 'Valencia',
  buyer_country: 'España',
  ship_name: 'Lucía Ferrer',
  ship_address_1: 'Calle Sol 7',
  ship_postal_code: '46020',
  ship_city: 'Burjassot',
  ship_province: 'Valencia',
  ship_country: 'España',
  delivery_date: '2036-12-15',
};

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login();
  cliente = await t.login('cliente');
  const cart = (await t.call('POST', '/api/orderItem/create', { token: cliente, body: { item_property_value_id: 1, quantity: 1 } })).body;
  expect(cart.code).toBe(20001);
  const finished = (
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token: cliente,
      body: { order_id: cart.data.id, ...address },
    })
  ).body;
  expect(finished.code).toBe(20001);
  order = finished.data;
  expect(order).toMatchObject({ status_id: 1, order_review_status_id: 2 });
});
afterAll(async () => { await t?.close(); });

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const header = (page: Page, name: string) => page.getByRole('columnheader').getByText(name, { exact: true });
const orderRow = (page: Page, text = REFERENCE) => page.getByRole('row').filter({ hasText: text });
const reviewCount = async () => (await t.call('GET', '/api/order/getOrdersReview', { token: admin })).body.data.count as number;
const stored = async () => (await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })).body.data as Row;

async function signIn(page: Page, who: 'admin' | 'cliente', path: string) {
  await loginAs(page, t.url, who, who === 'admin' ? 'admin1234' : 'cliente1234', path);
  await expectPath(page, path);
}

/** The options a MUI select offers, opened and closed again. */
async function optionsOf(page: Page, select: Locator): Promise<string[]> {
  await select.click();
  const listbox = page.getByRole('listbox');
  await expectVisible(listbox);
  const texts = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await expectHidden(listbox);
  return texts.map((text) => text.trim());
}

describe('the staff', () => {
  it('see the review banner with its count, open the orders to review and filter them by client', async () => {
    const { page } = b;
    const count = await reviewCount();
    expect(count).toBeGreaterThanOrEqual(2);
    await signIn(page, 'admin', '/orders/reviewed-orders');
    const banner = page.getByTestId('banner-orders-review');
    await expectVisible(banner.filter({ hasText: `Hay ${count} pedidos pendientes de revisión` }));
    await banner.getByRole('link').click();
    await expectPath(page, '/orders/without-review');
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Pedidos sin revisar', { exact: true }));

    for (const name of ['Nº pedido', 'Fecha', 'Cliente', 'Referencia', 'Comprador', 'Población', 'Estado', 'Validado', 'Entrega', 'Total'])
      await expectVisible(header(page, name));
    const mine = orderRow(page);
    await expectVisible(mine);
    const total = TOTALS.total;
    for (const text of [
      String(order.id),
      'Piscinas Agua Azul',
      'Lucía Ferrer',
      'Burjassot',
      'Pendiente de revisión',
      'No',
      '15/12/2036',
      total,
    ]) {
      await expectVisible(mine.getByRole('cell', { name: text, exact: true }));
    }
    // Another client's order to review (seeded for Jardines del Sur) leaves with the client filter.
    const other = orderRow(page, 'Jardines del Sur');
    await expectVisible(other);
    const client = page.getByRole('combobox', { name: 'Cliente' });
    await client.fill('Agua');
    await chooseOption(page, 'Piscinas Agua Azul');
    await expectHidden(other);
    await expectVisible(mine);

    // The day filters read dd/MM/yyyy.
    await page.getByLabel('Hasta', { exact: true }).fill('01/01/2020');
    await expectVisible(page.getByText('No hay pedidos con estos filtros.'));
    await page.getByLabel('Hasta', { exact: true }).fill('');
    await expectVisible(mine);

    await mine.click();
    await expectPath(page, `/orders/details/${order.id}`);
    await expectVisible(page.getByRole('heading', { name: `Pedido nº ${order.id} · ${REFERENCE}` }));
    await expectVisible(page.getByRole('navigation', { name: 'Ruta' }).getByText('Detalle del pedido', { exact: true }));

    // The buyer's and the shipping data, each term with its value.
    const buyer = page.getByRole('region', { name: 'Datos del comprador' });
    await expectVisible(buyer.getByText('lucia@ejemplo.es', { exact: true }));
    expect(await buyer.locator('dt').allInnerTexts()).toEqual([
      'Referencia',
      'Comprador',
      'Email',
      'Teléfono',
      'Dirección de facturación',
      'Dirección de facturación (2)',
      'Código postal',
      'Población',
      'Provincia',
      'País',
    ]);
    expect(await buyer.locator('dd').allInnerTexts()).toEqual(
      expect.arrayContaining([REFERENCE, 'Lucía Ferrer', '600333444', 'Calle Sol 7', '46020', 'Burjassot']),
    );
    const shipping = page.getByRole('region', { name: 'Datos de envío' });
    expect(await shipping.locator('dt').allInnerTexts()).toEqual([
      'Nombre de envío',
      'Dirección de envío',
      'Dirección de envío (2)',
      'Código postal de envío',
      'Población de envío',
      'Provincia de envío',
      'País de envío',
      'Fecha de entrega',
      'Observaciones',
    ]);
    expect(await shipping.locator('dd').allInnerTexts()).toEqual(
      expect.arrayContaining(['Lucía Ferrer', 'Calle Sol 7', '46020', 'Burjassot', '15/12/2036']),
    );
  });

  it('find the review banner where it was first painted while their check-in state is still being read', async () => {
    const { page } = b;
    await signIn(page, 'admin', '/orders/reviewed-orders');
    await expectVisible(page.getByTestId('check-in-main'));
    // The next visit's reads of the check-in state and of the session (which says who checks in) are held
    // until the banner is on screen: the banner shows on the last session's roles, so must the buttons.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const holdUntilMeasured = async (route: Route) => { await held; await route.continue(); };
    await page.route('**/api/timeRecords/status', holdUntilMeasured);
    await page.route('**/api/auth/info', holdUntilMeasured);
    await page.reload();
    const link = page.getByTestId('banner-orders-review').getByRole('link');
    await expectVisible(link);
    // Where the link sits in the top bar: a scroll bar arriving with the rows moves the whole bar, not this.
    const place = () => link.evaluate((element) => {
      const [own, bar] = [element.getBoundingClientRect(), element.closest('.MuiToolbar-root')!.getBoundingClientRect()];
      return { fromRight: bar.right - own.left, top: own.top - bar.top, width: own.width };
    });
    const painted = await place();
    await expectVisible(page.getByTestId('check-in-main'));
    expect(await page.getByTestId('check-in-main').isEnabled()).toBe(false);
    release();
    await expect.poll(() => page.getByTestId('check-in-main').isEnabled()).toBe(true);
    expect(await place()).toEqual(painted);
    await page.unroute('**/api/timeRecords/status');
    await page.unroute('**/api/auth/info');
  });

  it('at 1366 px the filters sit on one line, their boxes aligned, the total column whole', async () => {
    const page = await b.newContext({ viewport: { width: 1366, height: 900 } });
    await signIn(page, 'admin', '/orders/reviewed-orders');
    await expectVisible(page.locator('td.column-total').first());
    // Measured once the client filter's autocomplete and the company's select (components that load after the
    // first rows) have replaced the boxes holding their places.
    await expect.poll(() => page.getByRole('combobox', { name: 'Cliente' }).isEnabled()).toBe(true);
    await expectVisible(page.getByRole('combobox', { name: 'Empresa de facturación' }));
    // Polled: a filter being swapped in is not a place the bar settles in.
    const alignment = async () => {
      const boxes = await page.locator('.RaFilterForm-filterFormInput .MuiInputBase-root').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
        }),
      );
      const distinct = (side: 'top' | 'bottom') => new Set(boxes.map((box) => box[side])).size;
      return { boxes: boxes.length, tops: distinct('top'), bottoms: distinct('bottom') };
    };
    await expect.poll(alignment).toEqual({ boxes: 5, tops: 1, bottoms: 1 });
    const amounts = await page.locator('td.column-total').allInnerTexts();
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
  });

  // The select and the switch load once the first rows are drawn (components/lazyFilterInputs.tsx): a box of
  // the same size holds each one's place until then, so nothing in the filter bar moves when they arrive.
  it.each([
    { who: 'admin' as const, path: '/orders/reviewed-orders', call: '**/api/order/getFilteredOrders', last: 'Empresa de facturación' },
    { who: 'cliente' as const, path: '/client-orders/index', call: '**/api/order/getClientFilteredOrders', last: 'Solo borradores' },
  ])('$who: the filters that come after the first rows take the places held for them', async ({ who, path, call, last }) => {
    const { page } = b;
    await signIn(page, who, path);
    await expectVisible(page.getByLabel(last));
    // The list's read is held on the next visit: the filters are drawn with their places held, not loaded.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(call, async (route) => { await held; await route.continue(); });
    await page.reload();
    const places = () => page.locator('.RaFilterForm-filterFormInput').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { source: element.getAttribute('data-source'), x: box.x, y: box.y, width: box.width, height: box.height };
      }));
    await expect.poll(async () => (await places()).length).toBe(5);
    const placesHeld = await places();
    const input = page.getByLabel(last).and(page.locator(':not(:disabled, [aria-disabled=true])'));
    expect(await input.count()).toBe(0);
    release();
    await expectVisible(input);
    await expectVisible(page.locator('tbody tr.RaDatagrid-row'));
    expect(await places()).toEqual(placesHeld);
    await page.unroute(call);
  });

  it('read the lines and totals, change the review status along the allowed transitions and validate the order', async () => {
    const { page } = b;
    const before = await reviewCount();
    await signIn(page, 'admin', `/orders/details/${order.id}`);

    const lines = page.getByRole('table', { name: 'Líneas' });
    for (const name of [
      'Referencia',
      'Descripción',
      'Cantidad',
      'Precio sin IVA',
      'Precio con IVA',
      'Importe',
      'Peso',
      'Código',
      'Producción',
    ])
      await expectVisible(lines.getByRole('columnheader', { name, exact: true }));
    expect((order.order_items as Row[]).map((item) => item.product_name).sort()).toEqual(Object.keys(LINES).sort());
    for (const item of order.order_items as Row[]) {
      const [reference, quantity, withoutVat, withVat, amount] = LINES[item.product_name];
      const line = lines.getByRole('row').filter({ has: page.getByRole('cell', { name: item.product_name, exact: true }) });
      await expectVisible(line);
      const cells = (await line.first().getByRole('cell').allInnerTexts()).map((c) => c.trim());
      expect(cells).toEqual([
        reference, item.product_name, quantity, withoutVat, withVat, amount, expect.stringMatching(/ kg$/),
        item.barcode, `${item.steps_done}/${item.steps_total} pasos`,
      ]);
    }
    expect({
      subtotal: await page.getByTestId('order-subtotal').innerText(),
      vat: await page.getByTestId('order-vat').innerText(),
      total: await page.getByTestId('order-total').innerText(),
    }).toEqual(TOTALS);
    // Amounts stay on one line: "290,00 €", never "290,00" over "€".
    expect(await page.getByTestId('order-total').evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap');
    expect(await page.getByTestId('order-weight').innerText()).toMatch(/ kg$/);
    const history = page.getByRole('table', { name: 'Historial' });
    await expectVisible(history.getByRole('cell', { name: 'Carrito sin terminar', exact: true }));
    await expectVisible(history.getByRole('cell', { name: 'Pendiente de revisión', exact: true }));
    expect(await page.getByRole('link', { name: order.track_code }).getAttribute('href')).toBe(`/track-order/${order.track_code}`);

    // To review: back to draft or reviewed.
    const review = page.getByRole('combobox', { name: 'Estado de revisión' });
    expect(await optionsOf(page, review)).toEqual(['Borrador', 'Pendiente de revisión', 'Revisado']);
    await selectOption(page, review, 'Revisado', { exact: true });
    await expectVisible(page.getByTestId('order-state').filter({ hasText: 'Revisado' }));
    await expect.poll(async () => (await stored()).order_review_status_id).toBe(3);
    await expectVisible(history.getByRole('cell', { name: 'Revisado', exact: true }));
    // From reviewed only back to review: a draft is not offered.
    expect(await optionsOf(page, review)).toEqual(['Pendiente de revisión', 'Revisado']);
    // The banner counts one order less.
    await expectVisible(page.getByTestId('banner-orders-review').filter({ hasText: `Hay ${before - 1} ` }));

    // Validation on a day, written dd/MM/yyyy and sent as year-month-day.
    const day = page.getByLabel('Fecha de validación', { exact: true });
    await day.fill('');
    await page.getByRole('button', { name: 'Validar pedido' }).click();
    await expectVisible(fieldError(page, 'Introduzca la fecha de validación'));
    await day.fill('31/02/2026');
    await page.getByRole('button', { name: 'Validar pedido' }).click();
    await expectVisible(fieldError(page, 'Introduzca una fecha válida'));
    await day.fill('20/11/2026');
    await page.getByRole('button', { name: 'Validar pedido' }).click();
    await expectVisible(page.getByTestId('order-validated').filter({ hasText: 'Sí, el 20/11/2026' }));
    await expectCount(page.getByRole('button', { name: 'Validar pedido' }), 0);
    const valid = await stored();
    expect(valid.is_valid).toBe(true);
    expect(valid.validated_date).toMatch(/^2026-11-20/);

    await page.goto(`${t.url}/orders/reviewed-orders`);
    const row = orderRow(page);
    await expectVisible(row.getByRole('cell', { name: 'Revisado', exact: true }));
    await expectVisible(row.getByRole('cell', { name: 'Sí (20/11/2026)', exact: true }));
  });

  it('edit the shipping data with the order\'s rules and download the PDF', async () => {
    const { page } = b;
    await signIn(page, 'admin', `/orders/details/${order.id}`);
    await page.getByRole('button', { name: 'Editar datos' }).click();
    const form = dialog(page);
    await expectVisible(form.getByRole('heading', { name: 'Editar datos del pedido' }));
    const city = form.getByLabel('Población de envío', { exact: true });
    await expect.poll(() => city.inputValue()).toBe('Burjassot');
    await expect.poll(() => form.getByLabel('Fecha de entrega', { exact: true }).inputValue()).toBe('15/12/2036');
    await city.fill('');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(fieldError(form, 'Introduzca la población de envío'));
    await city.fill('Gandia');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectHidden(form);
    const shipping = page.getByRole('region', { name: 'Datos de envío' });
    await expectVisible(shipping.getByText('Gandia', { exact: true }));
    expect((await stored()).ship_city).toBe('Gandia');

    // Opened again on a fresh page with the order's answer held: no field to type into until the stored
    // order is there.
    const held: Array<{ continue: () => Promise<void> }> = [];
    await page.route(`**/api/order/data/${order.id}`, (route) => { held.push(route); });
    await page.reload();
    await page.getByRole('button', { name: 'Editar datos' }).click();
    await expectVisible(form.getByRole('progressbar', { name: 'Cargando el pedido' }));
    await expect.poll(() => held.length).toBe(1);
    await expectCount(form.getByLabel('Población de envío', { exact: true }), 0);
    await held[0].continue();
    await page.unroute(`**/api/order/data/${order.id}`);
    await expect.poll(() => form.getByLabel('Población de envío', { exact: true }).inputValue()).toBe('Gandia');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await expectHidden(form);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`pedido-${order.id}.pdf`);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('long texts', () => {
  it('a long remark is folded: "Leer más" shows it whole, "Mostrar menos" folds it again', async () => {
    const { page } = b;
    const callFirst = 'Llamar antes al encargado de mantenimiento, que abre la verja. ';
    const remark = `Entregar en la puerta trasera de la finca. ${callFirst.repeat(5)}Gracias.`;
    const cart = (await t.call('POST', '/api/orderItem/create', { token: cliente, body: { item_property_value_id: 1, quantity: 1 } })).body;
    const long = (
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token: cliente,
        body: { order_id: cart.data.id, ...address, customer_info: 'Finca con verja', order_remark: remark },
      })
    ).body.data;
    await signIn(page, 'admin', `/orders/details/${long.id}`);
    const more = page.getByRole('button', { name: 'Leer más' });
    await expectVisible(more);
    await expectCount(page.getByText(remark, { exact: true }), 0);
    await more.click();
    await expectVisible(page.getByText(remark, { exact: true }));
    await page.getByRole('button', { name: 'Mostrar menos' }).click();
    await expectVisible(page.getByRole('button', { name: 'Leer más' }));
    await expectCount(page.getByText(remark, { exact: true }), 0);
  });
});

describe('the client member', () => {
  it('sees its order in its list and opens its details read-only; the staff details are not its', async () => {
    const { page } = b;
    await signIn(page, 'cliente', '/client-orders/index');
    await expectCount(page.getByTestId('banner-orders-review'), 0);
    await expectVisible(page.getByRole('combobox', { name: 'Estado' }));
    for (const name of ['Desde', 'Hasta']) await expectVisible(page.getByLabel(name, { exact: true }));
    await expectVisible(page.getByLabel('Solo borradores'));
    const row = orderRow(page);
    await expectVisible(row.getByRole('cell', { name: 'Revisado', exact: true }));
    await row.click();
    await expectPath(page, `/client-orders/details/${order.id}`);
    await expectVisible(page.getByRole('heading', { name: `Pedido nº ${order.id} · ${REFERENCE}` }));
    expect(await page.getByTestId('order-total').innerText()).toBe(TOTALS.total);
    await expectVisible(page.getByRole('region', { name: 'Datos de envío' }).getByText('Gandia', { exact: true }));
    await expectVisible(page.getByTestId('order-validated').filter({ hasText: 'Sí, el 20/11/2026' }));
    await expectVisible(page.getByRole('button', { name: 'Descargar PDF' }));
    for (const name of ['Editar datos', 'Validar pedido']) await expectCount(page.getByRole('button', { name }), 0);
    await expectCount(page.getByRole('combobox', { name: 'Estado de revisión' }), 0);

    await page.goto(`${t.url}/orders/details/${order.id}`);
    await expectPath(page, '/404');
  });
});
