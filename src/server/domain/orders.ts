/**
 * Orders (docs/data.md; docs/business-rules.md): the cart (status_id 0, the user's current cart), its lines priced on
 * the server from the catalogue and the client's fare, cover calculations, finishing it for review,
 * the review status changes staff make, validation, totals and the public tracking view.
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { CalculationInput, CartBasics } from '../../shared/forms/order';
import { Msg } from '../../shared/messages';
import { OrderStatus, ReviewStatus, canChangeReview, orderStateLabel, reviewStatusOnFinish } from '../../shared/orders';
import type { CalculationSaved } from '../../shared/calculatorAnswers';
import type {
  AddressField,
  OrderDetailsSent,
  OrderLineKind,
  OrderLineSent,
  OrderListRow,
  OrderTotals,
  UnsellableLine,
} from '../../shared/orderViews';
import { totals, withVat } from '../../shared/pricing';
import type { Queryable, Tx } from '../db';
import {
  budget_calculus,
  budget_calculus_items,
  budgets,
  clients,
  order_calculus,
  order_items,
  order_status_history,
  orders,
  users,
} from '../db/tables';
import { Code } from '../../shared/codes';
import { ApiError, forbidden, invalid, notFound, parseRowId, warning } from '../errors';
import { writeAudit } from './audit';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { consignmentsOfOrder, progressOfOrder } from './logistics';
import { orderValidatedMails, queueNotices, type Notifier } from './mailNotices';
import {
  priceCalculation,
  priceCart,
  priceLooseLine,
  priceNewLine,
  pricingContext,
  totalsOf,
  unsellableLines,
  writeCartPrices,
  type ClientPricingContext,
  type LineRequest,
} from './pricing';

type Order = typeof orders.$inferSelect;
type OrderItem = typeof order_items.$inferSelect;
type OrderCalculus = typeof order_calculus.$inferSelect;
type Budget = typeof budgets.$inferSelect;
type BudgetCalculus = typeof budget_calculus.$inferSelect;
type BudgetLine = typeof budget_calculus_items.$inferSelect;

/** A cart and its client's pricing, read once per transaction and handed to every step that prices. */
export interface PricedCart { order: Order; ctx: ClientPricingContext }

/** An unguessable public tracking code (docs/business-rules.md): 80 random bits, upper-case hex. */
export const newTrackCode = () => crypto.randomBytes(10).toString('hex').toUpperCase();

// ---------------------------------------------------------------- access

/** The order, if the user may see it (a member: its own client's only); 404 otherwise. */
export async function findOrder(db: Queryable, user: SessionUser, id: unknown, lock = false): Promise<Order> {
  const numeric = parseRowId(id);
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, numeric), isAdmin(user) ? undefined : eq(orders.client_id, user.client_id ?? -1)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

function assertCart(order: Order) {
  if (order.status_id !== OrderStatus.cart) throw warning(Msg.orderFinished);
}

/** One row of the status history (the tracking page and the details show it). */
export async function recordState(tx: Tx, order: Pick<Order, 'id' | 'status_id' | 'order_review_status_id'>, userId: number | null) {
  await tx
    .insert(order_status_history)
    .values({ order_id: order.id, status_id: order.status_id, order_review_status_id: order.order_review_status_id, user_id: userId });
}

/** A new empty cart for the context's client, made the user's current cart. */
export async function newCart(tx: Tx, user: SessionUser, ctx: ClientPricingContext): Promise<Order> {
  const [order] = await tx
    .insert(orders)
    .values({
      client_id: ctx.client.id,
      user_id: user.id,
      status_id: OrderStatus.cart,
      track_code: newTrackCode(),
      invoicing_company_id: ctx.client.invoicing_company_id,
      tax_percentage: ctx.taxPercentage.toFixed(2),
      shipping_price: '0.00',
      lastest_modification_user_id: user.id,
    })
    .returning();
  await tx.update(users).set({ current_cart_order_id: order.id }).where(eq(users.id, user.id));
  await recordState(tx, order, user.id);
  await writeAudit(tx, user.id, 'order', order.id, 'create', null, order);
  return order;
}

