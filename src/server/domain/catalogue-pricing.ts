/**
 * Prices catalogue products for a client, on the server, from the catalogue and the client's fare:
 * cover options for a pool (cover, reinforcement for type 1, confección extras), reel diameters and
 * article variations. Budgets and orders store the lines this returns; browsers only send ids and
 * quantities (docs/business-rules.md).
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { REINFORCED_COVER_TYPE } from '../../shared/catalogue';
import { Msg } from '../../shared/messages';
import { coverWidth, effectivePrice, priceBudgetOption, priceBudgetOptions, priceLine, reelSubcategoryFor, totals, variationPrice, type CoverOption, type LineKey, type LineKind, type PricedLine, type ReelOffer } from '../../shared/pricing';
import { formatDecimal, formatPriceSinIva } from '../../shared/format';
import type { priceConceptNames } from '../../shared/priceNames';
import { preparedFor, type Db, type Queryable } from '../db';
import {
  clients, item_property_value_fare_prices, item_property_values, items, pool_cover_fare_prices, pool_covers, reel_diameter_fare_prices,
  reel_diameters, reel_subcategories, reels, reinforcement_fare_prices, reinforcement_types, taxes,
} from '../db/tables';
import { invalid, notFound, warning } from '../errors';
import { withVariationNames } from './items';
import { fitsWidth } from './reels';
import { getPriceNames, getSettings } from './settings';
import type { Row } from './records';

/** Who is priced: a fare (null: base prices), the confección price, the concept names; for a client, its row and VAT. */
export interface PricingContext {
  client: typeof clients.$inferSelect | null;
  taxPercentage: number;
  fareId: number | null;
  /** Whole euros added per cover for rounded corners and again for a stairwell. */
  confectionPrice: number;
  names: ReturnType<typeof priceConceptNames>;
}

export type ClientPricingContext = PricingContext & { client: typeof clients.$inferSelect };

/** The client and its VAT rate as a pricing context reads them (join `taxes` on the client's tax). */
export const clientPricingColumns = { client: clients, tax: taxes.tax_percentage };

export async function clientPricing(db: Queryable, row: { client: typeof clients.$inferSelect; tax: string }): Promise<ClientPricingContext> {
  return { client: row.client, taxPercentage: Number(row.tax), fareId: row.client.client_fare_id, confectionPrice: row.client.extra_confection_price, names: await getPriceNames(db) };
}

export async function pricingContext(db: Queryable, clientId: number): Promise<ClientPricingContext> {
  const [row] = await db.select(clientPricingColumns).from(clients).innerJoin(taxes, eq(taxes.id, clients.tax_id)).where(eq(clients.id, clientId));
  if (!row) throw notFound('El cliente no existe');
  return clientPricing(db, row);
}

/**
 * Pricing without a client: the public calculator (the web fare) and the staff's internal calculator
 * (base prices). Confección is the app's base confección price; prices are "sin IVA".
 */
export async function clientlessPricingContext(db: Queryable, fare: 'web' | 'base'): Promise<PricingContext> {
  const settings = await getSettings(db);
  return { client: null, taxPercentage: 0, fareId: fare === 'web' ? settings.web_fare_id : null, confectionPrice: settings.base_confection_price, names: await getPriceNames(db) };
}

/** A pool as the pricing needs it: dimensions in metres, overlap, cover type and options. */
export interface Pool {
  coverTypeId: number;
  a: number; b: number; c: number; d: number;
  overlap: number;
  stairwell: boolean;
  roundedCorners: boolean;
}

/** A pool stored with numeric columns (budgets, order calculations). */
export const poolOf = (row: { pool_cover_type_id: number; a: string; b: string; c: string | null; d: string | null; stairwell: boolean; rounded_corners: boolean }, overlap: number): Pool => ({
  coverTypeId: row.pool_cover_type_id, a: Number(row.a), b: Number(row.b), c: row.c === null ? 0 : Number(row.c), d: row.d === null ? 0 : Number(row.d),
  overlap, stairwell: row.stairwell, roundedCorners: row.rounded_corners,
});

