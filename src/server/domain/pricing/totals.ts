/** What priced lines come to for a client: subtotal, shipping, VAT and total. */
import { totals } from '../../../shared/pricing';
import type { ClientPricingContext } from './context';

/** Totals of lines (euros, VAT-exclusive) for the client: subtotal, shipping (free from the threshold), VAT, total. */
export function totalsOf(
  lines: Array<{ item_price: string | number }>,
  ctx: Pick<ClientPricingContext, 'client' | 'taxPercentage'>,
  overrides: { shipping?: number; taxPercentage?: number } = {},
) {
  const threshold = ctx.client.free_shipping_threshold === null ? null : Number(ctx.client.free_shipping_threshold);
  return totals({
    lines: lines.map((l) => ({ cents: Math.round(Number(l.item_price) * 100) })),
    // Nothing to send, nothing to pay for sending.
    shipPrice: lines.length ? (overrides.shipping ?? Number(ctx.client.default_ship_price)) : 0,
    freeShippingThreshold: overrides.shipping === undefined ? threshold : null,
    taxPercentage: overrides.taxPercentage ?? ctx.taxPercentage,
  });
}
