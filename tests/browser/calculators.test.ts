/**
 * The cover calculators through the screens (docs/screens.md "Calculators", "Client-member routes", docs/validation.md
 * "Photo import…", quantity; §7 createWithOrderCalculus, orderCalculus/getPrices, update, data sheets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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
  SMALL_PNG,
  tempFile,
  useBrowser,
} from '../support/browser';

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

type Row = Record<string, any>;
const BUBBLE = 3; // summer bubble cover type: Burbuja 400 micras and Burbuja 500 micras
const POOL = {
  pool_subcategory_id: 1,
  pool_cover_type_id: BUBBLE,
  a: 8,
  b: 4,
  extra_distance: 0.15,
  rounded_corners: false,
  stairwell: false,
};
const JARDINES = 2;

async function signIn(page: Page, who: 'admin' | 'cliente', path: string) {
  await loginAs(page, t.url, who, who === 'admin' ? 'admin1234' : 'cliente1234', path);
  await expectPath(page, path);
}

/** Picks `option` in the MUI select labelled `label`. */
const pick = (page: Page, scope: Page | Locator, label: string, option: string | RegExp) =>
  selectOption(page, scope.getByRole('combobox', { name: label }), option);

/** Fills the pool form: a summer bubble pool A × B with a 0,15 m overlap. */
async function fillSummerBubblePool(page: Page, a = '8', width = '4') {
  const form = page.getByRole('region', { name: 'Medidas de la piscina' });
  await pick(page, form, 'Temporada', 'Verano');
  await pick(page, form, 'Tipo de cobertor', 'Cobertor de burbujas');
  await form.getByLabel('Largo A (m)').fill(a);
  await form.getByLabel('Ancho B (m)').fill(width);
  await form.getByLabel('Solape (m)').fill('0,15');
  return form;
}

/** The price labels the page shows, by cover name. */
async function shownLabels(page: Page) {
  const rows = page.getByTestId('cover-option');
  await expectVisible(rows);
  const out: Record<string, string> = {};
  for (const row of await rows.all()) {
    const name = (await row.locator('td').nth(1).innerText()).replace(/\s*Actual$/, '').trim();
    out[name] = (await row.getByTestId('price-label').innerText()).trim();
  }
  return out;
}

const labelsOf = (prices: Row) => Object.fromEntries(prices.options.map((o: Row) => [o.cover_name, o.label]));

