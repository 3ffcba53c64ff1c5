/**
 * Shapes of the catalogue calls the product lists and their wizards use (docs/api.md Item, Reel): the answers
 * are declared once in src/shared (what the server builds), the wizard's own line here.
 */
import type { CatalogueItem, ItemPage, Reel } from '../../../shared/catalogue';
import type { SelectOption } from '../../../shared/options';

export type { CatalogueItem, ItemPage, Reel };

/** A select option of the API (docs/data.md "Select option"). */
export type Option<V = number> = SelectOption<V>;

/**
 * What a wizard hands to its `onAdd`: the ids and quantity the server prices from, plus the name and
 * unit price shown, so a budget and (later) the cart can each store the line their own way.
 */
export type CatalogueLine
  = | { kind: 'item'; item_property_value_id: number; quantity: number; unit_price: number; description: string }
    | { kind: 'reel'; reel_diameter_id: number; quantity: number; unit_price: number; description: string };

/** Resolves when the line is stored; rejects (ApiRejection) to keep the wizard open with the error. */
export type AddLine = (line: CatalogueLine) => Promise<void>;
