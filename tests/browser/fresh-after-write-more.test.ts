/**
 * Fresh after a write, continued (issue 27 §2; fresh-after-write.test.ts has the budget, workshop and
 * configuration writes): each hand-written write done on a screen shows in a view already on screen, through
 * the query cache (`changes` in providers/http.ts), with no page reload and no callback of its own.
 *
 * Not here, as no other view on their screen shows what they change: a fare price and a variation saved
 * row by row (the row keeps what it saved; the catalogue and budgets are on other pages), the cart's own
 * writes (the cart shows each answer; the banner follows as for the catalogue line below), the
 * calculator's save, redoing a budget, making its order and deleting a consignment (each goes to another
 * page), the order validation (the page shows the answer), a barcode's next step (a page of its own),
 * sending a budget (no mail count on screen) and moving a task (the calendar shows the move itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';
import {
  chooseOption,
  expectCount,
  expectHidden,
  expectPath,
  expectVisible,
  loginAs,
  selectOption,
  SMALL_PNG,
  tempFile,
  UI_TIMEOUT,
  useBrowser,
} from '../support/browser';
import { expectOk, jsonData, multipart, png } from '../api/helpers';

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

async function adminAt(page: Page, path: string) {
  await loginAs(page, t.url, 'admin', 'admin1234', path);
  await expectPath(page, path);
}

/** A member's order finished through the API, waiting for review. */
async function orderToReview(reference: string): Promise<Row> {
  const cart = expectOk(
    await t.call('POST', '/api/orderItem/create', { token: cliente, body: { item_property_value_id: 1, quantity: 1 } }),
    20001,
  );
  const address = {
    customer_info: reference,
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
  return expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token: cliente,
      body: { order_id: cart.id, ...address },
    }),
    20001,
  );
}

