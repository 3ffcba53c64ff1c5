/**
 * Pricing rules (docs/business-rules.md "Pricing details"; docs/business-rules.md), shared by the server's price table, the
 * public calculator and the client's labels. Pure: no I/O, no clock (callers pass `now`).
 *
 * Inputs are euros and metres as plain numbers; every computation runs on integers (cents, centimetres,
 * hundredths of m²) so binary noise such as 4.4 × 3.5 = 15.400000000000002 never adds a cent. Each line
 * is rounded half-up to the cent on its own, then multiplied by the quantity.
 */
import { REINFORCED_COVER_TYPE } from './catalogue';
import { formatPriceSinIva } from './format';
import { fromCents, toCents } from './money';

export type LineKey = 'cover' | 'reinforcement' | 'rounded_corners' | 'stairwell' | 'reel' | 'item';

/** One budget/order line without VAT. `cents`/`amount` = unit × quantity; the unit is rounded first. */
export interface PriceLine {
  key: LineKey;
  quantity: number;
  unitCents: number;
  cents: number;
  unitPrice: number;
  amount: number;
}

/** A fare's custom price row: it overrides the base price only while `available` (fare_available). */
export interface CustomPrice {
  price: number;
  available: boolean;
}

export interface PoolDimensions {
  /** Length, metres. */
  a: number;
  /** Width, metres. */
  b: number;
  /** Stairwell length and width, metres (priced only when `stairwell`). Dimension e is drawn, not priced. */
  c?: number;
  d?: number;
  /** Overlap (`extra_distance`), metres added on each side. */
  overlap: number;
  stairwell: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Integer helpers

/** n / d rounded half-up (away from zero), exact for safe integers. */
function divRoundHalfUp(n: number, d: number): number {
  return Math.sign(n) * Math.floor((Math.abs(n) * 2 + d) / (2 * d));
}

/** Metres to whole centimetres; negative or non-finite dimensions are the caller's validation bug. */
function centimetres(metres: number, name: string): number {
  if (!Number.isFinite(metres) || metres < 0) throw new RangeError(`${name} must be a non-negative number of metres`);
  return Math.round(metres * 100);
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be an integer ≥ 1');
}

/** Tax percentage in hundredths of a percent (21 → 2100, 10.5 → 1050), within docs/validation.md's 0 to 100. */
function taxBasisPoints(taxPercentage: number): number {
  if (!Number.isFinite(taxPercentage) || taxPercentage < 0 || taxPercentage > 100) {
    throw new RangeError('taxPercentage must be between 0 and 100');
  }
  return Math.round(taxPercentage * 100);
}

function lineFromCents(key: LineKey, unitCents: number, quantity: number): PriceLine {
  assertQuantity(quantity);
  const cents = unitCents * quantity;
  return { key, quantity, unitCents, cents, unitPrice: fromCents(unitCents), amount: fromCents(cents) };
}

/** A line from a unit price in euros (rounded half-up to the cent) × quantity. */
export function priceLine(key: LineKey, unitPrice: number, quantity = 1): PriceLine {
  return lineFromCents(key, toCents(unitPrice), quantity);
}

// ---------------------------------------------------------------------------------------------------------
// Cover geometry

/**
 * Cover area in m², rounded UP to 0.01 m²: (a + 2·o) × (b + 2·o) + (stairwell ? c × d : 0).
 * A pool with a zero side has no cover at all (area 0), whatever the overlap or stairwell.
 */
export function coverArea({ a, b, c = 0, d = 0, overlap, stairwell }: PoolDimensions): number {
  const [A, B, C, D, O] = [
    centimetres(a, 'a'),
    centimetres(b, 'b'),
    centimetres(c, 'c'),
    centimetres(d, 'd'),
    centimetres(overlap, 'overlap'),
  ];
  if (A === 0 || B === 0) return 0;
  const squareCm = (A + 2 * O) * (B + 2 * O) + (stairwell ? C * D : 0);
  return Math.ceil(squareCm / 100) / 100; // 100 cm² = 0.01 m²
}

/** Cover width in metres (b + 2·o): what a reel must fit. 0 for a pool with a zero side. */
export function coverWidth({ a, b, overlap }: Pick<PoolDimensions, 'a' | 'b' | 'overlap'>): number {
  const [A, B, O] = [centimetres(a, 'a'), centimetres(b, 'b'), centimetres(overlap, 'overlap')];
  return A === 0 || B === 0 ? 0 : (B + 2 * O) / 100;
}

// ---------------------------------------------------------------------------------------------------------
// Fares

/** The price under a fare: its custom price when the row exists and is available, else the base price. */
export function effectivePrice(base: number, custom?: CustomPrice | null): number {
  return custom && custom.available ? custom.price : base;
}

/**
 * An article variation's price: the property value's `value`, or its `custom_value` under a fare when
 * present and available. `fareAvailable` omitted counts as available (a custom value with no flag).
 */
export function variationPrice({
  value,
  customValue,
  fareAvailable = true,
}: {
  value: number;
  customValue?: number | null;
  fareAvailable?: boolean;
}): number {
  return customValue == null ? value : effectivePrice(value, { price: customValue, available: fareAvailable });
}

// ---------------------------------------------------------------------------------------------------------
// Cover lines

export interface CoverPriceInput {
  /** m², as returned by coverArea (2 decimals). */
  area: number;
  priceM2: number;
  /** Required for cover type 1 (REINFORCED_COVER_TYPE), ignored for the others. */
  reinforcementPriceM2?: number | null;
  coverTypeId: number;
  quantity: number;
}

export interface CoverPrice {
  cover: PriceLine;
  /** Present only for cover type 1. */
  reinforcement: PriceLine | null;
}

/** area (hundredths of m²) × price (cents) → cents, half-up. */
function areaTimesPrice(area: number, priceM2: number): number {
  if (!Number.isFinite(area) || area < 0) throw new RangeError('area must be a non-negative number of m²');
  return divRoundHalfUp(Math.round(area * 100) * toCents(priceM2), 100);
}

/** The cover and (type 1) its reinforcement: two lines, each rounded to the cent, then × quantity. */
export function priceCover({ area, priceM2, reinforcementPriceM2, coverTypeId, quantity }: CoverPriceInput): CoverPrice {
  const cover = lineFromCents('cover', areaTimesPrice(area, priceM2), quantity);
  if (coverTypeId !== REINFORCED_COVER_TYPE) return { cover, reinforcement: null };
  if (reinforcementPriceM2 == null) throw new RangeError('cover type 1 needs a reinforcement price per m²');
  return { cover, reinforcement: lineFromCents('reinforcement', areaTimesPrice(area, reinforcementPriceM2), quantity) };
}

/**
 * Confección extras: the client's `extra_confection_price` (whole euros) once per cover unit for rounded
 * corners and once more for a stairwell, as their own lines (they are separate budget/order lines).
 */
export function confectionExtras({ roundedCorners, stairwell, extraConfectionPrice, quantity }: {
  roundedCorners: boolean;
  stairwell: boolean;
  extraConfectionPrice: number;
  quantity: number;
}): PriceLine[] {
  const lines: PriceLine[] = [];
  if (roundedCorners) lines.push(priceLine('rounded_corners', extraConfectionPrice, quantity));
  if (stairwell) lines.push(priceLine('stairwell', extraConfectionPrice, quantity));
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Reels

/** A reel fits when size_min ≤ cover width ≤ size_max (compared in centimetres, free of float noise). */
export function fitsReel(width: number, { size_min, size_max }: { size_min: number; size_max: number }): boolean {
  const w = Math.round(width * 100);
  return Math.round(size_min * 100) <= w && w <= Math.round(size_max * 100);
}

/**
 * The reel subcategory for a cover width: the smallest whose size_max ≥ width, or null if none. Of two with
 * the same size_max, the older (lower id), whatever order the rows came in.
 */
export function reelSubcategoryFor<T extends { id: number; size_max: number }>(width: number, subs: readonly T[]): T | null {
  const w = Math.round(width * 100);
  let best: T | null = null;
  for (const sub of subs) {
    const max = Math.round(sub.size_max * 100);
    if (max < w) continue;
    const bestMax = best === null ? Infinity : Math.round(best.size_max * 100);
    if (best === null || max < bestMax || (max === bestMax && sub.id < best.id)) best = sub;
  }
  return best;
}

/** A reel line, or null ("No disponible") when there is no available price row. */
export function reelLinePrice(unitPrice: number | null | undefined, quantity: number): PriceLine | null {
  return unitPrice == null ? null : priceLine('reel', unitPrice, quantity);
}

// ---------------------------------------------------------------------------------------------------------
// Totals and VAT

export interface TotalsInput {
  /** Lines without VAT, in cents (PriceLine fits), so units are never ambiguous. */
  lines: ReadonlyArray<{ cents: number }>;
  /** Client's default_ship_price in euros; null counts as 0. */
  shipPrice: number | null;
  /** Euros; null = never free. Subtotal ≥ threshold (exactly met included) ships free. */
  freeShippingThreshold: number | null;
  taxPercentage: number;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  subtotal: number;
  shipping: number;
  vat: number;
  total: number;
  freeShipping: boolean;
}

/** Subtotal without VAT, shipping (free at the threshold), VAT on subtotal + shipping, total. */
export function totals({ lines, shipPrice, freeShippingThreshold, taxPercentage }: TotalsInput): Totals {
  const bp = taxBasisPoints(taxPercentage);
  const subtotalCents = lines.reduce((sum, line) => {
    if (!Number.isInteger(line.cents)) throw new RangeError('line amounts must be integer cents');
    return sum + line.cents;
  }, 0);
  const freeShipping = freeShippingThreshold != null && subtotalCents >= toCents(freeShippingThreshold);
  const shippingCents = freeShipping ? 0 : toCents(shipPrice ?? 0);
  const vatCents = divRoundHalfUp((subtotalCents + shippingCents) * bp, 10_000);
  const totalCents = subtotalCents + shippingCents + vatCents;
  return {
    subtotalCents, shippingCents, vatCents, totalCents,
    subtotal: fromCents(subtotalCents), shipping: fromCents(shippingCents), vat: fromCents(vatCents), total: fromCents(totalCents),
    freeShipping,
  };
}

/** Unit price with VAT (order items' `item_price`): price × (1 + tax/100), half-up to the cent. */
export function withVat(unitPriceWithoutVat: number, taxPercentage: number): number {
  return fromCents(divRoundHalfUp(toCents(unitPriceWithoutVat) * (10_000 + taxBasisPoints(taxPercentage)), 10_000));
}

// ---------------------------------------------------------------------------------------------------------
// One budget option: a cover × reinforcement choice for a pool

export interface BudgetOptionInput {
  pool: PoolDimensions & { roundedCorners: boolean };
  quantity?: number;
  /** Base price per m² and the fare's custom row (if any) of the chosen cover. */
  cover: { coverTypeId: number; priceM2: number; custom?: CustomPrice | null };
  /** The chosen reinforcement (needed for type 1, ignored otherwise), with its fare's custom row. */
  reinforcement?: { priceM2: number; custom?: CustomPrice | null } | null;
  /** Client's extra_confection_price, whole euros; null counts as 0. */
  extraConfectionPrice: number | null;
}

export interface BudgetOption {
  area: number;
  width: number;
  cover: PriceLine;
  reinforcement: PriceLine | null;
  extras: PriceLine[];
  /** Every line in order: cover, reinforcement, rounded corners, stairwell. */
  lines: PriceLine[];
  subtotalCents: number;
  subtotal: number;
  /** "1.234,50 € sin IVA". */
  label: string;
}

/**
 * A budget-favourite reel diameter offered with a price table: the reel's smallest size that holds the
 * pool's cover width, priced under the fare "sin IVA" (null when the diameter is not available).
 */
export interface ReelOffer {
  reel_id: number;
  reel_name: string;
  reel_subcategory_id: number;
  size_max: number;
  reel_diameter_id: number;
  diameter: number;
  engine: boolean;
  price: number | null;
  /** The price "sin IVA", or "No disponible". */
  label: string;
}

/** What a priced line is: the cover (its reinforcement and confección apart), a reel or an article. */
export type LineKind = 'cover' | 'reinforcement' | 'confection' | 'reel' | 'item';

/**
 * A catalogue line priced by the server, in euros (amounts as numbers, never the numeric columns' text).
 * Budgets and orders store it in their own columns and answer it back with their own ids.
 */
export interface PricedLine {
  kind: LineKind;
  pool_cover_id: number | null;
  reinforcement_type_id: number | null;
  reel_diameter_id: number | null;
  item_property_value_id: number | null;
  rounded_corners: boolean;
  stairwell: boolean;
  extra_confection: boolean;
  extra_distance: number | null;
  description: string;
  /** The catalogue reference (cover, reinforcement, reel diameter or article). */
  reference: string | null;
  quantity: number;
  base_price: number;
  unit_price: number;
  item_price: number;
  weight_index: number;
}

/** The calculators' price table (orderCalculus/getPrices): the cover width, the fare used, the covers and favourite reels. */
export interface CalculatorPrices { width: number; client_fare_id: number | null; options: CoverOption[]; reels: ReelOffer[] }

/**
 * A cover offer for a pool, as the price tables send it (budgets and calculators): a cover (× a
 * reinforcement for type 1), priced for the client, "sin IVA", with the lines its subtotal is made of.
 */
export interface CoverOption {
  pool_cover_id: number;
  cover_name: string;
  reinforcement_type_id: number | null;
  reinforcement_name: string | null;
  area: number;
  /** What the subtotal is made of: "Cobertor Burbuja 400", 123.45; sent where a screen shows it (the public calculator). */
  lines?: Array<{ key: LineKey; label: string; amount: number }>;
  subtotal: number;
  /** "1.234,50 € sin IVA". */
  label: string;
}

/** The full price of one option without VAT: what a chosen cover costs. */
export function priceBudgetOption({ pool, quantity = 1, cover, reinforcement, extraConfectionPrice }: BudgetOptionInput): BudgetOption {
  const area = coverArea(pool);
  const lines = priceCover({
    area,
    priceM2: effectivePrice(cover.priceM2, cover.custom),
    reinforcementPriceM2: reinforcement ? effectivePrice(reinforcement.priceM2, reinforcement.custom) : null,
    coverTypeId: cover.coverTypeId,
    quantity,
  });
  const extras = confectionExtras({
    roundedCorners: pool.roundedCorners,
    stairwell: pool.stairwell,
    extraConfectionPrice: extraConfectionPrice ?? 0,
    quantity,
  });
  return combineOption(area, coverWidth(pool), lines.cover, lines.reinforcement, extras);
}

/**
 * Every option of a price table at once: each cover with each reinforcement (type 1) or alone. The
 * area, each cover's and each reinforcement's line and the extras are priced once and combined, so a
 * table of 40 covers × 8 reinforcements prices 48 lines, not 640. Option [i][j] is exactly
 * priceBudgetOption of cover i with reinforcement j.
 */
export function priceBudgetOptions({
  pool,
  quantity = 1,
  covers,
  reinforcements,
  extraConfectionPrice,
}: Omit<BudgetOptionInput, 'cover' | 'reinforcement'> & {
  covers: ReadonlyArray<BudgetOptionInput['cover']>;
  reinforcements: ReadonlyArray<NonNullable<BudgetOptionInput['reinforcement']>>;
}): BudgetOption[][] {
  assertQuantity(quantity);
  const area = coverArea(pool);
  const width = coverWidth(pool);
  const extras = confectionExtras({
    roundedCorners: pool.roundedCorners,
    stairwell: pool.stairwell,
    extraConfectionPrice: extraConfectionPrice ?? 0,
    quantity,
  });
  const reinforcementLines = reinforcements.map((r) =>
    lineFromCents('reinforcement', areaTimesPrice(area, effectivePrice(r.priceM2, r.custom)), quantity),
  );
  return covers.map((cover) => {
    const coverLine = lineFromCents('cover', areaTimesPrice(area, effectivePrice(cover.priceM2, cover.custom)), quantity);
    if (cover.coverTypeId !== REINFORCED_COVER_TYPE) return [combineOption(area, width, coverLine, null, extras)];
    return reinforcementLines.map((reinforcement) => combineOption(area, width, coverLine, reinforcement, extras));
  });
}

function combineOption(area: number, width: number, cover: PriceLine, reinforcement: PriceLine | null, extras: PriceLine[]): BudgetOption {
  const lines = reinforcement ? [cover, reinforcement, ...extras] : [cover, ...extras];
  let subtotalCents = 0;
  for (const line of lines) subtotalCents += line.cents;
  const subtotal = fromCents(subtotalCents);
  return { area, width, cover, reinforcement, extras, lines, subtotalCents, subtotal, label: formatPriceSinIva(subtotal) };
}
