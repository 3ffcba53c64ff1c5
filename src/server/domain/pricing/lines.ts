/**
 * Prices the lines a request asks for (a chosen cover with its reinforcement and confección extras, a
 * reel diameter, an article variation) from the catalogue and the context's fare. Budgets and carts
 * store the lines this returns; browsers only send ids and quantities (docs/business-rules.md).
 */
import { and, eq } from 'drizzle-orm';
import { REINFORCED_COVER_TYPE } from '../../../shared/catalogue';
import { formatDecimal } from '../../../shared/format';
import { Msg } from '../../../shared/messages';
import { effectivePrice, priceLine, variationPrice, type LineKind, type PricedLine } from '../../../shared/pricing';
import type { Queryable } from '../../db';
import {
  item_property_value_fare_prices,
  item_property_values,
  items,
  pool_covers,
  reel_diameter_fare_prices,
  reel_diameters,
  reel_subcategories,
  reels,
} from '../../db/tables';
import { invalid, warning } from '../../errors';
import { withVariationNames } from '../items';
import type { Row } from '../records';
import { coversWithFare, customOf, priceCoverRow, reinforcementsWithFare, withConcept } from './catalogue';
import type { PricingContext } from './context';
import type { Pool } from './pool';

export interface LineRequest {
  kind: 'cover' | 'reel' | 'item';
  pool_cover_id?: number;
  reinforcement_type_id?: number | null;
  reel_diameter_id?: number;
  item_property_value_id?: number;
  quantity: number;
}

const NO_IDS = {
  pool_cover_id: null,
  reinforcement_type_id: null,
  reel_diameter_id: null,
  item_property_value_id: null,
  rounded_corners: false,
  stairwell: false,
  extra_confection: false,
  extra_distance: null,
};

/** A chosen cover of the pool's type: its cover, reinforcement (type 1) and confección lines. */
async function coverLines(db: Queryable, ctx: PricingContext, pool: Pool | null, request: LineRequest): Promise<PricedLine[]> {
  const quantity = request.quantity;
  const [cover] = await coversWithFare(db, eq(pool_covers.id, request.pool_cover_id ?? 0), ctx.fareId ?? 0);
  if (!pool || !cover || cover.cover.pool_cover_type_id !== pool.coverTypeId || !cover.cover.show_cover) {
    throw invalid({ pool_cover_id: Msg.coverNotOffered });
  }
  let reinforcement = null;
  if (cover.cover.pool_cover_type_id === REINFORCED_COVER_TYPE) {
    reinforcement
      = (await reinforcementsWithFare(db, ctx.fareId ?? 0)).find((r) => r.reinforcement.id === request.reinforcement_type_id) ?? null;
    if (!reinforcement) throw invalid({ reinforcement_type_id: 'Campo obligatorio' });
  }
  const option = priceCoverRow(pool, ctx, cover, reinforcement, quantity);
  return option.lines.map((line): PricedLine => {
    const kind: LineKind = line.key === 'cover' ? 'cover' : line.key === 'reinforcement' ? 'reinforcement' : 'confection';
    return {
      ...NO_IDS, kind, pool_cover_id: cover.cover.id, reinforcement_type_id: reinforcement?.reinforcement.id ?? null,
      rounded_corners: line.key === 'rounded_corners', stairwell: line.key === 'stairwell', extra_confection: kind === 'confection',
      extra_distance: pool.overlap, description: kind === 'confection' ? line.label : `${line.label} (${formatDecimal(option.area)} m²)`,
      reference: kind === 'cover' ? cover.cover.reference : kind === 'reinforcement' ? reinforcement!.reinforcement.reference : null,
      quantity, base_price: line.unitPrice, unit_price: line.unitPrice, item_price: line.amount,
      weight_index: kind === 'cover' ? Math.round(Number(cover.cover.weight_index) * option.area * quantity * 1e4) / 1e4 : 0,
    };
  });
}

