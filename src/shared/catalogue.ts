/**
 * Catalogue constants (docs/data.md, docs/business-rules.md), and what the article, reel and fare-price endpoints
 * answer (server: src/server/domain/items.ts, reels.ts and fares.ts, over the generic records of `item`,
 * `itemImage` and `reel`). Declared once here so the server's functions and the client's calls (the product
 * lists, the article screens) read the same shape.
 */
import type { ListPage } from './lists';

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

/** An option of an article's property ("Azul" of "Color"). */
export interface PropertyOption { id: number; name: string }

/** A property of an article (propertiesOf), at its position (1–3), with its options in order. */
export interface ItemProperty {
  id: number;
  position: number;
  name: string;
  item_property_options: PropertyOption[];
}

/**
 * An article as the article endpoints answer it: the generic record (decimals as numbers, `image` the file's URL)
 * with its categories and properties (withItemStructure).
 */
export interface Item {
  id: number;
  name: string;
  description: string;
  reference: string;
  image: string | null;
  default_price: number;
  is_orillo_bisagra: boolean;
  categories_ids: number[];
  item_properties: ItemProperty[];
}

/** What withItemStructure adds to an article record. */
export type ItemStructure = Pick<Item, 'categories_ids' | 'item_properties'>;

/** An article with its variations priced under a fare: a product list's card, and getOrilloBisagra's rows. */
export interface CatalogueItem extends Item {
  item_property_values: VariationView[];
}

/** A page of the product list (getPaginatedItemsWithPropertyValuesAndFarePrices), with the fare its prices are under. */
export type ItemPage = ListPage<CatalogueItem> & { client_fare_id: number | null };

/** An extra image of an article (resource `itemImage`): `image` is its URL, null when the row holds no file. */
export interface ItemImage { id: number; item_id: number; image: string | null }

/** A size of a reel (a reel subcategory): the widest cover it takes, metres. */
export interface ReelSize { id: number; reel_id: number; size_max: number }

/** A reel as the reel endpoints answer it (customGetAll, reelBySize): the generic record with its sizes (withSubSizes). */
export interface Reel {
  id: number;
  name: string;
  image: string | null;
  description: string;
  size_min: number;
  size_max: number;
  /** Smallest first. */
  reels_subcategories: ReelSize[];
}

/**
 * A row of a fare's prices of one kind (getFarePrices, server: farePrices): the base price, the fare's own (null
 * when it has none) and whether the fare offers it. For confección the row is a client of the fare with the base
 * confección price and its own.
 */
export interface FarePrice { id: number; name: string; base_price: number; custom_price: number | null; fare_available: boolean }
