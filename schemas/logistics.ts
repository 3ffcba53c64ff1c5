import { defineResource, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';

const orderIds = (r: Rules) => r.z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  r.z.array(r.rowId(Msg.referenceMissing), { error: Msg.consignmentOrders })
    .min(1, Msg.consignmentOrders),
);

/** A consignment: orders sent together on a date with a carrier (docs/screens.md Clients and consignments). */
export const consignment = defineResource({
  name: 'consignment',
  label: { one: 'Envío', many: 'Envíos' },
  titleField: 'carrier',
  extraField: 'date',
  search: ['carrier', 'tracking_number', 'remark'],
  defaultSort: { field: 'date', order: 'DESC' },
  access: ACCESS.membersRead,
  fields: [
    { name: 'id', label: 'Nº envío', type: 'integer', list: true },
    {
      name: 'date',
      label: 'Fecha',
      type: 'datetime',
      list: true,
      filter: true,
      validate: (r) => r.localDateTime(Msg.consignmentDate),
    },
    {
      name: 'carrier',
      label: 'Transportista',
      type: 'text',
      list: true,
      filter: true,
      validate: (r) => r.text(Msg.consignmentCarrier, { max: 100 }),
    },
    { name: 'tracking_number', label: 'Nº de seguimiento', type: 'text', list: true, validate: (r) => r.text(null, { max: 100 }) },
    { name: 'remark', label: 'Observaciones', type: 'textarea', fullWidth: true, validate: (r) => r.text(null, { max: 2000 }) },
    { name: 'order_ids', label: 'Pedidos', type: 'json', validate: (r) => orderIds(r) },
  ],
  // The ids of the orders it carries, as the server adds them (domain/logistics.ts withConsignmentOrders).
  answer: (r) => ({ order_ids: r.z.array(r.z.number().int()).describe('Los pedidos que lleva') }),
});

const colour = (r: Rules, message: string) =>
  r.z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    r.z
      .string({ error: message })
      .regex(/^#[0-9a-fA-F]{6}$/, message)
      .optional(),
  );

/** An entry of the staff's task calendar (docs/screens.md Task calendar). */
export const task = defineResource({
  name: 'task',
  label: { one: 'Tarea', many: 'Tareas' },
  titleField: 'title',
  extraField: 'start',
  search: ['title', 'location', 'attendees'],
  defaultSort: { field: 'start', order: 'ASC' },
  // The workshop reads the calendar; only the office plans it.
  access: ACCESS.staffRead,
  answer: (r) => ({ user_id: r.z.number().int().nullable().describe('Usuario que creó la tarea') }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'title', label: 'Título', type: 'text', list: true, validate: (r) => r.text(Msg.taskTitle, { max: 200 }) },
    { name: 'location', label: 'Lugar', type: 'text', list: true, validate: (r) => r.text(null, { max: 200 }) },
    { name: 'attendees', label: 'Asistentes', type: 'text', list: true, validate: (r) => r.text(null, { max: 1000 }) },
    { name: 'start', label: 'Inicio', type: 'datetime', list: true, filter: true, validate: (r) => r.localDateTime(Msg.taskStart) },
    { name: 'end', label: 'Fin', type: 'datetime', list: true, filter: true, validate: (r) => r.localDateTime(Msg.taskEnd) },
    { name: 'all_day', label: 'Todo el día', type: 'boolean', validate: (r) => r.boolean() },
    { name: 'bg_color', label: 'Color de fondo', type: 'text', validate: (r) => colour(r, Msg.colour) },
    { name: 'border_color', label: 'Color del borde', type: 'text', validate: (r) => colour(r, Msg.colour) },
  ],
  refine(data, ctx) {
    if (typeof data.start === 'string' && typeof data.end === 'string' && data.end < data.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: Msg.taskEndBeforeStart });
  },
});

/** The ordered production steps of traceability (traceability-configuration). */
export const productionStep = defineResource({
  name: 'productionStep',
  label: { one: 'Paso de producción', many: 'Pasos de producción' },
  titleField: 'name',
  extraField: 'position',
  search: ['name'],
  defaultSort: { field: 'position', order: 'ASC' },
  access: ACCESS.officeOnly,
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    {
      name: 'position',
      label: 'Orden',
      type: 'integer',
      list: true,
      validate: (r) => r.integer({ required: Msg.stepPosition, min: 1, max: 1000, rangeMessage: Msg.stepPosition }),
    },
    { name: 'name', label: 'Paso', type: 'text', list: true, validate: (r) => r.text(Msg.stepName, { max: 100 }) },
  ],
});
