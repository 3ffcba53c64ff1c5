/** Figures kept by triggers for the dashboard: sales, counts and production. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Sales per month, invoicing company and client, net of VAT, kept by every write that changes an order's
 * lines, shipping or validity (the dashboard reads it instead of summing every line).
 */
export const sales_summary = pgTable('sales_summary', {
  month: varchar('month', { length: 7 }).notNull(),
  invoicing_company_id: integer('invoicing_company_id').notNull().default(0),
  client_id: integer('client_id').notNull(),
  net_cents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
  orders: integer('orders').notNull().default(0),
}, (t) => [
  uniqueIndex('sales_summary_key').on(t.month, t.invoicing_company_id, t.client_id),
  index('sales_summary_zero_idx').on(t.month).where(sql`${t.orders} = 0 and ${t.net_cents} = 0`),
]);

/**
 * Each client's sales per year (of `sales_summary`'s months), kept by triggers on `sales_summary`: the
 * staff dashboard's ten best clients of the year are the first rows of an index, not a sum over every client.
 */
export const sales_by_year = pgTable('sales_by_year', {
  year: varchar('year', { length: 4 }).notNull(),
  client_id: integer('client_id').notNull(),
  net_cents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
}, (t) => [
  uniqueIndex('sales_by_year_key').on(t.year, t.client_id),
  index('sales_by_year_best_idx').on(t.year, t.net_cents.desc(), t.client_id),
  index('sales_by_year_zero_idx').on(t.year).where(sql`${t.net_cents} = 0`),
]);

/**
 * Counts the dashboards read, kept by triggers like `sales_summary`: `budgets_created` and
 * `budgets_accepted` per Madrid month ("YYYY-MM"), `orders_review` per review state of finished orders.
 */
export const dashboard_counts = pgTable('dashboard_counts', {
  kind: varchar('kind', { length: 20 }).notNull(),
  client_id: integer('client_id').notNull(),
  key: varchar('key', { length: 10 }).notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [
  uniqueIndex('dashboard_counts_key').on(t.kind, t.client_id, t.key),
  index('dashboard_counts_kind_idx').on(t.kind, t.key),
  index('dashboard_counts_zero_idx').on(t.kind).where(sql`${t.n} = 0`),
]);

/**
 * The items in production (of reviewed, finished orders in no consignment) by the hour their order was
 * finished (hours since 1970, UTC) and the steps each has done, kept by triggers on orders like
 * `sales_summary`: the dashboard's production card sums the last 60 days' hours instead of every item.
 */
export const production_counts = pgTable('production_counts', {
  hour: bigint('hour', { mode: 'number' }).notNull(),
  steps_done: integer('steps_done').notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [
  uniqueIndex('production_counts_key').on(t.hour, t.steps_done),
  index('production_counts_zero_idx').on(t.hour).where(sql`${t.n} = 0`),
]);
