/** Users, their sessions and password resets, and the failed logins the rate limits count. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { createdAt, updatedAt } from './columns';

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

/**
 * Failed logins, shared by every server instance (rate limit per identity and per IP). A row is written
 * `pending` before its password is checked and becomes a failure (`pending` false) when the check fails;
 * a right password deletes it (domain/auth.ts).
 */
export const login_failures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  identity: varchar('identity', { length: 200 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  pending: boolean('pending').notNull().default(false),
  created_at: createdAt(),
}, (t) => [index('login_failures_identity_idx').on(t.identity, t.created_at), index('login_failures_ip_idx').on(t.ip, t.created_at)]);
