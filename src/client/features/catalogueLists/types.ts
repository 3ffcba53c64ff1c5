/** Shapes of the catalogue calls the product lists and their wizards use (docs/api.md Item, Reel). */
import type { VariationView } from '../../../shared/catalogue';

export interface PropertyOption { id: number; name: string }
export interface ItemProperty { id: number; name: string; item_property_options: PropertyOption[] }

export interface CatalogueItem {
  id: number;
  name: string;
  image: string | null;
  reference: string;
  description: string;
  item_properties: ItemProperty[];
  /** The variations priced under the fare the list was asked for. */
  item_property_values: VariationView[];
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

/**
 * What a wizard hands to its `onAdd`: the ids and quantity the server prices from, plus the name and
 * unit price shown, so a budget and (later) the cart can each store the line their own way.
 */
export type CatalogueLine
  = | { kind: 'item'; item_property_value_id: number; quantity: number; unit_price: number; description: string }
    | { kind: 'reel'; reel_diameter_id: number; quantity: number; unit_price: number; description: string };

/** Resolves when the line is stored; rejects (ApiRejection) to keep the wizard open with the error. */
export type AddLine = (line: CatalogueLine) => Promise<void>;