/**
 * Covers with their base price and the fare's own price. A fare row that is not `fare_available`
 * only switches its own price off: the base price applies (docs/business-rules.md).
 */
type FareParam = number | Placeholder;

function coversWithFare(db: Queryable, where: SQL | undefined, fareId: FareParam) {
  return db.select({ cover: pool_covers, custom: pool_cover_fare_prices })
    .from(pool_covers)
    .leftJoin(pool_cover_fare_prices, and(eq(pool_cover_fare_prices.target_id, pool_covers.id), eq(pool_cover_fare_prices.client_fare_id, fareId)))
    .where(where).orderBy(asc(pool_covers.name), asc(pool_covers.id));
}

function reinforcementsWithFare(db: Queryable, fareId: FareParam) {
  return db.select({ reinforcement: reinforcement_types, custom: reinforcement_fare_prices })
    .from(reinforcement_types)
    .leftJoin(reinforcement_fare_prices, and(eq(reinforcement_fare_prices.target_id, reinforcement_types.id), eq(reinforcement_fare_prices.client_fare_id, fareId)))
    .orderBy(asc(reinforcement_types.name), asc(reinforcement_types.id));
}

// Every price table and calculator reads these: prepared once per database (no fare: fare 0, none has it).
const offeredCovers = preparedFor((db) => coversWithFare(db, and(eq(pool_covers.pool_cover_type_id, sql.placeholder('type')), eq(pool_covers.show_cover, true)), sql.placeholder('fare'))
  .prepare('offered_covers_with_fare'));
const allReinforcements = preparedFor((db) => reinforcementsWithFare(db, sql.placeholder('fare')).prepare('reinforcements_with_fare'));

/** "Cobertor Burbuja 400", but "Enrollador fijo inox" rather than "Enrollador Enrollador fijo inox". */
const withConcept = (concept: string, name: string) => (name.toLowerCase().startsWith(concept.toLowerCase()) ? name : `${concept} ${name}`);

type FareRow = { custom_price: string; fare_available: boolean } | null;
const customOf = (row: FareRow) => (row ? { price: Number(row.custom_price), available: row.fare_available } : null);

type CoverRow = { cover: typeof pool_covers.$inferSelect; custom: FareRow };
type ReinforcementRow = { reinforcement: typeof reinforcement_types.$inferSelect; custom: FareRow };

/** The price inputs of a cover and of a reinforcement row under the context's fare. */
const coverInput = (row: CoverRow) => ({ coverTypeId: row.cover.pool_cover_type_id, priceM2: Number(row.cover.price_m2), custom: customOf(row.custom) });
const reinforcementInput = (row: ReinforcementRow) => ({ priceM2: Number(row.reinforcement.price_m2), custom: customOf(row.custom) });

/** "Cobertor Manta Invierno", "Refuerzo perimetral": a cover's and a reinforcement's line labels. */
const coverLabel = (ctx: PricingContext, row: CoverRow) => withConcept(ctx.names.cover, row.cover.name);
const reinforcementLabel = (ctx: PricingContext, row: ReinforcementRow) => withConcept(ctx.names.reinforcement, row.reinforcement.name);

/** What a line of an option is called: its cover, its reinforcement, or the confección concept's name. */
const lineLabel = (ctx: PricingContext, key: LineKey, cover: string, reinforcement: string | null) =>
  key === 'cover' ? cover : key === 'reinforcement' ? reinforcement ?? ctx.names.reinforcement : ctx.names[key as 'rounded_corners' | 'stairwell'];

