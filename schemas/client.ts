import { index } from 'drizzle-orm/pg-core';
import { defineResource, imageRule, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { table, timestamps } from './table';
import { client_fares } from './clientFare';
import { taxes } from './tax';
import { invoicing_companies } from './invoicingCompany';

const digits = (r: Rules, message: string, pattern: RegExp) =>
  r.z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    r.z.string({ error: message }).regex(pattern, message),
  );

/** A client shop: its fare, tax and invoicing company decide its prices and documents (docs/data.md, docs/validation.md). */
export const client = defineResource({
  name: 'client',
  label: { one: 'Cliente', many: 'Clientes' },
  titleField: 'name',
  extraField: 'nif',
  search: ['name', 'nif', 'email', 'city'],
  defaultSort: { field: 'name', order: 'ASC' },
  dialogWidth: 750,
  // A client member reads its own client only (the row whose id is its client_id).
  clientScope: 'id',
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    {
      name: 'name',
      label: 'Nombre',
      type: 'text',
      list: true,
      validate: (r) => r.text('Introduzca el nombre del cliente', { max: 150 }),
    },
    {
      name: 'factusol_CODCLI',
      label: 'Código Factusol',
      type: 'text',
      list: true,
      validate: (r) => digits(r, Msg.factusol, /^\d{1,9}$/),
    },
    { name: 'nif', label: 'NIF', type: 'text', list: true, validate: (r) => digits(r, Msg.nif, /^\d{7,8}$/) },
    {
      name: 'client_fare_id',
      label: 'Tarifa',
      type: 'reference',
      reference: 'clientFare',
      list: true,
      filter: true,
      validate: (r) => r.reference('Seleccione una tarifa'),
    },
    {
      name: 'tax_id',
      label: 'Impuesto',
      type: 'reference',
      reference: 'tax',
      filter: true,
      validate: (r) => r.reference('Seleccione un impuesto'),
    },
    {
      name: 'invoicing_company_id',
      label: 'Empresa de facturación',
      type: 'reference',
      reference: 'invoicingCompany',
      filter: true,
      validate: (r) => r.reference('Seleccione una empresa de facturación'),
    },
    { name: 'email', label: 'Email', type: 'email', list: true, validate: (r) => r.email(Msg.email, Msg.emailInvalid) },
    { name: 'phone_number', label: 'Teléfono', type: 'text', validate: (r) => r.phone(Msg.phoneInvalid) },
    { name: 'web', label: 'Web', type: 'text', validate: (r) => r.text('Introduzca la web', { max: 200 }) },
    {
      name: 'address',
      label: 'Dirección',
      type: 'text',
      fullWidth: true,
      validate: (r) => r.text('Introduzca la dirección', { max: 250 }),
    },
    // Stored padded to 5 digits; rows written before (e.g. imported "8001") are shown padded when edited.
    {
      name: 'postal_code',
      label: 'Código postal',
      type: 'text',
      zeroPad: 5,
      validate: (r) => r.postalCode('Introduzca un código postal válido'),
    },
    { name: 'city', label: 'Ciudad', type: 'text', list: true, validate: (r) => r.text('Introduzca la ciudad', { max: 100 }) },
    {
      name: 'province',
      label: 'Provincia',
      type: 'text',
      list: true,
      filter: true,
      validate: (r) => r.text('Introduzca la provincia', { max: 100 }),
    },
    { name: 'country', label: 'País', type: 'text', validate: (r) => r.text('Introduzca el país', { max: 100 }) },
    {
      name: 'default_ship_price',
      label: 'Portes por defecto',
      type: 'decimal',
      decimals: 2,
      validate: (r) => r.decimal({ required: 'Introduzca el precio de los portes', places: 2, min: 0 }),
    },
    {
      name: 'free_shipping_threshold',
      label: 'Portes gratis desde',
      type: 'decimal',
      decimals: 2,
      validate: (r) => r.decimal({ required: null, places: 2, min: 0 }),
    },
    {
      name: 'extra_confection_price',
      label: 'Precio extra de confección',
      type: 'integer',
      validate: (r) => r.integer({ required: 'Introduzca el precio extra de confección', min: 0 }),
    },
    {
      name: 'budget_expiration_days',
      label: 'Días de validez del presupuesto',
      type: 'integer',
      validate: (r) => r.integer({ required: 'Introduzca los días de validez', min: 0 }),
    },
    {
      name: 'receiving_from',
      label: 'Recepción desde',
      type: 'time',
      validate: (r) => r.timeOfDay({ required: null }),
      helperText: 'Desde qué hora recibe la mercancía',
    },
    {
      name: 'receiving_until',
      label: 'Recepción hasta',
      type: 'time',
      validate: (r) => r.timeOfDay({ required: null }),
      helperText: 'Hasta qué hora la recibe',
    },
    { name: 'logo_image', label: 'Logo', type: 'image', file: imageRule(Msg.imageType) },
  ],
  refine(data, ctx) {
    const [from, until] = [data.receiving_from, data.receiving_until];
    if (typeof from === 'number' && typeof until === 'number' && until <= from) {
      ctx.addIssue({ code: 'custom', path: ['receiving_until'], message: Msg.receivingHours });
    }
  },
});

export const clients = table('clients', (t) => ({
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 150 }).notNull(),
  factusol_CODCLI: t.varchar('factusol_CODCLI', { length: 9 }).notNull(),
  nif: t.varchar('nif', { length: 8 }).notNull(),
  client_fare_id: t.integer('client_fare_id').notNull().references(() => client_fares.id),
  tax_id: t.integer('tax_id').notNull().references(() => taxes.id),
  invoicing_company_id: t.integer('invoicing_company_id').notNull().references(() => invoicing_companies.id),
  email: t.varchar('email', { length: 200 }).notNull(),
  phone_number: t.varchar('phone_number', { length: 9 }).notNull(),
  web: t.varchar('web', { length: 200 }).notNull(),
  address: t.varchar('address', { length: 250 }).notNull(),
  postal_code: t.varchar('postal_code', { length: 5 }).notNull(),
  city: t.varchar('city', { length: 100 }).notNull(),
  province: t.varchar('province', { length: 100 }).notNull(),
  country: t.varchar('country', { length: 100 }).notNull(),
  default_ship_price: t.numeric('default_ship_price', { precision: 12, scale: 2 }).notNull(),
  free_shipping_threshold: t.numeric('free_shipping_threshold', { precision: 12, scale: 2 }),
  extra_confection_price: t.integer('extra_confection_price').notNull(),
  budget_expiration_days: t.integer('budget_expiration_days').notNull(),
  logo_image: t.text('logo_image'),
  /** When the shop takes deliveries, as seconds since midnight (the time widget's value); both optional. */
  receiving_from: t.integer('receiving_from'),
  receiving_until: t.integer('receiving_until'),
  ...timestamps(t),
}), (t) => [index('clients_name_idx').on(t.name)]);
