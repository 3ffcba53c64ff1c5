/**
 * The one way a cart's lines are priced and priced again, whatever they came from (a budget, a
 * calculator, the reel and article lists):
 *
 * - a calculation's lines (cover, reinforcement, confección extras) from its pool and chosen cover;
 * - a reel diameter or an article variation from the catalogue;
 *
 * all under the client's fare (docs/business-rules.md). A line that came from a budget keeps the unit price the
 * client accepted while that budget is valid and the line is still what was accepted (the same
 * product and, for cover lines, the same pool); after that it is priced like any other line.
 *
 * A line that can no longer be sold (its product left the catalogue or is hidden) is reported, never
 * dropped here: the cart shows it and "Terminar pedido" asks before removing it.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import type { UnsellableLine } from '../../shared/orderViews';
import { withVat, type PricedLine } from '../../shared/pricing';
import type { Queryable, Tx } from '../db';
import { budget_calculus, budget_calculus_items, budgets, order_calculus, order_items, orders } from '../db/tables';
import { ApiError, warning } from '../errors';
import { poolOf, priceLines, type ClientPricingContext, type LineRequest } from './catalogue-pricing';

type Order = typeof orders.$inferSelect;
type OrderItem = typeof order_items.$inferSelect;
type OrderCalculus = typeof order_calculus.$inferSelect;
type BudgetLine = typeof budget_calculus_items.$inferSelect;
export type OrderItemRow = typeof order_items.$inferInsert;

/** A priced line and the budget line it stands for, if any. */
type CartLine = PricedLine & { budget_calculus_item_id: number | null };

/** What a cart line (or a calculation's lines) costs now, or why it can no longer be sold. */
export type LinePricing = { ok: true; rows: OrderItemRow[] } | { ok: false; reason: string };

export interface CartPricing {
  calculations: Array<{ calculus: OrderCalculus; items: OrderItem[]; pricing: LinePricing }>;
  loose: Array<{ item: OrderItem; pricing: LinePricing }>;
}

/** Order item rows of priced lines: unit price without VAT, and with the order's VAT for display. */
export function itemRows(order: Pick<Order, 'id' | 'tax_percentage'>, lines: CartLine[], orderCalculusId: number | null = null): OrderItemRow[] {
  const tax = Number(order.tax_percentage);
  return lines.map((line) => ({
    order_id: order.id, order_calculus_id: orderCalculusId, kind: line.kind, product_name: line.description,
    number_of_items: line.quantity, quantity_purchased: line.quantity, quantity_to_ship: line.quantity,
    vat_exclusive_item_price: line.unit_price.toFixed(2), item_price: withVat(line.unit_price, tax).toFixed(2),
    weight_index: line.weight_index.toFixed(4), pool_cover_id: line.pool_cover_id, reinforcement_type_id: line.reinforcement_type_id,
    reel_diameter_id: line.reel_diameter_id, item_property_value_id: line.item_property_value_id, budget_calculus_item_id: line.budget_calculus_item_id,
    item_reference: line.kind === 'reel' ? null : line.reference, reel_reference: line.kind === 'reel' ? line.reference : null,
  }));
}

// ---------------------------------------------------------------- accepted budget prices

/** A budget line and the end of its budget's validity. */
export interface AcceptedLine { line: BudgetLine; expiresAt: Date }

/** The budget lines behind an order's calculations and loose lines. */
interface BudgetOrigins {
  /** Per budget calculation: its lines, and whether the order calculation still has the budget's pool. */
  calculations: Map<number, { lines: AcceptedLine[]; pool: PoolKey }>;
  lines: Map<number, AcceptedLine>;
}

/** What makes two pools the same pool for pricing: type, dimensions, extras and overlap. */
type PoolKey = string;
export const poolKey = (pool: Pick<OrderCalculus, 'pool_cover_type_id' | 'a' | 'b' | 'c' | 'd' | 'e' | 'rounded_corners' | 'stairwell'>, overlap: string) =>
  // Numeric columns come as text ("9.50"): compared as numbers.
  [pool.pool_cover_type_id, pool.a, pool.b, pool.c, pool.d, pool.e, pool.rounded_corners, pool.stairwell, overlap]
    .map((v) => (v === null ? '' : typeof v === 'string' ? String(Number(v)) : String(v))).join('|');

