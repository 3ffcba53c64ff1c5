/** Articles keep their categories, properties and variations in step with each save. */
import { eq } from 'drizzle-orm';
import type { ResourceHooks } from '../domain/records';
import { inCategories, syncItemCategories, syncItemProperties, withItemStructure, withVariationNames, type PropertyInput } from '../domain/items';
import { item_property_values } from '../db/tables';

export const itemHooks: ResourceHooks = {
  expand: withItemStructure,
  filters: { categories_ids: inCategories },
  async afterWrite({ tx, mode, after, data }) {
    if (mode === 'delete' || !after || !data) return;
    await syncItemCategories(tx, after.id as number, (data.categories_ids as number[] | undefined) ?? []);
    await syncItemProperties(tx, after.id as number, (data.item_properties as PropertyInput[] | undefined) ?? [], Number(after.default_price));
  },
};

export const itemPropertyValueHooks: ResourceHooks = {
  expand: withVariationNames,
  // Clients never see a hidden variation (the engine applies `scope` to non-admins only).
  scope: () => eq(item_property_values.is_hidden, false),
};