/** A chosen cover (× reinforcement) priced for the pool and client, each line with its label. */
function priceCoverRow(pool: Pool, ctx: PricingContext, cover: CoverRow, reinforcement: ReinforcementRow | null, quantity = 1) {
  const option = priceBudgetOption({ pool, quantity, cover: coverInput(cover), reinforcement: reinforcement && reinforcementInput(reinforcement), extraConfectionPrice: ctx.confectionPrice });
  const [coverName, reinforcementName] = [coverLabel(ctx, cover), reinforcement && reinforcementLabel(ctx, reinforcement)];
  return { ...option, lines: option.lines.map((line) => ({ ...line, label: lineLabel(ctx, line.key, coverName, reinforcementName) })) };
}

/**
 * Every visible cover of the pool's type, each with every reinforcement when the type is 1, priced for
 * the context. Outside a transaction (`Db`): its two reads run side by side. `breakdown` adds each
 * option's lines, for the screen that shows them (the public calculator); price tables show the
 * subtotal only, and 320 options without their lines are a third of the bytes.
 */
export async function coverOptions(db: Db, ctx: PricingContext, pool: Pool, { breakdown = false } = {}): Promise<CoverOption[]> {
  const reinforced = pool.coverTypeId === REINFORCED_COVER_TYPE;
  const [covers, reinforcements] = await Promise.all([
    offeredCovers(db).execute({ type: pool.coverTypeId, fare: ctx.fareId ?? 0 }),
    reinforced ? allReinforcements(db).execute({ fare: ctx.fareId ?? 0 }) : [],
  ]);
  const grid = priceBudgetOptions({ pool, covers: covers.map(coverInput), reinforcements: reinforcements.map(reinforcementInput), extraConfectionPrice: ctx.confectionPrice });
  // The lines' labels name the cover and the reinforcement: worked out only when lines are sent.
  const reinforcementNames = breakdown ? reinforcements.map((r) => reinforcementLabel(ctx, r)) : [];
  return covers.flatMap((cover, i) => {
    const coverName = breakdown ? coverLabel(ctx, cover) : '';
    return grid[i].map((option, j): CoverOption => {
      const reinforcement = option.reinforcement ? reinforcements[j] : null;
      const priced: CoverOption = {
        pool_cover_id: cover.cover.id, cover_name: cover.cover.name,
        reinforcement_type_id: reinforcement?.reinforcement.id ?? null, reinforcement_name: reinforcement?.reinforcement.name ?? null,
        area: option.area, subtotal: option.subtotal, label: option.label,
      };
      if (breakdown) priced.lines = option.lines.map((line) => ({ key: line.key, label: lineLabel(ctx, line.key, coverName, reinforcement && reinforcementNames[j]), amount: line.amount }));
      return priced;
    });
  });
}

/** The fitting reels, their sizes and the sizes' favourite diameters with the fare's price, in one read. */
const reelsWithFavourites = preparedFor((db) => db
  .select({ reel: reels, sub: reel_subcategories, diameter: reel_diameters, custom: reel_diameter_fare_prices }).from(reels)
  .innerJoin(reel_subcategories, eq(reel_subcategories.reel_id, reels.id))
  .leftJoin(reel_diameters, and(eq(reel_diameters.reel_subcategory_id, reel_subcategories.id), eq(reel_diameters.is_budget_favorite, true)))
  .leftJoin(reel_diameter_fare_prices, and(eq(reel_diameter_fare_prices.target_id, reel_diameters.id), eq(reel_diameter_fare_prices.client_fare_id, sql.placeholder('fare'))))
  .where(fitsWidth(sql.placeholder('width')))
  .orderBy(asc(reels.name), asc(reels.id), asc(reel_diameters.diameter), asc(reel_diameters.engine))
  .prepare('reels_with_favourite_diameters'));

