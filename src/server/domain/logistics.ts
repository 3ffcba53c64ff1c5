/**
 * Consignments (orders sent together), the delivery calendar and traceability: production steps an
 * order item goes through, read and advanced through the item's bar code (docs/screens.md, docs/business-rules.md).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { Msg } from '../../shared/messages';
import { OrderStatus, orderStateLabel } from '../../shared/orders';
import type { OrderSummary } from '../../shared/logistics';
import type { BarcodeView, ProductionStepView } from '../../shared/publicAnswers';
import type { Bound, Queryable, Tx } from '../db';
import {
  clients, consignment_orders, consignments, order_calculus, order_item_steps, order_items, orders, production_steps, users,
} from '../db/tables';
import { invalid, notFound, parseRowId, warning } from '../errors';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { writeAudit } from './audit';
import type { Row } from './records';
import type { Binder } from './records/binding';

// ---------------------------------------------------------------- consignments

/** Adds `order_ids` to consignment records; a member only learns of its own client's orders. */
export async function withConsignmentOrders(db: Queryable, records: Row[], user?: SessionUser): Promise<Row[]> {
  const ids = records.map((r) => r.id as number);
  if (!ids.length) return records;
  const mine = user && !isAdmin(user)
    ? inArray(consignment_orders.order_id, sql`(select ${orders.id} from ${orders} where ${orders.client_id} = ${user.client_id ?? -1})`)
    : undefined;
  const links = await db
    .select()
    .from(consignment_orders)
    .where(and(inArray(consignment_orders.consignment_id, ids), mine))
    .orderBy(asc(consignment_orders.order_id));
  return records.map((r) => ({ ...r, order_ids: links.filter((l) => l.consignment_id === r.id).map((l) => l.order_id) }));
}

/** What `withConsignmentOrders` adds, read in a list page's own statement: the orders, in order; a member's own only. */
export function listedConsignmentOrders(user: SessionUser, binder: Binder) {
  const staff = isAdmin(user);
  const clientId = staff ? undefined : binder.bind(user.client_id ?? -1) as number;
  // A builder's conditions name their tables (a bare sql`` column would read the inner table's own "id").
  const carried = () => new QueryBuilder()
    .select({ ids: sql`coalesce(json_agg(${consignment_orders.order_id} order by ${consignment_orders.order_id}), '[]')` })
    .from(consignment_orders)
    .where(and(
      eq(consignment_orders.consignment_id, consignments.id),
      clientId === undefined ? undefined : inArray(consignment_orders.order_id, new QueryBuilder().select({ id: orders.id }).from(orders)
        .where(eq(orders.client_id, clientId))),
    ));
  return { variant: staff ? 'staff' : 'member', columns: () => ({ order_ids: sql`(${carried()})` }), shape: (record: Row) => record };
}

/** The consignments a member may see: those carrying one of its client's orders. */
export const memberConsignments = (clientId: Bound<number>) =>
  inArray(
    consignments.id,
    sql`(select ${consignment_orders.consignment_id} from ${consignment_orders}
      join ${orders} on ${orders.id} = ${consignment_orders.order_id} where ${orders.client_id} = ${clientId})`,
  );

/**
 * Makes the consignment's orders exactly `orderIds`: only finished orders; an order already in another
 * consignment moves to this one (an order is in at most one).
 */
export async function syncConsignmentOrders(tx: Tx, consignmentId: number, orderIds: number[]) {
  const wanted = [...new Set(orderIds)];
  const found = await tx.select({ id: orders.id, status: orders.status_id }).from(orders).where(inArray(orders.id, wanted));
  if (found.length !== wanted.length) throw invalid({ order_ids: Msg.referenceMissing });
  if (found.some((o) => o.status !== OrderStatus.finished)) throw invalid({ order_ids: Msg.consignmentOrderNotFinished });
  const before = await tx
    .select({ id: consignment_orders.order_id })
    .from(consignment_orders)
    .where(eq(consignment_orders.consignment_id, consignmentId));
  await tx.delete(consignment_orders).where(eq(consignment_orders.consignment_id, consignmentId));
  await tx.insert(consignment_orders).values(wanted.map((order_id) => ({ consignment_id: consignmentId, order_id })))
    .onConflictDoUpdate({ target: consignment_orders.order_id, set: { consignment_id: consignmentId } });
  await refreshShipped(tx, [...before.map((o) => o.id), ...wanted]);
}

/** A consignment about to be deleted lets its orders go: they are no longer shipped. */
export async function releaseConsignmentOrders(tx: Tx, consignmentId: number) {
  const released = await tx
    .delete(consignment_orders)
    .where(eq(consignment_orders.consignment_id, consignmentId))
    .returning({ id: consignment_orders.order_id });
  await refreshShipped(tx, released.map((o) => o.id));
}

/** An order's items count as shipped (`quantity_shipped` = what was to ship) while the order is in a consignment; else nothing is. */
async function refreshShipped(tx: Tx, orderIds: number[]) {
  if (!orderIds.length) return;
  const inConsignment = sql`exists (select 1 from ${consignment_orders} where ${consignment_orders.order_id} = ${order_items.order_id})`;
  await tx.update(order_items).set({ quantity_shipped: sql`case when ${inConsignment} then ${order_items.quantity_to_ship} else 0 end` })
    .where(inArray(order_items.order_id, [...new Set(orderIds)]));
}

