/**
 * Budget and order statuses tried as state machines, from the outside (issue 41 §3): from every state,
 * every target through the endpoint that changes it. Allowed changes succeed and change the status only;
 * the others are refused with the exact message and change nothing, read back through the API.
 *
 * The expected tables are written here from docs/data.md ("Budget states", "Order states") and
 * docs/business-rules.md ("Budgets", "Orders"), never read from the app's own declarations.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { budgets, order_calculus } from '../../src/server/db/tables';
import { useTestApp, type TestApp } from '../support/app';
import { ROSA_VIDAL } from '../support/addresses';
import { createUser, expectError, expectOk, jsonData, tokenOf, type Res } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

type Row = Record<string, any>;
const AGUA_AZUL = 1; // cliente's client
const BUBBLE_TYPE = 3;
const BUBBLE_400 = 4;

/** A refusal as the API answers it (docs/api.md): 30001 a business rule (409), 40001 an error (400/403). */
type Refusal = { status: 409 | 403; code: 30001 | 40001; message: string } | { status: 400; code: 40001; error: Record<string, string> };

const forbidden: Refusal = { status: 403, code: 40001, message: 'No tiene permiso para realizar esta acción' };

/** A refusal as a test title names it: its message. */
const named = (refusal: Refusal) => `refused «${'error' in refusal ? Object.values(refusal.error).join(', ') : refusal.message}»`;

function expectRefused(res: Res, refusal: Refusal) {
  if ('error' in refusal) expectError(res, refusal.status, refusal.code, undefined, refusal.error);
  else expectError(res, refusal.status, refusal.code, refusal.message);
}

// ================================================================ budgets

/** docs/data.md "Budget states": 1 draft, 2 accepted, 3 turned into an order. 0 and 4 are no stored status. */
const DRAFT = 1;
const ACCEPTED = 2;
const ORDERED = 3;
const BUDGET_TARGETS = [0, DRAFT, ACCEPTED, ORDERED, 4] as const;

const budgetRefusals = {
  /** Status 3 comes only from createOrder; 0 (the "every budget" list) and unknown numbers are no status. */
  notByHand: { status: 400, code: 40001, error: { budget_status_id: 'Ese estado no se puede asignar a mano' } },
  ordered: { status: 409, code: 30001, message: 'El presupuesto ya se ha convertido en pedido' },
  expired: { status: 409, code: 30001, message: 'El presupuesto ha caducado. Puede rehacerlo con los precios de hoy' },
  notAccepted: { status: 409, code: 30001, message: 'Solo se pueden pasar a pedido los presupuestos aceptados' },
} satisfies Record<string, Refusal>;

type BudgetState = 'draft' | 'accepted' | 'ordered' | 'expired draft' | 'expired accepted';
type BudgetOutcome = { becomes: number } | { refused: Refusal };

/**
 * changeBudgetStatus (admin), from every state to every target: only an admin changes the status, and only
 * between 1 and 2 (setting the one it has is a change between them, harmless); never from or to 3; an
 * expired budget cannot be accepted (un-accepting it is fine). A number that is no hand-settable status is
 * refused as such whatever the budget's state: the request is wrong before the budget is looked at.
 */
const { notByHand, ordered, expired, notAccepted } = budgetRefusals;
const BUDGET_STATUS_CHANGES: Record<BudgetState, Record<(typeof BUDGET_TARGETS)[number], BudgetOutcome>> = {
  'draft': {
    0: { refused: notByHand }, 1: { becomes: DRAFT }, 2: { becomes: ACCEPTED }, 3: { refused: notByHand }, 4: { refused: notByHand },
  },
  'accepted': {
    0: { refused: notByHand }, 1: { becomes: DRAFT }, 2: { becomes: ACCEPTED }, 3: { refused: notByHand }, 4: { refused: notByHand },
  },
  'ordered': {
    0: { refused: notByHand }, 1: { refused: ordered }, 2: { refused: ordered }, 3: { refused: notByHand }, 4: { refused: notByHand },
  },
  'expired draft': {
    0: { refused: notByHand }, 1: { becomes: DRAFT }, 2: { refused: expired }, 3: { refused: notByHand }, 4: { refused: notByHand },
  },
  'expired accepted': {
    0: { refused: notByHand }, 1: { becomes: DRAFT }, 2: { refused: expired }, 3: { refused: notByHand }, 4: { refused: notByHand },
  },
};

/**
 * createOrder from every state: it needs an accepted, unexpired budget. An expired one is told it expired
 * whatever its status (the remedy, "Rehacer", is the same for a draft).
 */
