/**
 * Budgets and their calculations (docs/business-rules.md): creation in status 1 with a fixed expiry, status
 * rules, the price table of a calculation, its lines priced on the server from the catalogue and the
 * client's fare (never from what a browser sends), totals with shipping and VAT, and "rehacer".
 */
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import { BudgetStatus, budgetExpiresAt, budgetStatusRefusal } from '../../shared/budgets';
import {
  type Budget as BudgetView, type BudgetCalculus, type BudgetPrices, type CalculusRow, type PriceTable, type ProposedBudgetLine,
} from '../../shared/budgetAnswers';
import type { BudgetToOrderRequest, ClientDetails } from '../../shared/forms/budget';
import type { ListPage } from '../../shared/listPage';
import type { SelectOption } from '../../shared/options';
import { Msg } from '../../shared/messages';
import { coverWidth, type LineKind } from '../../shared/pricing';
import { isRootDb, preparedFor, type Db, type Queryable, type Tx } from '../db';
import { budget_calculus, budget_calculus_items, budgets, clients, taxes } from '../db/tables';
import { forbidden, invalid, notFound, parseCount, parseOptionalRowId, parseRowId, warning } from '../errors';
import { writeAudit } from './audit';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import {
  clientPricing,
  clientPricingColumns,
  coverOptions,
  favouriteReels,
  poolOf,
  priceLines,
  pricingContext,
  totalsOf,
  type ClientPricingContext,
  type LineRequest,
} from './pricing';
import { orderFromBudget } from './orders';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE, type Row } from './records';

export type { LineRequest };

type Budget = typeof budgets.$inferSelect;
type Calculus = typeof budget_calculus.$inferSelect;

export const isExpired = (budget: Pick<Budget, 'expires_at'>, now = new Date()) => budget.expires_at.getTime() < now.getTime();

// ---------------------------------------------------------------- access

/** A calculation as the API sends it: its overlap as a number (stored as numeric). */
/** A calculation as the API answers it (its contract's `budgetCalculusAnswer`): nothing of its row beside. */
const calculusForApi = (calculus: Calculus): BudgetCalculus => ({
  id: calculus.id,
  extra_distance: Number(calculus.extra_distance),
  remark: calculus.remark,
});