/** A reel diameter at the fare's price; one not available is refused. */
async function reelLine(db: Queryable, ctx: PricingContext, request: LineRequest): Promise<PricedLine> {
  const quantity = request.quantity;
  const [row] = await db
    .select({ diameter: reel_diameters, custom: reel_diameter_fare_prices, sub: reel_subcategories, reel: reels })
    .from(reel_diameters)
    .innerJoin(reel_subcategories, eq(reel_subcategories.id, reel_diameters.reel_subcategory_id))
    .innerJoin(reels, eq(reels.id, reel_subcategories.reel_id))
    .leftJoin(
      reel_diameter_fare_prices,
      and(eq(reel_diameter_fare_prices.target_id, reel_diameters.id), eq(reel_diameter_fare_prices.client_fare_id, ctx.fareId ?? 0)),
    )
    .where(eq(reel_diameters.id, request.reel_diameter_id ?? 0));
  if (!row) throw invalid({ reel_diameter_id: Msg.referenceMissing });
  if (!row.diameter.available) throw warning(Msg.notAvailable);
  const line = priceLine('reel', effectivePrice(Number(row.diameter.price), customOf(row.custom)), quantity);
  return {
    ...NO_IDS,
    kind: 'reel',
    reel_diameter_id: row.diameter.id,
    quantity,
    reference: row.diameter.reference,
    description: `${withConcept(ctx.names.reel, row.reel.name)} · hasta ${formatDecimal(Number(row.sub.size_max))} m`
      + ` · Ø ${row.diameter.diameter} mm · ${row.diameter.engine ? 'con motor' : 'sin motor'}`,
    base_price: Number(row.diameter.price),
    unit_price: line.unitPrice,
    item_price: line.amount,
    weight_index: Math.round(Number(row.diameter.weight_index) * quantity * 1e4) / 1e4,
  };
}

/** An article variation at the fare's price; one hidden for everyone or for the fare is refused. */
async function itemLine(db: Queryable, ctx: PricingContext, request: LineRequest): Promise<PricedLine> {
  const quantity = request.quantity;
  const [row] = await db
    .select({ variation: item_property_values, custom: item_property_value_fare_prices, reference: items.reference })
    .from(item_property_values)
    .innerJoin(items, eq(items.id, item_property_values.item_id))
    .leftJoin(
      item_property_value_fare_prices,
      and(
        eq(item_property_value_fare_prices.target_id, item_property_values.id),
        eq(item_property_value_fare_prices.client_fare_id, ctx.fareId ?? 0),
      ),
    )
    .where(eq(item_property_values.id, request.item_property_value_id ?? 0));
  if (!row) throw invalid({ item_property_value_id: Msg.referenceMissing });
  // A variation hidden for everyone, or for this fare (its fare row not available: fare_hidden), is not offered.
  if (row.variation.is_hidden || (row.custom && !row.custom.fare_available)) throw warning(Msg.notAvailable);
  const [named] = await withVariationNames(db, [row.variation as Row]);
  const unit = variationPrice({
    value: Number(row.variation.value),
    customValue: row.custom ? Number(row.custom.custom_price) : null,
    fareAvailable: true,
  });
  const line = priceLine('item', unit, quantity);
  return {
    ...NO_IDS, kind: 'item', item_property_value_id: row.variation.id, quantity, reference: row.reference,
    description: named.name === named.item_name ? String(named.item_name) : `${named.item_name} · ${named.name}`,
    base_price: Number(row.variation.value), unit_price: line.unitPrice, item_price: line.amount,
    weight_index: Math.round(Number(row.variation.weight_index) * quantity * 1e4) / 1e4,
  };
}

/**
 * Prices the lines a request asks for. A cover needs the pool (`pool`); one of another type than the
 * pool's, or hidden, is refused; type 1 needs its reinforcement ("Campo obligatorio").
 */
export async function priceLines(db: Queryable, ctx: PricingContext, pool: Pool | null, requests: LineRequest[]): Promise<PricedLine[]> {
  const out: PricedLine[] = [];
  // One statement at a time: a transaction is one connection.
  for (const request of requests) {
    if (request.kind === 'cover') out.push(...await coverLines(db, ctx, pool, request));
    else if (request.kind === 'reel') out.push(await reelLine(db, ctx, request));
    else out.push(await itemLine(db, ctx, request));
  }
  return out;
}
