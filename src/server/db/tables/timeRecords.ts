/** The workers' check-ins (time records). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Each worker's figures per Madrid day, kept by every write of `time_entries` (refreshWorkDays in
 * src/server/domain/timeRecords.ts, with the shared rules) so that everyone's month sums rows instead of
 * working out every worker's days (issue 46). A day's figures are those of its month's computation: the
 * rows of the month two days either side and every correction. `worked_ms` leaves out a stretch still
 * going on (it grows with the clock): `work_months` names it and it is counted when asked.
 */
export const work_days = pgTable('work_days', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  day: varchar('day', { length: 10 }).notNull(),
  worked_ms: bigint('worked_ms', { mode: 'number' }).notNull(),
  incomplete: boolean('incomplete').notNull(),
  corrected: boolean('corrected').notNull(),
}, (t) => [primaryKey({ columns: [t.user_id, t.day] })]);

/**
 * Each worker's month as its computation leaves it, beside `work_days`: the spans it was clocked in (the
 * steps marked outside them are counted when asked, whatever wrote or removed a step since) and the check-in
 * of a stretch still going on that falls on one of the month's days. `month` '' holds the spans of the
 * worker's corrections and hand-added entries alone: a month with no rows of its own two days either side
 * reads those.
 */
export const work_months = pgTable('work_months', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  month: varchar('month', { length: 7 }).notNull(),
  spans: jsonb('spans').$type<Array<{ start_at: string; end_at: string | null }>>().notNull(),
  open_entry_id: integer('open_entry_id'),
  open_at: timestamp('open_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.user_id, t.month] })]);