/** The budget, if the user may see it (a member: its own client's only); 404 otherwise. */
export async function findBudget(db: Queryable, user: SessionUser, id: unknown, lock = false): Promise<Budget> {
  const numeric = parseRowId(id);
  const query = db.select().from(budgets).where(and(eq(budgets.id, numeric), visibleTo(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function findCalculus(db: Queryable, user: SessionUser, id: unknown): Promise<{ calculus: Calculus; budget: Budget }> {
  const numeric = parseRowId(id);
  const [row] = await db.select({ calculus: budget_calculus, budget: budgets }).from(budget_calculus)
    .innerJoin(budgets, eq(budgets.id, budget_calculus.budget_id)).where(and(eq(budget_calculus.id, numeric), visibleTo(user)));
  if (!row) throw notFound();
  return row;
}

/** A calculation with its budget, the budget's client and its VAT rate; `client` limits it to a member's client. */
const calculusToPrice = (db: Queryable, id: number | Placeholder, client: number | Placeholder | null) =>
  db
    .select({ calculus: budget_calculus, budget: budgets, ...clientPricingColumns })
    .from(budget_calculus)
    .innerJoin(budgets, eq(budgets.id, budget_calculus.budget_id))
    .innerJoin(clients, eq(clients.id, budgets.client_id))
    .innerJoin(taxes, eq(taxes.id, clients.tax_id))
    .where(and(eq(budget_calculus.id, id), client === null ? undefined : eq(budgets.client_id, client)));

// The price table reads it on every open: prepared once per database, for staff and for members.
const calculusToPriceForStaff = preparedFor((db) => calculusToPrice(db, sql.placeholder('id'), null).prepare('calculus_to_price_staff'));
const calculusToPriceForMember = preparedFor((db) =>
  calculusToPrice(db, sql.placeholder('id'), sql.placeholder('client')).prepare('calculus_to_price_member'),
);

/** A calculation, its budget and the pricing of the budget's client, in one read (prepared outside a transaction). */
async function findCalculusToPrice(db: Queryable, user: SessionUser, id: unknown) {
  const numeric = parseRowId(id);
  const client = isAdmin(user) ? null : user.client_id ?? -1;
  const [row] = !isRootDb(db) ? await calculusToPrice(db, numeric, client)
    : client === null ? await calculusToPriceForStaff(db).execute({ id: numeric })
      : await calculusToPriceForMember(db).execute({ id: numeric, client });
  if (!row) throw notFound();
  return { calculus: row.calculus, budget: row.budget, ctx: await clientPricing(db, row) };
}

/** Staff see every budget; a member, its client's. */
const visibleTo = (user: SessionUser) => (isAdmin(user) ? undefined : eq(budgets.client_id, user.client_id ?? -1));

/**
 * A budget's lines and dimensions change only while it is open: never once it is an order or expired,
 * and a member cannot change one the staff accepted.
 */
export function assertEditable(budget: Budget, user: SessionUser) {
  if (budget.budget_status_id === BudgetStatus.ordered) throw warning(Msg.budgetOrdered);
  if (isExpired(budget)) throw warning(Msg.budgetExpired);
  if (budget.budget_status_id === BudgetStatus.accepted && !isAdmin(user))
    throw warning('El presupuesto está aceptado: solo el personal puede cambiarlo');
}

// ---------------------------------------------------------------- price table and lines

/**
 * The price table of a calculation (generateBudgetPrices): every visible cover of the budget's type,
 * each with every reinforcement when the type is 1, priced "sin IVA"; and the budget-favourite reel
 * diameters of the reels that fit the cover's width, or "No disponible".
 */
export async function priceTable(db: Db, user: SessionUser, calculusId: unknown): Promise<PriceTable> {
  const { calculus, budget, ctx } = await findCalculusToPrice(db, user, calculusId);
  const pool = poolOf(budget, Number(calculus.extra_distance));
  return {
    budget_id: budget.id, budget_calculus_id: calculus.id, extra_distance: pool.overlap, width: coverWidth(pool),
    ...await Promise.all([coverOptions(db, ctx, pool), favouriteReels(db, ctx, pool)]).then(([options, reels]) => ({ options, reels })),
  };
}

/** A priced line as its row is written (amounts as numeric text), before the database gives it an id. */
type LineRow = Required<Omit<typeof budget_calculus_items.$inferInsert, 'id' | 'created_at' | 'updated_at'>>;

/** The calculation's lines the requests ask for, priced for the budget's client and pool. */
async function priceBudgetLines(
  db: Queryable,
  ctx: ClientPricingContext,
  budget: Budget,
  calculus: Calculus,
  requests: LineRequest[],
): Promise<LineRow[]> {
  const lines = await priceLines(db, ctx, poolOf(budget, Number(calculus.extra_distance)), requests);
  return lines.map((line) => ({
    ...line,
    budget_calculus_id: calculus.id,
    extra_distance: line.extra_distance === null ? null : line.extra_distance.toFixed(2),
    base_price: line.base_price.toFixed(2),
    unit_price: line.unit_price.toFixed(2),
    item_price: line.item_price.toFixed(2),
    weight_index: line.weight_index.toFixed(4),
  }));
}

/** A line as the API answers it: amounts as numbers; a stored line's id, not its row's timestamps (BudgetLine). */
function apiLine(row: LineRow | typeof budget_calculus_items.$inferSelect) {
  const { created_at: _created, updated_at: _updated, ...line } = { created_at: null, updated_at: null, ...row };
  return {
    ...line,
    // The kind column only ever holds what priceLines wrote.
    kind: line.kind as LineKind,
    base_price: Number(line.base_price),
    unit_price: Number(line.unit_price),
    item_price: Number(line.item_price),
    weight_index: Number(line.weight_index ?? 0),
    extra_distance: line.extra_distance == null ? null : Number(line.extra_distance),
  };
}

/**
 * getBudgetPrices: what the asked lines would cost, recomputed here (any price the browser sent is
 * ignored); without lines, the calculation's saved lines.
 */
export async function budgetPrices(db: Queryable, user: SessionUser, calculusId: unknown): Promise<BudgetPrices>;
export async function budgetPrices(
  db: Queryable,
  user: SessionUser,
  calculusId: unknown,
  requests: LineRequest[] | undefined,
): Promise<BudgetPrices<ProposedBudgetLine>>;
export async function budgetPrices(
  db: Queryable,
  user: SessionUser,
  calculusId: unknown,
  requests?: LineRequest[],
): Promise<BudgetPrices<ProposedBudgetLine>> {
  return pricesOf(db, await findCalculusToPrice(db, user, calculusId), requests);
}

/** A calculation read with its budget and its client's pricing (findCalculusToPrice). */
type CalculusToPrice = { calculus: Calculus; budget: Budget; ctx: ClientPricingContext };

/** budgetPrices of a calculation already read with its budget and its client's pricing. */
async function pricesOf(db: Queryable, found: CalculusToPrice): Promise<BudgetPrices>;
async function pricesOf(
  db: Queryable,
  found: CalculusToPrice,
  requests: LineRequest[] | undefined,
): Promise<BudgetPrices<ProposedBudgetLine>>;
async function pricesOf(
  db: Queryable,
  { calculus, budget, ctx }: CalculusToPrice,
  requests?: LineRequest[],
): Promise<BudgetPrices<ProposedBudgetLine>> {
  const lines = requests?.length
    ? await priceBudgetLines(db, ctx, budget, calculus, requests)
    : await db
        .select()
        .from(budget_calculus_items)
        .where(eq(budget_calculus_items.budget_calculus_id, calculus.id))
        .orderBy(asc(budget_calculus_items.id));
  const sums = totalsOf(lines, ctx);
  return {
    budget_calculus_id: calculus.id,
    lines: lines.map(apiLine),
    tax_percentage: ctx.taxPercentage,
    subtotal: sums.subtotal,
    shipping: sums.shipping,
    free_shipping: sums.freeShipping,
    vat: sums.vat,
    total: sums.total,
    names: ctx.names,
  };
}

/** Replaces a calculation's cover, reinforcement and confección lines with the chosen cover's. */
async function replaceCoverLines(
  tx: Tx,
  ctx: ClientPricingContext,
  budget: Budget,
  calculus: Calculus,
  request: Omit<LineRequest, 'kind'>,
) {
  const lines = await priceBudgetLines(tx, ctx, budget, calculus, [{ ...request, kind: 'cover' }]);
  await tx
    .delete(budget_calculus_items)
    .where(
      and(
        eq(budget_calculus_items.budget_calculus_id, calculus.id),
        inArray(budget_calculus_items.kind, ['cover', 'reinforcement', 'confection']),
      ),
    );
  await tx.insert(budget_calculus_items).values(lines);
}

/** Chooses the calculation's cover (and reinforcement) from its price table. */
export async function chooseCover(
  tx: Tx,
  user: SessionUser,
  calculusId: unknown,
  request: Omit<LineRequest, 'kind'>,
): Promise<BudgetPrices> {
  const found = await findCalculusToPrice(tx, user, calculusId);
  const { calculus, budget, ctx } = found;
  assertEditable(budget, user);
  await replaceCoverLines(tx, ctx, budget, calculus, request);
  await writeAudit(tx, user.id, 'budgetCalculus', calculus.id, 'update', null, { cover: request });
  return pricesOf(tx, found);
}

/** Adds a reel or an article line to a calculation (the reel and article wizards). */
export async function addLine(tx: Tx, user: SessionUser, calculusId: unknown, request: LineRequest): Promise<BudgetPrices> {
  const found = await findCalculusToPrice(tx, user, calculusId);
  const { calculus, budget, ctx } = found;
  assertEditable(budget, user);
  if (request.kind === 'cover') throw invalid({ kind: Msg.invalidBody });
  const lines = await priceBudgetLines(tx, ctx, budget, calculus, [request]);
  const [inserted] = await tx.insert(budget_calculus_items).values(lines).returning();
  await writeAudit(tx, user.id, 'budgetCalculusItem', inserted.id, 'create', null, inserted);
  return pricesOf(tx, found);
}

export async function removeLine(tx: Tx, user: SessionUser, lineId: unknown): Promise<BudgetPrices> {
  const [line] = await tx.select().from(budget_calculus_items).where(eq(budget_calculus_items.id, parseRowId(lineId)));
  if (!line) throw notFound();
  const found = await findCalculusToPrice(tx, user, line.budget_calculus_id);
  assertEditable(found.budget, user);
  await tx.delete(budget_calculus_items).where(eq(budget_calculus_items.id, line.id));
  await writeAudit(tx, user.id, 'budgetCalculusItem', line.id, 'delete', line, null);
  return pricesOf(tx, found);
}

/** Re-prices every saved line of a calculation with today's catalogue (after a change of dimensions or overlap). */
export async function repriceCalculus(tx: Tx, ctx: ClientPricingContext, budget: Budget, calculus: Calculus) {
  const saved = await tx
    .select()
    .from(budget_calculus_items)
    .where(eq(budget_calculus_items.budget_calculus_id, calculus.id))
    .orderBy(asc(budget_calculus_items.id));
  const requests: LineRequest[] = [];
  const cover = saved.find((l) => l.kind === 'cover');
  if (cover && cover.pool_cover_id)
    requests.push({
      kind: 'cover',
      pool_cover_id: cover.pool_cover_id,
      reinforcement_type_id: cover.reinforcement_type_id,
      quantity: cover.quantity,
    });
  for (const line of saved) {
    if (line.kind === 'reel' && line.reel_diameter_id)
      requests.push({ kind: 'reel', reel_diameter_id: line.reel_diameter_id, quantity: line.quantity });
    if (line.kind === 'item' && line.item_property_value_id)
      requests.push({ kind: 'item', item_property_value_id: line.item_property_value_id, quantity: line.quantity });
  }
  // A cover that no longer fits the budget (its type changed) is dropped rather than blocking the change.
  const priced: LineRow[] = [];
  for (const request of requests) {
    try {
      priced.push(...await priceBudgetLines(tx, ctx, budget, calculus, [request]));
    } catch (error) {
      if (request.kind !== 'cover') throw error;
    }
  }
  await tx.delete(budget_calculus_items).where(eq(budget_calculus_items.budget_calculus_id, calculus.id));
  if (priced.length) await tx.insert(budget_calculus_items).values(priced);
}

export async function updateCalculus(
  tx: Tx,
  user: SessionUser,
  calculusId: unknown,
  change: { extra_distance?: number; remark?: string | null },
): Promise<BudgetCalculus> {
  const { calculus, budget } = await findCalculus(tx, user, calculusId);
  if (change.extra_distance !== undefined) assertEditable(budget, user);
  const values: Partial<Calculus> = { updated_at: new Date() };
  if (change.extra_distance !== undefined) values.extra_distance = change.extra_distance.toFixed(2);
  if (change.remark !== undefined) values.remark = change.remark;
  const [updated] = await tx.update(budget_calculus).set(values).where(eq(budget_calculus.id, calculus.id)).returning();
  if (change.extra_distance !== undefined) await repriceCalculus(tx, await pricingContext(tx, budget.client_id), budget, updated);
  await writeAudit(tx, user.id, 'budgetCalculus', calculus.id, 'update', calculus, updated);
  return calculusForApi(updated);
}

// ---------------------------------------------------------------- status and redo

/** changeBudgetStatus (admins only): to draft or accepted; never from or to "ordered"; an expired budget cannot be accepted. */
export async function changeBudgetStatus(tx: Tx, user: SessionUser, budgetId: number, statusId: number) {
  if (!isAdmin(user)) throw forbidden();
  const budget = await findBudget(tx, user, budgetId, true);
  const refusal = budgetStatusRefusal(budget.budget_status_id, statusId, isExpired(budget));
  if (refusal === 'notSettable') throw invalid({ budget_status_id: Msg.budgetStatusInvalid });
  if (refusal) throw warning(refusal === 'ordered' ? Msg.budgetOrdered : Msg.budgetExpired);
  const [updated] = await tx
    .update(budgets)
    .set({ budget_status_id: statusId, updated_at: new Date() })
    .where(eq(budgets.id, budget.id))
    .returning();
  await writeAudit(
    tx,
    user.id,
    'budget',
    budget.id,
    'update',
    { budget_status_id: budget.budget_status_id },
    { budget_status_id: statusId },
  );
  return updated;
}

/** Whether any budget the user may see is accepted (the session's has_accepted_budgets). */
/** Accepted budgets of one client (a value, or a column to nest the query in another) or, with null, of all. */
export function acceptedBudgets(db: Queryable, client: number | AnyColumn | null) {
  const ofClient = client === null ? undefined : eq(budgets.client_id, client);
  return db.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.budget_status_id, BudgetStatus.accepted), ofClient)).limit(1);
}

/** Whether the user has accepted budgets to turn into orders: staff, anyone's; a member, its client's. */
export async function hasAcceptedBudgets(db: Queryable, user: { roles: readonly string[]; client_id: number | null }) {
  const [row] = await acceptedBudgets(db, user.roles.includes('admin') ? null : user.client_id ?? -1);
  return !!row;
}

/** The expiry of a budget created now for a client (docs/business-rules.md). */
export async function expiryFor(db: Queryable, clientId: number, created: Date) {
  const [client] = await db.select({ days: clients.budget_expiration_days }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw invalid({ client_id: Msg.referenceMissing });
  return budgetExpiresAt(created, client.days);
}

/**
 * "Rehacer": a new draft copy of a budget, created today (so with a new expiry), with its calculations
 * and their lines priced again with today's catalogue and fare.
 */
export async function redoBudget(tx: Tx, user: SessionUser, budgetId: unknown) {
  const original = await findBudget(tx, user, budgetId);
  const created = new Date();
  const { id: _id, created_at: _c, updated_at: _u, order_id: _o, ...copy } = original;
  const [budget] = await tx.insert(budgets).values({
    ...copy, budget_status_id: BudgetStatus.draft, user_id: user.id, created_date: created,
    expires_at: await expiryFor(tx, original.client_id, created),
  }).returning();
  const calculations = await tx
    .select()
    .from(budget_calculus)
    .where(eq(budget_calculus.budget_id, original.id))
    .orderBy(asc(budget_calculus.id));
  const ctx = await pricingContext(tx, budget.client_id);
  for (const old of calculations) {
    const [calculus] = await tx
      .insert(budget_calculus)
      .values({ budget_id: budget.id, extra_distance: old.extra_distance, remark: old.remark })
      .returning();
    const saved = await tx.select().from(budget_calculus_items).where(eq(budget_calculus_items.budget_calculus_id, old.id));
    if (saved.length)
      await tx
        .insert(budget_calculus_items)
        .values(saved.map(({ id: _i, created_at: _a, updated_at: _b, ...line }) => ({ ...line, budget_calculus_id: calculus.id })));
    await repriceCalculus(tx, ctx, budget, calculus);
  }
  await writeAudit(tx, user.id, 'budget', budget.id, 'create', null, { ...budget, redone_from: original.id });
  return budget;
}

/** What withBudgetState adds to a budget record. */
type BudgetState = Pick<BudgetView, 'client_name' | 'is_expired'>;

/** Adds `is_expired` and the client's name to budget records (API records of this request: changed in place). */
export async function withBudgetState<R extends Row>(db: Queryable, records: R[]): Promise<Array<R & BudgetState>> {
  // Lists read the client names in their own statement (the resource's listColumns).
  const unnamed = records.filter((r) => !('client_name' in r));
  const ids = [...new Set(unnamed.map((r) => r.client_id as number))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, ids))).map((n) => [n.id, n.name])
      : [],
  );
  const now = Date.now();
  return records.map((r) => Object.assign(r, {
    client_name: 'client_name' in r ? r.client_name as string | null : names.get(r.client_id as number) ?? null,
    is_expired: r.budget_status_id !== BudgetStatus.ordered && Date.parse(r.expires_at as string) < now,
  }));
}

