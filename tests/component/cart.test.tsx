/**
 * The cart (OrderCartPage → CartView): its lines and totals as the server answers them, in Spanish
 * formats and words; a saved quantity shows the order the server answers (never the total of before);
 * a quantity that is not a whole number gets the schema's Spanish message and sends nothing. The page
 * loads through its API module, so the fixture is served at that boundary (`fetch`). Every figure
 * below is worked by hand from the unit prices, the quantities, 15 € shipping and 21 % VAT.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import OrderCartPage from '../../src/client/features/cart/OrderCartPage';
import { ADDRESS_FIELDS, type AddressField, type OrderDetails, type OrderLine } from '../../src/shared/orderViews';
import { expectNoEnglish, renderAdmin, signedInAs, stubApi } from '../support/component';

const ORDER = 7;

const line = (
  fields: Pick<
    OrderLine,
    'id' | 'product_name' | 'item_reference' | 'quantity_purchased' | 'vat_exclusive_item_price' | 'item_price' | 'amount'
  >,
): OrderLine => ({
  order_id: ORDER,
  kind: 'item',
  number_of_items: 1,
  quantity_to_ship: fields.quantity_purchased,
  quantity_shipped: 0,
  currency: 'EUR',
  weight_index: 0,
  reel_reference: null,
  pool_cover_id: null,
  reinforcement_type_id: null,
  reel_diameter_id: null,
  item_property_value_id: 1,
  budget_calculus_item_id: null,
  order_calculus_id: null,
  barcode: `P${fields.id}`,
  steps_done: 0,
  steps_total: 0,
  unsellable: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

/**
 * 3 brushes at 20,00 € (24,20 € with VAT) = 60,00 €; 2 reels at 620,00 € (750,20 €) = 1.240,00 €.
 * Subtotal 1.300,00 €, shipping 15,00 €, VAT 21 % of 1.315,00 € = 276,15 €, total 1.591,15 €; 0,5 kg + 2 × 12 kg = 25,5 kg.
 */
const BRUSHES = line({
  id: 71,
  product_name: 'Cepillo de fondo',
  item_reference: 'CF-20',
  quantity_purchased: 3,
  vat_exclusive_item_price: 20,
  item_price: 24.2,
  amount: 60,
});
const REELS = line({
  id: 72,
  product_name: 'Enrollador móvil',
  item_reference: 'EM-110',
  quantity_purchased: 2,
  vat_exclusive_item_price: 620,
  item_price: 750.2,
  amount: 1240,
});

const cart = (lines: OrderLine[], totals: OrderDetails['totals']): OrderDetails => ({
  id: ORDER,
  client_id: 2,
  user_id: 1,
  status_id: 0,
  order_review_status_id: null,
  is_valid: false,
  validated_date: null,
  track_code: 'ABC123',
  invoicing_company_id: null,
  tax_percentage: 21,
  shipping_price: 15,
  shipping_price_fixed: false,
  order_remark: null,
  lastest_modification_user_id: null,
  finished_at: null,
  legacy_reference: null,
  lines_cents: Math.round(totals.subtotal * 100),
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  client_name: 'Piscinas Agua Azul',
  state: 'Carrito',
  order_items: lines,
  order_calculus: [],
  history: [],
  totals,
  ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])) as Record<AddressField, null>),
});

const BEFORE = cart([BRUSHES, REELS], { subtotal: 1300, shipping: 15, tax_percentage: 21, vat: 276.15, total: 1591.15, weight: 25.5 });
/** 5 brushes = 100,00 €: subtotal 1.340,00 €, VAT 21 % of 1.355,00 € = 284,55 €, total 1.639,55 €; 26,5 kg. */
const AFTER = cart([{ ...BRUSHES, quantity_purchased: 5, quantity_to_ship: 5, amount: 100 }, REELS], {
  subtotal: 1340,
  shipping: 15,
  tax_percentage: 21,
  vat: 284.55,
  total: 1639.55,
  weight: 26.5,
});

