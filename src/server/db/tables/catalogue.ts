/** Reels with their sizes and diameters, and the fares' own prices of covers, reinforcements and reel diameters. */
import { boolean, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pool_covers } from '../../../../schemas/poolCover';
import { reinforcement_types } from '../../../../schemas/reinforcementType';
import { createdAt, farePrice, updatedAt } from './columns';

/** Reels fit pools whose cover width is between size_min and size_max (metres); sizes are its subcategories. */
export const reels = pgTable('reels', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  description: text('description').notNull(),
  size_min: numeric('size_min', { precision: 6, scale: 2 }).notNull(),
  size_max: numeric('size_max', { precision: 6, scale: 2 }).notNull(),
  image: text('image'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const reel_subcategories = pgTable('reel_subcategories', {
  id: serial('id').primaryKey(),
  reel_id: integer('reel_id').notNull().references(() => reels.id, { onDelete: 'cascade' }),
  size_max: numeric('size_max', { precision: 6, scale: 2 }).notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex('reel_subcategories_size_key').on(t.reel_id, t.size_max)]);

/** A reel's price by (size, diameter in mm, with or without motor). */
export const reel_diameters = pgTable('reel_diameters', {
  id: serial('id').primaryKey(),
  reel_subcategory_id: integer('reel_subcategory_id').notNull().references(() => reel_subcategories.id, { onDelete: 'cascade' }),
  diameter: integer('diameter').notNull(),
  engine: boolean('engine').notNull().default(false),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  available: boolean('available').notNull().default(true),
  is_budget_favorite: boolean('is_budget_favorite').notNull().default(false),
  available_internal_calculator: boolean('available_internal_calculator').notNull().default(true),
  reference: varchar('reference', { length: 13 }).notNull().default('Enrollador'),
  weight_index: numeric('weight_index', { precision: 12, scale: 4 }).notNull().default('0'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex('reel_diameters_combination_key').on(t.reel_subcategory_id, t.diameter, t.engine)]);

export const pool_cover_fare_prices = farePrice('pool_cover_fare_prices',
  () => integer('pool_cover_id').notNull().references(() => pool_covers.id, { onDelete: 'cascade' }));
export const reinforcement_fare_prices = farePrice('reinforcement_fare_prices',
  () => integer('reinforcement_type_id').notNull().references(() => reinforcement_types.id, { onDelete: 'cascade' }));
export const reel_diameter_fare_prices = farePrice('reel_diameter_fare_prices',
  () => integer('reel_diameter_id').notNull().references(() => reel_diameters.id, { onDelete: 'cascade' }));
