import { defineResource } from '../src/shared/resource';
import { Msg } from '../src/shared/messages';
import { text } from '../src/shared/validation';

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
  access: { list: ['admin', 'client'], read: ['admin', 'client'], create: [], update: ['admin'], delete: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'key', label: 'Concepto', type: 'text', list: true, edit: 'readonly' },
    { name: 'name', label: 'Nombre que ve el cliente', type: 'text', list: true, validate: text(Msg.name, { max: 100 }) },
    { name: 'description', label: 'Descripción', type: 'textarea', list: true, fullWidth: true, validate: text(null, { max: 500 }) },
  ],
});
