import { defineResource } from '../src/shared/resource';
import { Msg } from '../src/shared/messages';
import { text } from '../src/shared/validation';

export const clientFare = defineResource({
  name: 'clientFare',
  label: { one: 'Tarifa', many: 'Tarifas' },
  titleField: 'name',
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: text(Msg.fareName, { max: 100 }) },
  ],
});