/** What the order calendar and consignment pages show of an order. */
async function orderSummaries(db: Queryable, where: ReturnType<typeof and>): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      client_id: orders.client_id,
      client_name: clients.name,
      customer_info: orders.customer_info,
      delivery_date: orders.delivery_date,
      status_id: orders.status_id,
      order_review_status_id: orders.order_review_status_id,
      ship_city: orders.ship_city,
      consignment_id: consignment_orders.consignment_id,
      receiving_from: clients.receiving_from,
      receiving_until: clients.receiving_until,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.client_id))
    .leftJoin(consignment_orders, eq(consignment_orders.order_id, orders.id))
    .where(where)
    .orderBy(asc(orders.delivery_date), asc(orders.id));
  return rows.map((r) => ({ ...r, state: orderStateLabel(r.status_id, r.order_review_status_id) }));
}

const scopeOrders = (user: SessionUser) => (isAdmin(user) ? undefined : eq(orders.client_id, user.client_id ?? -1));

/** getClientOrdersInDay: finished orders delivered on a day (YYYY-MM-DD); a member gets its own only. */
export function ordersInDay(db: Queryable, user: SessionUser, day: string) {
  return ordersBetween(db, user, day, day);
}

/** Finished orders delivered between two days, both included (the calendar's month and week views). */
export function ordersBetween(db: Queryable, user: SessionUser, from: string, to: string) {
  return orderSummaries(
    db,
    and(
      eq(orders.status_id, OrderStatus.finished),
      gte(orders.delivery_date, `${from} 00:00:00`),
      lte(orders.delivery_date, `${to} 23:59:59`),
      scopeOrders(user),
    ),
  );
}

/** getConsignmentOrders: a consignment's orders; a member gets its own only (and 404 for another's consignment). */
export async function consignmentOrders(db: Queryable, user: SessionUser, consignmentId: unknown) {
  const id = parseRowId(consignmentId);
  const [found] = await db
    .select({ id: consignments.id })
    .from(consignments)
    .where(and(eq(consignments.id, id), isAdmin(user) ? undefined : memberConsignments(user.client_id ?? -1)));
  if (!found) throw notFound();
  return orderSummaries(db, and(eq(consignment_orders.consignment_id, id), scopeOrders(user)));
}

/** The consignments of an order (date, carrier, tracking number): shown on the public tracking page. */
export async function consignmentsOfOrder(db: Queryable, orderId: number) {
  const rows = await db
    .select({ date: consignments.date, carrier: consignments.carrier, tracking_number: consignments.tracking_number })
    .from(consignment_orders)
    .innerJoin(consignments, eq(consignments.id, consignment_orders.consignment_id))
    .where(eq(consignment_orders.order_id, orderId));
  return rows;
}

// ---------------------------------------------------------------- traceability

/**
 * An order item by its bar code, with its order and every production step (done or not). Who did each
 * step is for `staff` only: a label is read by anyone who holds the cover, and a worker's name is not theirs to see.
 * So is a cover's pool (the workshop cuts from it): anyone else's answer has no `pool` at all.
 */
export async function barcodeView(db: Queryable, code: string, { staff }: { staff: boolean }): Promise<BarcodeView> {
  const clean = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{1,20}$/.test(clean)) throw notFound(Msg.barcodeUnknown);
  const [row] = await db
    .select({ item: order_items, order: orders })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(eq(order_items.barcode, clean));
  if (!row) throw notFound(Msg.barcodeUnknown);
  const [steps, done] = await Promise.all([
    db.select().from(production_steps).orderBy(asc(production_steps.position), asc(production_steps.id)),
    db
      .select({ step: order_item_steps, first_name: users.first_name })
      .from(order_item_steps)
      .leftJoin(users, eq(users.id, order_item_steps.user_id))
      .where(eq(order_item_steps.order_item_id, row.item.id)),
  ]);
  const view = steps.map((step): ProductionStepView => {
    const mark = done.find((d) => d.step.production_step_id === step.id);
    return {
      id: step.id,
      name: step.name,
      position: step.position,
      done_at: mark?.step.done_at.toISOString() ?? null,
      done_by: staff ? (mark?.first_name ?? null) : null,
    };
  });
  const answer = {
    barcode: row.item.barcode,
    product_name: row.item.product_name,
    quantity: row.item.quantity_purchased,
    reference: row.item.item_reference ?? row.item.reel_reference,
    order: {
      id: row.order.id,
      status_id: row.order.status_id,
      state: orderStateLabel(row.order.status_id, row.order.order_review_status_id),
      delivery_date: row.order.delivery_date,
    },
    steps: view,
    next_step_id: view.find((s) => !s.done_at)?.id ?? null,
  };
  return staff ? { ...answer, pool: await poolOfItem(db, row.item) } : answer;
}

