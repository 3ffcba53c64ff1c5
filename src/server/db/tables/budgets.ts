/** Budgets, their calculations and priced lines, and the files and payment proofs attached to them. */
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { pool_covers } from '../../../../schemas/poolCover';
import { reinforcement_types } from '../../../../schemas/reinforcementType';
import { reel_diameters } from './catalogue';
import { createdAt, poolColumns, updatedAt } from './columns';
import { item_property_values } from './items';
import { orders } from './orders';
import { users } from './users';

/**
 * Budgets (docs/data.md budget, docs/data.md): a client's pool (season, cover type, dimensions a–e in metres, overlap)
 * and buyer data. Status 1 draft, 2 accepted, 3 turned into an order (`order_id`). `expires_at` is fixed
 * at creation from the client's `budget_expiration_days` (docs/business-rules.md: end of that day, Madrid time).
 */
export const budgets = pgTable('budgets', {
  id: serial('id').primaryKey(),
  client_id: integer('client_id').notNull().references(() => clients.id),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  budget_status_id: integer('budget_status_id').notNull().default(1),
  ...poolColumns(),
  buyer_name: varchar('buyer_name', { length: 150 }),
  buyer_email: varchar('buyer_email', { length: 200 }),
  buyer_phone_number: varchar('buyer_phone_number', { length: 20 }),
  buyer_address_1: varchar('buyer_address_1', { length: 250 }),
  buyer_address_2: varchar('buyer_address_2', { length: 250 }),
  buyer_delivery_address_1: varchar('buyer_delivery_address_1', { length: 250 }),
  buyer_delivery_address_2: varchar('buyer_delivery_address_2', { length: 250 }),
  buyer_city: varchar('buyer_city', { length: 100 }),
  buyer_postal_code: varchar('buyer_postal_code', { length: 5 }),
  buyer_country: varchar('buyer_country', { length: 100 }),
  delivery_time_zone: varchar('delivery_time_zone', { length: 100 }),
  remark: text('remark'),
  remark_OB1PCL: varchar('remark_OB1PCL', { length: 150 }),
  pool_cover_id: integer('pool_cover_id').references(() => pool_covers.id),
  reinforcement_type_id: integer('reinforcement_type_id').references(() => reinforcement_types.id),
  created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the budget was first accepted (or ordered directly), set by the database (dashboard conversion). */
  accepted_at: timestamp('accepted_at', { withTimezone: true }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  index('budgets_client_idx').on(t.client_id, t.id),
  index('budgets_status_idx').on(t.budget_status_id, t.id),
  index('budgets_created_idx').on(t.created_date),
  index('budgets_accepted_idx').on(t.accepted_at),
  index('budgets_expires_idx').on(t.expires_at),
]);

/** One calculation of a budget: its overlap, remark and chosen lines (cover, reels, articles, extras). */
export const budget_calculus = pgTable('budget_calculus', {
  id: serial('id').primaryKey(),
  budget_id: integer('budget_id').notNull().references(() => budgets.id, { onDelete: 'cascade' }),
  extra_distance: numeric('extra_distance', { precision: 6, scale: 2 }).notNull().default('0'),
  remark: text('remark'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('budget_calculus_budget_idx').on(t.budget_id)]);

/**
 * A line of a calculation: a cover (with its reinforcement for type 1), a confección extra, a reel
 * diameter or an article variation. Prices are what the server computed, never what a browser sent.
 */
export const budget_calculus_items = pgTable('budget_calculus_items', {
  id: serial('id').primaryKey(),
  budget_calculus_id: integer('budget_calculus_id').notNull().references(() => budget_calculus.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 20 }).notNull(),
  pool_cover_id: integer('pool_cover_id').references(() => pool_covers.id),
  reinforcement_type_id: integer('reinforcement_type_id').references(() => reinforcement_types.id),
  reel_diameter_id: integer('reel_diameter_id').references(() => reel_diameters.id),
  item_property_value_id: integer('item_property_value_id').references(() => item_property_values.id),
  rounded_corners: boolean('rounded_corners').notNull().default(false),
  stairwell: boolean('stairwell').notNull().default(false),
  extra_confection: boolean('extra_confection').notNull().default(false),
  extra_distance: numeric('extra_distance', { precision: 6, scale: 2 }),
  description: varchar('description', { length: 300 }).notNull(),
  reference: varchar('reference', { length: 13 }),
  quantity: integer('quantity').notNull().default(1),
  base_price: numeric('base_price', { precision: 12, scale: 2 }).notNull(),
  unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  item_price: numeric('item_price', { precision: 12, scale: 2 }).notNull(),
  weight_index: numeric('weight_index', { precision: 12, scale: 4 }).notNull().default('0'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('budget_calculus_items_calculus_idx').on(t.budget_calculus_id)]);

/** A file attached to a budget calculation (jpeg, png or pdf by content). */
export const attached_files = pgTable('attached_files', {
  id: serial('id').primaryKey(),
  budget_calculus_id: integer('budget_calculus_id').notNull().references(() => budget_calculus.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id),
  name: varchar('name', { length: 150 }).notNull(),
  file: text('file'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('attached_files_calculus_idx').on(t.budget_calculus_id)]);

/** A payment proof of a budget (jpeg, png or pdf by content). */
export const budget_paychecks = pgTable('budget_paychecks', {
  id: serial('id').primaryKey(),
  budget_id: integer('budget_id').notNull().references(() => budgets.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id),
  name: varchar('name', { length: 150 }).notNull(),
  file: text('file'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('budget_paychecks_budget_idx').on(t.budget_id)]);
