/**
 * The cart through the screens (docs/screens.md "Cart and product lists", docs/data.md order and order item, docs/data.md "The
 * current cart order id is kept on the user", §6 the unfinished-cart banner): a member fills its cart
 * through the article and reel wizards in cart mode, changes a quantity, finishes the order with the
 * buyer and shipping form and lands on its orders; staff fill a client's cart and override its shipping.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { reel_diameters } from '../../src/server/db/tables';
import { startTestApp, type TestApp } from '../support/app';
import { createUser, dataOf } from '../api/helpers';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectNoSideScroll,
  expectPath,
  expectVisible,
  fieldError,
  loginAs,
  recordLayoutShifts,
  selectOption,
  unpromptedShifts,
  useBrowser,
  violationsOf,
} from '../support/browser';

type Row = Record<string, any>;
const AGUA_AZUL = 1; // IVA 21 %, shipping 25 € below 600 €
const JARDINES = 2; // IVA 21 %, shipping 30 €

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = await t.login('admin');
});
afterAll(async () => { await t?.close(); });

/** The API's data, failing on any other code than the expected one. */
const data = (method: 'GET' | 'POST', url: string, token: string, body?: unknown, code?: number) =>
  dataOf(t, method, url, token, body, code);

/** A fresh member of a client, so that the test owns its cart. */
async function newMember(clientId: number) {
  const { username, password } = await createUser(t, admin, { client_id: clientId, first_name: 'Marta', last_name: 'Carrito Prueba' });
  return { username, password, token: await t.login(username, password) };
}

const b = useBrowser();
const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, name: string) => page.getByRole('article', { name });
const banner = (page: Page) => page.getByTestId('banner-cart');
const line = (page: Page, product: string) => page.getByTestId('cart-line').filter({ hasText: product });
/** While a dialog is open MUI hides the rest of the page from the accessibility tree: notifications by test id. */
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

/** An MUI select by its label (its accessible name also holds the chosen option), then one of its options. */
const choose = (page: Page, scope: Locator, label: string, option: string) =>
  selectOption(page, scope.getByRole('combobox', { name: new RegExp(`^${label}`) }), option, { exact: true });

/**
 * The totals the page shows, as worked by hand in each test (docs/business-rules.md, Totals and VAT: VAT =
 * (subtotal + shipping) × 21 %, half-up to the cent), written the way a Spanish reader expects them.
 */
async function expectTotals(page: Page, expected: { subtotal: string; shipping: string; vat: string; total: string }) {
  const shown = async (id: string) => (await page.getByTestId(id).innerText()).trim();
  await expect.poll(() => shown('cart-subtotal')).toBe(expected.subtotal);
  expect({ shipping: await shown('cart-shipping'), vat: await shown('cart-vat'), total: await shown('cart-total') }).toEqual({
    shipping: expected.shipping,
    vat: expected.vat,
    total: expected.total,
  });
  expect(await shown('cart-weight')).toMatch(/^\d+(,\d+)? kg$/);
}

const BUYER = {
  'Referencia': 'Piscina Sra. Navarro',
  'Comprador': 'Lucía Navarro',
  'Email': 'lucia@ejemplo.es',
  'Teléfono': '600777888',
  'Dirección de facturación': 'Calle Mayor 12',
  'Código postal': '46001',
  'Población': 'Valencia',
  'Provincia': 'Valencia',
  'País': 'España',
};