// ---------------------------------------------------------------- client details and order

/** The "client details" of a budget: billing and shipping data (any status but ordered). */
export async function updateClientDetails(tx: Tx, user: SessionUser, budgetId: unknown, details: ClientDetails) {
  const budget = await findBudget(tx, user, budgetId, true);
  if (budget.budget_status_id === BudgetStatus.ordered) throw warning(Msg.budgetOrdered);
  const [updated] = await tx.update(budgets).set({ ...details, updated_at: new Date() }).where(eq(budgets.id, budget.id)).returning();
  await writeAudit(tx, user.id, 'budget', budget.id, 'update', budget, updated);
  return updated;
}

/**
 * createOrder: an accepted, unexpired budget becomes a cart order (status_id 0), all in the caller's
 * transaction. The calculation's pool and chosen cover become the order's calculation (its cover,
 * reinforcement and confección lines), its reels and articles the order's other lines, each at the
 * price the client accepted (pricing/accepted.ts); the client's shipping, tax and invoicing company and the
 * budget's buyer data go with it. The budget goes to status 3 and the order becomes the user's cart.
 */
export async function budgetToOrder(tx: Tx, user: SessionUser, request: BudgetToOrderRequest) {
  const budget = await findBudget(tx, user, request.budget_id, true);
  const [calculus] = await tx
    .select()
    .from(budget_calculus)
    .where(and(eq(budget_calculus.id, request.budget_calculus_id), eq(budget_calculus.budget_id, budget.id)));
  if (!calculus) throw notFound();
  if (budget.budget_status_id === BudgetStatus.ordered) throw warning(Msg.budgetOrdered);
  if (isExpired(budget)) throw warning(Msg.budgetExpired);
  if (budget.budget_status_id !== BudgetStatus.accepted) throw warning(Msg.budgetNotAccepted);
  // The cover accepted in the calculation keeps its lines and price; another one chosen now is priced now.
  const [chosen] = await tx
    .select()
    .from(budget_calculus_items)
    .where(and(eq(budget_calculus_items.budget_calculus_id, calculus.id), eq(budget_calculus_items.kind, 'cover')));
  const quantity = chosen?.quantity ?? 1;
  const sameCover
    = chosen
      && chosen.pool_cover_id === request.pool_cover_id
      && (chosen.reinforcement_type_id === null || chosen.reinforcement_type_id === (request.reinforcement_type_id ?? null));
  // The client's pricing, read once for the whole transaction: the budget's lines and the order's.
  const ctx = await pricingContext(tx, budget.client_id);
  if (!sameCover)
    await replaceCoverLines(tx, ctx, budget, calculus, {
      pool_cover_id: request.pool_cover_id,
      reinforcement_type_id: request.reinforcement_type_id,
      quantity,
    });
  const [cover] = sameCover
    ? [chosen]
    : await tx
        .select()
        .from(budget_calculus_items)
        .where(and(eq(budget_calculus_items.budget_calculus_id, calculus.id), eq(budget_calculus_items.kind, 'cover')));

  const lines = await tx
    .select()
    .from(budget_calculus_items)
    .where(eq(budget_calculus_items.budget_calculus_id, calculus.id))
    .orderBy(asc(budget_calculus_items.id));
  const order = await orderFromBudget(tx, user, ctx, { budget, calculus, lines }, {
    pool_cover_id: request.pool_cover_id, reinforcement_type_id: cover?.reinforcement_type_id ?? null, quantity,
  });
  await tx
    .update(budgets)
    .set({
      budget_status_id: BudgetStatus.ordered,
      order_id: order.id,
      pool_cover_id: request.pool_cover_id,
      reinforcement_type_id: cover?.reinforcement_type_id ?? null,
      updated_at: new Date(),
    })
    .where(eq(budgets.id, budget.id));
  await writeAudit(
    tx,
    user.id,
    'budget',
    budget.id,
    'update',
    { budget_status_id: budget.budget_status_id },
    { budget_status_id: BudgetStatus.ordered, order_id: order.id },
  );
  return order;
}

