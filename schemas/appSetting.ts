import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { COVER_SIDE_SETTING, DEFAULT_MAX_COVER_SIDE } from '../src/shared/measurements';
import { table, timestamps } from './table';
import { client_fares } from './clientFare';

/** The single record (id 1) of application settings (docs/business-rules.md). */
export const appSetting = defineResource({
  name: 'appSetting',
  label: { one: 'Ajustes de la aplicación', many: 'Ajustes de la aplicación' },
  titleField: 'id',
  singleton: true,
  access: { ...ACCESS.officeOnly, create: [], delete: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    {
      name: 'maintenance_mode',
      label: 'Modo mantenimiento',
      type: 'boolean',
      validate: (r) => r.boolean(),
      helperText: 'Solo los administradores pueden entrar mientras está activo',
    },
    {
      name: 'platform_scope_id',
      label: 'Ámbito de la plataforma',
      type: 'select',
      choices: [
        { value: 1, label: 'Cobertores' },
        { value: 2, label: 'Plataforma de preparación' },
      ],
      validate: (r) => r.integer({
        required: 'Seleccione el ámbito',
        invalid: 'Seleccione el ámbito',
        min: 1,
        max: 2,
        rangeMessage: 'Seleccione el ámbito',
      }),
    },
    {
      name: 'base_confection_price',
      label: 'Precio base de confección (€)',
      type: 'integer',
      validate: (r) => r.integer({ required: 'Introduzca el precio base de confección', min: 0, max: 100000 }),
      helperText: 'Base sobre la que se aplica el porcentaje de una tarifa al precio de confección de sus clientes',
    },
    {
      name: 'max_cover_side',
      label: 'Lado máximo de un cobertor (m)',
      type: 'integer',
      validate: (r) => r.integer({
        required: 'Introduzca el lado máximo de un cobertor',
        min: COVER_SIDE_SETTING.min,
        max: COVER_SIDE_SETTING.max,
        rangeMessage: `El lado máximo debe estar entre ${COVER_SIDE_SETTING.min} y ${COVER_SIDE_SETTING.max} m`,
      }),
      helperText: 'El largo A y el ancho B de una piscina no pueden superarlo, en presupuestos, pedidos y calculadoras',
    },
    {
      name: 'web_fare_id',
      label: 'Tarifa WEB',
      type: 'reference',
      reference: 'clientFare',
      validate: (r) => r.reference(null),
      helperText: 'Tarifa con la que se calcula el precio en la calculadora pública',
    },
  ],
});

export const app_settings = table('app_settings', (t) => ({
  id: t.integer('id').primaryKey(),
  maintenance_mode: t.boolean('maintenance_mode').notNull().default(false),
  platform_scope_id: t.integer('platform_scope_id').notNull().default(1),
  web_fare_id: t.integer('web_fare_id').references(() => client_fares.id),
  /** Base of "apply fare percentage" to confección: clients' extra_confection_price = base × (1 + p/100). */
  base_confection_price: t.integer('base_confection_price').notNull().default(15),
  /** The largest cover side the business makes, in metres: a pool's A and B are refused beyond it (src/shared/measurements.ts). */
  max_cover_side: t.integer('max_cover_side').notNull().default(DEFAULT_MAX_COVER_SIDE),
  /** Signs file URLs; shared by every instance through the database. Never sent to browsers. */
  file_secret: t.varchar('file_secret', { length: 64 }).notNull(),
  ...timestamps(t),
}));
