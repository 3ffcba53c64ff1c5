import { defineResource, imageRule } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

/** Article categories. */
export const category = defineResource({
  name: 'category',
  label: { one: 'Categoría', many: 'Categorías' },
  titleField: 'name',
  publicFiles: true,
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'image', label: 'Imagen', type: 'image', list: true, file: imageRule(Msg.imageType) },
    {
      name: 'name',
      label: 'Nombre',
      type: 'text',
      list: true,
      validate: (r) => r.text('Introduzca el nombre de la categoría', { max: 100 }),
    },
  ],
});

export const categories = table('categories', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 100 }).notNull(),
  image: t.text('image'),
  ...timestamps(t),
}));