describe('a member\'s cart', () => {
  it('fills it through the wizards, changes a quantity, finishes it and sees the banner go', async () => {
    const { page } = b;
    const member = await newMember(AGUA_AZUL);
    await loginAs(page, t.url, member.username, member.password);
    await expectCount(banner(page), 0);

    // No cart yet: the empty cart points to the product lists.
    await page.goto(`${t.url}/order-cart`);
    await expectVisible(page.getByText('El carrito está vacío'));
    await page.getByRole('link', { name: 'Añadir artículos' }).click();
    await expectPath(page, '/item-list/index');

    // ---- an article through the item wizard, in cart mode
    const tensor = card(page, 'Tensor de invierno');
    await tensor.getByRole('button', { name: 'Añadir' }).click();
    const wizard = dialog(page);
    await choose(page, wizard, 'Longitud', '1,5 m');
    await choose(page, wizard, 'Color', 'Blanco');
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);
    await expectVisible(notice(page, 'Añadido al carrito'));
    // The user now has a current cart: the banner shows it.
    await expectVisible(banner(page).getByRole('link', { name: 'Tiene un carrito sin terminar' }));
    const orderId: number = (await data('GET', '/api/auth/info', member.token)).user.current_cart_order_id;
    expect(orderId).toBeGreaterThan(0);

    // ---- a reel through the reel wizard, into the same cart
    await page.goto(`${t.url}/reel-list/index`);
    const inox = card(page, 'Enrollador fijo inox');
    await inox.getByRole('button', { name: 'Añadir' }).click();
    await choose(page, wizard, 'Tamaño', '8,00 m');
    await choose(page, wizard, 'Diámetro', '160 mm');
    await expectVisible(wizard.getByText(/sin IVA$/));
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);
    await expectVisible(notice(page, 'Añadido al carrito'));

    // ---- the cart, from the banner
    await banner(page).getByRole('link').click();
    await expectPath(page, `/order-cart/${orderId}`);
    await expectCount(page.getByTestId('cart-line'), 2);
    await expectVisible(line(page, 'Enrollador fijo inox'));
    const cart: Row = await data('GET', `/api/order/getById/${orderId}`, member.token);
    expect(cart.order_items.map((i: Row) => i.kind)).toEqual(['item', 'reel']);
    // A tensor, 6,20 €, and the fixed reel up to 8 m, Ø 160 mm without motor, 460 €; under 600 €: 25 € shipping;
    // VAT 491,20 × 21 % = 103,152 €.
    await expectTotals(page, { subtotal: '466,20 €', shipping: '25,00 €', vat: '103,15 €', total: '594,35 €' });

    await page.getByLabel('Observaciones').fill('Entregar por la mañana');

    // Quantity: minimum 1, step 1, saved with its button.
    const tensorLine = line(page, 'Tensor de invierno');
    const quantity = tensorLine.getByRole('textbox', { name: /^Cantidad de/ });
    expect(await quantity.getAttribute('inputmode')).toBe('numeric');
    await quantity.fill('0');
    await tensorLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(fieldError(tensorLine, 'La cantidad mínima es 1'));
    await quantity.fill('3');
    await tensorLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(notice(page, 'Guardado correctamente'));
    await expect
      .poll(async () => (await data('GET', `/api/order/getById/${orderId}`, member.token)).order_items[0].quantity_purchased)
      .toBe(3);
    // Three tensors, 18,60 €, and the reel: still under 600 €; VAT 503,60 × 21 % = 105,756 €.
    await expectVisible(tensorLine.getByTestId('cart-line-amount').getByText('18,60 €', { exact: true }));
    await expectTotals(page, { subtotal: '478,60 €', shipping: '25,00 €', vat: '105,76 €', total: '609,36 €' });

    // The remark typed here survives changes of the lines and goes with the order when it is finished.
    await expect.poll(() => page.getByLabel('Observaciones').inputValue()).toBe('Entregar por la mañana');

    // ---- finishing: every buyer and shipping field is required
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Datos de facturación'));
    for (const [label, value] of Object.entries(BUYER)) if (label !== 'Teléfono') await form.getByLabel(label, { exact: true }).fill(value);
    // The form starts with the client's data: its phone emptied here.
    await form.getByLabel('Teléfono', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Copiar facturación en envío' }).click();
    await form.getByLabel('Fecha de entrega').fill('15/12/2036');
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectVisible(fieldError(form, 'Introduzca un teléfono'));
    expect((await data('GET', `/api/order/getById/${orderId}`, member.token)).status_id, 'nothing sent yet').toBe(0);

    await form.getByLabel('Teléfono', { exact: true }).fill(BUYER.Teléfono);
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectPath(page, '/client-orders/index');
    await expectVisible(notice(page, `Pedido nº ${orderId} terminado`));
    // The session was read again: no current cart, no banner.
    await expectCount(banner(page), 0);

    const order: Row = await data('GET', `/api/order/getById/${orderId}`, member.token);
    expect(order).toMatchObject({
      status_id: 1,
      order_review_status_id: 2,
      customer_info: 'Piscina Sra. Navarro',
      buyer_name: 'Lucía Navarro',
      buyer_phone_number: '600777888',
      ship_name: 'Lucía Navarro',
      ship_address_1: 'Calle Mayor 12',
      ship_postal_code: '46001',
      ship_country: 'España',
      order_remark: 'Entregar por la mañana',
      delivery_date: expect.stringMatching(/^2036-12-15/),
    });
    expect((await data('GET', '/api/auth/info', member.token)).user.current_cart_order_id).toBeNull();
  });
});

