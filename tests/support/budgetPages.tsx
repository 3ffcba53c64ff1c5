/**
 * The budget calculation pages' component tests (tests/component/budget-summary.test.tsx,
 * price-table.test.tsx): a member's draft budget with one calculation, its lines' defaults, the names
 * the prices speak of, and a page rendered at its route with the API answered at its boundary (`fetch`).
 */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { BudgetDetails, BudgetLine, BudgetPrices } from '../../src/client/resources/budgets/budgetApi';
import { BudgetStatus } from '../../src/shared/budgets';
import { renderAdmin, signedInAs, stubApi } from './component';

/** The budget's one calculation. */
export const CALCULUS = 5;
export const BUDGET_ID = 40;

/** A line of the calculation: what the test names, the rest empty (its base price is its unit price). */
export const budgetLine = (
  fields: Pick<BudgetLine, 'id' | 'kind' | 'description' | 'quantity' | 'unit_price' | 'item_price'> & Partial<BudgetLine>,
): BudgetLine => ({
  budget_calculus_id: CALCULUS,
  reference: null,
  base_price: fields.unit_price,
  weight_index: 0,
  pool_cover_id: null,
  reinforcement_type_id: null,
  reel_diameter_id: null,
  item_property_value_id: null,
  rounded_corners: false,
  stairwell: false,
  extra_confection: false,
  extra_distance: null,
  ...fields,
});

/** The words the prices' lines are named with. */
export const PRICE_NAMES: BudgetPrices['names'] = {
  cover: 'Cobertor',
  reinforcement: 'Refuerzo',
  rounded_corners: 'Confección esquinas redondeadas',
  stairwell: 'Confección escalera',
  reel: 'Enrollador',
  item: 'Artículo',
  shipping: 'Portes',
  vat: 'IVA',
};

/** A member's draft budget (client 2) holding the calculation CALCULUS. */
export const BUDGET: BudgetDetails = {
  id: BUDGET_ID,
  client_id: 2,
  client_name: 'Piscinas Agua Azul',
  user_id: 3,
  order_id: null,
  pool_cover_id: null,
  reinforcement_type_id: null,
  budget_status_id: BudgetStatus.draft,
  pool_subcategory_id: 2,
  pool_cover_type_id: 1,
  a: 8,
  b: 4,
  c: null,
  d: null,
  e: null,
  rounded_corners: false,
  stairwell: false,
  extra_distance: 0,
  buyer_name: null,
  buyer_email: null,
  buyer_phone_number: null,
  buyer_address_1: null,
  buyer_address_2: null,
  buyer_delivery_address_1: null,
  buyer_delivery_address_2: null,
  buyer_postal_code: null,
  buyer_city: null,
  delivery_time_zone: null,
  buyer_country: null,
  remark: null,
  remark_OB1PCL: null,
  created_date: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-12-20T10:00:00.000Z',
  accepted_at: null,
  is_expired: false,
  budget_calculus: [{ id: CALCULUS, extra_distance: 0, remark: null }],
};

/**
 * `page` at /budget-list/`route`/CALCULUS, for a member of client 2: the API answers the session, BUDGET's
 * details and `answers` (stubApi); the budget's pool cover type is in the dataProvider's records.
 */
export function renderBudgetPage(route: string, page: ReactElement, answers: Record<string, unknown>) {
  stubApi({
    ...signedInAs({ roles: ['client'], client_id: 2 }),
    [`GET /api/budget/getBudgetDetails/${BUDGET_ID}`]: BUDGET,
    ...answers,
  });
  return renderAdmin(
    <Routes>
      <Route path={`/budget-list/${route}/:budget_calculus_id`} element={page} />
    </Routes>,
    {
      role: 'client',
      path: `/budget-list/${route}/${CALCULUS}`,
      records: { poolCoverType: [{ id: 1, name: 'Manta de invierno con refuerzo', season: 2, position: 1 }] },
    },
  );
}