const BUDGET_TO_ORDER: Record<BudgetState, { makesOrder: true } | { refused: Refusal }> = {
  'draft': { refused: notAccepted },
  'accepted': { makesOrder: true },
  'ordered': { refused: ordered },
  'expired draft': { refused: expired },
  'expired accepted': { refused: expired },
};

interface TestBudget { id: number; calculus: number }

const changeBudgetStatus = (budget: TestBudget, status: number, token = admin) =>
  t.call('POST', '/api/budget/changeBudgetStatus', { token, body: { budget_id: budget.id, budget_status_id: status } });

const createOrder = (budget: TestBudget, token = admin) =>
  t.call('POST', '/api/budget/createOrder', {
    token,
    body: { budget_id: budget.id, budget_calculus_id: budget.calculus, pool_cover_id: BUBBLE_400 },
  });

/** A fresh budget of Agua Azul with a cover chosen (so it has totals), brought to `state` through the API. */
async function budgetIn(state: BudgetState): Promise<TestBudget> {
  const created = expectOk(
    await t.call('POST', '/api/budget/create', {
      token: admin,
      body: jsonData({ client_id: AGUA_AZUL, pool_subcategory_id: 1, pool_cover_type_id: BUBBLE_TYPE, a: 8, b: 4, extra_distance: 0.15 }),
    }),
    20001,
  );
  const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${created.id}`, { token: admin })).budget_calculus[0].id;
  expectOk(
    await t.call('POST', '/api/budgetCalculus/chooseCover', {
      token: admin,
      body: { budget_calculus_id: calculus, pool_cover_id: BUBBLE_400, quantity: 1 },
    }),
    20001,
  );
  const budget = { id: created.id as number, calculus: calculus as number };
  const accepted: BudgetState[] = ['accepted', 'ordered', 'expired accepted'];
  if (accepted.includes(state)) expectOk(await changeBudgetStatus(budget, ACCEPTED), 20001);
  if (state === 'ordered') expectOk(await createOrder(budget), 20001);
  // Nothing in the API ages a budget: its fixed expiry is moved into the past, as budgets.test.ts does.
  if (state.startsWith('expired'))
    await t.ctx.db.update(budgets).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(budgets.id, budget.id));
  return budget;
}

/** The orders made from a budget: those whose calculation came from its calculation. */
async function ordersMadeFrom(budget: TestBudget) {
  const rows = await t.ctx.db.select({ order: order_calculus.order_id }).from(order_calculus)
    .where(eq(order_calculus.budget_calculus_id, budget.calculus));
  return rows.map((r) => r.order).sort((x, y) => x - y);
}

/** What a status change may touch, read back: status, order link, version, totals and the orders made from it. */
async function budgetAsStored(budget: TestBudget) {
  const details = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: admin }));
  const prices = expectOk(
    await t.call('POST', '/api/budgetCalculus/getBudgetPrices', { token: admin, body: { budget_calculus_id: budget.calculus } }),
  );
  return {
    budget_status_id: details.budget_status_id as number,
    order_id: details.order_id as number | null,
    updated_at: details.updated_at as string,
    totals: { subtotal: prices.subtotal, shipping: prices.shipping, vat: prices.vat, total: prices.total },
    orders: await ordersMadeFrom(budget),
  };
}

describe('budget status: every target from every state (changeBudgetStatus, admin)', () => {
  for (const [from, targets] of Object.entries(BUDGET_STATUS_CHANGES) as [BudgetState, (typeof BUDGET_STATUS_CHANGES)[BudgetState]][]) {
    for (const to of BUDGET_TARGETS) {
      const outcome = targets[to];
      const title = 'becomes' in outcome ? `becomes ${outcome.becomes}` : named(outcome.refused);
      it(`${from} → ${to}: ${title}`, async () => {
        const budget = await budgetIn(from);
        const before = await budgetAsStored(budget);
        const res = await changeBudgetStatus(budget, to);
        if ('becomes' in outcome) {
          expect(expectOk(res, 20001)).toMatchObject({ id: budget.id, budget_status_id: outcome.becomes });
          expect(res.body.message).toBe('Estado del presupuesto actualizado');
          expect(await budgetAsStored(budget)).toEqual({ ...before, budget_status_id: outcome.becomes, updated_at: expect.any(String) });
        } else {
          expectRefused(res, outcome.refused);
          expect(await budgetAsStored(budget)).toEqual(before);
        }
      });
    }
  }
});

describe('budget to order from every state (createOrder)', () => {
  for (const [from, outcome] of Object.entries(BUDGET_TO_ORDER) as [BudgetState, (typeof BUDGET_TO_ORDER)[BudgetState]][]) {
    const title = 'makesOrder' in outcome ? 'makes one cart order and the budget is ordered' : named(outcome.refused);
    it(`${from}: ${title}`, async () => {
      const budget = await budgetIn(from);
      const before = await budgetAsStored(budget);
      const res = await createOrder(budget);
      if ('makesOrder' in outcome) {
        const { order_id } = expectOk(res, 20001);
        expect(res.body.message).toBe(`Se ha creado el pedido nº ${order_id}`);
        expect(await budgetAsStored(budget)).toEqual({
          ...before, budget_status_id: ORDERED, order_id, orders: [order_id], updated_at: expect.any(String),
        });
        const order = expectOk(await t.call('GET', `/api/order/getById/${order_id}`, { token: admin }));
        expect(order).toMatchObject({ status_id: 0, order_review_status_id: null, client_id: AGUA_AZUL });
      } else {
        expectRefused(res, outcome.refused);
        expect(await budgetAsStored(budget)).toEqual(before);
      }
    });
  }
});

describe('one budget, one order', () => {
  it('an ordered budget cannot be turned back to draft or accepted, so it cannot be ordered again', async () => {
    const budget = await budgetIn('ordered');
    const asOrdered = await budgetAsStored(budget);
    expect(asOrdered).toMatchObject({ budget_status_id: ORDERED, orders: [asOrdered.order_id] });
    for (const back of [ACCEPTED, DRAFT]) expectRefused(await changeBudgetStatus(budget, back), ordered);
    expectRefused(await createOrder(budget), ordered);
    expect(await budgetAsStored(budget)).toEqual(asOrdered);
  });

  it('ordering the same budget a second time is refused and makes no order', async () => {
    const budget = await budgetIn('accepted');
    const { order_id } = expectOk(await createOrder(budget), 20001);
    const once = await budgetAsStored(budget);
    expectRefused(await createOrder(budget), ordered);
    expect(await budgetAsStored(budget)).toEqual(once);
    expect(once).toMatchObject({ budget_status_id: ORDERED, order_id, orders: [order_id] });
  });

  it('ordering it twice at the same moment makes exactly one order', async () => {
    const budget = await budgetIn('accepted');
    const answers = await Promise.all([createOrder(budget), createOrder(budget)]);
    const made = answers.filter((res) => res.body.code === 20001);
    expect(made).toHaveLength(1);
    expectRefused(answers.find((res) => res.body.code !== 20001)!, ordered);
    const { order_id } = made[0].body.data;
    expect(await budgetAsStored(budget)).toMatchObject({ budget_status_id: ORDERED, order_id, orders: [order_id] });
  });
});

describe('who changes a budget\'s status: admins only', () => {
  // A member of the budget's own client, and the workshop, are refused by the server from either side of 1 ↔ 2.
  const refused = { 'a member of its client': () => cliente, 'the workshop': () => taller };
  for (const [who, token] of Object.entries(refused)) {
    for (const [from, to] of [['draft', ACCEPTED], ['accepted', DRAFT]] as const) {
      it(`${who}: ${from} → ${to} is forbidden and changes nothing`, async () => {
        const budget = await budgetIn(from);
        const before = await budgetAsStored(budget);
        expectRefused(await changeBudgetStatus(budget, to, token()), forbidden);
        expect(await budgetAsStored(budget)).toEqual(before);
      });
    }
  }
});

// ================================================================ orders

/**
 * docs/data.md "Order states": a cart is status 0 with no review status; a finished order is status 1
 * with review status 1 draft, 2 to review or 3 reviewed. The history names each state.
 */
const CART = 0;
const FINISHED = 1;
const REVIEW_DRAFT = 1;
const TO_REVIEW = 2;
const REVIEWED = 3;
const STATE_NAMES: Record<number, string> = { [REVIEW_DRAFT]: 'Borrador', [TO_REVIEW]: 'Pendiente de revisión', [REVIEWED]: 'Revisado' };
const REVIEW_TARGETS = [0, REVIEW_DRAFT, TO_REVIEW, REVIEWED, 4] as const;

const orderRefusals = {
  /** 0 and 4 are no review status: the form refuses them before the order is looked at. */
  noReviewStatus: { status: 400, code: 40001, error: { order_review_status_id: 'Seleccione el estado de revisión' } },
  notAllowed: { status: 400, code: 40001, error: { order_review_status_id: 'Ese cambio de estado de revisión no está permitido' } },
  isCart: { status: 409, code: 30001, message: 'El pedido todavía es un carrito sin terminar' },
  finished: { status: 409, code: 30001, message: 'El pedido ya está terminado: no se puede cambiar su contenido' },
} satisfies Record<string, Refusal>;

type OrderState = 'cart' | 'draft' | 'to review' | 'reviewed';
type ReviewOutcome = { becomes: number } | { refused: Refusal };

/**
 * changeReviewStatus (staff), from every state to every target: 1 → 2, 2 → 1 or 3, 3 → 2 (a draft never
 * jumps straight to reviewed); staying where it is, or any other change, is not allowed; a cart has no
 * review status to change.
 */
const { noReviewStatus, notAllowed, isCart, finished } = orderRefusals;
const REVIEW_CHANGES: Record<OrderState, Record<(typeof REVIEW_TARGETS)[number], ReviewOutcome>> = {
  'cart': {
    0: { refused: noReviewStatus }, 1: { refused: isCart }, 2: { refused: isCart }, 3: { refused: isCart }, 4: { refused: noReviewStatus },
  },
  'draft': {
    0: { refused: noReviewStatus }, 1: { refused: notAllowed }, 2: { becomes: TO_REVIEW }, 3: { refused: notAllowed },
    4: { refused: noReviewStatus },
  },
  'to review': {
    0: { refused: noReviewStatus }, 1: { becomes: REVIEW_DRAFT }, 2: { refused: notAllowed }, 3: { becomes: REVIEWED },
    4: { refused: noReviewStatus },
  },
  'reviewed': {
    0: { refused: noReviewStatus }, 1: { refused: notAllowed }, 2: { becomes: TO_REVIEW }, 3: { refused: notAllowed },
    4: { refused: noReviewStatus },
  },
};

const REVIEW_OF: Record<Exclude<OrderState, 'cart'>, number> = { 'draft': REVIEW_DRAFT, 'to review': TO_REVIEW, 'reviewed': REVIEWED };

interface TestOrder { id: number; member: string }

const finish = (order: TestOrder, token: string, extra: Row = {}) =>
  t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
    token,
    body: { order_id: order.id, customer_info: 'Estados', ...ROSA_VIDAL, delivery_date: '2037-05-20', ...extra },
  });

/** What staff send to finish a cart straight into a review status. */
const forcing = (review: number) => ({ force_advance_order_review_status_id: true, order_review_status_id_to_force: review });

/**
 * A fresh order of Agua Azul in `state`: a new member's cart with one article; finished by staff forcing
 * the review status it should have (the finish form's own way), so no review change is used to get there.
 */
async function orderIn(state: OrderState): Promise<TestOrder> {
  const user = await createUser(t, admin, { client_id: AGUA_AZUL });
  const member = await tokenOf(t, user.username, user.password);
  const article = { item_property_value_id: 1, quantity: 2 };
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token: member, body: article }), 20001);
  const order = { id: cart.id as number, member };
  if (state !== 'cart') expectOk(await finish(order, admin, forcing(REVIEW_OF[state])), 20001);
  return order;
}

/** What a status change may touch, read back: states, validation, version, history, lines and totals. */
async function orderAsStored(order: TestOrder) {
  const o = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin }));
  return {
    status_id: o.status_id as number,
    order_review_status_id: o.order_review_status_id as number | null,
    is_valid: o.is_valid as boolean,
    validated_date: o.validated_date as string | null,
    updated_at: o.updated_at as string,
    history: (o.history as Row[]).map((h) => h.state as string),
    lines: (o.order_items as Row[]).map((i) => ({ id: i.id, quantity: i.quantity_purchased, unit: i.vat_exclusive_item_price })),
    totals: o.totals as Row,
  };
}

const changeReview = (order: TestOrder, to: number, token = admin) =>
  t.call('POST', '/api/order/changeReviewStatus', { token, body: { order_id: order.id, order_review_status_id: to } });

describe('order review status: every target from every state (changeReviewStatus, admin)', () => {
  for (const [from, targets] of Object.entries(REVIEW_CHANGES) as [OrderState, (typeof REVIEW_CHANGES)[OrderState]][]) {
    for (const to of REVIEW_TARGETS) {
      const outcome = targets[to];
      const title = 'becomes' in outcome ? `becomes ${outcome.becomes}` : named(outcome.refused);
      it(`${from} → ${to}: ${title}`, async () => {
        const order = await orderIn(from);
        const before = await orderAsStored(order);
        const res = await changeReview(order, to);
        if ('becomes' in outcome) {
          expect(expectOk(res, 20001)).toMatchObject({ id: order.id, status_id: FINISHED, order_review_status_id: outcome.becomes });
          expect(await orderAsStored(order)).toEqual({
            ...before,
            order_review_status_id: outcome.becomes,
            updated_at: expect.any(String),
            history: [...before.history, STATE_NAMES[outcome.becomes]],
          });
        } else {
          expectRefused(res, outcome.refused);
          expect(await orderAsStored(order)).toEqual(before);
        }
      });
    }
  }
});

describe('finishing an order (finishOrderCartAndChangeOrderReviewStatus)', () => {
  // From a cart: to review; staff may force any review status, a member's forcing is ignored.
  const FINISHING: Array<{ who: 'admin' | 'member'; force?: number; review: number }> = [
    { who: 'member', review: TO_REVIEW },
    { who: 'admin', review: TO_REVIEW },
    { who: 'admin', force: REVIEW_DRAFT, review: REVIEW_DRAFT },
    { who: 'admin', force: TO_REVIEW, review: TO_REVIEW },
    { who: 'admin', force: REVIEWED, review: REVIEWED },
    { who: 'member', force: REVIEWED, review: TO_REVIEW },
  ];
  for (const { who, force, review } of FINISHING) {
    it(`cart finished by the ${who}${force ? ` forcing ${force}` : ''} → finished, review ${review}`, async () => {
      const order = await orderIn('cart');
      const before = await orderAsStored(order);
      expect(before).toMatchObject({ status_id: CART, order_review_status_id: null, history: ['Carrito sin terminar'] });
      const res = await finish(order, who === 'admin' ? admin : order.member, force ? forcing(force) : {});
      expect(expectOk(res, 20001)).toMatchObject({ status_id: FINISHED, order_review_status_id: review });
      expect(res.body.message).toBe(`Pedido nº ${order.id} terminado`);
      expect(await orderAsStored(order)).toMatchObject({
        status_id: FINISHED, order_review_status_id: review, history: ['Carrito sin terminar', STATE_NAMES[review]],
      });
    });
  }

  // A finished order, in any review state, cannot be finished again: not by its member, not by staff forcing.
  for (const from of ['draft', 'to review', 'reviewed'] as const) {
    for (const who of ['member', 'admin'] as const) {
      it(`${from}: finishing it again (${who}) is refused and changes nothing`, async () => {
        const order = await orderIn(from);
        const before = await orderAsStored(order);
        const again = who === 'admin' ? finish(order, admin, forcing(REVIEWED)) : finish(order, order.member);
        expectRefused(await again, finished);
        expect(await orderAsStored(order)).toEqual(before);
      });
    }
  }
});

describe('validating an order (validateClientOrder, admin)', () => {
  const validate = (order: TestOrder, day: string, token = admin) =>
    t.call('POST', '/api/order/validateClientOrder', { token, body: { order_id: order.id, validated_date: day } });

  it('a cart cannot be validated, and nothing changes', async () => {
    const order = await orderIn('cart');
    const before = await orderAsStored(order);
    expectRefused(await validate(order, '2036-11-20'), isCart);
    expect(await orderAsStored(order)).toEqual(before);
  });

  // Validation is not a review change: a finished order in any review state is validated and keeps its state.
  for (const from of ['draft', 'to review', 'reviewed'] as const) {
    it(`${from}: validated with its date, its review status and history unchanged; validated again, re-dated`, async () => {
      const order = await orderIn(from);
      const before = await orderAsStored(order);
      expect(before).toMatchObject({ is_valid: false, validated_date: null });
      expectOk(await validate(order, '2036-11-20'), 20001);
      const valid = await orderAsStored(order);
      expect(valid).toEqual({ ...before, is_valid: true, validated_date: expect.stringMatching(/^2036-11-20/), updated_at: expect.any(String) });
      expectOk(await validate(order, '2036-11-27'), 20001);
      expect(await orderAsStored(order)).toEqual({ ...valid, validated_date: expect.stringMatching(/^2036-11-27/), updated_at: expect.any(String) });
    });
  }
});

describe('who changes an order\'s review status or validates it: admins only', () => {
  const refused = { 'its own member': (order: TestOrder) => order.member, 'the workshop': () => taller };
  for (const [who, tokenFor] of Object.entries(refused)) {
    it(`${who}: a review change and a validation are forbidden and change nothing`, async () => {
      const order = await orderIn('to review');
      const before = await orderAsStored(order);
      for (const to of [REVIEW_DRAFT, REVIEWED]) expectRefused(await changeReview(order, to, tokenFor(order)), forbidden);
      expectRefused(
        await t.call('POST', '/api/order/validateClientOrder', {
          token: tokenFor(order), body: { order_id: order.id, validated_date: '2036-11-20' },
        }),
        forbidden,
      );
      expect(await orderAsStored(order)).toEqual(before);
    });
  }
});
