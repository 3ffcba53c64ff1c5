/**
 * The pricing room: every catalogue price (price tables, calculators, budget lines) and every cart
 * price is worked out here, from the catalogue and the client's fare, never from what a browser sends
 * (docs/business-rules.md). The rules themselves (areas, fares, totals) are src/shared/pricing.ts.
 *
 * A caller reads the client's pricing context once per request or transaction (`pricingContext`, or
 * `clientPricing` on a row read with `clientPricingColumns`) and hands it to every step that prices.
 *
 * - context.ts: who is priced (fare, VAT, confección price, concept names);
 * - pool.ts: a pool as pricing reads it;
 * - catalogue.ts: covers and reinforcements under a fare, and their labels;
 * - options.ts: the price tables (cover options, fitting reels);
 * - lines.ts: the lines a request asks for;
 * - totals.ts: what lines come to for a client;
 * - accepted.ts: a budget's accepted prices, while they hold;
 * - cart.ts: a cart's lines priced and priced again.
 */
export {
  clientPricing,
  clientPricingColumns,
  clientlessPricingContext,
  pricingContext,
  type ClientPricingContext,
} from './context';
export { poolKey, poolOf, type Pool } from './pool';
export { coverOptions, favouriteReels } from './options';
export { priceLines, type LineRequest } from './lines';
export { totalsOf } from './totals';
export { atAcceptedPrice, type AcceptedLine } from './accepted';
export {
  priceCalculation,
  priceCart,
  priceLooseLine,
  priceNewLine,
  unsellableLines,
  writeCartPrices,
} from './cart';