/** The pool of a made-to-measure cover line, from its order calculation; null for any other line. */
async function poolOfItem(db: Queryable, item: typeof order_items.$inferSelect): Promise<BarcodeView['pool']> {
  if (item.kind !== 'cover' || item.order_calculus_id === null) return null;
  const [calculation] = await db.select().from(order_calculus).where(eq(order_calculus.id, item.order_calculus_id));
  if (!calculation) return null;
  const metres = (value: string | null) => (value === null ? null : Number(value));
  return {
    a: Number(calculation.a), b: Number(calculation.b),
    c: metres(calculation.c), d: metres(calculation.d), e: metres(calculation.e),
    stairwell: calculation.stairwell,
    rounded_corners: calculation.rounded_corners,
    extra_distance: Number(calculation.extra_distance),
  };
}

/** A mark's time from the phone may run this far ahead of the server's clock (phones' clocks drift). */
const MARK_CLOCK_SKEW_MS = 2 * 60_000;
/**
 * How old a mark sent late (kept on a phone without network) may be. Older, the worker is asked to mark it
 * again: after days the item has likely moved on, and the time record the office checks is closed.
 * Messages say «3 días»: keep them in step.
 */
const MARK_MAX_AGE_MS = 3 * 24 * 60 * 60_000;

interface MarkRequest {
  code: string;
  /** The step the phone saw as next; a mark of a step already done is refused rather than marking the one after. */
  stepId?: number;
  /** The phone's key for this mark: sent again, it finds the first mark and records nothing new. */
  key?: string;
  /** When the mark was made on the phone; the step's time (else now). */
  madeAt?: Date;
}

/** A mark's phone time, checked against the server's clock: not in the future, not days old (issue 44). */
function checkMadeAt(madeAt: Date, now: Date): void {
  if (madeAt.getTime() > now.getTime() + MARK_CLOCK_SKEW_MS) throw invalid({ made_at: Msg.madeAtFuture });
  if (madeAt.getTime() < now.getTime() - MARK_MAX_AGE_MS) throw invalid({ made_at: Msg.madeAtTooOld });
}

/**
 * Marks the item's next undone step done, recording who and when (staff only). The item's row is locked
 * before anything is read, so marks of one item run one after another: of ten phones marking the same
 * step at once, one records it and the others are told it was already marked.
 */
export async function markNextStep(tx: Tx, user: SessionUser, mark: MarkRequest): Promise<BarcodeView> {
  const clean = mark.code.trim().toUpperCase();
  if (!/^[0-9A-Z]{1,20}$/.test(clean)) throw notFound(Msg.barcodeUnknown);
  const [item] = await tx.select({ id: order_items.id }).from(order_items).where(eq(order_items.barcode, clean)).for('update');
  if (!item) throw notFound(Msg.barcodeUnknown);
  if (mark.key) {
    // The same mark again (its answer was lost): answered as the first time, nothing recorded.
    const [first] = await tx
      .select({ item: order_item_steps.order_item_id })
      .from(order_item_steps)
      .where(eq(order_item_steps.idempotency_key, mark.key));
    if (first?.item === item.id) return barcodeView(tx, clean, { staff: true });
    if (first) throw invalid({ idempotency_key: Msg.markKeyInvalid });
  }
  if (mark.madeAt) checkMadeAt(mark.madeAt, new Date());
  const view = await barcodeView(tx, clean, { staff: true });
  // Production starts once the order is finished, not while it is still a cart.
  if (view.order.status_id === OrderStatus.cart) throw warning(Msg.orderIsCart);
  if (mark.stepId !== undefined) {
    const step = view.steps.find((s) => s.id === mark.stepId);
    if (step?.done_at) throw warning(Msg.stepAlreadyMarked);
    if (!view.next_step_id) throw warning(Msg.stepsDone);
    if (mark.stepId !== view.next_step_id) throw warning(Msg.stepNotNext);
  }
  if (!view.next_step_id) throw warning(Msg.stepsDone);
  const [recorded] = await tx
    .insert(order_item_steps)
    .values({
      order_item_id: item.id,
      production_step_id: view.next_step_id,
      user_id: user.id,
      idempotency_key: mark.key ?? null,
      ...(mark.madeAt ? { done_at: mark.madeAt } : {}),
    })
    .onConflictDoNothing()
    .returning();
  // Only if the step was recorded between the lock and here (it cannot be while the lock holds): said, not hidden.
  if (!recorded) throw warning(Msg.stepAlreadyMarked);
  await writeAudit(tx, user.id, 'orderItemStep', recorded.id, 'create', null, recorded);
  return barcodeView(tx, clean, { staff: true });
}

/** Steps done per item of an order, for the order details (progress). */
export async function progressOfOrder(db: Queryable, orderId: number) {
  const [[{ total }], done] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(production_steps),
    db
      .select({ item: order_item_steps.order_item_id, n: sql<number>`count(*)::int` })
      .from(order_item_steps)
      .innerJoin(order_items, eq(order_items.id, order_item_steps.order_item_id))
      .where(eq(order_items.order_id, orderId))
      .groupBy(order_item_steps.order_item_id),
  ]);
  return { total, done: Object.fromEntries(done.map((d) => [d.item, d.n])) as Record<number, number> };
}