async function budgetOrigins(db: Queryable, calculations: OrderCalculus[], loose: OrderItem[]): Promise<BudgetOrigins> {
  const calculusIds = calculations.map((c) => c.budget_calculus_id).filter((id): id is number => id !== null);
  const lineIds = loose.map((i) => i.budget_calculus_item_id).filter((id): id is number => id !== null);
  const origins: BudgetOrigins = { calculations: new Map(), lines: new Map() };
  if (!calculusIds.length && !lineIds.length) return origins;
  const rows = await db.select({ line: budget_calculus_items, calculus: budget_calculus, budget: budgets }).from(budget_calculus_items)
    .innerJoin(budget_calculus, eq(budget_calculus.id, budget_calculus_items.budget_calculus_id)).innerJoin(budgets, eq(budgets.id, budget_calculus.budget_id))
    .where(or(calculusIds.length ? inArray(budget_calculus.id, calculusIds) : undefined, lineIds.length ? inArray(budget_calculus_items.id, lineIds) : undefined))
    .orderBy(asc(budget_calculus_items.id));
  for (const { line, calculus, budget } of rows) {
    const accepted = { line, expiresAt: budget.expires_at };
    origins.lines.set(line.id, accepted);
    const entry = origins.calculations.get(calculus.id) ?? { lines: [], pool: poolKey(budget, calculus.extra_distance) };
    entry.lines.push(accepted);
    origins.calculations.set(calculus.id, entry);
  }
  return origins;
}

/** Whether a priced line is the product a budget line accepted (a confección extra: the same extra). */
export const sameProduct = (line: PricedLine, accepted: BudgetLine) =>
  line.kind === accepted.kind && line.pool_cover_id === accepted.pool_cover_id && line.reinforcement_type_id === accepted.reinforcement_type_id
  && line.reel_diameter_id === accepted.reel_diameter_id && line.item_property_value_id === accepted.item_property_value_id
  && line.rounded_corners === accepted.rounded_corners && line.stairwell === accepted.stairwell;

/**
 * A line priced now, linked to the budget line it stands for; while that budget is valid, at the unit
 * price the client accepted there (its amount follows the quantity).
 */
export function atAcceptedPrice(line: PricedLine, accepted: AcceptedLine | undefined, now = new Date()): CartLine {
  if (!accepted || !sameProduct(line, accepted.line)) return { ...line, budget_calculus_item_id: null };
  if (accepted.expiresAt.getTime() < now.getTime()) return { ...line, budget_calculus_item_id: accepted.line.id };
  const unit = Number(accepted.line.unit_price);
  return { ...line, unit_price: unit, item_price: Math.round(unit * 100) * line.quantity / 100, budget_calculus_item_id: accepted.line.id };
}

// ---------------------------------------------------------------- pricing

/** The catalogue request a loose line (a reel or an article) is priced from; none for anything else. */
function looseRequest(item: OrderItem, quantity: number): LineRequest | null {
  if (item.kind === 'reel' && item.reel_diameter_id) return { kind: 'reel', reel_diameter_id: item.reel_diameter_id, quantity };
  if (item.kind === 'item' && item.item_property_value_id) return { kind: 'item', item_property_value_id: item.item_property_value_id, quantity };
  return null;
}

/** A calculation's lines priced now (at the budget's accepted prices while they hold). Throws when it can no longer be sold. */
export async function priceCalculation(db: Queryable, ctx: ClientPricingContext, order: Order, calculus: OrderCalculus, origins?: BudgetOrigins): Promise<OrderItemRow[]> {
  origins ??= await budgetOrigins(db, [calculus], []);
  const lines = await priceLines(db, ctx, poolOf(calculus, Number(calculus.extra_distance)), [
    { kind: 'cover', pool_cover_id: calculus.pool_cover_id, reinforcement_type_id: calculus.reinforcement_type_id, quantity: calculus.quantity },
  ]);
  const origin = calculus.budget_calculus_id === null ? undefined : origins.calculations.get(calculus.budget_calculus_id);
  // The accepted price is for the budget's pool: a calculation changed since is priced as it is now.
  const accepted = origin && origin.pool === poolKey(calculus, calculus.extra_distance) ? origin.lines : [];
  return itemRows(order, lines.map((line) => atAcceptedPrice(line, accepted.find((a) => sameProduct(line, a.line)))), calculus.id);
}

