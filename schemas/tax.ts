import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

export const tax = defineResource({
  name: 'tax',
  label: { one: 'Impuesto', many: 'Impuestos' },
  titleField: 'name',
  extraField: 'tax_percentage',
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  page: { group: '/configuracion', path: 'taxes', icon: 'Percent' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.taxName, { max: 100 }) },
    {
      name: 'tax_percentage',
      label: 'Porcentaje',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({
        required: Msg.taxPercentage,
        invalid: Msg.taxPercentage,
        places: 2,
        min: 0,
        max: 100,
        rangeMessage: Msg.taxPercentage,
      }),
    },
  ],
});

export const taxes = table('taxes', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 100 }).notNull(),
  tax_percentage: t.numeric('tax_percentage', { precision: 5, scale: 2 }).notNull(),
  ...timestamps(t),
}));