describe('the member\'s calculator (/internal-client-calculator/client/internal-cart)', () => {
  it('prices a summer bubble pool with its fare, adds the chosen cover to its cart and lands on the cart', async () => {
    const { page } = b;
    await signIn(page, 'cliente', '/internal-client-calculator/client/internal-cart');
    await expectVisible(page.getByRole('heading', { name: 'Calculadora de cobertores' }));

    // The pool's rules are the budget's.
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expectVisible(fieldError(page, 'Seleccione la temporada'));
    await expectVisible(fieldError(page, 'Introduzca la medida A'));
    await expectVisible(fieldError(page, 'Introduzca la medida B'));
    const form = await fillSummerBubblePool(page);
    await form.getByLabel('Escalera', { exact: true }).check();
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expectVisible(fieldError(page, 'Introduzca las medidas de la escalera'));
    await form.getByLabel('Escalera', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Calcular' }).click();

    // Every bubble cover, priced "sin IVA" with the member's fare (the server's own labels).
    const expected = labelsOf((await t.call('POST', '/api/orderCalculus/getPrices', { token: cliente, body: POOL })).body.data);
    expect(Object.keys(expected)).toEqual(['Burbuja 400 micras', 'Burbuja 500 micras']);
    await expect.poll(() => shownLabels(page)).toEqual(expected);
    for (const label of Object.values(expected)) expect(label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);

    // A cover must be chosen; quantity min 1, step 1.
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await expectVisible(fieldError(page, 'Campo obligatorio'));
    await page.getByRole('radio', { name: 'Burbuja 400 micras' }).check();
    const quantity = page.getByLabel('Cantidad');
    await quantity.fill('0');
    await expectVisible(fieldError(page, 'La cantidad mínima es 1'));
    expect(await page.getByRole('button', { name: 'Añadir al pedido' }).isEnabled()).toBe(false);
    await quantity.fill('2');
    await page.getByLabel('Observaciones').fill('Con ojales');

    // Changing the pool hides the prices until they are calculated again.
    await form.getByLabel('Largo A (m)').fill('9');
    await expectCount(page.getByTestId('cover-option'), 0);
    await form.getByLabel('Largo A (m)').fill('8');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radio', { name: 'Burbuja 400 micras' }).check();
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();

    await expectPath(page, /^\/order-cart\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = (await t.call('GET', `/api/order/getById/${orderId}`, { token: cliente })).body.data;
    expect(order).toMatchObject({ client_id: 1, status_id: 0 });
    expect(order.order_calculus.at(-1)).toMatchObject({
      pool_cover_id: 4,
      quantity: 2,
      a: 8,
      b: 4,
      extra_distance: 0.15,
      remark: 'Con ojales',
    });
    // It is the member's current cart.
    expect((await t.call('GET', '/api/auth/info', { token: cliente })).body.data.user.current_cart_order_id).toBe(orderId);
  });
});

describe('the staff\'s calculators', () => {
  it('/internal-calculator/index prices with base prices without a client, and adds to a chosen client\'s cart', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'admin', 'admin1234');
    const link = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Calculadora interna', exact: true });
    await expectVisible(link);
    await link.click();
    await expectPath(page, '/internal-calculator/index');

    await fillSummerBubblePool(page);
    await page.getByRole('button', { name: 'Calcular' }).click();
    const base = (await t.call('POST', '/api/orderCalculus/getPrices', { token: admin, body: POOL })).body.data;
    expect(base.client_fare_id).toBeNull();
    await expect.poll(() => shownLabels(page)).toEqual(labelsOf(base));
    // Without a client it only prices.
    await expectCount(page.getByRole('button', { name: 'Añadir al pedido' }), 0);
    await expectVisible(page.getByText('Elija un cliente y pulse «Calcular» para añadir el cobertor a su carrito.'));

    // With a client: that client's prices, and its cart.
    await page.getByLabel('Cliente').fill('Jardines');
    await chooseOption(page, /Jardines/);
    await expectCount(page.getByTestId('cover-option'), 0);
    await page.getByRole('button', { name: 'Calcular' }).click();
    const theirs = (await t.call('POST', '/api/orderCalculus/getPrices', { token: admin, body: { ...POOL, client_id: JARDINES } })).body
      .data;
    await expect.poll(() => shownLabels(page)).toEqual(labelsOf(theirs));
    await page.getByRole('radio', { name: 'Burbuja 500 micras' }).check();
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await expectPath(page, /^\/order-cart\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = (await t.call('GET', `/api/order/getById/${orderId}`, { token: admin })).body.data;
    expect(order.client_id).toBe(JARDINES);
    expect(order.order_calculus.at(-1)).toMatchObject({ pool_cover_id: 5, quantity: 1 });
  });

  it('/calculator/index/{order_id} adds to that cart; /client-calculator/{client_id}/index to the client\'s', async () => {
    const { page } = b;
    const cart = (
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: JARDINES, item_property_value_id: 1, quantity: 1 } })
    ).body.data;
    await signIn(page, 'admin', `/calculator/index/${cart.id}`);
    await expectVisible(page.getByRole('heading', { name: `Añadir cobertor al pedido nº ${cart.id}` }));
    await fillSummerBubblePool(page, '6', '3');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radio', { name: 'Burbuja 400 micras' }).check();
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await expectPath(page, `/order-cart/${cart.id}`);
    const order = (await t.call('GET', `/api/order/getById/${cart.id}`, { token: admin })).body.data;
    expect(order.order_calculus.map((c: Row) => [c.a, c.b, c.pool_cover_id]).at(-1)).toEqual([6, 3, 4]);

    await page.goto(`${t.url}/client-calculator/${JARDINES}/index`);
    await expectVisible(page.getByRole('heading', { name: /^Calculadora para / }));
    await fillSummerBubblePool(page, '5', '3');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radio', { name: 'Burbuja 400 micras' }).check();
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await expectPath(page, /^\/order-cart\/\d+$/);
    const other = (await t.call('GET', `/api/order/getById/${new URL(page.url()).pathname.split('/').pop()}`, { token: admin })).body.data;
    expect(other.client_id).toBe(JARDINES);
    expect(other.order_calculus.some((c: Row) => c.a === 5 && c.b === 3)).toBe(true);
  });

  it('a member refused the staff\'s calculators sees the 404 page', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234');
    for (const path of ['/internal-calculator/index', `/client-calculator/${JARDINES}/index`]) {
      await page.goto(`${t.url}${path}`);
      await expectPath(page, '/404');
    }
  });
});

