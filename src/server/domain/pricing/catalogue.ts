/**
 * The catalogue under a fare: covers and reinforcements with the fare's own price beside the base
 * price, and what their lines are called. The price tables and the line pricing both read it.
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { priceBudgetOption, type LineKey } from '../../../shared/pricing';
import { preparedFor, type Queryable } from '../../db';
import { pool_cover_fare_prices, pool_covers, reinforcement_fare_prices, reinforcement_types } from '../../db/tables';
import type { PricingContext } from './context';
import type { Pool } from './pool';

type FareParam = number | Placeholder;

/**
 * Covers with their base price and the fare's own price. A fare row that is not `fare_available`
 * only switches its own price off: the base price applies (docs/business-rules.md).
 */
export function coversWithFare(db: Queryable, where: SQL | undefined, fareId: FareParam) {
  return db
    .select({ cover: pool_covers, custom: pool_cover_fare_prices })
    .from(pool_covers)
    .leftJoin(
      pool_cover_fare_prices,
      and(eq(pool_cover_fare_prices.target_id, pool_covers.id), eq(pool_cover_fare_prices.client_fare_id, fareId)),
    )
    .where(where)
    .orderBy(asc(pool_covers.name), asc(pool_covers.id));
}

export function reinforcementsWithFare(db: Queryable, fareId: FareParam) {
  return db
    .select({ reinforcement: reinforcement_types, custom: reinforcement_fare_prices })
    .from(reinforcement_types)
    .leftJoin(
      reinforcement_fare_prices,
      and(eq(reinforcement_fare_prices.target_id, reinforcement_types.id), eq(reinforcement_fare_prices.client_fare_id, fareId)),
    )
    .orderBy(asc(reinforcement_types.name), asc(reinforcement_types.id));
}

// Every price table and calculator reads these: prepared once per database (no fare: fare 0, none has it).
export const offeredCovers = preparedFor((db) =>
  coversWithFare(
    db,
    and(eq(pool_covers.pool_cover_type_id, sql.placeholder('type')), eq(pool_covers.show_cover, true)),
    sql.placeholder('fare'),
  ).prepare('offered_covers_with_fare'),
);
export const allReinforcements = preparedFor((db) =>
  reinforcementsWithFare(db, sql.placeholder('fare')).prepare('reinforcements_with_fare'),
);

/** "Cobertor Burbuja 400", but "Enrollador fijo inox" rather than "Enrollador Enrollador fijo inox". */
export const withConcept = (concept: string, name: string) =>
  name.toLowerCase().startsWith(concept.toLowerCase()) ? name : `${concept} ${name}`;

type FareRow = { custom_price: string; fare_available: boolean } | null;
export const customOf = (row: FareRow) => (row ? { price: Number(row.custom_price), available: row.fare_available } : null);

export type CoverRow = { cover: typeof pool_covers.$inferSelect; custom: FareRow };
export type ReinforcementRow = { reinforcement: typeof reinforcement_types.$inferSelect; custom: FareRow };

/** The price inputs of a cover and of a reinforcement row under the context's fare. */
export const coverInput = (row: CoverRow) => ({
  coverTypeId: row.cover.pool_cover_type_id,
  priceM2: Number(row.cover.price_m2),
  custom: customOf(row.custom),
});
export const reinforcementInput = (row: ReinforcementRow) => ({
  priceM2: Number(row.reinforcement.price_m2),
  custom: customOf(row.custom),
});

/** "Cobertor Manta Invierno", "Refuerzo perimetral": a cover's and a reinforcement's line labels. */
export const coverLabel = (ctx: PricingContext, row: CoverRow) => withConcept(ctx.names.cover, row.cover.name);
export const reinforcementLabel = (ctx: PricingContext, row: ReinforcementRow) =>
  withConcept(ctx.names.reinforcement, row.reinforcement.name);

/** What a line of an option is called: its cover, its reinforcement, or the confección concept's name. */
export const lineLabel = (ctx: PricingContext, key: LineKey, cover: string, reinforcement: string | null) =>
  key === 'cover'
    ? cover
    : key === 'reinforcement'
      ? (reinforcement ?? ctx.names.reinforcement)
      : ctx.names[key as 'rounded_corners' | 'stairwell'];

/** A chosen cover (× reinforcement) priced for the pool and client, each line with its label. */
export function priceCoverRow(pool: Pool, ctx: PricingContext, cover: CoverRow, reinforcement: ReinforcementRow | null, quantity = 1) {
  const option = priceBudgetOption({
    pool,
    quantity,
    cover: coverInput(cover),
    reinforcement: reinforcement && reinforcementInput(reinforcement),
    extraConfectionPrice: ctx.confectionPrice,
  });
  const [coverName, reinforcementName] = [coverLabel(ctx, cover), reinforcement && reinforcementLabel(ctx, reinforcement)];
  return { ...option, lines: option.lines.map((line) => ({ ...line, label: lineLabel(ctx, line.key, coverName, reinforcementName) })) };
}
