/** Shapes of the catalogue calls the product lists and their wizards use (docs/api.md Item, Reel). */

export interface PropertyOption { id: number; name: string }
export interface ItemProperty { id: number; name: string; item_property_options: PropertyOption[] }

/** One variation (combination of options) priced under the fare the list was asked for. */
export interface ItemVariation {
  id: number;
  name: string;
  item_property_1_option_id: number | null;
  item_property_2_option_id: number | null;
  item_property_3_option_id: number | null;
  price: number;
  is_hidden?: boolean;
  fare_hidden?: boolean;
}

export interface CatalogueItem {
  id: number;
  name: string;
  image: string | null;
  reference: string;
  description: string;
  item_properties: ItemProperty[];
  item_property_values: ItemVariation[];
}

export interface ItemPage { items: CatalogueItem[]; total: number; per_page?: number; client_fare_id: number | null }

export interface Reel {
  id: number;
  name: string;
  image: string | null;
  description: string;
  size_min: number;
  size_max: number;
  reels_subcategories: Array<{ id: number; reel_id: number; size_max: number }>;
}

/** A select option of the API (docs/data.md "Select option"). */
export interface Option<V = number> { label: string; value: V; extra?: unknown }

export interface ReelPrice { reel_diameter_id: number; price: number; subcategory_diameter_name: string; reference: string }

/**
 * What a wizard hands to its `onAdd`: the ids and quantity the server prices from, plus the name and
 * unit price shown, so a budget and (later) the cart can each store the line their own way.
 */
export type CatalogueLine
  = | { kind: 'item'; item_property_value_id: number; quantity: number; unit_price: number; description: string }
    | { kind: 'reel'; reel_diameter_id: number; quantity: number; unit_price: number; description: string };

/** Resolves when the line is stored; rejects (ApiRejection) to keep the wizard open with the error. */
export type AddLine = (line: CatalogueLine) => Promise<void>;