/** Budget-favourite diameters of the reels that fit the pool's cover width, in the size it needs, with the fare's price. */
export async function favouriteReels(db: Db, ctx: PricingContext, pool: Pool): Promise<ReelOffer[]> {
  const width = coverWidth(pool);
  const rows = await reelsWithFavourites(db).execute({ width, fare: ctx.fareId ?? 0 });
  const fitting = [...new Map(rows.map((r) => [r.reel.id, r.reel])).values()];
  // Each reel offers the smallest of its sizes that holds the width.
  return fitting.flatMap((reel) => {
    const ofReel = rows.filter((r) => r.reel.id === reel.id);
    const sizes = [...new Map(ofReel.map((r) => [r.sub.id, { ...r.sub, size_max: Number(r.sub.size_max) }])).values()];
    const sub = reelSubcategoryFor(width, sizes);
    if (!sub) return [];
    return ofReel.filter((r) => r.sub.id === sub.id && r.diameter).map(({ custom, diameter }) => {
      const price = diameter!.available ? effectivePrice(Number(diameter!.price), customOf(custom)) : null;
      return {
        reel_id: reel.id, reel_name: reel.name, reel_subcategory_id: sub.id, size_max: sub.size_max, reel_diameter_id: diameter!.id,
        diameter: diameter!.diameter, engine: diameter!.engine, price, label: formatPriceSinIva(price),
      };
    });
  });
}

// ---------------------------------------------------------------- lines

export interface LineRequest { kind: 'cover' | 'reel' | 'item'; pool_cover_id?: number; reinforcement_type_id?: number | null; reel_diameter_id?: number; item_property_value_id?: number; quantity: number }

const NO_IDS = { pool_cover_id: null, reinforcement_type_id: null, reel_diameter_id: null, item_property_value_id: null, rounded_corners: false, stairwell: false, extra_confection: false, extra_distance: null };

/**
 * Prices the lines a request asks for. A cover needs the pool (`pool`); one of another type than the
 * pool's, or hidden, is refused; type 1 needs its reinforcement ("Campo obligatorio").
 */
