/**
 * What the catalogue's endpoints answer (shared/contracts), as zod schemas: apart from catalogue.ts (the
 * seasons and catalogue constants the public calculator reads), so that it loads no zod.
 */
import { z } from 'zod';

const id = z.number().int();

/**
 * An article variation (a combination of its property options) priced under a fare, as the article
 * screens and the product lists read it (server: variationsWithPrices).
 */
export const variationAnswer = z.object({
  id,
  item_id: id,
  name: z.string(),
  item_property_1_option_id: id.nullable(),
  item_property_2_option_id: id.nullable(),
  item_property_3_option_id: id.nullable(),
  value: z.number().describe('Precio base, sin IVA'),
  weight_index: z.number(),
  is_hidden: z.boolean(),
  is_internal_hidden: z.boolean(),
  custom_value: z.number().nullable().describe('El precio propio de la tarifa, si tiene uno'),
  fare_hidden: z.boolean().describe('Oculta para esta tarifa'),
  price: z.number().describe('Lo que paga un cliente de la tarifa, sin IVA'),
});
export type VariationView = z.output<typeof variationAnswer>;

/** A reel size × diameter × engine priced under a fare (reelDiameter/getReelPrice), what the reel wizard adds. */
export const reelPriceAnswer = z.object({
  reel_diameter_id: id,
  price: z.number().describe('Lo que paga un cliente de la tarifa, sin IVA: el precio de la tarifa, si no el base'),
  base_price: z.number(),
  client_fare_id: id.nullable(),
  reference: z.string(),
  subcategory_diameter_name: z.string().describe('El tamaño, el diámetro y el motor como los nombra el asistente'),
});
export type ReelPrice = z.output<typeof reelPriceAnswer>;

/** An option of an article's property ("Azul" of "Color"). */
export const propertyOptionAnswer = z.object({ id, name: z.string() });

/** A property of an article (propertiesOf), at its position (1–3), with its options in order. */
export const itemPropertyAnswer = z.object({
  id,
  position: z.number().int().describe('1 a 3'),
  name: z.string(),
  item_property_options: z.array(propertyOptionAnswer),
});
export type ItemProperty = z.output<typeof itemPropertyAnswer>;

/** What withItemStructure adds to an article record: its categories and properties (schemas/item.ts `answer`). */
export const itemStructureAnswer = z.object({ categories_ids: z.array(id), item_properties: z.array(itemPropertyAnswer) });
export type ItemStructure = z.output<typeof itemStructureAnswer>;

/** A size of a reel (a reel subcategory): the widest cover it takes, metres. */
export const reelSizeAnswer = z.object({ id, reel_id: id, size_max: z.number().describe('Metros') });

/** What withSubSizes adds to a reel record: its sizes, smallest first (schemas/reel.ts `answer`). */
export const reelSizesAnswer = z.object({ reels_subcategories: z.array(reelSizeAnswer) });
export type ReelSizes = z.output<typeof reelSizesAnswer>;

/**
 * A row of a fare's prices of one kind (getFarePrices, server: farePrices): the base price, the fare's own (null
 * when it has none) and whether the fare offers it. For confección the row is a client of the fare with the base
 * confección price and its own.
 */
export const farePriceAnswer = z.object({
  id,
  name: z.string(),
  base_price: z.number(),
  custom_price: z.number().nullable(),
  fare_available: z.boolean(),
});
export type FarePrice = z.output<typeof farePriceAnswer>;
