/** The workers' check-ins (time records). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { KeptMonthView } from '../../../shared/timeRecordAnswers';
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
 * Each worker's month as its computation leaves it, kept by every write of `time_entries` (refreshKeptMonths in
 * src/server/domain/timeRecords.ts, with the shared rules) so that everyone's month reads a row per worker and a
 * worker's month one row instead of working out their days (issue 46). A month's figures are those of its
 * computation: the rows of the month two days either side and every correction. They are its totals (without
 * a stretch still going on: it grows with the clock, and is counted when asked from `open_entry_id`), the spans
 * it was clocked in (the steps marked outside them are counted when asked, whatever wrote or removed a step
 * since), and the month laid out. `month` '' holds the spans of the worker's corrections and hand-added
 * entries alone: a month with no rows of its own two days either side reads those.
 */
export const work_months = pgTable('work_months', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  month: varchar('month', { length: 7 }).notNull(),
  spans: jsonb('spans').$type<Array<{ start_at: string; end_at: string | null }>>().notNull(),
  open_entry_id: integer('open_entry_id'),
  open_at: timestamp('open_at', { withTimezone: true }),
  /** The month's totals: days with entries, worked (its closed stretches), days without check-out, corrected. Null before 0024. */
  days: integer('days'),
  worked_ms: bigint('worked_ms', { mode: 'number' }),
  incomplete: integer('incomplete'),
  corrected: integer('corrected'),
  /**
   * The month laid out as a worker's month answers it, its correction authors by id (`authors`, named when
   * read): what a month without a stretch going on answers, in one statement. Null in a database whose
   * figures predate it (migration 0024) and for '': that month is worked out when asked.
   */
  view: jsonb('view').$type<KeptMonthView>(),
  authors: integer('authors').array(),
}, (t) => [primaryKey({ columns: [t.user_id, t.month] })]);