/** The member's cart at its route; the server keeps the order as the last write left it. */
async function renderCart() {
  let current = BEFORE;
  const updates: unknown[] = [];
  const fetch = stubApi({
    ...signedInAs({ roles: ['client'], client_id: 2, current_cart_order_id: ORDER, is_current_cart_order_a_draft: true }),
    [`GET /api/order/getById/${ORDER}`]: () => current,
    'POST /api/orderItem/update': (body: unknown) => {
      updates.push(body);
      current = AFTER;
      return AFTER;
    },
  });
  renderAdmin(
    <Routes>
      <Route path="/order-cart/:order_id" element={<OrderCartPage />} />
    </Routes>,
    { role: 'client', path: `/order-cart/${ORDER}` },
  );
  await screen.findByRole('table', { name: 'Totales del pedido' });
  return { fetch, updates };
}

const figure = (testId: string) => screen.getByTestId(testId).textContent;
const lineRow = (name: string) => screen.getByText(name).closest('tr')!;

// The first render loads MUI and react-admin: over 5 s on a busy 2-core machine.
describe('the cart', { timeout: 30_000 }, () => {
  it('shows its lines and totals in Spanish words and formats', async () => {
    await renderCart();
    expect(screen.getByText('Carrito · pedido nº 7')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Líneas del pedido' });
    for (const header of ['Producto', 'Referencia', 'Cantidad', 'Precio sin IVA', 'Precio con IVA', 'Importe'])
      expect(within(lines).getByText(header)).toBeTruthy();
    expect(
      within(lineRow('Cepillo de fondo'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim())
        .slice(1, 6),
    ).toEqual(['CF-20', '', '20,00 €', '24,20 €', '60,00 €']);
    expect(
      within(lineRow('Enrollador móvil'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim())
        .slice(1, 6),
    ).toEqual(['EM-110', '', '620,00 €', '750,20 €', '1.240,00 €']);
    expect((screen.getByLabelText('Cantidad de Cepillo de fondo') as HTMLInputElement).value).toBe('3');

    const totals = screen.getByRole('table', { name: 'Totales del pedido' });
    expect(within(totals).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Subtotal (sin IVA)1.300,00 €', 'Portes15,00 €', 'IVA (21 %)276,15 €', 'Total1.591,15 €', 'Peso25,5 kg',
    ]);
    expectNoEnglish();
  });

  it('shows the totals the server answers once a quantity is saved, not those of before', async () => {
    const { updates } = await renderCart();
    fireEvent.change(screen.getByLabelText('Cantidad de Cepillo de fondo'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cantidad de Cepillo de fondo' }));

    await waitFor(() => expect(figure('cart-total')).toBe('1.639,55 €'));
    expect(updates).toEqual([{ id: 71, quantity: 5 }]);
    expect([figure('cart-subtotal'), figure('cart-shipping'), figure('cart-vat'), figure('cart-weight')]).toEqual([
      '1.340,00 €',
      '15,00 €',
      '284,55 €',
      '26,5 kg',
    ]);
    expect(within(lineRow('Cepillo de fondo')).getByTestId('cart-line-amount').textContent).toBe('100,00 €');
    expect((screen.getByLabelText('Cantidad de Cepillo de fondo') as HTMLInputElement).value).toBe('5');
    expect(screen.queryByText('1.591,15 €')).toBeNull();
  });

  it('refuses a quantity that is not a whole number in Spanish and changes nothing', async () => {
    const { fetch, updates } = await renderCart();
    const input = screen.getByLabelText('Cantidad de Cepillo de fondo');
    fireEvent.change(input, { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cantidad de Cepillo de fondo' }));

    expect(await within(lineRow('Cepillo de fondo')).findByText('La cantidad debe ser un número entero')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(updates).toEqual([]);
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/orderItem/update');
    expect([figure('cart-subtotal'), figure('cart-vat'), figure('cart-total')]).toEqual(['1.300,00 €', '276,15 €', '1.591,15 €']);
    expect(within(lineRow('Cepillo de fondo')).getByTestId('cart-line-amount').textContent).toBe('60,00 €');
    expectNoEnglish();
  });
});
