/**
 * Shapes of the catalogue calls the product lists and their wizards use (docs/api.md Item, Reel): the answers
 * are declared once in their contracts (src/shared/contracts), the wizard's own line here.
 */
import type { reel } from '../../../../schemas/reel';
import type { DataOf } from '../../../shared/contracts/contract';
import type { CatalogueItem, itemContracts } from '../../../shared/contracts/items';
import type { RecordOf } from '../../../shared/contracts/records';
import type { SelectOption } from '../../../shared/options';

export type { CatalogueItem };
/** A page of the product list, with the fare its prices are under. */
export type ItemPage = DataOf<typeof itemContracts.cataloguePage>;
/** A reel with its sizes, smallest first. */
export type Reel = RecordOf<typeof reel>;

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
