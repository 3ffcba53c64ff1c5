/**
 * A fare's own prices per kind: covers per m², reinforcements per m², reel diameters and article
 * variations (each a price table), and confección (the fare's clients' `extra_confection_price`).
 * Lookup with fallback to the base price, editing one price, and applying a percentage to a kind, or
 * to every kind at once, in one transaction (docs/business-rules.md).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FarePrice } from '../../shared/catalogueAnswers';
import { CONFECTION, fareKind } from '../../shared/contracts/fares';
import { Msg } from '../../shared/messages';
import { withPercentage } from '../../shared/money';
import { effectivePrice } from '../../shared/pricing';
import type { Db, Queryable, Tx } from '../db';
import {
  app_settings,
  client_fares,
  clients,
  item_property_options,
  item_property_value_fare_prices,
  item_property_values,
  items,
  pool_cover_fare_prices,
  pool_cover_types,
  pool_covers,
  reel_diameter_fare_prices,
  reel_diameters,
  reel_subcategories,
  reels,
  reinforcement_fare_prices,
  reinforcement_types,
} from '../db/tables';
import { invalid, notFound, parseOptionalRowId } from '../errors';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { writeAudit } from './audit';

const optionName = (column: PgColumn) =>
  sql`(select ${item_property_options.name} from ${item_property_options} where ${item_property_options.id} = ${column})`;
const articleName = sql<string>`(select ${items.name} from ${items} where ${items.id} = ${item_property_values.item_id})`;
/** "Tensor de invierno · 1 m · Negro": a variation's price means nothing without its article. */
const variationName = sql<string>`concat_ws(' · ', ${articleName},
  ${optionName(item_property_values.item_property_1_option_id)},
  ${optionName(item_property_values.item_property_2_option_id)},
  ${optionName(item_property_values.item_property_3_option_id)})`;

/** "Enrollador telescópico · hasta 4.50 m · Ø 110 mm · sin motor": a diameter's price means nothing without its reel and size. */
const diameterName = sql<string>`(select concat_ws(' · ', ${reels.name},
    'hasta ' || ${reel_subcategories.size_max} || ' m', 'Ø ' || ${reel_diameters.diameter} || ' mm',
    case when ${reel_diameters.engine} then 'con motor' else 'sin motor' end)
  from ${reel_subcategories} join ${reels} on ${reels.id} = ${reel_subcategories.reel_id}
  where ${reel_subcategories.id} = ${reel_diameters.reel_subcategory_id})`;

/** Every kind of price a fare sets, as its contract lists them. */
export type FareKind = z.output<typeof fareKind>;
/**
 * The kinds held in a price table: all but confección (CONFECTION), which has no table of its own: its
 * prices are the fare's clients' extra_confection_price, based on the app setting.
 */
export type PriceTableKind = Exclude<FareKind, typeof CONFECTION>;

/**
 * Each kind's price table (spec: custom_price_m2, custom_price, custom_value) with its base rows; a kind
 * the contract adds or drops without its table here fails the typecheck.
 */
const PRICE_TABLES = {
  poolCover: {
    prices: pool_cover_fare_prices,
    base: pool_covers,
    id: pool_covers.id,
    price: pool_covers.price_m2,
    name: pool_covers.name,
    order: [pool_covers.id],
  },
  reinforcementType: {
    prices: reinforcement_fare_prices,
    base: reinforcement_types,
    id: reinforcement_types.id,
    price: reinforcement_types.price_m2,
    name: reinforcement_types.name,
    order: [reinforcement_types.id],
  },
  reelDiameter: {
    prices: reel_diameter_fare_prices,
    base: reel_diameters,
    id: reel_diameters.id,
    price: reel_diameters.price,
    name: diameterName,
    order: [reel_diameters.id],
  },
  // custom_price is the spec's custom_value; fare_available false is its fare_hidden.
  itemPropertyValue: {
    prices: item_property_value_fare_prices,
    base: item_property_values,
    id: item_property_values.id,
    price: item_property_values.value,
    name: variationName,
    order: [articleName, item_property_values.item_id, item_property_values.id],
  },
} as const satisfies Record<PriceTableKind, unknown>;

