/**
 * A fare's own prices per kind (covers per m², reinforcements per m², reel diameters): lookup with
 * fallback to the base price, editing one price, and applying a percentage to a whole kind in one
 * transaction (DESIGN §5, §7).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { withPercentage } from '../../shared/money';
import type { Db, Queryable } from '../db';
import {
  client_fares, clients, pool_cover_fare_prices, pool_covers, reel_diameter_fare_prices, reel_diameters, reinforcement_fare_prices, reinforcement_types,
} from '../db/tables';
import { notFound } from '../errors';
import { isAdmin, type SessionUser } from './auth';
import { writeAudit } from './audit';

export const FARE_KINDS = {
  poolCover: { prices: pool_cover_fare_prices, base: pool_covers, id: pool_covers.id, price: pool_covers.price_m2, name: pool_covers.name },
  reinforcementType: { prices: reinforcement_fare_prices, base: reinforcement_types, id: reinforcement_types.id, price: reinforcement_types.price_m2, name: reinforcement_types.name },
  reelDiameter: { prices: reel_diameter_fare_prices, base: reel_diameters, id: reel_diameters.id, price: reel_diameters.price, name: reel_diameters.reference },
} as const;

export type FareKind = keyof typeof FARE_KINDS;
export const isFareKind = (kind: unknown): kind is FareKind => typeof kind === 'string' && kind in FARE_KINDS;

/**
 * The fare a request prices with: staff choose any fare (or none: base prices); a client member
 * always gets its own client's fare, whatever it sends.
 */
export async function pricingFare(db: Queryable, user: SessionUser, requested: unknown): Promise<number | null> {
  if (isAdmin(user)) {
    const id = Number(requested);
    return Number.isInteger(id) && id > 0 ? id : null;
  }
  if (!user.client_id) return null;
  const [client] = await db.select({ fare: clients.client_fare_id }).from(clients).where(eq(clients.id, user.client_id));
  return client?.fare ?? null;
}

/** The fare's price for a row when it holds one and it is available; otherwise null (use the base price). */
export async function fareCustomPrice(db: Queryable, kind: FareKind, fareId: number | null | undefined, targetId: number): Promise<number | null> {
  if (!fareId) return null;
  const { prices } = FARE_KINDS[kind];
  const [row] = await db.select().from(prices).where(and(eq(prices.client_fare_id, fareId), eq(prices.target_id, targetId)));
  return row && row.fare_available ? Number(row.custom_price) : null;
}

/** Every row of a kind with its base price and the fare's own price (null when it has none). */
export async function farePrices(db: Queryable, kind: FareKind, fareId: number) {
  const k = FARE_KINDS[kind];
  const rows = await db
    .select({ id: k.id, name: k.name, base_price: k.price, custom_price: k.prices.custom_price, fare_available: k.prices.fare_available })
    .from(k.base)
    .leftJoin(k.prices, and(eq(k.prices.target_id, k.id as PgColumn), eq(k.prices.client_fare_id, fareId)))
    .orderBy(asc(k.id as PgColumn));
  return rows.map((r) => ({
    id: r.id, name: r.name, base_price: Number(r.base_price),
    custom_price: r.custom_price === null ? null : Number(r.custom_price), fare_available: r.fare_available ?? true,
  }));
}

async function assertFare(db: Queryable, fareId: number) {
  const [fare] = await db.select({ id: client_fares.id }).from(client_fares).where(eq(client_fares.id, fareId));
  if (!fare) throw notFound('La tarifa no existe');
}

/** Sets (or, with a null price, removes) the fare's own price of one row. */
export async function setFarePrice(db: Db, userId: number, kind: FareKind, fareId: number, targetId: number, customPrice: number | null, available: boolean) {
  const k = FARE_KINDS[kind];
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    const [target] = await tx.select({ id: k.id }).from(k.base).where(eq(k.id as PgColumn, targetId));
    if (!target) throw notFound();
    const where = and(eq(k.prices.client_fare_id, fareId), eq(k.prices.target_id, targetId));
    const [before] = await tx.select().from(k.prices).where(where);
    if (customPrice === null) await tx.delete(k.prices).where(where);
    else {
      await tx.insert(k.prices).values({ client_fare_id: fareId, target_id: targetId, custom_price: customPrice.toFixed(2), fare_available: available })
        .onConflictDoUpdate({ target: [k.prices.client_fare_id, k.prices.target_id], set: { custom_price: customPrice.toFixed(2), fare_available: available, updated_at: new Date() } });
    }
    const [after] = await tx.select().from(k.prices).where(where);
    await writeAudit(tx, userId, `farePrice.${kind}`, `${fareId}/${targetId}`, before ? (after ? 'update' : 'delete') : 'create', before ?? null, after ?? null);
    return after ? { custom_price: Number(after.custom_price), fare_available: after.fare_available } : null;
  });
}

/**
 * Sets every price of a kind under the fare to base × (1 + p/100), creating the missing rows
 * (available) and updating the existing ones (keeping their availability), in one transaction.
 */
export async function applyFarePercentage(db: Db, userId: number, kind: FareKind, fareId: number, percentage: number) {
  const k = FARE_KINDS[kind];
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    const bases = await tx.select({ id: k.id, price: k.price }).from(k.base);
    for (const base of bases) {
      const price = withPercentage(Number(base.price), percentage).toFixed(2);
      await tx.insert(k.prices).values({ client_fare_id: fareId, target_id: base.id, custom_price: price })
        .onConflictDoUpdate({ target: [k.prices.client_fare_id, k.prices.target_id], set: { custom_price: price, updated_at: sql`now()` } });
    }
    await writeAudit(tx, userId, 'clientFare', fareId, 'update', null, { applied_percentage: percentage, kind, prices: bases.length });
    return { updated: bases.length };
  });
}
