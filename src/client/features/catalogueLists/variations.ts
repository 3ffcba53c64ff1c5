/** Pure helpers of the item wizard: which variations can be sold and which one a choice of options names. */
import type { VariationView } from '../../../shared/catalogueAnswers';
import type { CatalogueItem } from './types';

const OPTION_COLUMNS = ['item_property_1_option_id', 'item_property_2_option_id', 'item_property_3_option_id'] as const;

/**
 * Staff get every variation with its flags (the same list serves the article screens); what the server
 * would refuse to add (hidden, or hidden by the fare) is left out here so it reads "No disponible".
 */
export const sellableVariations = (item: CatalogueItem) => item.item_property_values.filter((v) => !v.is_hidden && !v.fare_hidden);

/** The lowest price of the article ("desde …"), or null when none of its variations can be sold. */
export function lowestPrice(item: CatalogueItem): number | null {
  const prices = sellableVariations(item).map((v) => v.price);
  return prices.length ? Math.min(...prices) : null;
}

/** The chosen option per property, in property order; undefined while a property is still unchosen. */
export type Choice = Array<number | undefined>;

export const isComplete = (item: CatalogueItem, choice: Choice) => item.item_properties.every((_, i) => choice[i] !== undefined);

/** The sellable variation matching a complete choice (an article without properties has exactly one). */
export function variationFor(item: CatalogueItem, choice: Choice): VariationView | null {
  if (!isComplete(item, choice)) return null;
  return sellableVariations(item).find((v) => item.item_properties.every((_, i) => v[OPTION_COLUMNS[i]] === choice[i])) ?? null;
}