export async function priceLines(db: Queryable, ctx: PricingContext, pool: Pool | null, requests: LineRequest[]): Promise<PricedLine[]> {
  const out: PricedLine[] = [];
  for (const request of requests) {
    const quantity = request.quantity;
    if (request.kind === 'cover') {
      const [cover] = await coversWithFare(db, eq(pool_covers.id, request.pool_cover_id ?? 0), ctx.fareId ?? 0);
      if (!pool || !cover || cover.cover.pool_cover_type_id !== pool.coverTypeId || !cover.cover.show_cover) {
        throw invalid({ pool_cover_id: Msg.coverNotOffered });
      }
      let reinforcement = null;
      if (cover.cover.pool_cover_type_id === REINFORCED_COVER_TYPE) {
        reinforcement = (await reinforcementsWithFare(db, ctx.fareId ?? 0)).find((r) => r.reinforcement.id === request.reinforcement_type_id) ?? null;
        if (!reinforcement) throw invalid({ reinforcement_type_id: 'Campo obligatorio' });
      }
      const option = priceCoverRow(pool, ctx, cover, reinforcement, quantity);
      for (const line of option.lines) {
        const kind: LineKind = line.key === 'cover' ? 'cover' : line.key === 'reinforcement' ? 'reinforcement' : 'confection';
        out.push({
          ...NO_IDS, kind, pool_cover_id: cover.cover.id, reinforcement_type_id: reinforcement?.reinforcement.id ?? null,
          rounded_corners: line.key === 'rounded_corners', stairwell: line.key === 'stairwell', extra_confection: kind === 'confection',
          extra_distance: pool.overlap, description: kind === 'confection' ? line.label : `${line.label} (${formatDecimal(option.area)} m²)`,
          reference: kind === 'cover' ? cover.cover.reference : kind === 'reinforcement' ? reinforcement!.reinforcement.reference : null,
          quantity, base_price: line.unitPrice, unit_price: line.unitPrice, item_price: line.amount,
          weight_index: kind === 'cover' ? Math.round(Number(cover.cover.weight_index) * option.area * quantity * 1e4) / 1e4 : 0,
        });
      }
    } else if (request.kind === 'reel') {
      const [row] = await db.select({ diameter: reel_diameters, custom: reel_diameter_fare_prices, sub: reel_subcategories, reel: reels }).from(reel_diameters)
        .innerJoin(reel_subcategories, eq(reel_subcategories.id, reel_diameters.reel_subcategory_id)).innerJoin(reels, eq(reels.id, reel_subcategories.reel_id))
        .leftJoin(reel_diameter_fare_prices, and(eq(reel_diameter_fare_prices.target_id, reel_diameters.id), eq(reel_diameter_fare_prices.client_fare_id, ctx.fareId ?? 0)))
        .where(eq(reel_diameters.id, request.reel_diameter_id ?? 0));
      if (!row) throw invalid({ reel_diameter_id: Msg.referenceMissing });
      if (!row.diameter.available) throw warning(Msg.notAvailable);
      const line = priceLine('reel', effectivePrice(Number(row.diameter.price), customOf(row.custom)), quantity);
      out.push({
        ...NO_IDS, kind: 'reel', reel_diameter_id: row.diameter.id, quantity, reference: row.diameter.reference,
        description: `${withConcept(ctx.names.reel, row.reel.name)} · hasta ${formatDecimal(Number(row.sub.size_max))} m · Ø ${row.diameter.diameter} mm · ${row.diameter.engine ? 'con motor' : 'sin motor'}`,
        base_price: Number(row.diameter.price), unit_price: line.unitPrice, item_price: line.amount,
        weight_index: Math.round(Number(row.diameter.weight_index) * quantity * 1e4) / 1e4,
      });
    } else {
      const [row] = await db.select({ variation: item_property_values, custom: item_property_value_fare_prices, reference: items.reference }).from(item_property_values)
        .innerJoin(items, eq(items.id, item_property_values.item_id))
        .leftJoin(item_property_value_fare_prices, and(eq(item_property_value_fare_prices.target_id, item_property_values.id), eq(item_property_value_fare_prices.client_fare_id, ctx.fareId ?? 0)))
        .where(eq(item_property_values.id, request.item_property_value_id ?? 0));
      if (!row) throw invalid({ item_property_value_id: Msg.referenceMissing });
      // A variation hidden for everyone, or for this fare (its fare row not available: fare_hidden), is not offered.
      if (row.variation.is_hidden || (row.custom && !row.custom.fare_available)) throw warning(Msg.notAvailable);
      const [named] = await withVariationNames(db, [row.variation as Row]);
      const unit = variationPrice({ value: Number(row.variation.value), customValue: row.custom ? Number(row.custom.custom_price) : null, fareAvailable: true });
      const line = priceLine('item', unit, quantity);
      out.push({
        ...NO_IDS, kind: 'item', item_property_value_id: row.variation.id, quantity, reference: row.reference,
        description: named.name === named.item_name ? String(named.item_name) : `${named.item_name} · ${named.name}`,
        base_price: Number(row.variation.value), unit_price: line.unitPrice, item_price: line.amount,
        weight_index: Math.round(Number(row.variation.weight_index) * quantity * 1e4) / 1e4,
      });
    }
  }
  return out;
}

/** Totals of lines (euros, VAT-exclusive) for the client: subtotal, shipping (free from the threshold), VAT, total. */
export function totalsOf(lines: Array<{ item_price: string | number }>, ctx: Pick<ClientPricingContext, 'client' | 'taxPercentage'>, overrides: { shipping?: number; taxPercentage?: number } = {}) {
  const threshold = ctx.client.free_shipping_threshold === null ? null : Number(ctx.client.free_shipping_threshold);
  return totals({
    lines: lines.map((l) => ({ cents: Math.round(Number(l.item_price) * 100) })),
    // Nothing to send, nothing to pay for sending.
    shipPrice: lines.length ? overrides.shipping ?? Number(ctx.client.default_ship_price) : 0,
    freeShippingThreshold: overrides.shipping === undefined ? threshold : null,
    taxPercentage: overrides.taxPercentage ?? ctx.taxPercentage,
  });
}
