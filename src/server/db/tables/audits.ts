/** The audit trail: who changed which record, before and after. */
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