// ---------------------------------------------------------------- calculations of a budget

/** A budget's calculations, oldest first (the budget is one the user may see: the caller found it). */
export async function calculationsOf(db: Queryable, budgetId: number): Promise<BudgetCalculus[]> {
  const rows = await db.select().from(budget_calculus).where(eq(budget_calculus.budget_id, budgetId)).orderBy(asc(budget_calculus.id));
  return rows.map(calculusForApi);
}

/** A page of a budget's calculations, each with its number of lines, subtotal and total. */
export async function calculusPage(
  db: Db,
  user: SessionUser,
  budgetId: unknown,
  paging: { page?: unknown; per_page?: unknown },
): Promise<ListPage<CalculusRow>> {
  const budget = await findBudget(db, user, budgetId);
  const perPage = Math.min(MAX_PER_PAGE, parseCount(paging.per_page, 'per_page', DEFAULT_PER_PAGE));
  const page = Math.min(MAX_PAGE, parseCount(paging.page, 'page', 1));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(budget_calculus)
      .where(eq(budget_calculus.budget_id, budget.id))
      .orderBy(asc(budget_calculus.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(budget_calculus).where(eq(budget_calculus.budget_id, budget.id)),
  ]);
  const items = await Promise.all(
    rows.map(async (calculus): Promise<CalculusRow> => {
      const prices = await budgetPrices(db, user, calculus.id);
      return { ...calculusForApi(calculus), lines: prices.lines.length, subtotal: prices.subtotal, total: prices.total };
    }),
  );
  return { items, total: Number(total), page, per_page: perPage, has_next_page: page * perPage < Number(total) };
}

