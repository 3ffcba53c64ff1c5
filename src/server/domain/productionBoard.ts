/**
 * The workshop's production board (issue 44): the items in production — of finished orders not yet in a
 * consignment — by the step each waits for, oldest first, and the signal that production changed.
 *
 * The signal is the database's: migration 0017 sends a NOTIFY on PRODUCTION_CHANNEL from a trigger on
 * order_item_steps, so every writer of a step is heard. With PostgreSQL every instance LISTENs on the one
 * server and hears every other instance's marks; PGlite runs in one process only. Redis carries nothing
 * here: relaying the NOTIFY through it would only deliver each change twice.
 */
import { asc, eq, and, sql } from 'drizzle-orm';
import { dayAfter, madridToday } from '../../shared/madrid';
import { OrderStatus } from '../../shared/orders';
import { BOARD_CARDS_PER_STEP, BOARD_LATE_DAYS, type BoardCard, type ProductionBoard } from '../../shared/productionBoard';
import type { Database, Queryable } from '../db';
import { clients, order_item_steps, order_items, orders, production_steps } from '../db/tables';

/** The NOTIFY channel of migration 0017's trigger. */
const PRODUCTION_CHANNEL = 'production';

export async function productionBoard(db: Queryable, now = new Date()): Promise<ProductionBoard> {
  const today = madridToday(now.getTime());
  const lateFrom = dayAfter(today, BOARD_LATE_DAYS);
  const marks = sql`from ${order_item_steps} where ${order_item_steps.order_item_id} = ${order_items.id}`;
  const [steps, items] = await Promise.all([
    db.select({ id: production_steps.id, name: production_steps.name })
      .from(production_steps)
      .orderBy(asc(production_steps.position), asc(production_steps.id)),
    db.select({
      barcode: order_items.barcode,
      product_name: order_items.product_name,
      order_id: orders.id,
      client_name: clients.name,
      delivery_date: orders.delivery_date,
      // Steps are done in order (markNextStep): how many are done says which one it waits for.
      done: sql<number>`(select count(*)::int ${marks})`,
      // As ISO text from the database itself: PGlite and node-postgres read timestamps differently.
      waiting_since: sql<string>`to_char(coalesce((select max(${order_item_steps.done_at}) ${marks}), ${orders.finished_at},
        ${orders.created_at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
      .from(order_items)
      .innerJoin(orders, eq(orders.id, order_items.order_id))
      .innerJoin(clients, eq(clients.id, orders.client_id))
      .where(and(eq(orders.status_id, OrderStatus.finished), eq(orders.in_consignment, false))),
  ]);
  return {
    today,
    steps: steps.map((step, index) => {
      const waiting = items
        .filter((item) => Number(item.done) === index)
        .map((item): BoardCard => {
          const day = item.delivery_date?.slice(0, 10) ?? null;
          return {
            barcode: item.barcode,
            product_name: item.product_name,
            order_id: item.order_id,
            client_name: item.client_name,
            delivery_day: day,
            waiting_since: item.waiting_since,
            late: day !== null && day <= lateFrom,
            overdue: day !== null && day < today,
          };
        })
        .sort((a, b) => a.waiting_since.localeCompare(b.waiting_since) || a.order_id - b.order_id || a.barcode.localeCompare(b.barcode));
      return { id: step.id, name: step.name, count: waiting.length, items: waiting.slice(0, BOARD_CARDS_PER_STEP) };
    }),
  };
}

/** Calls `onChange` whenever production changed (a step marked anywhere); resolves to the function that stops. */
export const listenToProduction = (listen: Database['listen'], onChange: () => void) => listen(PRODUCTION_CHANNEL, onChange);
