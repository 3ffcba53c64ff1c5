import { defineResource, type Choice } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';

/** Audited rows that have no resource of their own (only domain code writes them), by their Spanish names. */
export const DOMAIN_AUDITED_ROWS: readonly Choice[] = [
  { value: 'budgetDocument', label: 'Presupuesto enviado por email' },
  { value: 'orderItem', label: 'Línea de pedido' },
  { value: 'orderCalculus', label: 'Cálculo de pedido' },
  { value: 'orderItemStep', label: 'Paso de producción de una línea' },
  { value: 'budgetCalculus', label: 'Cálculo de presupuesto' },
  { value: 'budgetCalculusItem', label: 'Línea de presupuesto' },
  { value: 'timeEntry', label: 'Fichaje' },
];

/** The resources the trail names its rows by: every declared one but the trail itself. */
export const auditedResources = (schemas: ReadonlyArray<{ name: string; label: { one: string } }>): Choice[] =>
  schemas.filter((schema) => schema.name !== 'audit').map((schema) => ({ value: schema.name, label: schema.label.one }));

/**
 * Every create, update and delete leaves one read-only audit row (docs/api.md). `audited`: the declared
 * resources by their Spanish names (schemas/index.ts), which the rows' resource is shown and filtered by.
 */
export const auditOf = (audited: readonly Choice[]) => defineResource({
  name: 'audit',
  label: { one: 'Auditoría', many: 'Auditorías' },
  titleField: 'id',
  // By date, newest first (ties by id): a date range is then read along its index, at any age.
  defaultSort: { field: 'created_at', order: 'DESC' },
  search: ['resource', 'action'],
  access: { ...ACCESS.officeOnly, create: [], update: [], delete: [] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true },
    { name: 'created_at', label: 'Fecha', type: 'datetime', list: true, filter: true },
    { name: 'user_id', label: 'Usuario', type: 'reference', reference: 'user', list: true, filter: true },
    // Filtered by its whole value: "order" is not "orderItem", record 7 is not 17 (and a whole value reads the index).
    {
      name: 'resource',
      label: 'Recurso',
      type: 'select',
      choices: [...audited, ...DOMAIN_AUDITED_ROWS].sort((a, b) => a.label.localeCompare(b.label, 'es')),
      list: true,
      filter: 'exact',
    },
    { name: 'record_id', label: 'Registro', type: 'text', list: true, filter: 'exact' },
    {
      name: 'action',
      label: 'Acción',
      type: 'select',
      list: true,
      filter: true,
      choices: [
        { value: 'create', label: 'Alta' },
        { value: 'update', label: 'Modificación' },
        { value: 'delete', label: 'Borrado' },
        { value: 'send', label: 'Envío por email' },
      ],
    },
    { name: 'before', label: 'Antes', type: 'json' },
    { name: 'after', label: 'Después', type: 'json' },
  ],
});
