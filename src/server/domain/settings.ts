/**
 * The single app-settings record (id 1) and the price concept names, cached briefly: every request
 * reads maintenance mode and every price reads the names, while both change a few times a year.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../db';
import { app_settings, price_names } from '../db/tables';
import { PRICE_CONCEPTS, priceConceptNames, type PriceConcept } from '../../shared/priceNames';
import { poolSettingRefusals, type MeasureLimits } from '../../shared/measurements';
import { invalid } from '../errors';
import { ensureMailTemplates } from './mailTemplates';

export type AppSettings = typeof app_settings.$inferSelect;

/**
 * How long a reading is kept. This instance forgets it at once after a write (`forgetSettings`);
 * other instances do when the change is announced to them (Redis, `shareSettingsChanges`), and
 * otherwise within a second.
 */
const CACHE_MS = 1000;
const ANNOUNCED_CACHE_MS = 60_000;

type Cache<T> = WeakMap<object, { at: number; value: T }>;
const settingsCache: Cache<AppSettings> = new WeakMap();
const namesCache: Cache<Record<PriceConcept, string>> = new WeakMap();

/** Keyed by the database handle: a transaction gets its own (uncached in practice) reading. */
async function cached<T>(cache: Cache<T>, db: Queryable, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(db);
  const keepFor = channels.get(db)?.listening() ? ANNOUNCED_CACHE_MS : CACHE_MS;
  if (hit && Date.now() - hit.at < keepFor) return hit.value;
  const value = await load();
  cache.set(db, { at: Date.now(), value });
  return value;
}

/** The records every database needs, demo or not: the settings row, the price concept names and the mail templates. */
export async function ensureSettings(db: Db) {
  await db.insert(app_settings).values({ id: 1, file_secret: crypto.randomBytes(32).toString('hex') }).onConflictDoNothing();
  await db.insert(price_names).values(PRICE_CONCEPTS.map((c) => ({ ...c }))).onConflictDoNothing();
  await ensureMailTemplates(db);
}

export const getSettings = (db: Queryable): Promise<AppSettings> =>
  cached(settingsCache, db, async () => (await db.select().from(app_settings).where(eq(app_settings.id, 1)))[0]);

/** The measurement limits that are settings today: the largest cover side (src/shared/measurements.ts). */
export const measureLimits = async (db: Queryable): Promise<MeasureLimits> => ({ maxCoverSide: (await getSettings(db)).max_cover_side });

/**
 * 40001 when a pool's side A or B is over the largest cover of today's settings: the fields' own rules took
 * them (they cannot know the setting), so every route that takes a pool asks this before storing or pricing it.
 */
export async function assertPoolSides(db: Queryable, pool: { a?: unknown; b?: unknown }) {
  const errors = poolSettingRefusals(pool, await measureLimits(db));
  if (Object.keys(errors).length) throw invalid(errors);
}

/** What each price concept is called on budgets, orders and documents ("Cobertor", "Refuerzo"…). */
export const getPriceNames = (db: Queryable): Promise<Record<PriceConcept, string>> =>
  cached(namesCache, db, async () =>
    priceConceptNames(await db.select({ key: price_names.key, name: price_names.name }).from(price_names)),
  );

/** Called after a write so this instance sees the change at once, and the others as soon as they are told. */
export function forgetSettings(db: Queryable) {
  forgetHere(db);
  channels.get(db)?.announce();
}

function forgetHere(db: Queryable) {
  settingsCache.delete(db);
  namesCache.delete(db);
}

/** How instances on one database tell each other that its settings changed (Redis pub/sub). */
export interface SettingsChannel {
  announce(): void;
  /** Calls `listener` on every announcement, from this instance or another one. */
  listen(listener: () => void): void;
  /** True while announcements arrive; otherwise readings are kept only a second. */
  listening(): boolean;
}

const channels = new WeakMap<object, SettingsChannel>();

export function shareSettingsChanges(db: Db, channel: SettingsChannel) {
  channels.set(db, channel);
  channel.listen(() => forgetHere(db));
}
