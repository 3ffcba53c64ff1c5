/**
 * The price table of a budget calculation (PriceTablePage): every cover option the API priced shows
 * with its name, reinforcement, surface and price "sin IVA" in Spanish formats, and the option that is
 * the calculation's cover line is the one marked chosen ("Elegido", the selected row). The page loads
 * through its API module, so the fixture is served at that boundary: `fetch` answering the envelopes.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import PriceTablePage from '../../src/client/resources/budgets/PriceTablePage';
import type { BudgetLine, BudgetPrices, PriceTable } from '../../src/client/resources/budgets/budgetApi';
import { formatPriceSinIva } from '../../src/shared/format';
import { BUDGET_ID, budgetLine, CALCULUS, PRICE_NAMES, renderBudgetPage } from '../support/budgetPages';
import { expectNoEnglish } from '../support/component';

const TABLE: PriceTable = {
  budget_id: BUDGET_ID,
  budget_calculus_id: CALCULUS,
  width: 4.6,
  extra_distance: 0,
  options: [
    {
      pool_cover_id: 3,
      cover_name: 'Burbuja 500',
      reinforcement_type_id: null,
      reinforcement_name: null,
      area: 32.5,
      subtotal: 1234.5,
      label: formatPriceSinIva(1234.5),
    },
    // The same cover with two reinforcements: only the reinforcement tells them apart.
    {
      pool_cover_id: 9,
      cover_name: 'Manta invierno',
      reinforcement_type_id: 1,
      reinforcement_name: 'Refuerzo perimetral',
      area: 32.5,
      subtotal: 980,
      label: formatPriceSinIva(980),
    },
    {
      pool_cover_id: 9,
      cover_name: 'Manta invierno',
      reinforcement_type_id: 2,
      reinforcement_name: 'Refuerzo total',
      area: 32.5,
      subtotal: 1500.25,
      label: formatPriceSinIva(1500.25),
    },
  ],
  reels: [
    {
      reel_id: 4,
      reel_name: 'Enrollador móvil',
      reel_subcategory_id: 7,
      size_max: 5,
      reel_diameter_id: 11,
      diameter: 110,
      engine: false,
      price: 310,
      label: formatPriceSinIva(310),
    },
    {
      reel_id: 5,
      reel_name: 'Enrollador fijo',
      reel_subcategory_id: 8,
      size_max: 6,
      reel_diameter_id: 12,
      diameter: 140,
      engine: true,
      price: null,
      label: formatPriceSinIva(null),
    },
  ],
};

const coverLine = (pool_cover_id: number, reinforcement_type_id: number | null): BudgetLine =>
  budgetLine({
    id: 100, kind: 'cover', description: 'Cobertor', quantity: 1, unit_price: 1500.25, item_price: 1500.25,
    pool_cover_id, reinforcement_type_id,
  });

const prices = (lines: BudgetLine[]): BudgetPrices => ({
  budget_calculus_id: CALCULUS,
  lines,
  subtotal: 1500.25,
  shipping: 0,
  free_shipping: true,
  vat: 315.05,
  tax_percentage: 21,
  total: 1815.3,
  names: PRICE_NAMES,
});

/** The page at its route, for a member, with the calculation's cover line as given (none: nothing chosen yet). */
async function renderPriceTable(chosen: BudgetLine[]) {
  renderBudgetPage('price-table', <PriceTablePage />, {
    [`GET /api/budgetCalculus/generateBudgetPrices/${CALCULUS}`]: TABLE,
    'POST /api/budgetCalculus/getBudgetPrices': (body: unknown) => {
      expect(body).toEqual({ budget_calculus_id: CALCULUS });
      return prices(chosen);
    },
  });
  const table = await screen.findByRole('table', { name: 'Tabla de precios de cobertores' });
  // The cover line comes with the calculation's prices, loaded beside the table: wait for them too.
  await screen.findByTestId('calculus-total');
  return within(table).getAllByTestId('cover-option');
}

const isMarked = (row: HTMLElement) => row.classList.contains('Mui-selected') && within(row).queryByText('Elegido') !== null;

describe('price table of a budget calculation', () => {
  it('shows every option with its name, reinforcement, surface and Spanish price', async () => {
    const rows = await renderPriceTable([coverLine(9, 2)]);
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Burbuja 500', '—', '32,50 m²', '1.234,50 € sin IVA'],
      ['Manta invierno', 'Refuerzo perimetral', '32,50 m²', '980,00 € sin IVA'],
      // The chosen one carries the «Elegido» chip after its name.
      ['Manta inviernoElegido', 'Refuerzo total', '32,50 m²', '1.500,25 € sin IVA'],
    ]);
    // The calculation's total, VAT included, formatted by the page itself.
    expect(screen.getByTestId('calculus-total').textContent).toBe('Total del cálculo: 1.815,30 € (IVA incluido)');
    expect(within(screen.getByRole('region', { name: 'Enrolladores' })).getByText('No disponible')).toBeTruthy();
    expectNoEnglish();
  });

  it('marks the chosen option, and only it: same cover, the chosen reinforcement', async () => {
    const rows = await renderPriceTable([coverLine(9, 2)]);
    expect(rows.map(isMarked)).toEqual([false, false, true]);
    expect(screen.getAllByText('Elegido')).toHaveLength(1);
  });

  it('marks a cover chosen without reinforcement', async () => {
    const rows = await renderPriceTable([coverLine(3, null)]);
    expect(rows.map(isMarked)).toEqual([true, false, false]);
  });

  it('marks nothing while the calculation has no cover line', async () => {
    const rows = await renderPriceTable([]);
    expect(rows.map(isMarked)).toEqual([false, false, false]);
    expect(screen.queryByText('Elegido')).toBeNull();
  });
});
