import { defineResource, imageRule } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';

export const invoicingCompany = defineResource({
  name: 'invoicingCompany',
  label: { one: 'Empresa de facturación', many: 'Empresas de facturación' },
  titleField: 'name',
  extraField: 'code',
  search: ['name', 'code'],
  defaultSort: { field: 'name', order: 'ASC' },
  dialogWidth: 500,
  access: ACCESS.officeOnly,
  page: { group: '/configuracion', path: 'invoicing-company-managment', icon: 'Business' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'name', label: 'Nombre', type: 'text', list: true, validate: (r) => r.text(Msg.companyName, { max: 150 }) },
    { name: 'code', label: 'Código', type: 'text', list: true, validate: (r) => r.text(Msg.companyCode, { max: 30 }) },
    { name: 'image', label: 'Logo', type: 'image', list: true, file: imageRule(Msg.imageType) },
  ],
});

export const invoicing_companies = table('invoicing_companies', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 150 }).notNull(),
  code: t.varchar('code', { length: 30 }).notNull(),
  image: t.text('image'),
  ...timestamps(t),
}));
