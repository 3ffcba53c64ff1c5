/** Orders (a cart until finished) and the history of their states. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { invoicing_companies } from '../../../../schemas/invoicingCompany';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Orders (docs/data.md order). `status_id` 0 while a cart, 1 once finished; `order_review_status_id`
 * 1 draft, 2 to review, 3 reviewed (docs/business-rules.md). Items, cart and documents arrive with the orders issue.
 */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  client_id: integer('client_id').notNull().references(() => clients.id),
  user_id: integer('user_id').references(() => users.id),
  status_id: integer('status_id').notNull().default(0),
  order_review_status_id: integer('order_review_status_id'),
  is_valid: boolean('is_valid').notNull().default(false),
  validated_date: timestamp('validated_date', { withTimezone: true }),
  track_code: varchar('track_code', { length: 32 }).notNull(),
  invoicing_company_id: integer('invoicing_company_id').references(() => invoicing_companies.id),
  tax_percentage: numeric('tax_percentage', { precision: 5, scale: 2 }).notNull().default('21.00'),
  shipping_price: numeric('shipping_price', { precision: 12, scale: 2 }).notNull().default('0.00'),
  /** Staff set the shipping price by hand: line changes no longer recompute it. */
  shipping_price_fixed: boolean('shipping_price_fixed').notNull().default(false),
  customer_info: varchar('customer_info', { length: 150 }),
  order_remark: text('order_remark'),
  buyer_name: varchar('buyer_name', { length: 150 }),
  buyer_email: varchar('buyer_email', { length: 200 }),
  buyer_phone_number: varchar('buyer_phone_number', { length: 20 }),
  buyer_address_1: varchar('buyer_address_1', { length: 250 }),
  buyer_address_2: varchar('buyer_address_2', { length: 250 }),
  buyer_city: varchar('buyer_city', { length: 100 }),
  buyer_postal_code: varchar('buyer_postal_code', { length: 5 }),
  buyer_province: varchar('buyer_province', { length: 100 }),
  buyer_country: varchar('buyer_country', { length: 100 }),
  ship_name: varchar('ship_name', { length: 150 }),
  ship_address_1: varchar('ship_address_1', { length: 250 }),
  ship_address_2: varchar('ship_address_2', { length: 250 }),
  ship_city: varchar('ship_city', { length: 100 }),
  ship_postal_code: varchar('ship_postal_code', { length: 5 }),
  ship_province: varchar('ship_province', { length: 100 }),
  ship_country: varchar('ship_country', { length: 100 }),
  delivery_date: timestamp('delivery_date', { mode: 'string', withTimezone: false }),
  lastest_modification_user_id: integer('lastest_modification_user_id').references(() => users.id),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  /** The reference of an order imported from the old system (migracion-pedidos); never imported twice. */
  legacy_reference: varchar('legacy_reference', { length: 60 }),
  /** Sum of its lines' cents (price × quantity, VAT excluded), kept by a trigger on order_items (dashboard). */
  lines_cents: bigint('lines_cents', { mode: 'number' }).notNull().default(0),
  /**
   * Its items by how many production steps each has done (`{"0": 3, "2": 1}`), and whether it is in a
   * consignment: kept by triggers on order_items, order_item_steps and consignment_orders, so that every
   * change of an order's production reaches `production_counts` through the order's own row.
   */
  items_by_steps_done: jsonb('items_by_steps_done').notNull().default({}),
  in_consignment: boolean('in_consignment').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  uniqueIndex('orders_track_code_key').on(t.track_code),
  uniqueIndex('orders_legacy_reference_key').on(t.legacy_reference).where(sql`${t.legacy_reference} is not null`),
  index('orders_client_idx').on(t.client_id, t.id),
  index('orders_review_idx').on(t.order_review_status_id, t.id),
  index('orders_finished_idx').on(t.finished_at),
]);

/** Every change of an order's status or review status, for the public tracking page and the details. */
export const order_status_history = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status_id: integer('status_id').notNull(),
  order_review_status_id: integer('order_review_status_id'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
}, (t) => [index('order_status_history_order_idx').on(t.order_id, t.id)]);
