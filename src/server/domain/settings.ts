/** The single app-settings record (id 1), cached briefly: every request reads maintenance mode. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../db';
import { app_settings, price_names } from '../db/tables';
import { PRICE_CONCEPTS } from '../../shared/priceNames';

export type AppSettings = typeof app_settings.$inferSelect;

const CACHE_MS = 1000;
const cache = new WeakMap<object, { at: number; value: AppSettings }>();

/** The records every database needs, demo or not: the settings row and the price concept names. */
export async function ensureSettings(db: Db) {
  await db.insert(app_settings).values({ id: 1, file_secret: crypto.randomBytes(32).toString('hex') }).onConflictDoNothing();
  await db.insert(price_names).values(PRICE_CONCEPTS.map((c) => ({ ...c }))).onConflictDoNothing();
}

export async function getSettings(db: Db): Promise<AppSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [value] = await db.select().from(app_settings).where(eq(app_settings.id, 1));
  cache.set(db, { at: Date.now(), value });
  return value;
}

/** Called after a write so this instance sees the change at once (others within a second). */
export function forgetSettings(db: Queryable) {
  cache.delete(db);
}