describe('the current cart', () => {
  it('/order-cart without id shows the member\'s current cart; a line is removed', async () => {
    const { page } = b;
    const member = await newMember(AGUA_AZUL);
    await data('POST', '/api/orderItem/create', member.token, { item_property_value_id: 1, quantity: 1 }, 20001);
    const reels: Row[] = await data('GET', '/api/reelDiameter/getReelsDiametersByReelId/1', admin);
    const cart: Row = await data('POST', '/api/orderItem/create', member.token, { reel_diameter_id: reels[0].id, quantity: 2 }, 20001);
    const [article, reel] = cart.order_items;
    await loginAs(page, t.url, member.username, member.password, '/order-cart');
    await expectVisible(page.getByRole('heading', { name: `Carrito · pedido nº ${cart.id}` }));
    await expectCount(page.getByTestId('cart-line'), 2);
    expect(await line(page, reel.product_name).getByRole('textbox', { name: /^Cantidad de/ }).inputValue()).toBe('2');
    // Adding from here names this cart.
    expect(await page.getByRole('link', { name: 'Añadir enrolladores' }).getAttribute('href')).toBe(`/reel-list/index?order_id=${cart.id}`);
    expect(await page.getByRole('link', { name: 'Añadir cobertor' }).getAttribute('href')).toBe(`/calculator/index/${cart.id}`);

    await page.getByRole('button', { name: `Quitar ${article.product_name}` }).click();
    await expectCount(page.getByTestId('cart-line'), 1);
    const after: Row = await data('GET', `/api/order/getById/${cart.id}`, member.token);
    expect(after.order_items.map((i: Row) => i.id)).toEqual([reel.id]);
    // Two telescopic reels up to 4,50 m, Ø 110 mm without motor, at 290 €; under 600 €: 25 € shipping; VAT 605 × 21 %.
    await expectTotals(page, { subtotal: '580,00 €', shipping: '25,00 €', vat: '127,05 €', total: '732,05 €' });

    await page.getByRole('button', { name: `Quitar ${reel.product_name}` }).click();
    await expectVisible(page.getByText('El carrito está vacío'));
    expect(await page.getByRole('button', { name: 'Terminar pedido' }).isDisabled()).toBe(true);
  });
});

