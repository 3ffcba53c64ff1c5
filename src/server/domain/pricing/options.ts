/**
 * The price tables: every cover a pool can take (with every reinforcement for type 1) and the reels
 * that fit it, priced for a context. Budgets, the calculators and the public calculator show them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { REINFORCED_COVER_TYPE } from '../../../shared/catalogue';
import { formatPriceSinIva } from '../../../shared/format';
import {
  coverWidth,
  effectivePrice,
  priceBudgetOptions,
  reelSubcategoryFor,
  type CoverOption,
  type ReelOffer,
} from '../../../shared/pricing';
import { preparedFor, type Db } from '../../db';
import { reel_diameter_fare_prices, reel_diameters, reel_subcategories, reels } from '../../db/tables';
import { fitsWidth } from '../reels';
import {
  allReinforcements,
  coverInput,
  coverLabel,
  customOf,
  lineLabel,
  offeredCovers,
  reinforcementInput,
  reinforcementLabel,
} from './catalogue';
import type { PricingContext } from './context';
import type { Pool } from './pool';

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
  const grid = priceBudgetOptions({
    pool,
    covers: covers.map(coverInput),
    reinforcements: reinforcements.map(reinforcementInput),
    extraConfectionPrice: ctx.confectionPrice,
  });
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
      if (breakdown)
        priced.lines = option.lines.map((line) => ({
          key: line.key,
          label: lineLabel(ctx, line.key, coverName, reinforcement && reinforcementNames[j]),
          amount: line.amount,
        }));
      return priced;
    });
  });
}

/** The fitting reels, their sizes and the sizes' favourite diameters with the fare's price, in one read. */
const reelsWithFavourites = preparedFor((db) =>
  db
    .select({ reel: reels, sub: reel_subcategories, diameter: reel_diameters, custom: reel_diameter_fare_prices })
    .from(reels)
    .innerJoin(reel_subcategories, eq(reel_subcategories.reel_id, reels.id))
    .leftJoin(
      reel_diameters,
      and(eq(reel_diameters.reel_subcategory_id, reel_subcategories.id), eq(reel_diameters.is_budget_favorite, true)),
    )
    .leftJoin(
      reel_diameter_fare_prices,
      and(
        eq(reel_diameter_fare_prices.target_id, reel_diameters.id),
        eq(reel_diameter_fare_prices.client_fare_id, sql.placeholder('fare')),
      ),
    )
    .where(fitsWidth(sql.placeholder('width')))
    .orderBy(asc(reels.name), asc(reels.id), asc(reel_diameters.diameter), asc(reel_diameters.engine))
    .prepare('reels_with_favourite_diameters'),
);

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
