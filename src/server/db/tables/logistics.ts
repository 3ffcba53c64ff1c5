/** Consignments, the staff's task calendar and the production steps each order item goes through. */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { order_items } from './orderLines';
import { orders } from './orders';
import { users } from './users';

/** A consignment: orders sent together on a date with a carrier (an order is in at most one). */
export const consignments = pgTable('consignments', {
  id: serial('id').primaryKey(),
  date: timestamp('date', { mode: 'string', withTimezone: false }).notNull(),
  carrier: varchar('carrier', { length: 100 }).notNull(),
  tracking_number: varchar('tracking_number', { length: 100 }),
  remark: text('remark'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('consignments_date_idx').on(t.date)]);

export const consignment_orders = pgTable('consignment_orders', {
  id: serial('id').primaryKey(),
  consignment_id: integer('consignment_id').notNull().references(() => consignments.id, { onDelete: 'cascade' }),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('consignment_orders_order_key').on(t.order_id), index('consignment_orders_consignment_idx').on(t.consignment_id)]);

/** The staff's task calendar (docs/screens.md Task calendar). */
export const tasks = pgTable('tasks', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  location: varchar('location', { length: 200 }),
  attendees: text('attendees'),
  start: timestamp('start', { mode: 'string', withTimezone: false }).notNull(),
  end: timestamp('end', { mode: 'string', withTimezone: false }).notNull(),
  all_day: boolean('all_day').notNull().default(false),
  bg_color: varchar('bg_color', { length: 7 }).notNull().default('#1976d2'),
  border_color: varchar('border_color', { length: 7 }).notNull().default('#1565c0'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('tasks_start_idx').on(t.start)]);

/** The ordered production steps every order item goes through (traceability-configuration). */
export const production_steps = pgTable('production_steps', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  position: integer('position').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('production_steps_position_idx').on(t.position)]);

/**
 * A production step done for an order item: who and when. `idempotency_key` is the phone's key for the
 * mark (issue 44): the same mark sent again after a lost answer finds it and records nothing new.
 */
export const order_item_steps = pgTable('order_item_steps', {
  id: serial('id').primaryKey(),
  order_item_id: integer('order_item_id').notNull().references(() => order_items.id, { onDelete: 'cascade' }),
  production_step_id: integer('production_step_id').notNull().references(() => production_steps.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  done_at: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  idempotency_key: uuid('idempotency_key'),
}, (t) => [
  uniqueIndex('order_item_steps_key').on(t.order_item_id, t.production_step_id),
  uniqueIndex('order_item_steps_idempotency_key').on(t.idempotency_key),
  // A worker's marks in a span (the time record's «Pasos marcados sin fichar»).
  index('order_item_steps_user_done').on(t.user_id, t.done_at),
]);

/**
 * A read-only link to the production board for a kiosk screen without a personal session (issue 44): only
 * the SHA-256 of its random key is kept, so the table never holds a usable link. Revoking deletes the row.
 */
export const board_links = pgTable('board_links', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  key_hash: varchar('key_hash', { length: 64 }).notNull(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
}, (t) => [uniqueIndex('board_links_key_hash').on(t.key_hash)]);
