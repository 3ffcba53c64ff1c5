import { defineResource } from '../src/shared/resource';
import { Msg } from '../src/shared/messages';
import { COUNTRIES } from '../src/shared/countries';
import { oneOf } from '../src/shared/validation';

/** Origin VAT countries: the country is chosen from the list; its Spanish name is stored beside the code. */
export const countryTax = defineResource({
  name: 'countryTax',
  label: { one: 'País de IVA de origen', many: 'Países de IVA de origen' },
  titleField: 'country',
  extraField: 'code',
  search: ['country', 'code'],
  defaultSort: { field: 'country', order: 'ASC' },
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'code', label: 'País', type: 'select', choices: COUNTRIES, list: true, validate: oneOf(COUNTRIES.map((c) => c.value), Msg.country) },
    { name: 'country', label: 'Nombre', type: 'text', list: true, create: false, edit: false },
  ],
});
