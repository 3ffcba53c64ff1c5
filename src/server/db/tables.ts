/**
 * The database tables. JS keys equal column names and the schema field names, so the resource engine
 * maps a field to its column by name. Money is numeric(12,2), weights numeric(12,4) (docs/business-rules.md).
 *
 * A plain resource declares its table in its schema file (`schemas/`, schemas/README.md);
 * the ones the server names are re-exported here, so server code imports every table from one place.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar, type PgTable } from 'drizzle-orm/pg-core';
import { schemaTables, type ResourceName } from '../../../schemas';
import { app_settings } from '../../../schemas/appSetting';
import { categories } from '../../../schemas/category';
import { client_fares } from '../../../schemas/clientFare';
import { clients } from '../../../schemas/client';
import { country_taxes } from '../../../schemas/countryTax';
import { invoicing_companies } from '../../../schemas/invoicingCompany';
import { mail_outbox } from '../../../schemas/mailOutbox';
import { mail_templates } from '../../../schemas/mailTemplate';
import { pool_cover_types } from '../../../schemas/poolCoverType';
import { pool_covers } from '../../../schemas/poolCover';
import { price_names } from '../../../schemas/priceName';
import { reinforcement_types } from '../../../schemas/reinforcementType';
import { taxes } from '../../../schemas/tax';

export { app_settings, categories, client_fares, clients, country_taxes, invoicing_companies, mail_outbox, mail_templates, pool_cover_types, pool_covers, price_names, reinforcement_types, taxes };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 60 }).notNull(),
  password_hash: text('password_hash').notNull(),
  email: varchar('email', { length: 200 }).notNull(),
  first_name: varchar('first_name', { length: 100 }).notNull(),
  last_name: varchar('last_name', { length: 150 }).notNull(),
  phone: varchar('phone', { length: 9 }).notNull(),
  roles: integer('roles').notNull(),
  client_id: integer('client_id').references(() => clients.id),
  active: boolean('active').notNull().default(true),
  image: text('image'),
  current_cart_order_id: integer('current_cart_order_id'),
  /** The member's mail notices it may turn off in its profile (issue 17). */
  notify_order_validated: boolean('notify_order_validated').notNull().default(true),
  notify_consignment: boolean('notify_consignment').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  index('users_client_idx').on(t.client_id),
]);

/** Session tokens: only a SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  revoked_reason: varchar('revoked_reason', { length: 20 }),
}, (t) => [uniqueIndex('sessions_token_key').on(t.token_hash), index('sessions_user_idx').on(t.user_id)]);

export const password_resets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  code_hash: varchar('code_hash', { length: 64 }).notNull(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: createdAt(),
}, (t) => [uniqueIndex('password_resets_code_key').on(t.code_hash)]);

/** Failed logins, shared by every server instance (rate limit per identity and per IP). */
export const login_failures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  identity: varchar('identity', { length: 200 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  created_at: createdAt(),
}, (t) => [index('login_failures_identity_idx').on(t.identity, t.created_at), index('login_failures_ip_idx').on(t.ip, t.created_at)]);

export const audits = pgTable('audits', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id'),
  resource: varchar('resource', { length: 60 }).notNull(),
  record_id: varchar('record_id', { length: 60 }).notNull(),
  action: varchar('action', { length: 10 }).notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  created_at: createdAt(),
}, (t) => [
  index('audits_resource_idx').on(t.resource, t.record_id),
  index('audits_created_idx').on(t.created_at),
  // The audits page by user, newest first.
  index('audits_user_idx').on(t.user_id, t.created_at),
]);

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

/**
 * A fare's own prices (docs/business-rules.md): where a row exists and is `fare_available`, it replaces the base
 * price for clients of that fare. One table per kind, so each row keeps its foreign keys.
 */
const farePrice = <T extends string>(name: T, target: () => ReturnType<typeof integer>) => pgTable(name, {
  id: serial('id').primaryKey(),
  client_fare_id: integer('client_fare_id').notNull().references(() => client_fares.id, { onDelete: 'cascade' }),
  // The priced row (cover, reinforcement, diameter); its column keeps its own name in SQL.
  target_id: target(),
  custom_price: numeric('custom_price', { precision: 12, scale: 2 }).notNull(),
  fare_available: boolean('fare_available').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex(`${name}_key`).on(t.client_fare_id, t.target_id)]);

export const pool_cover_fare_prices = farePrice('pool_cover_fare_prices',
  () => integer('pool_cover_id').notNull().references(() => pool_covers.id, { onDelete: 'cascade' }));
export const reinforcement_fare_prices = farePrice('reinforcement_fare_prices',
  () => integer('reinforcement_type_id').notNull().references(() => reinforcement_types.id, { onDelete: 'cascade' }));