describe('the cart\'s first screen (issue 46 §1)', () => {
  /** zod, which the cart's checks use, and «Terminar pedido»'s form: each in its own script of the build. */
  const ZOD = /\/assets\/zodSetup-[\w-]+\.js$/;
  const FINISH_FORM = /\/assets\/FinishOrderDialog-[\w-]+\.js$/;

  async function memberWithCart() {
    const member = await newMember(AGUA_AZUL);
    const cart: Row = await data('POST', '/api/orderItem/create', member.token, { item_property_value_id: 1, quantity: 1 }, 20001);
    return { member, cart };
  }

  it('opens without its forms\' code: the checks come as a field takes the focus, the finishing form as its button is neared', async () => {
    const { page } = b;
    const { member, cart } = await memberWithCart();
    await loginAs(page, t.url, member.username, member.password);
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(`${t.url}/order-cart/${cart.id}`);
    const cartLine = page.getByTestId('cart-line');
    const quantity = cartLine.getByRole('textbox', { name: /^Cantidad de/ });
    await expectVisible(quantity);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => ZOD.test(path) || FINISH_FORM.test(path)), scripts.join('\n')).toEqual([]);

    // The quantity checked with the budgets' rule, fetched as the field took the focus.
    await quantity.fill('2,5');
    await expect.poll(() => scripts.some((path) => ZOD.test(path))).toBe(true);
    await cartLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(fieldError(cartLine, 'La cantidad debe ser un número entero'));

    // Pointing at «Terminar pedido» fetches its form before the click.
    expect(scripts.some((path) => FINISH_FORM.test(path))).toBe(false);
    await page.getByRole('button', { name: 'Terminar pedido' }).hover();
    await expect.poll(() => scripts.some((path) => FINISH_FORM.test(path))).toBe(true);
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectVisible(dialog(page).getByText('Datos de facturación'));
  });

  it('on a phone: its own page without the back office; a quantity saved, the order finished, its orders a tap away', async () => {
    const { member, cart } = await memberWithCart();
    const page = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await recordLayoutShifts(page.context());
    await loginAs(page, t.url, member.username, member.password);
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    // «Mi carrito»: the member's current cart, without its id.
    await page.goto(`${t.url}/order-cart`);
    const cartLine = page.getByTestId('cart-line');
    const quantity = cartLine.getByRole('textbox', { name: /^Cantidad de/ });
    await expectVisible(quantity);
    await expectVisible(page.getByTestId('banner-cart'));
    expect(await page.evaluate(() => document.documentElement.dataset.page)).toBe('light');
    expect(scripts.filter((path) => /\/(App|zodSetup)-[\w-]+\.js$/.test(path)), scripts.join('\n')).toEqual([]);
    expect(scripts.some((path) => /\/cart-[\w-]+\.js$/.test(path))).toBe(true);
    expect(await unpromptedShifts(page)).toEqual([]);
    await expectNoSideScroll(page);
    expect(await violationsOf(page)).toEqual([]);

    // The same rules and messages as in the back office: «2,5» is no whole number, 2 is saved.
    await quantity.fill('2,5');
    await cartLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(fieldError(cartLine, 'La cantidad debe ser un número entero'));
    await quantity.fill('2');
    await cartLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(notice(page, 'Guardado correctamente'));
    expect((await data('GET', `/api/order/getById/${cart.id}`, member.token)).order_items[0].quantity_purchased).toBe(2);

    // «Terminar pedido»'s form (react-admin's inputs) in this page: its refusals in Spanish, then the order finished.
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    const form = dialog(page);
    await expectVisible(form.getByText('Datos de facturación'));
    await form.getByLabel('Referencia', { exact: true }).fill(BUYER.Referencia);
    await form.getByLabel('Teléfono', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Copiar facturación en envío' }).click();
    await form.getByLabel('Fecha de entrega').fill('15/12/2036');
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectVisible(fieldError(form, 'Introduzca un teléfono'));
    await expectNoSideScroll(page);
    expect((await data('GET', `/api/order/getById/${cart.id}`, member.token)).status_id, 'nothing sent yet').toBe(0);
    await form.getByLabel('Teléfono', { exact: true }).fill('600777888');
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    // Its orders are the back office's: it opens in this page, the notice with it.
    await expectPath(page, '/client-orders/index');
    await expectVisible(page.getByRole('heading', { name: 'Mis pedidos', level: 1 }));
    await expectVisible(notice(page, `Pedido nº ${cart.id} terminado`));
    await expectCount(page.getByTestId('banner-cart'), 0);
    expect(scripts.some((path) => /\/App-[\w-]+\.js$/.test(path))).toBe(true);
    const finished: Row = await data('GET', `/api/order/getById/${cart.id}`, member.token);
    expect(finished).toMatchObject({ status_id: 1, buyer_phone_number: '600777888' });
  });

  it('says so when the checks\' script does not arrive, and sends nothing', async () => {
    const { page } = b;
    const { member, cart } = await memberWithCart();
    await loginAs(page, t.url, member.username, member.password);
    await page.route(ZOD, (route) => route.abort('internetdisconnected'));
    await page.goto(`${t.url}/order-cart/${cart.id}`);
    const cartLine = page.getByTestId('cart-line');
    await cartLine.getByRole('textbox', { name: /^Cantidad de/ }).fill('3');
    await cartLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(notice(page, 'Error de red: no se ha podido comprobar el formulario. Inténtelo de nuevo'));
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectCount(dialog(page), 0);
    expect((await data('GET', `/api/order/getById/${cart.id}`, member.token)).order_items[0].quantity_purchased).toBe(1);

    // With the network back, a new visit checks and saves.
    await page.unroute(ZOD);
    await page.reload();
    await cartLine.getByRole('textbox', { name: /^Cantidad de/ }).fill('3');
    await cartLine.getByRole('button', { name: /^Guardar cantidad/ }).click();
    await expectVisible(notice(page, 'Guardado correctamente'));
    expect((await data('GET', `/api/order/getById/${cart.id}`, member.token)).order_items[0].quantity_purchased).toBe(3);
  });
});

