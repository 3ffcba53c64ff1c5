/**
 * A resource's database table, declared in its schema file next to the fields (schemas/README.md).
 * The browser imports schema files too, so the table must cost it nothing: the columns are built
 * inside callbacks, and the call is marked free of side effects, so the bundler drops the table and
 * with it all of Drizzle. `vite.config.ts` fails the build if Drizzle ever reaches the browser.
 */
import { pgTable } from 'drizzle-orm/pg-core';
import type { PgColumnsBuilders } from 'drizzle-orm/pg-core/columns/all';

/** Drizzle's `pgTable` in its callback form: `table('taxes', (t) => ({ id: t.serial('id').primaryKey(), … }))`. */
export const table = /* @__NO_SIDE_EFFECTS__ */ ((...args: Parameters<typeof pgTable>) => pgTable(...args)) as typeof pgTable;

/** Every record's creation and last-change times; the records engine moves `updated_at` on each save. */
export const timestamps = (t: PgColumnsBuilders) => ({
  created_at: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: t.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