/**
 * The cart order an accepted budget's calculation becomes (status_id 0), made the user's current cart:
 * the budget's buyer and shipping data, the calculation's pool with the chosen cover as its calculation,
 * its reels and articles as they were accepted; then every line priced the one way the cart prices
 * lines (at the budget's accepted prices while they hold). The budget's own change is the caller's.
 */
export async function orderFromBudget(
  tx: Tx, user: SessionUser, ctx: ClientPricingContext,
  { budget, calculus, lines }: { budget: Budget; calculus: BudgetCalculus; lines: BudgetLine[] },
  cover: { pool_cover_id: number; reinforcement_type_id: number | null; quantity: number },
): Promise<Order> {
  const [order] = await tx
    .insert(orders)
    .values({
      client_id: budget.client_id,
      user_id: budget.user_id ?? user.id,
      status_id: OrderStatus.cart,
      track_code: newTrackCode(),
      invoicing_company_id: ctx.client.invoicing_company_id,
      tax_percentage: ctx.taxPercentage.toFixed(2),
      shipping_price: '0.00',
      customer_info: budget.remark_OB1PCL,
      order_remark: calculus.remark ?? budget.remark,
      buyer_name: budget.buyer_name,
      buyer_email: budget.buyer_email,
      buyer_phone_number: budget.buyer_phone_number,
      buyer_address_1: budget.buyer_address_1,
      buyer_address_2: budget.buyer_address_2,
      buyer_city: budget.buyer_city,
      buyer_postal_code: budget.buyer_postal_code,
      buyer_province: budget.delivery_time_zone,
      buyer_country: budget.buyer_country,
      ship_name: budget.buyer_name,
      ship_address_1: budget.buyer_delivery_address_1 ?? budget.buyer_address_1,
      ship_address_2: budget.buyer_delivery_address_2,
      ship_city: budget.buyer_city,
      ship_postal_code: budget.buyer_postal_code,
      ship_province: budget.delivery_time_zone,
      ship_country: budget.buyer_country,
      lastest_modification_user_id: user.id,
    })
    .returning();
  await tx.insert(order_calculus).values({
    order_id: order.id,
    pool_subcategory_id: budget.pool_subcategory_id,
    pool_cover_type_id: budget.pool_cover_type_id,
    a: budget.a,
    b: budget.b,
    c: budget.c,
    d: budget.d,
    e: budget.e,
    rounded_corners: budget.rounded_corners,
    stairwell: budget.stairwell,
    extra_distance: calculus.extra_distance,
    pool_cover_id: cover.pool_cover_id,
    reinforcement_type_id: cover.reinforcement_type_id,
    quantity: cover.quantity,
    remark: calculus.remark,
    budget_calculus_id: calculus.id,
  });
  // Reels and articles as they were accepted; the cart prices every line below, in the one way it prices lines.
  const others = lines.filter((line) => line.kind === 'reel' || line.kind === 'item');
  if (others.length) {
    await tx.insert(order_items).values(
      others.map((line) => ({
        order_id: order.id,
        kind: line.kind,
        product_name: line.description,
        number_of_items: line.quantity,
        quantity_purchased: line.quantity,
        quantity_to_ship: line.quantity,
        vat_exclusive_item_price: line.unit_price,
        item_price: withVat(Number(line.unit_price), ctx.taxPercentage).toFixed(2),
        weight_index: line.weight_index,
        reel_diameter_id: line.reel_diameter_id,
        item_property_value_id: line.item_property_value_id,
        budget_calculus_item_id: line.id,
        item_reference: line.kind === 'reel' ? null : line.reference,
        reel_reference: line.kind === 'reel' ? line.reference : null,
      })),
    );
  }
  const cart = { order, ctx };
  await repriceCart(tx, cart);
  await refreshShipping(tx, cart);
  await tx.update(users).set({ current_cart_order_id: order.id }).where(eq(users.id, user.id));
  await recordState(tx, order, user.id);
  await writeAudit(tx, user.id, 'order', order.id, 'create', null, { ...order, from_budget: budget.id });
  return order;
}

/**
 * The cart a product goes into, with its client's pricing: the given cart order; else the user's
 * current cart when it is still a cart of the same client; else a new cart (a member's own client;
 * staff must name the client).
 */
