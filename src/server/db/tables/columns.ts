/** Column sets several tables share: timestamps, a fare's own price of a product, a pool's dimensions. */
import { boolean, integer, numeric, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { client_fares } from '../../../../schemas/clientFare';
import { pool_cover_types } from '../../../../schemas/poolCoverType';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A fare's own prices (docs/business-rules.md): where a row exists and is `fare_available`, it replaces the base
 * price for clients of that fare. One table per kind, so each row keeps its foreign keys.
 */
export const farePrice = <T extends string>(name: T, target: () => ReturnType<typeof integer>) => pgTable(name, {
  id: serial('id').primaryKey(),
  client_fare_id: integer('client_fare_id').notNull().references(() => client_fares.id, { onDelete: 'cascade' }),
  // The priced row (cover, reinforcement, diameter); its column keeps its own name in SQL.
  target_id: target(),
  custom_price: numeric('custom_price', { precision: 12, scale: 2 }).notNull(),
  fare_available: boolean('fare_available').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex(`${name}_key`).on(t.client_fare_id, t.target_id)]);

/** A pool as budgets and order calculations hold it: season, cover type, dimensions a–e in metres, options, overlap. */
export const poolColumns = () => ({
  pool_subcategory_id: integer('pool_subcategory_id').notNull(),
  pool_cover_type_id: integer('pool_cover_type_id').notNull().references(() => pool_cover_types.id),
  a: numeric('a', { precision: 6, scale: 2 }).notNull(),
  b: numeric('b', { precision: 6, scale: 2 }).notNull(),
  c: numeric('c', { precision: 6, scale: 2 }),
  d: numeric('d', { precision: 6, scale: 2 }),
  e: numeric('e', { precision: 6, scale: 2 }),
  rounded_corners: boolean('rounded_corners').notNull().default(false),
  stairwell: boolean('stairwell').notNull().default(false),
  extra_distance: numeric('extra_distance', { precision: 6, scale: 2 }).notNull().default('0'),
});
