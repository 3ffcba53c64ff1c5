/**
 * Who is priced: the client's fare, VAT and confección price, or a fare without a client. A request or
 * a transaction reads it once (`pricingContext`) and hands it to every step that prices.
 */
import { eq } from 'drizzle-orm';
import type { priceConceptNames } from '../../../shared/priceNames';
import type { Queryable } from '../../db';
import { clients, taxes } from '../../db/tables';
import { notFound } from '../../errors';
import { getPriceNames, getSettings } from '../settings';

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

/** The pricing context of a client row read with `clientPricingColumns` (e.g. joined to the budget being priced). */
export async function clientPricing(
  db: Queryable,
  row: { client: typeof clients.$inferSelect; tax: string },
): Promise<ClientPricingContext> {
  return {
    client: row.client,
    taxPercentage: Number(row.tax),
    fareId: row.client.client_fare_id,
    confectionPrice: row.client.extra_confection_price,
    names: await getPriceNames(db),
  };
}

/** The client's pricing context, in one read of the client and its VAT rate. */
export async function pricingContext(db: Queryable, clientId: number): Promise<ClientPricingContext> {
  const [row] = await db
    .select(clientPricingColumns)
    .from(clients)
    .innerJoin(taxes, eq(taxes.id, clients.tax_id))
    .where(eq(clients.id, clientId));
  if (!row) throw notFound('El cliente no existe');
  return clientPricing(db, row);
}

/**
 * Pricing without a client: the public calculator (the web fare) and the staff's internal calculator
 * (base prices). Confección is the app's base confección price; prices are "sin IVA".
 */
export async function clientlessPricingContext(db: Queryable, fare: 'web' | 'base'): Promise<PricingContext> {
  const settings = await getSettings(db);
  return {
    client: null,
    taxPercentage: 0,
    fareId: fare === 'web' ? settings.web_fare_id : null,
    confectionPrice: settings.base_confection_price,
    names: await getPriceNames(db),
  };
}