/** Another calculation of an open budget (e.g. with another overlap), starting from the budget's overlap. */
export async function addCalculus(tx: Tx, user: SessionUser, budgetId: unknown): Promise<BudgetCalculus> {
  const budget = await findBudget(tx, user, budgetId);
  assertEditable(budget, user);
  const [row] = await tx.insert(budget_calculus).values({ budget_id: budget.id, extra_distance: budget.extra_distance }).returning();
  return calculusForApi(row);
}

/** Budgets turned into orders, newest first, for pickers: a member's own client's, staff's of `clientId` or all. */
export async function orderedBudgetOptions(db: Queryable, user: SessionUser, clientId: unknown): Promise<SelectOption[]> {
  const client = isAdmin(user) ? parseOptionalRowId(clientId) : user.client_id ?? -1;
  const rows = await db
    .select({ id: budgets.id, reference: budgets.remark_OB1PCL, order_id: budgets.order_id })
    .from(budgets)
    .where(and(eq(budgets.budget_status_id, BudgetStatus.ordered), client ? eq(budgets.client_id, client) : undefined))
    .orderBy(desc(budgets.id))
    .limit(500);
  return rows.map((r) => ({ label: `Presupuesto nº ${r.id}${r.reference ? ` · ${r.reference}` : ''}`, value: r.id, extra: r.order_id }));
}