export async function cartFor(
  tx: Tx,
  user: SessionUser,
  target: { order_id?: number | null; client_id?: number | null },
): Promise<PricedCart> {
  if (target.order_id) {
    const order = await findOrder(tx, user, target.order_id, true);
    assertCart(order);
    return { order, ctx: await pricingContext(tx, order.client_id) };
  }
  const clientId = isAdmin(user) ? target.client_id : user.client_id;
  if (!clientId) throw invalid({ client_id: Msg.client });
  const [me] = await tx.select({ cart: users.current_cart_order_id }).from(users).where(eq(users.id, user.id));
  if (me?.cart) {
    const [current] = await tx.select().from(orders).where(eq(orders.id, me.cart)).for('update');
    if (current && current.status_id === OrderStatus.cart && current.client_id === clientId)
      return { order: current, ctx: await pricingContext(tx, clientId) };
  }
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw invalid({ client_id: Msg.referenceMissing });
  const ctx = await pricingContext(tx, clientId);
  return { order: await newCart(tx, user, ctx), ctx };
}

// ---------------------------------------------------------------- lines

const lineTotal = (item: Pick<OrderItem, 'vat_exclusive_item_price' | 'quantity_purchased'>) =>
  Math.round(Number(item.vat_exclusive_item_price) * 100) * item.quantity_purchased;

/** Recomputes the cart's shipping from its lines and the client (free from the threshold), unless staff fixed it. */
export async function refreshShipping(tx: Tx, { order, ctx }: PricedCart) {
  const [current] = await tx.select({ fixed: orders.shipping_price_fixed }).from(orders).where(eq(orders.id, order.id));
  if (current?.fixed) return;
  const items = await tx.select().from(order_items).where(eq(order_items.order_id, order.id));
  const sums = totalsOf(items.map((i) => ({ item_price: lineTotal(i) / 100 })), ctx);
  await tx.update(orders).set({ shipping_price: sums.shipping.toFixed(2), updated_at: new Date() }).where(eq(orders.id, order.id));
}

/** Adds a reel diameter or an article variation to a cart (the product wizards). */
export async function addToCart(
  tx: Tx,
  user: SessionUser,
  target: { order_id?: number | null; client_id?: number | null },
  request: LineRequest,
) {
  if (request.kind === 'cover') throw invalid({ kind: Msg.invalidBody });
  const cart = await cartFor(tx, user, target);
  const { order, ctx } = cart;
  const [item] = await tx
    .insert(order_items)
    .values(await priceNewLine(tx, ctx, order, request))
    .returning();
  await refreshShipping(tx, cart);
  await writeAudit(tx, user.id, 'orderItem', item.id, 'create', null, item);
  return order.id;
}

const calculationRow = (input: CalculationInput) => ({
  pool_subcategory_id: input.pool_subcategory_id,
  pool_cover_type_id: input.pool_cover_type_id,
  a: input.a.toFixed(2),
  b: input.b.toFixed(2),
  c: input.c == null ? null : input.c.toFixed(2),
  d: input.d == null ? null : input.d.toFixed(2),
  e: input.e == null ? null : input.e.toFixed(2),
  rounded_corners: input.rounded_corners,
  stairwell: input.stairwell,
  extra_distance: (input.extra_distance ?? 0).toFixed(2),
  pool_cover_id: input.pool_cover_id,
  reinforcement_type_id: input.reinforcement_type_id ?? null,
  quantity: input.quantity,
  remark: input.remark ?? null,
});

/** Prices a calculation's cover lines (cover, reinforcement, confección) and writes them for the order. */
async function writeCalculationLines(tx: Tx, { order, ctx }: PricedCart, calculus: OrderCalculus) {
  const rows = await priceCalculation(tx, ctx, order, calculus);
  await tx.delete(order_items).where(eq(order_items.order_calculus_id, calculus.id));
  await tx.insert(order_items).values(rows);
}

/** createWithOrderCalculus: a cover calculation into a cart (made when there is none), in one transaction. */
export async function addCalculation(
  tx: Tx,
  user: SessionUser,
  target: { order_id?: number | null; client_id?: number | null },
  input: CalculationInput,
): Promise<CalculationSaved> {
  const cart = await cartFor(tx, user, target);
  const { order } = cart;
  const [calculus] = await tx
    .insert(order_calculus)
    .values({ order_id: order.id, ...calculationRow(input) })
    .returning();
  await writeCalculationLines(tx, cart, calculus);
  await refreshShipping(tx, cart);
  await writeAudit(tx, user.id, 'orderCalculus', calculus.id, 'create', null, calculus);
  return { order_id: order.id, order_calculus_id: calculus.id };
}