describe('the edit calculator (/edit-calculator/index/{order_calculus_id})', () => {
  it('loads the calculation, saves a change and manages its data sheets ("Importar foto")', async () => {
    const { page } = b;
    const member = await t.login('cliente');
    const created = await t.call('POST', '/api/order/createWithOrderCalculus', {
      token: member, body: { order: {}, order_calculus: { ...POOL, pool_cover_id: 4, quantity: 1, remark: 'Original' } },
    });
    expect(created.body.code).toBe(20001);
    const { order_id: orderId, order_calculus_id: calculusId } = created.body.data;

    await signIn(page, 'admin', `/edit-calculator/index/${calculusId}`);
    await expectVisible(page.getByRole('heading', { name: `Editar cálculo nº ${calculusId}` }));
    const form = page.getByRole('region', { name: 'Medidas de la piscina' });
    await expect.poll(() => form.getByLabel('Largo A (m)').inputValue()).toBe('8,00');
    // Its prices show at once, with its cover chosen.
    await expect.poll(() => page.getByRole('radio', { name: 'Burbuja 400 micras' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Observaciones').inputValue()).toBe('Original');

    await form.getByLabel('Largo A (m)').fill('10');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radio', { name: 'Burbuja 500 micras' }).check();
    await page.getByLabel('Cantidad').fill('3');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectPath(page, `/order-cart/${orderId}`);
    const saved = (await t.call('GET', `/api/orderCalculus/getById/${calculusId}`, { token: admin })).body.data;
    expect(saved).toMatchObject({ pool_cover_id: 5, quantity: 3, remark: 'Original' });
    expect(Number(saved.a)).toBe(10);

    // Data sheets.
    await page.goto(`${t.url}/edit-calculator/index/${calculusId}`);
    const sheets = page.getByRole('region', { name: 'Fichas técnicas' });
    await expectVisible(sheets.getByText('Este cálculo no tiene fichas técnicas'));
    await sheets.getByRole('button', { name: 'Importar foto' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Importar foto'));
    // Spec: import photo at least 500 px wide.
    const box = await dialog.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(500);
    for (const text of ['El archivo debe de tener alguna de las siguientes extensiones: .png, .jpg, .pdf', 'Sólo puede subirse 1 archivo'])
      await expectVisible(dialog.getByText(text));

    await dialog.getByRole('button', { name: 'Subir' }).click();
    await expectVisible(fieldError(dialog, 'Introduzca un nombre'));
    await expectVisible(fieldError(dialog, 'Debe seleccionar un archivo'));
    const input = dialog.locator('input[type=file]');
    // Refused in the browser: not an image nor a PDF; then two at once.
    await input.setInputFiles(tempFile('notas.txt', 'no es una imagen'));
    await expectVisible(fieldError(dialog, 'La imagen debe de tener una extensión .png, .jpg o .pdf'));
    await input.setInputFiles([tempFile('uno.png', SMALL_PNG), tempFile('dos.png', SMALL_PNG)]);
    await expectVisible(fieldError(dialog, 'Solo puede ser subido 1 imagen a la vez'));
    // Refused by the server, which reads the content: text named .png.
    await input.setInputFiles(tempFile('falsa.png', 'esto no es un png'));
    await dialog.getByLabel('Nombre').fill('Ficha falsa');
    await dialog.getByRole('button', { name: 'Subir' }).click();
    await expectVisible(fieldError(dialog, 'La imagen debe de tener una extensión .png, .jpg o .pdf'));

    await input.setInputFiles(tempFile('ficha.png', SMALL_PNG));
    await expectVisible(dialog.getByText('ficha.png'));
    await dialog.getByLabel('Nombre').fill('Ficha de la piscina');
    await dialog.getByRole('button', { name: 'Subir' }).click();
    await expectHidden(dialog);
    const link = sheets.getByRole('link', { name: 'Ficha de la piscina', exact: true });
    await expectVisible(link);
    const file = await page.request.get(new URL((await link.getAttribute('href'))!, t.url).toString());
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).subarray(0, 8)).toEqual(SMALL_PNG.subarray(0, 8));
    const stored = (
      await t.call('GET', `/api/dataSheetImage/all?filter=${encodeURIComponent(JSON.stringify({ order_calculus_id: calculusId }))}`, {
        token: member,
      })
    ).body.data;
    expect(stored.map((s: Row) => s.name)).toEqual(['Ficha de la piscina']);

    await sheets.getByRole('button', { name: 'Borrar Ficha de la piscina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
    await expectVisible(sheets.getByText('Este cálculo no tiene fichas técnicas'));
  });

  it('a finished order\'s calculation cannot be saved, but its data sheets still show', async () => {
    const { page } = b;
    const member = await t.login('cliente');
    const { order_id: orderId, order_calculus_id: calculusId } = (await t.call('POST', '/api/order/createWithOrderCalculus', {
      token: member, body: { order: {}, order_calculus: { ...POOL, pool_cover_id: 4, quantity: 1 } },
    })).body.data;
    const address = {
      customer_info: 'Ref',
      buyer_name: 'Comprador',
      buyer_email: 'c@ejemplo.es',
      buyer_phone_number: '600111222',
      buyer_address_1: 'Calle 1',
      buyer_postal_code: '46001',
      buyer_city: 'Valencia',
      buyer_province: 'Valencia',
      buyer_country: 'España',
      ship_name: 'Comprador',
      ship_address_1: 'Calle 1',
      ship_postal_code: '46001',
      ship_city: 'Valencia',
      ship_province: 'Valencia',
      ship_country: 'España',
    };
    const finished = await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token: member,
      body: { order_id: orderId, ...address },
    });
    expect(finished.body.code).toBe(20001);

    await signIn(page, 'cliente', `/edit-calculator/index/${calculusId}`);
    await expectVisible(page.getByText('El pedido ya está terminado: no se puede cambiar su contenido'));
    await expectVisible(page.getByTestId('cover-option').first());
    await expectCount(page.getByRole('button', { name: 'Guardar' }), 0);
    await expectVisible(page.getByRole('region', { name: 'Fichas técnicas' }));
  });
});
