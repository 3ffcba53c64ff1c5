/** Articles: their categories, images, properties, options and variations, and the fares' prices of variations. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { categories } from '../../../../schemas/category';
import { createdAt, farePrice, updatedAt } from './columns';

/**
 * Articles (docs/data.md item): up to 3 properties, each with options; a variation row per combination of
 * options holds the price (`value`) and weight. `default_price` prices variations generated later.
 */
export const items = pgTable('items', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  description: text('description').notNull(),
  image: text('image'),
  reference: varchar('reference', { length: 13 }).notNull().default('Artículo'),
  default_price: numeric('default_price', { precision: 12, scale: 2 }).notNull().default('0'),
  is_orillo_bisagra: boolean('is_orillo_bisagra').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('items_name_idx').on(t.name)]);

export const item_categories = pgTable('item_categories', {
  id: serial('id').primaryKey(),
  item_id: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
  category_id: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('item_categories_key').on(t.item_id, t.category_id), index('item_categories_category_idx').on(t.category_id)]);

/** Extra images of an article, uploaded after the article itself is saved. */
export const item_images = pgTable('item_images', {
  id: serial('id').primaryKey(),
  item_id: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
  image: text('image'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('item_images_item_idx').on(t.item_id)]);

/** A property of an article (position 1–3, e.g. "Color"); its options are the choices ("Azul"). */
export const item_properties = pgTable('item_properties', {
  id: serial('id').primaryKey(),
  item_id: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
}, (t) => [index('item_properties_item_idx').on(t.item_id, t.position)]);

export const item_property_options = pgTable('item_property_options', {
  id: serial('id').primaryKey(),
  item_property_id: integer('item_property_id').notNull().references(() => item_properties.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  name: varchar('name', { length: 100 }).notNull(),
}, (t) => [index('item_property_options_property_idx').on(t.item_property_id)]);

/** A variation: one option per property of its article (none for an article without properties). */
export const item_property_values = pgTable(
  'item_property_values',
  {
    id: serial('id').primaryKey(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    item_property_1_option_id: integer('item_property_1_option_id').references(() => item_property_options.id, { onDelete: 'cascade' }),
    item_property_2_option_id: integer('item_property_2_option_id').references(() => item_property_options.id, { onDelete: 'cascade' }),
    item_property_3_option_id: integer('item_property_3_option_id').references(() => item_property_options.id, { onDelete: 'cascade' }),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    weight_index: numeric('weight_index', { precision: 12, scale: 4 }).notNull().default('0'),
    /** Not offered to anyone. */
    is_hidden: boolean('is_hidden').notNull().default(false),
    /** Not offered in the staff's internal calculator. */
    is_internal_hidden: boolean('is_internal_hidden').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('item_property_values_item_idx').on(t.item_id),
    uniqueIndex('item_property_values_combination_key').on(
      t.item_id,
      sql`coalesce(${t.item_property_1_option_id}, 0)`,
      sql`coalesce(${t.item_property_2_option_id}, 0)`,
      sql`coalesce(${t.item_property_3_option_id}, 0)`,
    ),
  ],
);

/** A fare's own price of a variation (`custom_value`); not `fare_available` = hidden for that fare. */
export const item_property_value_fare_prices = farePrice('item_property_value_fare_prices',
  () => integer('item_property_value_id').notNull().references(() => item_property_values.id, { onDelete: 'cascade' }));
