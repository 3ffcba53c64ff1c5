/**
 * Budgets and their calculations (docs/data.md budget, docs/data.md budget states, docs/api.md Budget / Budget calculus;
 * docs/business-rules.md).
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { withVat } from '../../src/shared/pricing';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, jsonData, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const AGUA_AZUL = 1; // cliente's client: fare 1, IVA 21 %, ship 25 €, free from 600 €, confección 15 €
const JARDINES = 2; // ship 30 €, no free-shipping threshold, confección 20 €
const BLANKET = 1; // winter blanket with reinforcement (type 1)
const BUBBLE = 3; // summer bubble cover
// Prices below are worked by hand (docs/business-rules.md, Cover price and Totals): area = (a + 2·o) × (b + 2·o),
// rounded up to 0.01 m²; a line = area × price per m², half-up to the cent; VAT half-up to the cent.
/** The test pool, 8 × 4 m with 0,15 m of overlap: 8,30 × 4,30 = 35,69 m². */
const POOL_AREA = 35.69;

const pool = (overrides: Row = {}) => ({
  pool_subcategory_id: 1,
  pool_cover_type_id: BUBBLE,
  a: 8,
  b: 4,
  extra_distance: 0.15,
  remark_OB1PCL: 'Chalet prueba',
  ...overrides,
});
const createBudget = (data: Row, token = cliente) => t.call('POST', '/api/budget/create', { token, body: jsonData(data) });
const newBudget = async (data: Row = pool(), token = cliente) => expectOk(await createBudget(data, token), 20001);
const calculusOf = async (budgetId: number, token = admin) =>
  expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budgetId}`, { token })).budget_calculus[0].id as number;
const table = async (calculusId: number, token = cliente) =>
  expectOk(await t.call('GET', `/api/budgetCalculus/generateBudgetPrices/${calculusId}`, { token }));

describe('creating a budget', () => {
  it('a member creates one for its own client, always in status 1, with a first calculation and an expiry', async () => {
    const budget = await newBudget(pool({ client_id: JARDINES, budget_status_id: 2 }));
    expect(budget).toMatchObject({ client_id: AGUA_AZUL, budget_status_id: 1, is_expired: false, client_name: 'Piscinas Agua Azul' });
    // Agua Azul's budgets last 30 days: the end of that day, Madrid time.
    const expires = new Date(budget.expires_at).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(31.5 * 86_400_000);
    const details = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente }));
    expect(details.budget_calculus).toHaveLength(1);
    expect(details.budget_calculus[0].extra_distance).toBe(0.15);
  });

  it('an admin creates one for any client', async () => {
    const budget = await newBudget(pool({ client_id: JARDINES }), admin);
    expect(budget.client_id).toBe(JARDINES);
  });

  it.each([
    [
      'the dimensions',
      { a: '', b: 'ancho' },
      { a: 'Introduzca la medida A', b: 'Introduzca el ancho B en metros, p. ej. 4,00' },
    ],
    ['metres with 2 decimals', { a: '8,123' }, { a: 'El largo A debe tener 2 decimales como máximo' }],
    [
      'the cover type and the season',
      { pool_cover_type_id: null, pool_subcategory_id: 5 },
      { pool_cover_type_id: 'Seleccione el tipo de cobertor', pool_subcategory_id: 'Seleccione la temporada' },
    ],
    [
      'the stairwell sizes when there is a stairwell',
      { stairwell: true },
      { c: 'Introduzca las medidas de la escalera', d: 'Introduzca las medidas de la escalera' },
    ],
  ])('requires %s', async (_rule, overrides, error) => {
    expectError(await createBudget(pool(overrides)), 400, Code.error, undefined, error);
  });

  it('the cover type must be of the chosen season', async () => {
    expectError(await createBudget(pool({ pool_subcategory_id: 1, pool_cover_type_id: BLANKET })), 400, Code.error, undefined, {
      pool_cover_type_id: 'Ese tipo de cobertor no es de la temporada elegida',
    });
  });

  it('a calculation without lines costs nothing, not even shipping', async () => {
    const budget = await newBudget();
    const prices = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', {
        token: cliente,
        body: { budget_calculus_id: await calculusOf(budget.id) },
      }),
    );
    expect({ lines: prices.lines, shipping: prices.shipping, total: prices.total }).toEqual({ lines: [], shipping: 0, total: 0 });
  });

  it('an admin must pick the client', async () => {
    expectError(await createBudget(pool(), admin), 400, Code.error, undefined, { client_id: 'Seleccione un cliente' });
  });
});

describe('the price table and the lines of a calculation', () => {
  it('prices every visible cover of the type for the pool with overlap, "sin IVA", and lists the favourite reels that fit', async () => {
    const budget = await newBudget();
    const prices = await table(await calculusOf(budget.id));
    expect(prices.width).toBe(4.3);
    expect(prices.options.map((o: Row) => o.cover_name)).toEqual(['Burbuja 400 micras', 'Burbuja 500 micras']);
    const b400 = prices.options[0];
    expect(b400.area).toBe(POOL_AREA);
    expect(b400.subtotal).toBe(246.26); // 35,69 m² × 6,90 € = 246,261 €
    expect(b400.label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);
    // Width 4.30 m: both reels fit (3–6 m and 4–8 m), each in its smallest size that holds 4.30 m;
    // the budget favourite is the 110 mm diameter without motor.
    expect(prices.reels.map((r: Row) => [r.reel_name, r.size_max, r.diameter, r.engine])).toEqual([
      ['Enrollador fijo inox', 6, 110, false],
      ['Enrollador telescópico', 4.5, 110, false],
    ]);
  });

  it('for type 1 crosses every cover with every reinforcement; rounded corners add the client\'s confección price once', async () => {
    const optionOf = async (roundedCorners: boolean) => {
      const budget = await newBudget(pool({ pool_subcategory_id: 2, pool_cover_type_id: BLANKET, rounded_corners: roundedCorners }));
      const prices = await table(await calculusOf(budget.id));
      expect(prices.options).toHaveLength(2 * 3);
      return prices.options.find((o: Row) => o.cover_name === 'Manta Invierno Premium' && o.reinforcement_name === 'Refuerzo doble');
    };
    const rounded = await optionOf(true);
    expect(rounded.subtotal - (await optionOf(false)).subtotal).toBeCloseTo(15, 2); // Agua Azul's confección price
    // The table shows subtotals: the lines they are made of are the public calculator's.
    expect(rounded).not.toHaveProperty('lines');
  });

  it('the fare\'s own price replaces the base price; the server recomputes whatever the browser sends', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: 1, target_id: 5, custom_price: 7.5, fare_available: true },
      }),
      20001,
    );
    const proposed = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', {
        token: cliente,
        body: {
          budget_calculus_id: calculus,
          budget_calculus_items: [{ pool_cover_id: 5, quantity: 1, item_price: 0.01, unit_price: 0.01 }],
        },
      }),
    );
    expect(proposed.lines[0].item_price).toBe(267.68); // 35,69 m² × 7,50 € = 267,675 €: half a cent, up
    // Under Agua Azul's 600 € free-shipping threshold: 25 € shipping; VAT (267,68 + 25) × 21 % = 61,4628 €.
    expect({ shipping: proposed.shipping, vat: proposed.vat, total: proposed.total }).toEqual({
      shipping: 25,
      vat: 61.46,
      total: 354.14,
    });
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: 1, target_id: 5, custom_price: null, fare_available: true },
      }),
      20001,
    );
  });

  it('a fare price switched off gives the base price back; a variation hidden for the fare is "No disponible"', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: 1, target_id: 4, custom_price: 1, fare_available: false },
      }),
      20001,
    );
    const option = (await table(calculus)).options.find((o: Row) => o.pool_cover_id === 4);
    expect(option.subtotal).toBe(246.26); // 35,69 m² × 6,90 €, the base price
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: 1, target_id: 4, custom_price: null },
      }),
      20001,
    );

    const [variation] = expectOk(await t.call('GET', '/api/item/getFilteredItemPropertyValuesFromItem/3', { token: admin }));
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'itemPropertyValue', client_fare_id: 1, target_id: variation.id, custom_price: 5, fare_available: false },
      }),
      20001,
    );
    expectError(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, item_property_value_id: variation.id, quantity: 1 },
      }),
      409,
      Code.warning,
      'No disponible',
    );
    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'itemPropertyValue', client_fare_id: 1, target_id: variation.id, custom_price: null },
      }),
      20001,
    );
  });

  it('chooses a cover, adds a reel and an article, and totals with shipping and VAT; quantity min 1 step 1', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    const chosen = expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 1 },
      }),
      20001,
    );
    expect(chosen.lines.map((l: Row) => l.kind)).toEqual(['cover']);
    const { reels } = await table(calculus);
    const reel = reels.find((r: Row) => !r.engine);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, reel_diameter_id: reel.reel_diameter_id, quantity: 1 },
      }),
      20001,
    );
    const variations: Row[] = expectOk(await t.call('GET', '/api/item/getFilteredItemPropertyValuesFromItem/1', { token: cliente }));
    const withArticle = expectOk(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, item_property_value_id: variations[0].id, quantity: 4 },
      }),
      20001,
    );
    expect(withArticle.lines.map((l: Row) => l.kind)).toEqual(['cover', 'reel', 'item']);
    expect(withArticle.lines[2]).toMatchObject({ quantity: 4, unit_price: variations[0].price, item_price: variations[0].price * 4 });
    // The cover 35,69 m² × 6,90 €; the fixed reel up to 6 m, Ø 110 mm without motor, 370 €; 4 anchors at 3,50 €.
    expect(withArticle.lines.map((l: Row) => l.item_price)).toEqual([246.26, 370, 14]);
    // 630,26 € reaches Agua Azul's 600 € threshold: no shipping; VAT 630,26 × 21 % = 132,3546 €.
    expect({ shipping: withArticle.shipping, vat: withArticle.vat, total: withArticle.total }).toEqual({
      shipping: 0,
      vat: 132.35,
      total: 762.61,
    });

    for (const bad of [0, 1.5, 'dos']) {
      expectError(
        await t.call('POST', '/api/budgetCalculus/addLine', {
          token: cliente,
          body: { budget_calculus_id: calculus, item_property_value_id: variations[0].id, quantity: bad },
        }),
        400,
        Code.error,
      );
    }
    const line = withArticle.lines[2];
    const removed = expectOk(await t.call('POST', '/api/budgetCalculus/removeLine', { token: cliente, body: { id: line.id } }), 20001);
    expect(removed.lines).toHaveLength(2);
  });

  it('an unavailable reel is "No disponible" (30001)', async () => {
    const budget = await newBudget(pool({ a: 9, b: 7.5, extra_distance: 0.2 }));
    const calculus = await calculusOf(budget.id);
    const diameters: Row[] = expectOk(await t.call('GET', '/api/reelDiameter/getReelsDiametersByReelId/2', { token: admin }));
    const unavailable = diameters.find((d) => !d.available)!;
    expectError(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, reel_diameter_id: unavailable.id, quantity: 1 },
      }),
      409,
      Code.warning,
      'No disponible',
    );
  });

  it('the reinforcement is required for type 1: "Campo obligatorio"', async () => {
    const budget = await newBudget(pool({ pool_subcategory_id: 2, pool_cover_type_id: BLANKET }));
    const calculus = await calculusOf(budget.id);
    expectError(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 1, quantity: 1 },
      }),
      400,
      Code.error,
      undefined,
      { reinforcement_type_id: 'Campo obligatorio' },
    );
    expectError(
      await t.call('POST', '/api/budgetCalculus/chooseCover', { token: cliente, body: { budget_calculus_id: calculus, quantity: 1 } }),
      400,
      Code.error,
      undefined,
      { pool_cover_id: 'Campo obligatorio' },
    );
    // A cover of another type is not offered for this budget.
    expectError(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 1 },
      }),
      400,
      Code.error,
    );
  });

  it('updateExtraDistance re-prices the calculation; updateRemark keeps the prices', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    const before = expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 1 },
      }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/budgetCalculus/updateExtraDistance', {
        token: cliente,
        body: { budget_calculus_id: calculus, extra_distance: 0.5 },
      }),
      20001,
    );
    const after = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: calculus } }),
    );
    expect(after.lines[0].item_price).toBe(310.5); // 9,00 × 5,00 = 45 m² × 6,90 €
    expect(after.lines[0].item_price).toBeGreaterThan(before.lines[0].item_price);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/updateRemark', {
        token: cliente,
        body: { budget_calculus_id: calculus, remark: 'Entregar por la mañana' },
      }),
      20001,
    );
    expectError(
      await t.call('POST', '/api/budgetCalculus/updateExtraDistance', {
        token: cliente,
        body: { budget_calculus_id: calculus, extra_distance: 'mucho' },
      }),
      400,
      Code.error,
    );
  });

  it('changing the pool re-prices the saved lines', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 1 },
      }),
      20001,
    );
    expectOk(await t.call('POST', '/api/budget/update', { token: cliente, body: jsonData({ id: budget.id, a: 10 }) }), 20001);
    const prices = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: calculus } }),
    );
    expect(prices.lines[0].item_price).toBe(305.6); // 10,30 × 4,30 = 44,29 m² × 6,90 € = 305,601 €
  });
});

describe('status', () => {
  it('only admins change it; to 2 sets has_accepted_budgets, away from 2 recomputes it', async () => {
    const fresh = await createUser(t, admin, { client_id: JARDINES });
    const member = await tokenOf(t, fresh.username, fresh.password);
    const budget = await newBudget(pool(), member);
    expect(expectOk(await t.call('GET', '/api/budget/hasAcceptedBudgets', { token: member }))).toBe(false);
    expectError(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: member, body: { budget_id: budget.id, budget_status_id: 2 } }),
      403,
      Code.error,
    );
    const accepted = expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      20001,
    );
    expect(accepted.budget_status_id).toBe(2);
    expect(expectOk(await t.call('GET', '/api/budget/hasAcceptedBudgets', { token: member }))).toBe(true);
    expect(expectOk(await t.call('GET', '/api/auth/info', { token: member })).user.has_accepted_budgets).toBe(true);
    // An accepted budget is the staff's: the member can no longer change it.
    expectError(await t.call('POST', '/api/budget/update', { token: member, body: jsonData({ id: budget.id, a: 9 }) }), 409, Code.warning);
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 1 } }),
      20001,
    );
    expect(expectOk(await t.call('GET', '/api/budget/hasAcceptedBudgets', { token: member }))).toBe(false);
  });

  it('a member cannot set a status through update either, nor see or touch another client\'s budget', async () => {
    const budget = await newBudget();
    const updated = expectOk(
      await t.call('POST', '/api/budget/update', {
        token: cliente,
        body: jsonData({ id: budget.id, budget_status_id: 2, client_id: JARDINES }),
      }),
      20001,
    );
    expect(updated).toMatchObject({ budget_status_id: 1, client_id: AGUA_AZUL });
    const other = await newBudget(pool({ client_id: JARDINES }), admin);
    const otherCalculus = await calculusOf(other.id);
    expectError(await t.call('GET', `/api/budget/getBudgetDetails/${other.id}`, { token: cliente }), 404, Code.error);
    expectError(await t.call('GET', `/api/budgetCalculus/generateBudgetPrices/${otherCalculus}`, { token: cliente }), 404, Code.error);
    expectError(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: otherCalculus, pool_cover_id: 4, quantity: 1 },
      }),
      404,
      Code.error,
    );
    expectError(await t.call('POST', `/api/budget/rehacerPresupuesto/${other.id}`, { token: cliente }), 404, Code.error);
    const list = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', { token: cliente, body: { page: 1, filters: { budget_status_id: 0 } } }),
    );
    expect(list.items.every((b: Row) => b.client_id === AGUA_AZUL)).toBe(true);
  });

  it('status 3 is only set by turning the budget into an order; unknown statuses are refused', async () => {
    const budget = await newBudget();
    expectError(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 3 } }),
      400,
      Code.error,
      undefined,
      { budget_status_id: 'Ese estado no se puede asignar a mano' },
    );
    expectError(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id } }),
      400,
      Code.error,
      undefined,
      { budget_status_id: 'Seleccione el estado' },
    );
  });

  it('lists by status (getBudgetList) with paging; status 0 is every budget', async () => {
    const budget = await newBudget();
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      20001,
    );
    const accepted = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', {
        token: admin,
        body: { page: 1, per_page: 100, filters: { budget_status_id: 2 } },
      }),
    );
    expect(accepted.items.some((b: Row) => b.id === budget.id)).toBe(true);
    expect(accepted.items.every((b: Row) => b.budget_status_id === 2)).toBe(true);
    const drafts = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', { token: admin, body: { page: 1, filters: { budget_status_id: 1 } } }),
    );
    expect(drafts.items.some((b: Row) => b.id === budget.id)).toBe(false);
    const all = expectOk(
      await t.call('POST', '/api/budget/getBudgetList', { token: admin, body: { page: 1, per_page: 2, filters: { budget_status_id: 0 } } }),
    );
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(expectOk(await t.call('GET', '/api/budgetStatus/getDropdown', { token: cliente })).map((o: Row) => o.value)).toEqual([1, 2, 3]);
  });
});

describe('expiry and "rehacer"', () => {
  it('an expired budget cannot be accepted nor changed; rehacer makes a new draft with today\'s prices', async () => {
    const budget = await newBudget();
    const calculus = await calculusOf(budget.id);
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 2 },
      }),
      20001,
    );
    const { budgets } = await import('../../src/server/db/tables');
    const { eq } = await import('drizzle-orm');
    await t.ctx.db.update(budgets).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(budgets.id, budget.id));

    expect(expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).is_expired).toBe(true);
    expectError(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      409,
      Code.warning,
      'El presupuesto ha caducado. Puede rehacerlo con los precios de hoy',
    );
    expectError(
      await t.call('POST', '/api/budgetCalculus/addLine', {
        token: cliente,
        body: { budget_calculus_id: calculus, item_property_value_id: 1, quantity: 1 },
      }),
      409,
      Code.warning,
    );

    // Today's price of the cover is higher now.
    expectOk(await t.call('POST', '/api/poolCover/update', { token: admin, body: jsonData({ id: 4, price_m2: 7.9 }) }), 20001);
    const redone = expectOk(await t.call('POST', `/api/budget/rehacerPresupuesto/${budget.id}`, { token: cliente }), 20001);
    expect(redone).toMatchObject({ budget_status_id: 1, client_id: AGUA_AZUL, a: 8, b: 4, is_expired: false });
    expect(redone.id).not.toBe(budget.id);
    const newCalculus = await calculusOf(redone.id, cliente);
    const prices = expectOk(
      await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: cliente, body: { budget_calculus_id: newCalculus } }),
    );
    // 35,69 m² × 7,90 € = 281,951 → 281,95 € a cover, × 2.
    expect(prices.lines[0]).toMatchObject({ quantity: 2, item_price: 563.9 });
    expectOk(await t.call('POST', '/api/poolCover/update', { token: admin, body: jsonData({ id: 4, price_m2: 6.9 }) }), 20001);
  });

  it('unit prices with VAT for display follow the client\'s tax', () => {
    expect(withVat(10, 21)).toBe(12.1);
  });
});

describe('the calculations of a budget, a page at a time', () => {
  it('lists each calculation with its overlap, remark, line count and totals, nothing of its row beside', async () => {
    const list = expectOk(await t.call('POST', '/api/budget/getBudgetList', { token: cliente, body: { page: 1 } }));
    const budgetId = list.items[0].id;
    const page = expectOk(await t.call('POST', '/api/budgetCalculus/getBudgetCalculusList', {
      token: cliente, body: { budget_id: budgetId, page: 1, per_page: 100 },
    }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page).toMatchObject({ page: 1, per_page: 100, has_next_page: false, total: page.items.length });
    for (const row of page.items) {
      expect(Object.keys(row).sort()).toEqual(['extra_distance', 'id', 'lines', 'remark', 'subtotal', 'total']);
      // The same figures as the calculation's own prices.
      const prices = expectOk(await t.call('POST', '/api/budgetCalculus/getBudgetPrices', {
        token: cliente, body: { budget_calculus_id: row.id },
      }));
      expect({ lines: row.lines, subtotal: row.subtotal, total: row.total })
        .toEqual({ lines: prices.lines.length, subtotal: prices.subtotal, total: prices.total });
    }
  });
});