export const isFareKind = (kind: unknown): kind is FareKind => fareKind.safeParse(kind).success;

/**
 * The fare a request prices with: staff choose any fare (or none: base prices); a client member
 * always gets its own client's fare, whatever it sends.
 */
export async function pricingFare(db: Queryable, user: SessionUser, requested: unknown): Promise<number | null> {
  // Read for everyone, so that a malformed id is refused whoever sends it.
  const id = parseOptionalRowId(requested, 'client_fare_id');
  if (isAdmin(user)) return id;
  if (!user.client_id) return null;
  const [client] = await db.select({ fare: clients.client_fare_id }).from(clients).where(eq(clients.id, user.client_id));
  return client?.fare ?? null;
}

/** The fare's price for a row when it holds one and it is available; otherwise null (use the base price). */
export async function fareCustomPrice(
  db: Queryable,
  kind: PriceTableKind,
  fareId: number | null | undefined,
  targetId: number,
): Promise<number | null> {
  if (!fareId) return null;
  const { prices } = PRICE_TABLES[kind];
  const [row] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.client_fare_id, fareId), eq(prices.target_id, targetId)));
  return row && row.fare_available ? Number(row.custom_price) : null;
}

/** Every row of a kind with its base price and the fare's own price (null when it has none). */
export async function farePrices(db: Queryable, kind: FareKind, fareId: number): Promise<FarePrice[]> {
  if (kind === CONFECTION) return confectionPrices(db, fareId);
  const k = PRICE_TABLES[kind];
  const rows = await db
    .select({ id: k.id, name: k.name, base_price: k.price, custom_price: k.prices.custom_price, fare_available: k.prices.fare_available })
    .from(k.base)
    .leftJoin(k.prices, and(eq(k.prices.target_id, k.id as PgColumn), eq(k.prices.client_fare_id, fareId)))
    .orderBy(...k.order.map((column) => asc(column as PgColumn)));
  return rows.map((r) => ({
    id: r.id, name: r.name, base_price: Number(r.base_price),
    custom_price: r.custom_price === null ? null : Number(r.custom_price), fare_available: r.fare_available ?? true,
  }));
}

async function confectionPrices(db: Queryable, fareId: number): Promise<FarePrice[]> {
  const base = await baseConfectionPrice(db);
  const rows = await db.select({ id: clients.id, name: clients.name, price: clients.extra_confection_price }).from(clients)
    .where(eq(clients.client_fare_id, fareId)).orderBy(asc(clients.name), asc(clients.id));
  return rows.map((r) => ({ id: r.id, name: r.name, base_price: base, custom_price: r.price, fare_available: true }));
}

async function baseConfectionPrice(db: Queryable) {
  const [settings] = await db.select({ base: app_settings.base_confection_price }).from(app_settings).where(eq(app_settings.id, 1));
  return settings?.base ?? 0;
}

async function assertFare(db: Queryable, fareId: number) {
  const [fare] = await db.select({ id: client_fares.id }).from(client_fares).where(eq(client_fares.id, fareId));
  if (!fare) throw notFound(Msg.fareMissing);
}

/**
 * Sets (or, with a null price, removes) the fare's own price of one row. For confección the row is a
 * client of the fare and the price its extra_confection_price (whole euros, never removed).
 */
