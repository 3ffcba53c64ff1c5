import { defineResource, imageRule } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

export const reinforcementType = defineResource({
  name: 'reinforcementType',
  label: { one: 'Tipo de refuerzo', many: 'Tipos de refuerzo' },
  titleField: 'name',
  publicFiles: true,
  extraField: 'price_m2',
  search: ['name', 'reference'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  page: { group: '/stock-and-prices', path: 'reinforcement-type-managment', icon: 'Layers' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'image', label: 'Imagen', type: 'image', list: true, file: imageRule(Msg.imageType) },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.name, { max: 150 }) },
    {
      name: 'reference',
      label: 'Referencia',
      type: 'text',
      list: true,
      validate: (r) => r.text(Msg.reference, { max: 13, lengthMessage: Msg.itemReference }),
    },
    {
      name: 'price_m2',
      label: 'Precio m²',
      type: 'decimal',
      decimals: 2,
      list: true,
      validate: (r) => r.decimal({ required: Msg.priceM2, invalid: Msg.priceM2, places: 2, min: 0 }),
    },
    {
      name: 'description',
      label: 'Descripción',
      type: 'textarea',
      fullWidth: true,
      validate: (r) => r.text(Msg.description, { max: 5000 }),
    },
  ],
});

export const reinforcement_types = table('reinforcement_types', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 150 }).notNull(),
  description: t.text('description').notNull(),
  image: t.text('image'),
  price_m2: t.numeric('price_m2', { precision: 12, scale: 2 }).notNull(),
  reference: t.varchar('reference', { length: 13 }).notNull(),
  ...timestamps(t),
}));