export async function findCalculation(db: Queryable, user: SessionUser, id: unknown) {
  const numeric = parseRowId(id);
  const [calculus] = await db.select().from(order_calculus).where(eq(order_calculus.id, numeric));
  if (!calculus) throw notFound();
  return { calculus, order: await findOrder(db, user, calculus.order_id) };
}

/** The edit calculator: a calculation of a cart changed and priced again. */
export async function updateCalculation(tx: Tx, user: SessionUser, id: unknown, input: CalculationInput): Promise<CalculationSaved> {
  const { calculus, order } = await findCalculation(tx, user, id);
  assertCart(order);
  const [updated] = await tx
    .update(order_calculus)
    .set({ ...calculationRow(input), updated_at: new Date() })
    .where(eq(order_calculus.id, calculus.id))
    .returning();
  const cart = { order, ctx: await pricingContext(tx, order.client_id) };
  await writeCalculationLines(tx, cart, updated);
  await refreshShipping(tx, cart);
  await writeAudit(tx, user.id, 'orderCalculus', calculus.id, 'update', calculus, updated);
  return { order_id: order.id, order_calculus_id: calculus.id };
}

/** A line's quantity (min 1): a calculation's line changes the whole calculation (its covers). */
export async function changeQuantity(tx: Tx, user: SessionUser, itemId: unknown, quantity: number) {
  const [item] = await tx.select().from(order_items).where(eq(order_items.id, parseRowId(itemId)));
  if (!item) throw notFound();
  const order = await findOrder(tx, user, item.order_id, true);
  assertCart(order);
  const cart = { order, ctx: await pricingContext(tx, order.client_id) };
  if (item.order_calculus_id) {
    const [calculus] = await tx
      .update(order_calculus)
      .set({ quantity, updated_at: new Date() })
      .where(eq(order_calculus.id, item.order_calculus_id))
      .returning();
    await writeCalculationLines(tx, cart, calculus);
  } else {
    const line = await priceLooseLine(tx, cart.ctx, order, item, quantity);
    await tx.update(order_items).set({ ...line, updated_at: new Date() }).where(eq(order_items.id, item.id));
  }
  await refreshShipping(tx, cart);
  await writeAudit(tx, user.id, 'orderItem', item.id, 'update', { quantity: item.quantity_purchased }, { quantity });
  return order.id;
}

/**
 * Removes a line from a cart; a calculation's line takes its calculation (all its lines) with it.
 * With the cart already in hand (finishing it), a line gone with its calculation is nothing to do.
 */
export async function removeCartLine(tx: Tx, user: SessionUser, itemId: unknown, cart?: PricedCart) {
  const [item] = await tx.select().from(order_items).where(eq(order_items.id, parseRowId(itemId)));
  if (!item && cart) return cart.order.id;
  if (!item) throw notFound();
  const order = cart?.order ?? await findOrder(tx, user, item.order_id, true);
  assertCart(order);
  if (item.order_calculus_id) await tx.delete(order_calculus).where(eq(order_calculus.id, item.order_calculus_id));
  else await tx.delete(order_items).where(eq(order_items.id, item.id));
  await refreshShipping(tx, cart ?? { order, ctx: await pricingContext(tx, order.client_id) });
  await writeAudit(tx, user.id, 'orderItem', item.id, 'delete', item, null);
  return order.id;
}

/** Prices every line of a cart again; returns the lines that can no longer be sold (left as they were). */
export async function repriceCart(tx: Tx, { order, ctx }: PricedCart): Promise<UnsellableLine[]> {
  return writeCartPrices(tx, await priceCart(tx, ctx, order));
}

/**
 * updateOrderCartBasicDataAndRecalculateOrderItemPrices: the cart's remark, and for staff its VAT,
 * invoicing company and shipping (a price fixes it; null gives it back to the client's rule), audited.
 * A member's VAT, company and shipping are always its client's, whatever it sends. Every line is
 * priced again.
 */
