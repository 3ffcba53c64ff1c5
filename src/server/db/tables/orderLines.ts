/** What an order holds: its cover calculations, their data sheets, and its priced lines. */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { pool_covers } from '../../../../schemas/poolCover';
import { reinforcement_types } from '../../../../schemas/reinforcementType';
import { budget_calculus, budget_calculus_items } from './budgets';
import { reel_diameters } from './catalogue';
import { createdAt, poolColumns, updatedAt } from './columns';
import { item_property_values } from './items';
import { orders } from './orders';

/**
 * A cover calculation of an order (the calculators): the pool, the chosen cover and reinforcement and
 * the quantity; its priced lines are order items pointing back to it.
 */
export const order_calculus = pgTable('order_calculus', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  ...poolColumns(),
  pool_cover_id: integer('pool_cover_id').notNull().references(() => pool_covers.id),
  reinforcement_type_id: integer('reinforcement_type_id').references(() => reinforcement_types.id),
  quantity: integer('quantity').notNull().default(1),
  remark: text('remark'),
  /** The budget calculation this one was turned from ("Pasar a pedido"): its accepted prices hold while the budget is valid. */
  budget_calculus_id: integer('budget_calculus_id').references(() => budget_calculus.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('order_calculus_order_idx').on(t.order_id)]);

/** A data sheet (photo or PDF) of an order calculation (the "import photo" dialog). */
export const data_sheet_images = pgTable('data_sheet_images', {
  id: serial('id').primaryKey(),
  order_calculus_id: integer('order_calculus_id').notNull().references(() => order_calculus.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id),
  name: varchar('name', { length: 150 }).notNull(),
  image: text('image'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('data_sheet_images_calculus_idx').on(t.order_calculus_id)]);

/**
 * A line of an order (docs/data.md order item): `vat_exclusive_item_price` is the unit price without VAT,
 * `item_price` the unit price with VAT (for display); totals come from the VAT-exclusive sums.
 */
export const order_items = pgTable('order_items', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 20 }).notNull(),
  product_name: varchar('product_name', { length: 300 }).notNull(),
  number_of_items: integer('number_of_items').notNull().default(1),
  quantity_purchased: integer('quantity_purchased').notNull().default(1),
  quantity_to_ship: integer('quantity_to_ship').notNull().default(1),
  quantity_shipped: integer('quantity_shipped').notNull().default(0),
  vat_exclusive_item_price: numeric('vat_exclusive_item_price', { precision: 12, scale: 2 }).notNull(),
  item_price: numeric('item_price', { precision: 12, scale: 2 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
  weight_index: numeric('weight_index', { precision: 12, scale: 4 }).notNull().default('0'),
  item_reference: varchar('item_reference', { length: 13 }),
  reel_reference: varchar('reel_reference', { length: 13 }),
  pool_cover_id: integer('pool_cover_id').references(() => pool_covers.id),
  reinforcement_type_id: integer('reinforcement_type_id').references(() => reinforcement_types.id),
  reel_diameter_id: integer('reel_diameter_id').references(() => reel_diameters.id),
  item_property_value_id: integer('item_property_value_id').references(() => item_property_values.id, { onDelete: 'set null' }),
  budget_calculus_item_id: integer('budget_calculus_item_id').references(() => budget_calculus_items.id, { onDelete: 'set null' }),
  order_calculus_id: integer('order_calculus_id').references(() => order_calculus.id, { onDelete: 'cascade' }),
  /** The Code 128 value printed on the item's label (traceability): 12 random hex digits, set by the database. */
  barcode: varchar('barcode', { length: 20 }).notNull().default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12))`),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('order_items_order_idx').on(t.order_id), uniqueIndex('order_items_barcode_key').on(t.barcode)]);
