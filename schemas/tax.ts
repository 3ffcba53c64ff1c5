import { defineResource } from '../src/shared/resource';
import { Msg } from '../src/shared/messages';
import { decimal, text } from '../src/shared/validation';

export const tax = defineResource({
  name: 'tax',
  label: { one: 'Impuesto', many: 'Impuestos' },
  titleField: 'name',
  extraField: 'tax_percentage',
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: { list: ['admin', 'client'], read: ['admin', 'client'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: text(Msg.taxName, { max: 100 }) },
    {
      name: 'tax_percentage', label: 'Porcentaje', type: 'decimal', decimals: 2, list: true,
      validate: decimal({ required: Msg.taxPercentage, invalid: Msg.taxPercentage, places: 2, min: 0, max: 100, rangeMessage: Msg.taxPercentage }),
    },
  ],
});