describe('articles (admin)', () => {
  it('the variations table follows bulk actions, a deleted variation and a saved article; the dialog a deleted image', async () => {
    const { page } = b;
    const items: Row[] = expectOk(await t.call('GET', '/api/item/all', { token: admin }));
    const tensor = items.find((item) => item.name === 'Tensor de invierno')!;
    await adminAt(page, `/stock-and-prices/articles-management/${tensor.id}`);
    const table = page.getByRole('table', { name: 'Variaciones del artículo' });
    const hidden = (name: string) => page.getByLabel(`Oculta ${name}`, { exact: true }).isChecked();
    // 2 lengths × 2 colours.
    await expectCount(table.locator('tbody tr'), 4);
    expect(await hidden('1 m · Negro')).toBe(false);

    await page.getByRole('button', { name: 'Ocultar todas' }).click();
    await expect.poll(() => hidden('1 m · Negro'), { timeout: UI_TIMEOUT }).toBe(true);

    await table.getByRole('button', { name: 'Borrar variación 1 m · Negro' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectCount(table.locator('tbody tr'), 3);
    await page.getByRole('button', { name: 'Generar variaciones que faltan' }).click();
    await expectCount(table.locator('tbody tr'), 4);

    // A third length: 3 × 2 variations once the article is saved (then generated, as the server does on save).
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Añadir opción' }).first().click();
    await form.getByLabel('Opción', { exact: true }).nth(2).fill('2 m');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectCount(table.locator('tbody tr'), 6);

    // An extra image, stored through the API, deleted in the dialog: the dialog's list drops it.
    expectOk(
      await t.call('POST', '/api/itemImage/createWithFormData', {
        token: admin,
        ...multipart(
          { data: JSON.stringify({ item_id: tensor.id }) },
          { image: { filename: 'extra.png', data: png(16, 16), contentType: 'image/png' } },
        ),
      }),
      20001,
    );
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await expectVisible(form.getByRole('img', { name: 'Imagen adicional 1' }));
    await form.getByRole('button', { name: 'Borrar imagen adicional 1' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expectVisible(form.getByText('Este artículo no tiene imágenes adicionales.'));
  });
});

describe('fares (admin)', () => {
  it('a percentage shows at once in the prices list behind the dialog', async () => {
    const fare = expectOk(
      await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: 'Tarifa fresca' }) }),
      20001,
    );
    const { page } = b;
    await adminAt(page, `/clientes/clients-fares/${fare.id}`);
    await page.getByRole('tab', { name: 'Artículos' }).click();
    const price = page.getByLabel('Precio de la tarifa de Cepillo de fondo', { exact: true });
    await expect.poll(() => price.inputValue(), { timeout: UI_TIMEOUT }).toBe('');
    await page.getByRole('button', { name: 'Aplicar porcentaje' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Porcentaje').fill('10');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await expectVisible(notice(page, 'Precios de la tarifa actualizados'));
    // 18,90 € + 10 % = 20,79 €.
    await expect.poll(() => price.inputValue().catch(() => null), { timeout: UI_TIMEOUT }).toBe('20,79');
  });
});

describe('orders (admin)', () => {
  it('a review status changed on an order shows at once in the top bar\'s count of orders to review', async () => {
    const order = await orderToReview('Frescura de pedido');
    const { page } = b;
    await adminAt(page, `/orders/details/${order.id}`);
    const count = expectOk(await t.call('GET', '/api/order/getOrdersReview', { token: admin })).count as number;
    const banner = page.getByTestId('banner-orders-review');
    await expectVisible(banner.filter({ hasText: `Hay ${count} ` }));
    await selectOption(page, page.getByRole('combobox', { name: 'Estado de revisión' }), 'Revisado', { exact: true });
    await expectVisible(page.getByTestId('order-state').filter({ hasText: 'Revisado' }));
    await expectVisible(count - 1 > 0 ? banner.filter({ hasText: `Hay ${count - 1} ` }) : page.locator('body'));
    if (count - 1 === 0) await expectCount(banner, 0);
  });
});

describe('files of a budget and of a calculation', () => {
  /** Uploads `name` through the section's dialog, then deletes it: the section's list follows both. */
  async function uploadAndDelete(page: Page, section: string, button: string, name: string, empty: string) {
    const region = page.getByRole('region', { name: section });
    await expectVisible(region.getByText(empty));
    await region.getByRole('button', { name: button }).click();
    const form = page.getByRole('dialog');
    await form.locator('input[type=file]').setInputFiles(tempFile('archivo.png', SMALL_PNG));
    await form.getByLabel('Nombre').fill(name);
    await form.getByRole('button', { name: 'Subir' }).click();
    await expectHidden(form);
    await expectVisible(region.getByRole('link', { name, exact: true }));
    await region.getByRole('button', { name: `Borrar ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
    await expectVisible(region.getByText(empty));
  }

  it('an attached file and a data sheet show in their lists once uploaded, and go once deleted', async () => {
    const { page } = b;
    const created = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: jsonData({
          pool_subcategory_id: 1,
          pool_cover_type_id: 3,
          a: 8,
          b: 4,
          extra_distance: 0.15,
          remark_OB1PCL: 'Archivos frescos',
        }),
      }),
      20001,
    );
    const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${created.id}`, { token: cliente })).budget_calculus[0]
      .id as number;
    await loginAs(page, t.url, 'cliente', 'cliente1234', `/budget-list/summary/${calculus}`);
    await uploadAndDelete(page, 'Archivos adjuntos', 'Adjuntar archivo', 'Plano fresco', 'Este cálculo no tiene archivos adjuntos');

    const order = expectOk(
      await t.call('POST', '/api/order/createWithOrderCalculus', {
        token: cliente,
        body: {
          order: {},
          order_calculus: {
            pool_subcategory_id: 1,
            pool_cover_type_id: 3,
            a: 8,
            b: 4,
            extra_distance: 0.15,
            rounded_corners: false,
            stairwell: false,
            pool_cover_id: 4,
            quantity: 1,
          },
        },
      }),
      20001,
    );
    await page.goto(`${t.url}/edit-calculator/index/${order.order_calculus_id}`);
    await uploadAndDelete(page, 'Fichas técnicas', 'Importar foto', 'Ficha fresca', 'Este cálculo no tiene fichas técnicas');
  });
});

describe('consignments (admin)', () => {
  it('an order removed from a consignment, or added to it, shows at once in its orders table', async () => {
    const kept = await orderToReview('Envío fresco 1');
    const moved = await orderToReview('Envío fresco 2');
    const consignment = expectOk(await t.call('POST', '/api/consignment/create', {
      token: admin, body: jsonData({ date: '2036-12-15 09:00:00', carrier: 'Seur', order_ids: [kept.id, moved.id] }),
    }), 20001);
    const { page } = b;
    await adminAt(page, `/clientes/consignments/details/${consignment.id}`);
    const orders = page.getByRole('table', { name: 'Pedidos' });
    await expectVisible(orders.getByRole('link', { name: String(moved.id), exact: true }));
    await orders.getByRole('button', { name: `Quitar el pedido ${moved.id}` }).click();
    await expectCount(orders.getByRole('link', { name: String(moved.id), exact: true }), 0);
    await page.getByLabel('Añadir pedido').fill(String(moved.id));
    await chooseOption(page, new RegExp(`^Nº ${moved.id} · Envío fresco 2`));
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    await expectVisible(orders.getByRole('link', { name: String(moved.id), exact: true }));
  });
});

describe('the top bar (session)', () => {
  it('an article added from the catalogue shows the cart banner at once', async () => {
    const { page } = b;
    await loginAs(page, t.url, 'cliente', 'cliente1234', '/item-list/index');
    const banner = page.getByTestId('banner-cart');
    await expectCount(banner, 0);
    // An article without options (Tensor de invierno's variations are hidden above).
    await page.getByRole('article', { name: 'Cepillo de fondo' }).getByRole('button', { name: 'Añadir' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByRole('button', { name: 'Añadir' }).click();
    await expectVisible(notice(page, 'Añadido al carrito'));
    await expectVisible(banner.getByRole('link', { name: 'Tiene un carrito sin terminar' }));
  });

  it('a saved first name and a new avatar show at once in the top bar', async () => {
    const { page } = b;
    await adminAt(page, '/usuarios/perfil/1');
    const menu = page.getByRole('button', { name: 'Menú de usuario' });
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue(), { timeout: UI_TIMEOUT }).not.toBe('');
    await page.getByLabel('Nombre', { exact: true }).fill('Zoe');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => menu.innerText(), { timeout: UI_TIMEOUT }).toBe('Z');
    await page.getByLabel('Imagen de perfil').setInputFiles(tempFile('avatar.png', SMALL_PNG));
    await expect
      .poll(
        async () =>
          (await menu
            .getByRole('img')
            .getAttribute('src', { timeout: 1000 })
            .catch(() => null)) ?? '',
        { timeout: UI_TIMEOUT },
      )
      .toContain('/api/user/file/');
  });
});
