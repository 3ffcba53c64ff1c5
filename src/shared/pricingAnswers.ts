/**
 * The priced offers and lines as the price endpoints answer them (budget price tables and prices), as zod
 * schemas: the endpoints' contracts declare them. Their types are written in src/shared/pricing.ts, which
 * stays free of zod (it is mutation tested and reaches the public bundles), so each schema is checked against
 * its type: here (`satisfies`: what the schema yields is the type) and both ways, optional fields included,
 * in tests/unit/contract-types.test.ts; a field added, dropped or renamed on either side breaks the typecheck.
 */
import { z } from 'zod';
import type { CoverOption, LineKey, PricedLine, ReelOffer } from './pricing';

const id = z.number().int();
const euros = z.number();
const priceLabel = z.string().describe('El precio «sin IVA», p. ej. «1.234,50 € sin IVA»');
const lineKeys = ['cover', 'reinforcement', 'rounded_corners', 'stairwell', 'reel', 'item'] as const satisfies readonly LineKey[];

/** A cover offer for a pool (a cover × a reinforcement for type 1), priced for the client, «sin IVA». */
export const coverOptionAnswer = z.object({
  pool_cover_id: id,
  cover_name: z.string(),
  reinforcement_type_id: id.nullable(),
  reinforcement_name: z.string().nullable(),
  area: z.number().describe('Superficie del cobertor (m²)'),
  lines: z
    .array(z.object({ key: z.enum(lineKeys), label: z.string(), amount: euros }))
    .optional()
    .describe('De qué se compone el subtotal'),
  subtotal: euros,
  label: priceLabel,
}) satisfies z.ZodType<CoverOption>;

/** A budget-favourite reel diameter offered with a price table (price null: not available). */
export const reelOfferAnswer = z.object({
  reel_id: id,
  reel_name: z.string(),
  reel_subcategory_id: id,
  size_max: z.number(),
  reel_diameter_id: id,
  diameter: z.number(),
  engine: z.boolean(),
  price: euros.nullable().describe('Sin IVA; null si el diámetro no está disponible'),
  label: z.string().describe('El precio «sin IVA», o «No disponible»'),
}) satisfies z.ZodType<ReelOffer>;

/** A catalogue line priced by the server, in euros. */
export const pricedLineAnswer = z.object({
  kind: z.enum(['cover', 'reinforcement', 'confection', 'reel', 'item']),
  pool_cover_id: id.nullable(),
  reinforcement_type_id: id.nullable(),
  reel_diameter_id: id.nullable(),
  item_property_value_id: id.nullable(),
  rounded_corners: z.boolean(),
  stairwell: z.boolean(),
  extra_confection: z.boolean(),
  extra_distance: z.number().nullable().describe('Solape (m) del cobertor'),
  description: z.string(),
  reference: z.string().nullable().describe('La referencia del catálogo'),
  quantity: z.number().int(),
  base_price: euros,
  unit_price: euros,
  item_price: euros,
  weight_index: z.number(),
}) satisfies z.ZodType<PricedLine>;
