import { uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { COUNTRIES } from '../src/shared/countries';
import { table, timestamps } from './table';

/** Origin VAT countries: the country is chosen from the list; its Spanish name is stored beside the code. */
export const countryTax = defineResource({
  name: 'countryTax',
  label: { one: 'País de IVA de origen', many: 'Países de IVA de origen' },
  titleField: 'country',
  extraField: 'code',
  search: ['country', 'code'],
  defaultSort: { field: 'country', order: 'ASC' },
  access: ACCESS.officeOnly,
  page: { group: '/configuracion', path: 'country-tax', title: 'Países de IVA', icon: 'Public' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'code',
      label: 'País',
      type: 'select',
      choices: COUNTRIES,
      list: true,
      validate: (r) => r.oneOf(
        COUNTRIES.map((c) => c.value),
        Msg.country,
      ),
      unique: Msg.countryTaken,
    },
    { name: 'country', label: 'Nombre', type: 'text', list: true, create: false, edit: false },
  ],
});

export const country_taxes = table('country_taxes', (t) => ({
  id: t.serial('id').primaryKey(),
  code: t.varchar('code', { length: 2 }).notNull(),
  country: t.varchar('country', { length: 100 }).notNull(),
  ...timestamps(t),
}), (t) => [uniqueIndex('country_taxes_code_key').on(t.code)]);
