import { defineResource } from '../src/shared/resource';
import { boolean, integer, reference } from '../src/shared/validation';

/** The single record (id 1) of application settings (DESIGN §7). */
export const appSetting = defineResource({
  name: 'appSetting',
  label: { one: 'Ajustes de la aplicación', many: 'Ajustes de la aplicación' },
  titleField: 'id',
  singleton: true,
  access: { list: ['admin'], read: ['admin'], create: [], update: ['admin'], delete: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'maintenance_mode', label: 'Modo mantenimiento', type: 'boolean', validate: boolean(), helperText: 'Solo los administradores pueden entrar mientras está activo' },
    {
      name: 'platform_scope_id', label: 'Ámbito de la plataforma', type: 'select',
      choices: [{ value: 1, label: 'Cobertores' }, { value: 2, label: 'Plataforma de preparación' }],
      validate: integer({ required: 'Seleccione el ámbito', invalid: 'Seleccione el ámbito', min: 1, max: 2, rangeMessage: 'Seleccione el ámbito' }),
    },
    {
      name: 'base_confection_price', label: 'Precio base de confección (€)', type: 'integer',
      validate: integer({ required: 'Introduzca el precio base de confección', min: 0, max: 100000 }),
      helperText: 'Base sobre la que se aplica el porcentaje de una tarifa al precio de confección de sus clientes',
    },
    { name: 'web_fare_id', label: 'Tarifa WEB', type: 'reference', reference: 'clientFare', validate: reference(null), helperText: 'Tarifa con la que se calcula el precio en la calculadora pública' },
  ],
});
