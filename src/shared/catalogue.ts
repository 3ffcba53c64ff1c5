/** Catalogue constants (docs/data.md, docs/business-rules.md; docs/business-rules.md). */
export const SEASONS = [
  { value: 1, label: 'Verano' },
  { value: 2, label: 'Invierno' },
] as const;

/** Pool cover type 1 is the blanket with reinforcement: it needs a reinforcement type and its image. */
export const REINFORCED_COVER_TYPE = 1;

export const DEFAULT_REFERENCE = { cover: 'Cobertor', reel: 'Enrollador', item: 'Artículo' } as const;

export const IMAGE_SIZES = {
  background: { width: 956, height: 637 },
  reinforcement: { width: 568, height: 568 },
} as const;

/**
 * An article variation (a combination of its property options) priced under a fare, as the article
 * screens and the product lists read it (server: variationsWithPrices).
 */
export interface VariationView {
  id: number;
  item_id: number;
  name: string;
  item_property_1_option_id: number | null;
  item_property_2_option_id: number | null;
  item_property_3_option_id: number | null;
  value: number;
  weight_index: number;
  is_hidden: boolean;
  is_internal_hidden: boolean;
  /** The fare's own price, when the fare holds one (spec: custom_value). */
  custom_value: number | null;
  /** Hidden for this fare (its price row is not `fare_available`). */
  fare_hidden: boolean;
  /** What a client of the fare pays (without VAT). */
  price: number;
}

/** A reel size × diameter × engine priced under a fare (reelDiameter/getReelPrice), what the reel wizard adds. */
export interface ReelPrice {
  reel_diameter_id: number;
  /** What a client of the fare pays (without VAT): the fare's own price, else the base price. */
  price: number;
  base_price: number;
  client_fare_id: number | null;
  reference: string;
  /** The size limit, diameter and engine as the wizard names them (diameterName). */
  subcategory_diameter_name: string;
}