export const reel_diameter_fare_prices = farePrice('reel_diameter_fare_prices',
  () => integer('reel_diameter_id').notNull().references(() => reel_diameters.id, { onDelete: 'cascade' }));

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
export const item_property_values = pgTable('item_property_values', {
  id: serial('id').primaryKey(),
  item_id: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
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
}, (t) => [
  index('item_property_values_item_idx').on(t.item_id),
  uniqueIndex('item_property_values_combination_key').on(
    t.item_id, sql`coalesce(${t.item_property_1_option_id}, 0)`, sql`coalesce(${t.item_property_2_option_id}, 0)`, sql`coalesce(${t.item_property_3_option_id}, 0)`,
  ),
]);

/** A fare's own price of a variation (`custom_value`); not `fare_available` = hidden for that fare. */
export const item_property_value_fare_prices = farePrice('item_property_value_fare_prices',
  () => integer('item_property_value_id').notNull().references(() => item_property_values.id, { onDelete: 'cascade' }));

/** A pool as budgets and order calculations hold it: season, cover type, dimensions a–e in metres, options, overlap. */
const poolColumns = () => ({
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

/** Every change of an order's status or review status, for the public tracking page and the details. */
export const order_status_history = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status_id: integer('status_id').notNull(),
  order_review_status_id: integer('order_review_status_id'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
}, (t) => [index('order_status_history_order_idx').on(t.order_id, t.id)]);

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

/** A production step done for an order item: who and when. */
export const order_item_steps = pgTable('order_item_steps', {
  id: serial('id').primaryKey(),
  order_item_id: integer('order_item_id').notNull().references(() => order_items.id, { onDelete: 'cascade' }),
  production_step_id: integer('production_step_id').notNull().references(() => production_steps.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  done_at: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('order_item_steps_key').on(t.order_item_id, t.production_step_id)]);

// ---------------------------------------------------------------- issue 17: the modules the spec only names

/** Bulletin board: audience 1 all clients, 2 chosen clients (announcement_clients), 3 staff only. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  body: text('body').notNull(),
  audience: integer('audience').notNull().default(1),
  pinned: boolean('pinned').notNull().default(false),
  visible_from: timestamp('visible_from', { withTimezone: true }),
  visible_until: timestamp('visible_until', { withTimezone: true }),
  attachment: text('attachment'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('announcements_listing_idx').on(t.pinned, t.created_at)]);

export const announcement_clients = pgTable('announcement_clients', {
  announcement_id: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('announcement_clients_key').on(t.announcement_id, t.client_id), index('announcement_clients_client_idx').on(t.client_id)]);

/** Who opened an announcement, and when. */
export const announcement_reads = pgTable('announcement_reads', {
  announcement_id: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('announcement_reads_key').on(t.announcement_id, t.user_id), index('announcement_reads_user_idx').on(t.user_id)]);

/** Document library categories (the category dialog: name, order). */
export const document_categories = pgTable('document_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  position: integer('position').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Library documents: visibility 1 staff only, 2 all clients, 3 chosen clients (document_clients). */
export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  document_category_id: integer('document_category_id').notNull().references(() => document_categories.id),
  description: text('description'),
  file: text('file'),
  visibility: integer('visibility').notNull().default(1),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('documents_category_idx').on(t.document_category_id), index('documents_title_idx').on(t.title, t.id)]);

export const document_clients = pgTable('document_clients', {
  document_id: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('document_clients_key').on(t.document_id, t.client_id), index('document_clients_client_idx').on(t.client_id)]);

/**
 * The working-time record (registro de jornada, art. 34.9 ET): append-only. `kind` is in, out,
 * pause_start or pause_end; `at` the instant it stands for, taken by the server. A correction is a new
 * row naming the row it corrects (`corrects_id`, its new time and kind, or `voids` to annul it) with its
 * reason and who wrote it; the original stays.
 */
export const time_entries = pgTable('time_entries', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  kind: varchar('kind', { length: 12 }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  recorded_by: integer('recorded_by').notNull().references(() => users.id),
  corrects_id: integer('corrects_id'),
  voids: boolean('voids').notNull().default(false),
  reason: text('reason'),
}, (t) => [
  index('time_entries_user_at_idx').on(t.user_id, t.at), index('time_entries_corrects_idx').on(t.corrects_id),
  // A worker's corrections and hand-added rows (a few among years of check-ins): read with every span of theirs.
  index('time_entries_noted_idx').on(t.user_id).where(sql`${t.corrects_id} is not null or ${t.reason} is not null`),
]);

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

/** Tables of the generic resources, by API name. */
/** Every resource's table by resource name: the schema-declared ones and the server's own. */
export const resourceTables = {
  ...schemaTables,
  announcement: announcements,
  attachedFile: attached_files,
  audit: audits,
  budget: budgets,
  budgetPaycheck: budget_paychecks,
  consignment: consignments,
  dataSheetImage: data_sheet_images,
  document: documents,
  documentCategory: document_categories,
  item: items,
  itemImage: item_images,
  itemPropertyValue: item_property_values,
  order: orders,
  orderItem: order_items,
  productionStep: production_steps,
  reel: reels,
  reelDiameter: reel_diameters,
  reelSubcategory: reel_subcategories,
  task: tasks,
  timeEntry: time_entries,
  user: users,
} as const satisfies Record<ResourceName | 'orderItem' | 'timeEntry', PgTable>;
