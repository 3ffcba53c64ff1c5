import { uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

/**
 * The names of the price concepts clients read on budgets, orders and documents
 * (/stock-and-prices/config-name-prices-managment). The set of concepts is fixed; staff rename them.
 */
export const priceName = defineResource({
  name: 'priceName',
  label: { one: 'Nombre de precio', many: 'Nombres de precios' },
  titleField: 'name',
  extraField: 'key',
  search: ['name', 'key', 'description'],
  defaultSort: { field: 'id', order: 'ASC' },
  access: { ...ACCESS.membersRead, create: [], delete: [] },
  // The set of price concepts is fixed (created at start-up): the access grants no create or delete.
  page: { group: '/stock-and-prices', path: 'config-name-prices-managment', icon: 'Sell' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'key', label: 'Concepto', type: 'text', list: true, edit: 'readonly', unique: Msg.priceNameTaken },
    { name: 'name', label: 'Nombre que ve el cliente', type: 'text', list: true, validate: (r) => r.text(Msg.name, { max: 100 }) },
    {
      name: 'description',
      label: 'Descripción',
      type: 'textarea',
      list: true,
      fullWidth: true,
      validate: (r) => r.text(null, { max: 500 }),
    },
  ],
});

/**
 * The names of the price concepts shown to clients on budgets, orders and documents ("Cobertor",
 * "Portes", …): a fixed set of keys whose Spanish names the staff edit (config-name-prices-managment).
 */
export const price_names = table('price_names', (t) => ({
  id: t.serial('id').primaryKey(),
  key: t.varchar('key', { length: 40 }).notNull(),
  name: t.varchar('name', { length: 100 }).notNull(),
  description: t.text('description'),
  ...timestamps(t),
}), (t) => [uniqueIndex('price_names_key').on(t.key)]);