export async function updateCartBasics(tx: Tx, user: SessionUser, basics: CartBasics) {
  let order = await findOrder(tx, user, basics.order_id, true);
  assertCart(order);
  const ctx = await pricingContext(tx, order.client_id);
  const unsellable = await repriceCart(tx, { order, ctx });
  const staff = isAdmin(user);
  const values: Partial<Order> = { lastest_modification_user_id: user.id, updated_at: new Date() };
  if (basics.order_remark !== undefined) values.order_remark = basics.order_remark;
  if (!staff)
    Object.assign(values, {
      tax_percentage: ctx.taxPercentage.toFixed(2),
      invoicing_company_id: ctx.client.invoicing_company_id,
      shipping_price_fixed: false,
    });
  else {
    // A VAT left out keeps the cart's; sent blank it is refused by cartBasicsForm («Introduzca el IVA»).
    if (basics.tax_percentage != null) values.tax_percentage = basics.tax_percentage.toFixed(2);
    if (basics.invoicing_company_id) values.invoicing_company_id = basics.invoicing_company_id;
    if (basics.shipping_price !== undefined) {
      values.shipping_price_fixed = basics.shipping_price !== null;
      if (basics.shipping_price !== null) values.shipping_price = basics.shipping_price.toFixed(2);
    }
  }
  [order] = await tx.update(orders).set(values).where(eq(orders.id, order.id)).returning();
  // The VAT shown per line follows the order's VAT.
  const items = await tx.select().from(order_items).where(eq(order_items.order_id, order.id));
  for (const item of items) {
    await tx
      .update(order_items)
      .set({ item_price: withVat(Number(item.vat_exclusive_item_price), Number(order.tax_percentage)).toFixed(2) })
      .where(eq(order_items.id, item.id));
  }
  await refreshShipping(tx, { order, ctx });
  const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
  await writeAudit(tx, user.id, 'order', order.id, 'update', null, {
    shipping_price: after.shipping_price,
    tax_percentage: after.tax_percentage,
    invoicing_company_id: after.invoicing_company_id,
    order_remark: after.order_remark,
  });
  return { order: after, unsellable, ctx };
}

/** The buyer, shipping and delivery data finishing a cart writes (orderAddressForm), with the remark. */
export type OrderAddress = Partial<Record<AddressField | 'order_remark', string | null>>;

/** "Ya no se pueden vender: A, B": the lines a user must agree to lose. */
export const unsellableMessage = (lines: UnsellableLine[]) => `${Msg.linesNotSold}: ${lines.map((l) => l.product_name).join(', ')}`;

/**
 * finishOrderCartAndChangeOrderReviewStatus: a cart with lines becomes an order to review (status 1,
 * review 2), or the review status staff force. Nobody's current cart any more. Lines that can no
 * longer be sold are removed only when the user confirmed exactly those (`remove_line_ids`);
 * otherwise the cart is left as it was and the answer names them (409, `error.unsellable`).
 */