export async function setFarePrice(
  db: Db,
  userId: number,
  kind: FareKind,
  fareId: number,
  targetId: number,
  customPrice: number | null,
  available: boolean,
) {
  if (kind === CONFECTION) return setConfectionPrice(db, userId, fareId, targetId, customPrice);
  const k = PRICE_TABLES[kind];
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    const [target] = await tx
      .select({ id: k.id })
      .from(k.base)
      .where(eq(k.id as PgColumn, targetId));
    if (!target) throw notFound();
    const where = and(eq(k.prices.client_fare_id, fareId), eq(k.prices.target_id, targetId));
    const [before] = await tx.select().from(k.prices).where(where);
    if (customPrice === null) await tx.delete(k.prices).where(where);
    else {
      await tx
        .insert(k.prices)
        .values({ client_fare_id: fareId, target_id: targetId, custom_price: customPrice.toFixed(2), fare_available: available })
        .onConflictDoUpdate({
          target: [k.prices.client_fare_id, k.prices.target_id],
          set: { custom_price: customPrice.toFixed(2), fare_available: available, updated_at: new Date() },
        });
    }
    const [after] = await tx.select().from(k.prices).where(where);
    await writeAudit(
      tx,
      userId,
      `farePrice.${kind}`,
      `${fareId}/${targetId}`,
      before ? (after ? 'update' : 'delete') : 'create',
      before ?? null,
      after ?? null,
    );
    return after ? { custom_price: Number(after.custom_price), fare_available: after.fare_available } : null;
  });
}

async function setConfectionPrice(db: Db, userId: number, fareId: number, clientId: number, price: number | null) {
  if (price === null || !Number.isInteger(price) || price < 0) throw invalid({ custom_price: Msg.confectionPrice });
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    const where = and(eq(clients.id, clientId), eq(clients.client_fare_id, fareId));
    const [before] = await tx.select().from(clients).where(where);
    if (!before) throw notFound(Msg.fareClientMissing);
    const [after] = await tx.update(clients).set({ extra_confection_price: price, updated_at: new Date() }).where(where).returning();
    await writeAudit(tx, userId, 'client', clientId, 'update', before, after);
    return { custom_price: after.extra_confection_price, fare_available: true };
  });
}

/**
 * base × (1 + p/100) rounded half-up to whole euros, in integers (p has at most 2 decimals). Rounding
 * once matters: 15 € + 3,3 % is 15,495 € → 15 €, where rounding to the cent first would give 16 €.
 */
export function confectionPriceWithPercentage(base: number, percentage: number) {
  const hundredths = Math.round(percentage * 100);
  return Math.floor((base * (10_000 + hundredths) + 5_000) / 10_000);
}

/** Rows per INSERT when applying a percentage (well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/**
 * Sets every price of a kind under the fare to base × (1 + p/100), creating the missing rows
 * (available) and updating the existing ones (keeping their availability); the fare's audit row says
 * what was applied. Runs in the caller's transaction.
 */
async function applyToKind(tx: Tx, userId: number, kind: FareKind, fareId: number, percentage: number): Promise<number> {
  if (kind === CONFECTION) return applyToConfection(tx, userId, fareId, percentage);
  const k = PRICE_TABLES[kind];
  const bases = await tx.select({ id: k.id, price: k.price }).from(k.base);
  const rows = bases.map((base) => ({
    client_fare_id: fareId,
    target_id: base.id as number,
    custom_price: withPercentage(Number(base.price), percentage).toFixed(2),
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx
      .insert(k.prices)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [k.prices.client_fare_id, k.prices.target_id],
        set: { custom_price: sql`excluded.custom_price`, updated_at: sql`now()` },
      });
  }
  await writeAudit(tx, userId, 'clientFare', fareId, 'update', null, { applied_percentage: percentage, kind, prices: rows.length });
  return rows.length;
}

/** Every client of the fare gets extra_confection_price = base_confection_price + p, in whole euros; each changed client is audited. */
async function applyToConfection(tx: Tx, userId: number, fareId: number, percentage: number): Promise<number> {
  const base = await baseConfectionPrice(tx);
  const price = confectionPriceWithPercentage(base, percentage);
  const ofFare = eq(clients.client_fare_id, fareId);
  const before = await tx.select().from(clients).where(and(ofFare, ne(clients.extra_confection_price, price)));
  if (before.length) {
    const after = await tx.update(clients).set({ extra_confection_price: price, updated_at: new Date() })
      .where(inArray(clients.id, before.map((c) => c.id))).returning();
    for (const row of after) await writeAudit(tx, userId, 'client', row.id, 'update', before.find((c) => c.id === row.id), row);
  }
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(clients).where(ofFare);
  await writeAudit(tx, userId, 'clientFare', fareId, 'update', null, {
    applied_percentage: percentage,
    kind: CONFECTION,
    base_confection_price: base,
    extra_confection_price: price,
    prices: n,
    changed: before.length,
  });
  return n;
}

