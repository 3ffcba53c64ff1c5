import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

export const clientFare = defineResource({
  name: 'clientFare',
  label: { one: 'Tarifa', many: 'Tarifas' },
  titleField: 'name',
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.officeOnly,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.fareName, { max: 100 }) },
  ],
});

export const client_fares = table('client_fares', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 100 }).notNull(),
  ...timestamps(t),
}));
