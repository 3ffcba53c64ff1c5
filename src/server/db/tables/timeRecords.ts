/** The workers' check-ins (time records). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

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