/** Applies a percentage to one kind of the fare's prices, in one transaction. */
export async function applyFarePercentage(db: Db, userId: number, kind: FareKind, fareId: number, percentage: number) {
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    return { updated: await applyToKind(tx, userId, kind, fareId, percentage) };
  });
}

/** Applies a percentage to every kind of the fare's prices (confección included), all or nothing. */
export async function applyFarePercentageToAll(db: Db, userId: number, fareId: number, percentage: number) {
  return db.transaction(async (tx) => {
    await assertFare(tx, fareId);
    const byKind: Partial<Record<FareKind, number>> = {};
    for (const kind of fareKind.options) byKind[kind] = await applyToKind(tx, userId, kind, fareId, percentage);
    return { updated: Object.values(byKind).reduce((sum, n) => sum + n, 0), by_kind: byKind };
  });
}

// ---------------------------------------------------------------- catalogue priced under a fare

type FareRow = { target_id: number | null; custom_price: string; fare_available: boolean };

/** The fare's own rows of some targets of a kind, by target id (none without a fare). */
async function fareRowsOf(db: Queryable, kind: PriceTableKind, fareId: number | null, targetIds: number[]): Promise<Map<number, FareRow>> {
  if (!fareId || !targetIds.length) return new Map();
  const { prices } = PRICE_TABLES[kind];
  const rows: FareRow[] = await db
    .select({ target_id: prices.target_id, custom_price: prices.custom_price, fare_available: prices.fare_available })
    .from(prices)
    .where(and(eq(prices.client_fare_id, fareId), inArray(prices.target_id, targetIds)));
  return new Map(rows.map((r) => [r.target_id as number, r]));
}

/** What the calculators show beside a base price per m²: the fare's own (or null), its availability and the price that applies. */
function pricedPerM2(base: unknown, row: FareRow | undefined) {
  const custom = row ? Number(row.custom_price) : null;
  return {
    custom_price_m2: custom,
    fare_available: row?.fare_available ?? true,
    price: effectivePrice(Number(base), row ? { price: custom!, available: row.fare_available } : null),
  };
}

/** Every reinforcement type with its price under the fare (null: base prices). */
export async function reinforcementsWithFarePrices(db: Queryable, fareId: number | null) {
  const rows = await db.select().from(reinforcement_types).orderBy(asc(reinforcement_types.name), asc(reinforcement_types.id));
  const fare = await fareRowsOf(db, 'reinforcementType', fareId, rows.map((r) => r.id));
  return rows.map((row) => ({ ...row, ...pricedPerM2(row.price_m2, fare.get(row.id)) }));
}

/** A season's cover types (by position), each with its visible covers priced under the fare. */
export async function coverTypesWithFarePrices(db: Queryable, season: number, fareId: number | null) {
  const types = await db
    .select()
    .from(pool_cover_types)
    .where(eq(pool_cover_types.season, season))
    .orderBy(asc(pool_cover_types.position), asc(pool_cover_types.id));
  const covers = types.length
    ? await db.select().from(pool_covers)
        .where(and(inArray(pool_covers.pool_cover_type_id, types.map((t) => t.id)), eq(pool_covers.show_cover, true)))
        .orderBy(asc(pool_covers.name), asc(pool_covers.id))
    : [];
  const fare = await fareRowsOf(db, 'poolCover', fareId, covers.map((c) => c.id));
  return types.map((type) => ({
    type,
    covers: covers
      .filter((c) => c.pool_cover_type_id === type.id)
      .map((cover) => ({ ...cover, ...pricedPerM2(cover.price_m2, fare.get(cover.id)) })),
  }));
}
