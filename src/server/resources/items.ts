/** Articles keep their categories, properties and variations in step with each save. */
import { and, eq, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../domain/records';
import {
  inCategories,
  syncItemCategories,
  syncItemProperties,
  withItemStructure,
  withVariationNames,
  type PropertyInput,
} from '../domain/items';
import { clients, item_property_value_fare_prices, item_property_values } from '../db/tables';

export const itemHooks: ResourceHooks = {
  expand: withItemStructure,
  filters: { categories_ids: inCategories },
  async afterWrite({ tx, mode, after, data }) {
    if (mode === 'delete' || !after || !data) return;
    await syncItemCategories(tx, after.id as number, (data.categories_ids as number[] | undefined) ?? []);
    await syncItemProperties(
      tx,
      after.id as number,
      (data.item_properties as PropertyInput[] | undefined) ?? [],
      Number(after.default_price),
    );
  },
};

export const itemPropertyValueHooks: ResourceHooks = {
  expand: withVariationNames,
  // A member never sees a variation hidden for everyone, nor one its fare hides (its fare row not
  // available: the spec's fare_hidden). The engine applies `scope` to non-admins only.
  scope: (user, binder) =>
    and(
      eq(item_property_values.is_hidden, false),
      sql`not exists (select 1 from ${item_property_value_fare_prices}
      where ${item_property_value_fare_prices.target_id} = ${item_property_values.id}
      and ${item_property_value_fare_prices.client_fare_id}
        = (select ${clients.client_fare_id} from ${clients} where ${clients.id} = ${binder.bind(user.client_id ?? -1)})
      and ${item_property_value_fare_prices.fare_available} = false)`,
    ),
};