/** A reel or article line priced now for a quantity (at the budget's accepted price while it holds). Throws when it can no longer be sold. */
export async function priceLooseLine(db: Queryable, ctx: ClientPricingContext, order: Order, item: OrderItem, quantity = item.quantity_purchased, origins?: BudgetOrigins): Promise<OrderItemRow> {
  const request = looseRequest(item, quantity);
  if (!request) throw warning(Msg.lineNotSold);
  origins ??= await budgetOrigins(db, [], [item]);
  const [line] = await priceLines(db, ctx, null, [request]);
  const [row] = itemRows(order, [atAcceptedPrice(line, item.budget_calculus_item_id === null ? undefined : origins.lines.get(item.budget_calculus_item_id))]);
  return row;
}

/** A new reel or article line (the product lists) priced for the cart. */
export async function priceNewLine(db: Queryable, ctx: ClientPricingContext, order: Order, request: LineRequest): Promise<OrderItemRow> {
  const [line] = await priceLines(db, ctx, null, [request]);
  return itemRows(order, [{ ...line, budget_calculus_item_id: null }])[0];
}

/** A business rule's refusal (a product not offered, not available) is "can no longer be sold"; anything else is a fault. */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && (error.httpStatus === 400 || error.httpStatus === 409);

async function attempt(price: () => Promise<OrderItemRow[]>): Promise<LinePricing> {
  try {
    return { ok: true, rows: await price() };
  } catch (error) {
    if (isRefusal(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Every line of a cart priced now, without writing anything. */
export async function priceCart(db: Queryable, ctx: ClientPricingContext, order: Order): Promise<CartPricing> {
  // One statement at a time: a transaction is one connection.
  const calculations = await db.select().from(order_calculus).where(eq(order_calculus.order_id, order.id)).orderBy(asc(order_calculus.id));
  const items = await db.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id));
  const loose = items.filter((item) => item.order_calculus_id === null);
  const origins = await budgetOrigins(db, calculations, loose);
  const priced: CartPricing = { calculations: [], loose: [] };
  for (const calculus of calculations) {
    const pricing = await attempt(() => priceCalculation(db, ctx, order, calculus, origins));
    priced.calculations.push({ calculus, items: items.filter((item) => item.order_calculus_id === calculus.id), pricing });
  }
  for (const item of loose) priced.loose.push({ item, pricing: await attempt(async () => [await priceLooseLine(db, ctx, order, item, item.quantity_purchased, origins)]) });
  return priced;
}

/** The lines of a priced cart that can no longer be sold. */
export function unsellableLines(priced: CartPricing): UnsellableLine[] {
  return [
    ...priced.calculations.flatMap(({ items, pricing }) => (pricing.ok ? [] : items.map((item) => ({ id: item.id, product_name: item.product_name, reason: pricing.reason })))),
    ...priced.loose.flatMap(({ item, pricing }) => (pricing.ok ? [] : [{ id: item.id, product_name: item.product_name, reason: pricing.reason }])),
  ];
}

/** Writes a priced cart's lines; a line that can no longer be sold is left as it was. Returns those. */
export async function writeCartPrices(tx: Tx, priced: CartPricing): Promise<UnsellableLine[]> {
  for (const { calculus, pricing } of priced.calculations) {
    if (!pricing.ok) continue;
    await tx.delete(order_items).where(eq(order_items.order_calculus_id, calculus.id));
    await tx.insert(order_items).values(pricing.rows);
  }
  for (const { item, pricing } of priced.loose) {
    if (pricing.ok) await tx.update(order_items).set({ ...pricing.rows[0], updated_at: new Date() }).where(eq(order_items.id, item.id));
  }
  return unsellableLines(priced);
}