describe('staff fill a client\'s cart', () => {
  it('choose the client, add an article for it, see it in the client\'s cart and override its shipping', async () => {
    const { page } = b;
    const jardines: Row = await data('GET', `/api/client/getById/${JARDINES}`, admin);
    await loginAs(page, t.url, 'admin', 'admin1234');

    // Without a client in the path the list asks for one.
    await page.goto(`${t.url}/item-list/index`);
    await expectVisible(page.getByText('Seleccione el cliente del carrito'));
    await page.getByLabel('Cliente').fill('Jardines');
    await chooseOption(page, jardines.name);
    await expectPath(page, `/item-list/${JARDINES}/index`);
    await expectVisible(page.getByRole('heading', { name: `Artículos · carrito de ${jardines.name}` }));

    const brush = card(page, 'Cepillo de fondo');
    await brush.getByRole('button', { name: 'Añadir' }).click();
    const wizard = dialog(page);
    await wizard.getByLabel('Cantidad').fill('2');
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectHidden(wizard);
    await expectVisible(notice(page, 'Añadido al carrito'));

    await page.goto(`${t.url}/order-cart/client/${JARDINES}`);
    await expectVisible(page.getByText(`Cliente: ${jardines.name}`));
    const brushLine = line(page, 'Cepillo de fondo');
    await expectVisible(brushLine);
    expect(await brushLine.getByRole('textbox', { name: /^Cantidad de/ }).inputValue()).toBe('2');
    const orderId: number = (await data('GET', '/api/auth/info', admin)).user.current_cart_order_id;
    const cart: Row = await data('GET', `/api/order/getById/${orderId}`, admin);
    expect(cart).toMatchObject({ client_id: JARDINES, status_id: 0 });
    expect(cart.order_items.map((i: Row) => [i.kind, i.quantity_purchased])).toEqual([['item', 2]]);
    // Two brushes at 18,90 €; Jardines pays 30 € shipping whatever the amount; VAT 67,80 × 21 % = 14,238 €.
    await expectTotals(page, { subtotal: '37,80 €', shipping: '30,00 €', vat: '14,24 €', total: '82,04 €' });

    // Another client's cart page is empty: the staff's current cart is Jardines'.
    await page.goto(`${t.url}/order-cart/client/${AGUA_AZUL}`);
    await expectVisible(page.getByText('El carrito está vacío'));
    expect(await page.getByRole('link', { name: 'Añadir artículos' }).getAttribute('href')).toBe(`/item-list/${AGUA_AZUL}/index`);

    // Staff override the shipping price; every line is priced again.
    await page.goto(`${t.url}/order-cart/client/${JARDINES}`);
    await page.getByLabel('Portes (€)').fill('12.5');
    await page.getByRole('button', { name: 'Guardar y recalcular precios' }).click();
    await expectVisible(notice(page, 'Guardado correctamente'));
    await expect.poll(async () => (await data('GET', `/api/order/getById/${orderId}`, admin)).shipping_price).toBe(12.5);
    // VAT (37,80 + 12,50) × 21 % = 10,563 €.
    await expectTotals(page, { subtotal: '37,80 €', shipping: '12,50 €', vat: '10,56 €', total: '60,86 €' });

    // Finishing with the client's own data and a forced review status.
    await page.getByRole('button', { name: 'Terminar pedido' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Copiar datos del cliente' }).click();
    await expect.poll(() => form.getByLabel('Comprador', { exact: true }).inputValue()).toBe(jardines.name);
    await form.getByLabel('Referencia', { exact: true }).fill('Pedido telefónico');
    await form.getByLabel('Forzar estado de revisión').check();
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    await expectVisible(fieldError(form, 'Seleccione el estado de revisión'));
    await choose(page, form, 'Estado de revisión', 'Revisado');
    await form.getByRole('button', { name: 'Terminar pedido' }).click();
    // Staff follow the finished order on its details page.
    await expectPath(page, `/orders/details/${orderId}`);

    const order: Row = await data('GET', `/api/order/getById/${orderId}`, admin);
    // The shipping override survives finishing.
    expect(order).toMatchObject({
      status_id: 1,
      order_review_status_id: 3,
      shipping_price: 12.5,
      buyer_name: jardines.name,
      customer_info: 'Pedido telefónico',
    });
  });
});

describe('a line that can no longer be sold', () => {
  it('is shown in the cart, named when finishing, and removed only with "Quitar y terminar pedido"', async () => {
    const { page } = b;
    const member = await newMember(AGUA_AZUL);
    const [diameter] = await t.ctx.db.select().from(reel_diameters).where(eq(reel_diameters.available, true)).limit(1);
    const cart: Row = await data('POST', '/api/orderItem/create', member.token, { reel_diameter_id: diameter.id, quantity: 1 }, 20001);
    await data('POST', '/api/orderItem/create', member.token, { order_id: cart.id, item_property_value_id: 1, quantity: 1 }, 20001);
    const reel = (await data('GET', `/api/order/getById/${cart.id}`, member.token)).order_items.find((i: Row) => i.kind === 'reel');
    // Staff take the diameter off sale while the member's cart holds it.
    await t.ctx.db.update(reel_diameters).set({ available: false }).where(eq(reel_diameters.id, diameter.id));
    try {
      await loginAs(page, t.url, member.username, member.password);
      await banner(page).getByRole('link').click();
      await expectPath(page, `/order-cart/${cart.id}`);
      await expectVisible(page.getByText(`Estas líneas ya no se pueden vender: ${reel.product_name}`));
      await expectVisible(line(page, reel.product_name).getByText('Ya no se puede vender: No disponible'));
      await expectCount(page.getByTestId('cart-line'), 2);

      await page.getByRole('button', { name: 'Terminar pedido' }).click();
      const form = dialog(page);
      await expectVisible(form.getByText('Estas líneas ya no se pueden vender y se quitarán del pedido:'));
      await expectVisible(form.getByText(`${reel.product_name} (No disponible)`));
      for (const [label, value] of Object.entries(BUYER)) await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByRole('button', { name: 'Copiar facturación en envío' }).click();
      // Cancelling keeps every line.
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await expectHidden(form);
      expect((await data('GET', `/api/order/getById/${cart.id}`, member.token)).order_items).toHaveLength(2);

      await page.getByRole('button', { name: 'Terminar pedido' }).click();
      for (const [label, value] of Object.entries(BUYER)) await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByRole('button', { name: 'Copiar facturación en envío' }).click();
      await form.getByRole('button', { name: 'Quitar y terminar pedido' }).click();
      await expectPath(page, '/client-orders/index');
      const order: Row = await data('GET', `/api/order/getById/${cart.id}`, member.token);
      expect(order.status_id).toBe(1);
      expect(order.order_items.map((i: Row) => i.kind)).toEqual(['item']);
    } finally {
      await t.ctx.db.update(reel_diameters).set({ available: true }).where(eq(reel_diameters.id, diameter.id));
    }
  });
});