export async function finishCart(
  tx: Tx,
  user: SessionUser,
  request: CartBasics & { address: OrderAddress; force?: boolean; review_status_to_force?: number | null; remove_line_ids?: number[] },
) {
  const { order, unsellable, ctx } = await updateCartBasics(tx, user, request);
  if (unsellable.length) {
    const confirmed = new Set(request.remove_line_ids ?? []);
    if (!unsellable.every((line) => confirmed.has(line.id)))
      throw new ApiError(Code.warning, 409, unsellableMessage(unsellable), { unsellable });
    for (const line of unsellable) await removeCartLine(tx, user, line.id, { order, ctx });
  }
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(order_items)
    .where(eq(order_items.order_id, order.id));
  if (n === 0) throw warning(Msg.cartEmpty);
  const review = isAdmin(user) && request.force ? reviewStatusOnFinish(request.review_status_to_force) : ReviewStatus.toReview;
  const [finished] = await tx
    .update(orders)
    .set({
      ...request.address,
      status_id: OrderStatus.finished,
      order_review_status_id: review,
      finished_at: new Date(),
      lastest_modification_user_id: user.id,
      updated_at: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.update(users).set({ current_cart_order_id: null }).where(eq(users.current_cart_order_id, order.id));
  await recordState(tx, finished, user.id);
  await writeAudit(tx, user.id, 'order', order.id, 'update', order, finished);
  return { order: finished, unsellable };
}

/** A review status change by staff, along REVIEW_TRANSITIONS. */
export async function changeReviewStatus(tx: Tx, user: SessionUser, orderId: unknown, to: number) {
  if (!isAdmin(user)) throw forbidden();
  const order = await findOrder(tx, user, orderId, true);
  if (order.status_id === OrderStatus.cart) throw warning(Msg.orderIsCart);
  if (!canChangeReview(order.order_review_status_id, to)) throw invalid({ order_review_status_id: Msg.reviewTransition });
  const [updated] = await tx
    .update(orders)
    .set({ order_review_status_id: to, lastest_modification_user_id: user.id, updated_at: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await recordState(tx, updated, user.id);
  await writeAudit(
    tx,
    user.id,
    'order',
    order.id,
    'update',
    { order_review_status_id: order.order_review_status_id },
    { order_review_status_id: to },
  );
  return updated;
}

/** validateClientOrder: staff mark a finished order valid on a date; the first time, its client's members are told by mail. */
export async function validateOrder(tx: Tx, user: SessionUser, orderId: unknown, date: Date, notifier: Notifier) {
  if (!isAdmin(user)) throw forbidden();
  const order = await findOrder(tx, user, orderId, true);
  if (order.status_id === OrderStatus.cart) throw warning(Msg.orderIsCart);
  const [updated] = await tx
    .update(orders)
    .set({ is_valid: true, validated_date: date, lastest_modification_user_id: user.id, updated_at: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await writeAudit(
    tx,
    user.id,
    'order',
    order.id,
    'update',
    { is_valid: order.is_valid, validated_date: order.validated_date },
    { is_valid: true, validated_date: date },
  );
  // Members are told once, when the order becomes valid (not when its validation date is corrected).
  if (!order.is_valid) await queueNotices(tx, notifier, (db) => orderValidatedMails(db, notifier.publicUrl, order.id));
  return updated;
}

// ---------------------------------------------------------------- reading

/** Totals of an order: VAT-exclusive lines, its shipping and VAT (docs/business-rules.md), and the weight. */
export function orderTotals(order: Pick<Order, 'shipping_price' | 'tax_percentage'>, items: OrderItem[]): OrderTotals {
  const sums = totals({
    lines: items.map((i) => ({ cents: lineTotal(i) })),
    shipPrice: Number(order.shipping_price),
    freeShippingThreshold: null,
    taxPercentage: Number(order.tax_percentage),
  });
  const weight = Math.round(items.reduce((w, i) => w + Number(i.weight_index), 0) * 1e4) / 1e4;
  return {
    subtotal: sums.subtotal,
    shipping: sums.shipping,
    tax_percentage: Number(order.tax_percentage),
    vat: sums.vat,
    total: sums.total,
    weight,
  };
}

/**
 * What an order list row reads besides its columns, in the page's own statement: its lines' cents
 * (price × quantity, as `lineTotal`), its shipping and its VAT rate; `withOrderTotal` makes the total.
 */
export const orderTotalColumns = {
  _lines_cents: sql<string>`${new QueryBuilder()
    .select({ cents: sql`coalesce(sum(round(${order_items.vat_exclusive_item_price} * 100) * ${order_items.quantity_purchased}), 0)` })
    .from(order_items).where(eq(order_items.order_id, orders.id))}`,
  _shipping: sql<string>`${orders.shipping_price}`,
  _tax: sql<string>`${orders.tax_percentage}`,
};

/** A list row as the engine reads it: the schema's `listRow` columns and the parts of its total (`orderTotalColumns`). */
type ListedOrder = Omit<OrderListRow, 'total'> & Record<keyof typeof orderTotalColumns, string>;

/** A listed order with its total (lines, shipping and VAT, as its details say) instead of the parts it was read from. */
export function withOrderTotal(listed: ListedOrder): OrderListRow {
  // Copied key by key: V8's object rest leaves a slow object, dearer to build and to serialise (documents.ts).
  const row: Record<string, unknown> = {};
  for (const key in listed) if (!(key in orderTotalColumns)) row[key] = listed[key as keyof ListedOrder];
  row.total = totals({
    lines: [{ cents: Number(listed._lines_cents) }],
    shipPrice: Number(listed._shipping),
    freeShippingThreshold: null,
    taxPercentage: Number(listed._tax),
  }).total;
  return row as OrderListRow;
}

/** A stored line as an order's details send it, before its production progress and sale check. */
const apiItem = (item: OrderItem): Omit<OrderLineSent, 'steps_done' | 'steps_total' | 'unsellable'> => ({
  // The column is text; lines are only ever written with a priced line's kind or 'migrated'.
  ...item,
  kind: item.kind as OrderLineKind,
  vat_exclusive_item_price: Number(item.vat_exclusive_item_price),
  item_price: Number(item.item_price),
  weight_index: Number(item.weight_index),
  amount: lineTotal(item) / 100,
});

/**
 * An order with its lines, calculations, totals, status history and client name. A cart's lines say
 * whether they can still be sold (`unsellable`: why not), so the cart shows it before anything goes.
 */
export async function orderDetails(db: Queryable, user: SessionUser, id: unknown): Promise<OrderDetailsSent> {
  const order = await findOrder(db, user, id);
  const unsellable
    = order.status_id === OrderStatus.cart
      ? new Map(
          unsellableLines(await priceCart(db, await pricingContext(db, order.client_id), order)).map((line) => [line.id, line.reason]),
        )
      : new Map<number, string>();
  const [items, calculations, history, [client], progress] = await Promise.all([
    db.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id)),
    db.select().from(order_calculus).where(eq(order_calculus.order_id, order.id)).orderBy(asc(order_calculus.id)),
    db.select().from(order_status_history).where(eq(order_status_history.order_id, order.id)).orderBy(asc(order_status_history.id)),
    db.select({ name: clients.name }).from(clients).where(eq(clients.id, order.client_id)),
    progressOfOrder(db, order.id),
  ]);
  // The production and consignment counters are the triggers' bookkeeping (the dashboard's), not the order's data.
  const { items_by_steps_done: _steps, in_consignment: _inConsignment, ...fields } = order;
  return {
    ...fields,
    shipping_price: Number(order.shipping_price),
    tax_percentage: Number(order.tax_percentage),
    client_name: client?.name ?? null,
    state: orderStateLabel(order.status_id, order.order_review_status_id),
    order_items: items.map((item) => ({
      ...apiItem(item),
      steps_done: progress.done[item.id] ?? 0,
      steps_total: progress.total,
      unsellable: unsellable.get(item.id) ?? null,
    })),
    order_calculus: calculations.map((c) => ({
      ...c,
      a: Number(c.a),
      b: Number(c.b),
      c: c.c === null ? null : Number(c.c),
      d: c.d === null ? null : Number(c.d),
      e: c.e === null ? null : Number(c.e),
      extra_distance: Number(c.extra_distance),
    })),
    history: history.map((h) => ({
      date: h.created_at.toISOString(),
      state: orderStateLabel(h.status_id, h.order_review_status_id),
      user_id: h.user_id,
    })),
    totals: orderTotals(order, items),
  };
}

/** How many finished orders wait for review (the staff banner). */
export async function ordersToReview(db: Queryable) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status_id, OrderStatus.finished), eq(orders.order_review_status_id, ReviewStatus.toReview)));
  return n;
}

/** The public tracking view: state, history and dates only — nothing personal (docs/business-rules.md). */
export async function trackOrder(db: Queryable, code: string) {
  const clean = code.trim().toUpperCase();
  if (!/^[0-9A-F]{20}$/.test(clean)) throw notFound(Msg.trackCodeUnknown);
  const [order] = await db.select().from(orders).where(eq(orders.track_code, clean));
  if (!order) throw notFound(Msg.trackCodeUnknown);
  const history = await db
    .select()
    .from(order_status_history)
    .where(eq(order_status_history.order_id, order.id))
    .orderBy(asc(order_status_history.id));
  return {
    track_code: order.track_code, order_id: order.id, state: orderStateLabel(order.status_id, order.order_review_status_id),
    created_at: order.created_at.toISOString(), finished_at: order.finished_at?.toISOString() ?? null,
    delivery_date: order.delivery_date, validated_date: order.validated_date?.toISOString() ?? null,
    history: history.map((h) => ({ date: h.created_at.toISOString(), state: orderStateLabel(h.status_id, h.order_review_status_id) })),
    consignments: await consignmentsOfOrder(db, order.id),
  };
}
