/**
 * The one way a cart's lines are priced and priced again, whatever they came from (a budget, a
 * calculator, the reel and article lists):
 *
 * - a calculation's lines (cover, reinforcement, confección extras) from its pool and chosen cover;
 * - a reel diameter or an article variation from the catalogue;
 *
 * all under the client's fare (docs/business-rules.md), at a budget's accepted prices while they hold
 * (accepted.ts).
 *
 * A line that can no longer be sold (its product left the catalogue or is hidden) is reported, never
 * dropped here: the cart shows it and "Terminar pedido" asks before removing it.
 */
import { asc, eq } from 'drizzle-orm';
import { Msg } from '../../../shared/messages';
import type { UnsellableLine } from '../../../shared/orderViews';
import { withVat } from '../../../shared/pricing';
import type { Queryable, Tx } from '../../db';
import { order_calculus, order_items, type orders } from '../../db/tables';
import { ApiError, warning } from '../../errors';
import { atAcceptedPrice, budgetOrigins, sameProduct, type BudgetOrigins, type CartLine } from './accepted';
import type { ClientPricingContext } from './context';
import { priceLines, type LineRequest } from './lines';
import { poolKey, poolOf } from './pool';

type Order = typeof orders.$inferSelect;
type OrderItem = typeof order_items.$inferSelect;
type OrderCalculus = typeof order_calculus.$inferSelect;
export type OrderItemRow = typeof order_items.$inferInsert;

/** What a cart line (or a calculation's lines) costs now, or why it can no longer be sold. */
export type LinePricing = { ok: true; rows: OrderItemRow[] } | { ok: false; reason: string };

export interface CartPricing {
  calculations: Array<{ calculus: OrderCalculus; items: OrderItem[]; pricing: LinePricing }>;
  loose: Array<{ item: OrderItem; pricing: LinePricing }>;
}

/** Order item rows of priced lines: unit price without VAT, and with the order's VAT for display. */
export function itemRows(
  order: Pick<Order, 'id' | 'tax_percentage'>,
  lines: CartLine[],
  orderCalculusId: number | null = null,
): OrderItemRow[] {
  const tax = Number(order.tax_percentage);
  return lines.map((line) => ({
    order_id: order.id,
    order_calculus_id: orderCalculusId,
    kind: line.kind,
    product_name: line.description,
    number_of_items: line.quantity,
    quantity_purchased: line.quantity,
    quantity_to_ship: line.quantity,
    vat_exclusive_item_price: line.unit_price.toFixed(2),
    item_price: withVat(line.unit_price, tax).toFixed(2),
    weight_index: line.weight_index.toFixed(4),
    pool_cover_id: line.pool_cover_id,
    reinforcement_type_id: line.reinforcement_type_id,
    reel_diameter_id: line.reel_diameter_id,
    item_property_value_id: line.item_property_value_id,
    budget_calculus_item_id: line.budget_calculus_item_id,
    item_reference: line.kind === 'reel' ? null : line.reference,
    reel_reference: line.kind === 'reel' ? line.reference : null,
  }));
}

/** The catalogue request a loose line (a reel or an article) is priced from; none for anything else. */
function looseRequest(item: OrderItem, quantity: number): LineRequest | null {
  if (item.kind === 'reel' && item.reel_diameter_id) return { kind: 'reel', reel_diameter_id: item.reel_diameter_id, quantity };
  if (item.kind === 'item' && item.item_property_value_id)
    return { kind: 'item', item_property_value_id: item.item_property_value_id, quantity };
  return null;
}

/** A calculation's lines priced now (at the budget's accepted prices while they hold). Throws when it can no longer be sold. */
export async function priceCalculation(
  db: Queryable,
  ctx: ClientPricingContext,
  order: Order,
  calculus: OrderCalculus,
  origins?: BudgetOrigins,
): Promise<OrderItemRow[]> {
  origins ??= await budgetOrigins(db, [calculus], []);
  const lines = await priceLines(db, ctx, poolOf(calculus, Number(calculus.extra_distance)), [
    {
      kind: 'cover',
      pool_cover_id: calculus.pool_cover_id,
      reinforcement_type_id: calculus.reinforcement_type_id,
      quantity: calculus.quantity,
    },
  ]);
  const origin = calculus.budget_calculus_id === null ? undefined : origins.calculations.get(calculus.budget_calculus_id);
  // The accepted price is for the budget's pool: a calculation changed since is priced as it is now.
  const accepted = origin && origin.pool === poolKey(calculus, calculus.extra_distance) ? origin.lines : [];
  return itemRows(
    order,
    lines.map((line) =>
      atAcceptedPrice(
        line,
        accepted.find((a) => sameProduct(line, a.line)),
      ),
    ),
    calculus.id,
  );
}

/**
 * A reel or article line priced now for a quantity (at the budget's accepted price while it holds). Throws when it can no longer be sold.
 */
export async function priceLooseLine(
  db: Queryable,
  ctx: ClientPricingContext,
  order: Order,
  item: OrderItem,
  quantity = item.quantity_purchased,
  origins?: BudgetOrigins,
): Promise<OrderItemRow> {
  const request = looseRequest(item, quantity);
  if (!request) throw warning(Msg.lineNotSold);
  origins ??= await budgetOrigins(db, [], [item]);
  const [line] = await priceLines(db, ctx, null, [request]);
  const [row] = itemRows(order, [
    atAcceptedPrice(line, item.budget_calculus_item_id === null ? undefined : origins.lines.get(item.budget_calculus_item_id)),
  ]);
  return row;
}

/** A new reel or article line (the product lists) priced for the cart. */
export async function priceNewLine(db: Queryable, ctx: ClientPricingContext, order: Order, request: LineRequest): Promise<OrderItemRow> {
  const [line] = await priceLines(db, ctx, null, [request]);
  return itemRows(order, [{ ...line, budget_calculus_item_id: null }])[0];
}

/** A business rule's refusal (a product not offered, not available) is "can no longer be sold"; anything else is a fault. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.httpStatus === 400 || error.httpStatus === 409);

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
  for (const item of loose)
    priced.loose.push({
      item,
      pricing: await attempt(async () => [await priceLooseLine(db, ctx, order, item, item.quantity_purchased, origins)]),
    });
  return priced;
}

/** The lines of a priced cart that can no longer be sold. */
export function unsellableLines(priced: CartPricing): UnsellableLine[] {
  return [
    ...priced.calculations.flatMap(({ items, pricing }) =>
      pricing.ok ? [] : items.map((item) => ({ id: item.id, product_name: item.product_name, reason: pricing.reason })),
    ),
    ...priced.loose.flatMap(({ item, pricing }) =>
      pricing.ok ? [] : [{ id: item.id, product_name: item.product_name, reason: pricing.reason }],
    ),
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
