/**
 * A budget calculation's summary (BudgetSummaryPage): its lines and totals as the server prices them,
 * in Spanish formats and words («Gratis» when there is no shipping to pay); removing a line shows the
 * prices the server answers afterwards (never the total of before). The page loads through its API
 * module, so the fixture is served at that boundary (`fetch`). Every figure below is worked by hand
 * from the unit prices, the quantities and 21 % VAT.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import BudgetSummaryPage from '../../src/client/resources/budgets/BudgetSummaryPage';
import type { BudgetPrices, PriceTable } from '../../src/client/resources/budgets/budgetApi';
import { BUDGET_ID, budgetLine, CALCULUS, PRICE_NAMES, renderBudgetPage } from '../support/budgetPages';
import { expectNoEnglish } from '../support/component';

const COVER = budgetLine({ id: 101, kind: 'cover', description: 'Cobertor Burbuja 500', quantity: 1, unit_price: 1234, item_price: 1234 });
const REELS = budgetLine({ id: 102, kind: 'reel', description: 'Enrollador móvil', quantity: 2, unit_price: 310, item_price: 620 });

/** 1.234,00 € + 2 × 310,00 € = 1.854,00 €, shipping free, VAT 21 % = 389,34 €, total 2.243,34 €. */
const BEFORE: BudgetPrices = {
  budget_calculus_id: CALCULUS,
  lines: [COVER, REELS],
  subtotal: 1854,
  shipping: 0,
  free_shipping: true,
  vat: 389.34,
  tax_percentage: 21,
  total: 2243.34,
  names: PRICE_NAMES,
};
/** Without the reels: 1.234,00 €, now below free shipping: 25,00 €; VAT 21 % of 1.259,00 € = 264,39 €, total 1.523,39 €. */
const AFTER: BudgetPrices = {
  budget_calculus_id: CALCULUS,
  lines: [COVER],
  subtotal: 1234,
  shipping: 25,
  free_shipping: false,
  vat: 264.39,
  tax_percentage: 21,
  total: 1523.39,
  names: PRICE_NAMES,
};

/** The calculation's overlap (0,15 m) differs from the budget's (0): the drawing's cover is the calculation's. */
const TABLE: PriceTable = { budget_id: BUDGET_ID, budget_calculus_id: CALCULUS, width: 4.3, extra_distance: 0.15, options: [], reels: [] };

/** The member's summary at its route; the server keeps the prices as the last removal left them. */
async function renderSummary() {
  let current = BEFORE;
  const removed: unknown[] = [];
  renderBudgetPage('summary', <BudgetSummaryPage />, {
    [`GET /api/budgetCalculus/generateBudgetPrices/${CALCULUS}`]: TABLE,
    'POST /api/budgetCalculus/getBudgetPrices': () => current,
    'GET /api/attachedFile/all': [],
    'POST /api/budgetCalculus/removeLine': (body: unknown) => {
      removed.push(body);
      current = AFTER;
      return AFTER;
    },
  });
  const table = await screen.findByRole('table', { name: 'Líneas del cálculo' });
  return { table, removed };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent?.trim())
        .filter(Boolean),
    );
const figure = (testId: string) => screen.getByTestId(testId).textContent;

// The first render loads MUI and react-admin: over 5 s on a busy 2-core machine.
describe('the budget summary', { timeout: 30_000 }, () => {
  it('shows its lines and totals in Spanish words and formats', async () => {
    const { table } = await renderSummary();
    for (const header of ['Descripción', 'Cantidad', 'Precio unidad', 'Importe']) expect(within(table).getByText(header)).toBeTruthy();
    expect(rowsOf(table).slice(1)).toEqual([
      ['Cobertor Burbuja 500', '1', '1.234,00 €', '1.234,00 €'],
      ['Enrollador móvil', '2', '310,00 €', '620,00 €'],
      ['Subtotal (sin IVA)', '1.854,00 €'],
      ['Portes', 'Gratis'],
      ['IVA (21 %)', '389,34 €'],
      ['Total', '2.243,34 €'],
    ]);
    expect(screen.getByRole('button', { name: 'Quitar Enrollador móvil' })).toBeTruthy();
    expectNoEnglish();
  });

  it('draws the pool as saved, with the calculation\'s overlap', async () => {
    await renderSummary();
    // The budget's 8 × 4 m pool; (8 + 2 × 0,15) × (4 + 2 × 0,15) = 8,30 × 4,30 m.
    const drawing = screen.getByRole('img', { name: 'Piscina de 8,00 × 4,00 m; cobertor de 8,30 × 4,30 m' });
    expect(within(drawing).getByText('Cobertor 8,30 × 4,30 m · solape 0,15 m')).toBeTruthy();
  });

  it('shows the prices the server answers once a line is removed, not those of before', async () => {
    const { table, removed } = await renderSummary();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Enrollador móvil' }));

    await waitFor(() => expect(figure('summary-total')).toBe('1.523,39 €'));
    expect(removed).toEqual([{ id: 102 }]);
    expect([figure('summary-subtotal'), figure('summary-shipping'), figure('summary-vat')]).toEqual(['1.234,00 €', '25,00 €', '264,39 €']);
    expect(within(table).queryByText('Enrollador móvil')).toBeNull();
    expect(within(table).queryByText('Gratis')).toBeNull();
  });
});
