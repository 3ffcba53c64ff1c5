/** The order calendar, consignments' orders, traceability (bar codes, steps, labels) and the order migration. */
import { z } from 'zod';
import { orderSummaryAnswer } from '../logistics';
import { migrationAnswer } from '../orderViews';
import { barcodeAnswer } from '../publicAnswers';
import { ADMIN_ONLY, STAFF } from '../roles';
import { defineContract } from './contract';

const orders = 'Pedidos';
const traceability = 'Trazabilidad';
const orderSummaries = z.array(orderSummaryAnswer);

export const logisticsContracts = {
  ordersInDay: defineContract({
    method: 'GET', path: '/api/order/getClientOrdersInDay/:day', access: 'user', tag: orders,
    summary: 'Los pedidos con entrega en un día',
    params: z.object({ day: z.string().describe('aaaa-mm-dd') }),
    data: orderSummaries,
  }),
  deliveryCalendar: defineContract({
    method: 'POST', path: '/api/order/getDeliveryCalendar', access: 'user', tag: orders,
    summary: 'El calendario de entregas entre dos fechas',
    description: 'Los pedidos terminados con entrega entre `from` y `to` (aaaa-mm-dd, ambos incluidos).',
    // Read loosely: the days are checked by the route, each refusal under its own field.
    body: z.object({ from: z.unknown().optional().describe('aaaa-mm-dd'), to: z.unknown().optional().describe('aaaa-mm-dd') }),
    data: orderSummaries,
  }),
  consignmentOrders: defineContract({
    method: 'GET', path: '/api/order/getConsignmentOrders/:id', access: 'user', tag: orders,
    summary: 'Los pedidos de una expedición',
    params: z.object({ id: z.string().describe('Id de la expedición') }),
    data: orderSummaries,
  }),
  barcode: defineContract({
    method: 'GET', path: '/api/traceability/barCode/:code', access: 'public', tag: traceability,
    summary: 'Trazabilidad de un artículo por el código de barras de su etiqueta',
    description: 'Quién hizo cada paso y la piscina de un cobertor a medida sólo se muestran al personal.',
    params: z.object({ code: z.string().describe('El código de barras de la etiqueta') }),
    rateLimit: { max: 120, timeWindow: '1 minute' },
    data: barcodeAnswer,
  }),
  markNextStep: defineContract({
    method: 'POST', path: '/api/traceability/markNextStep', access: STAFF, tag: traceability,
    summary: 'Marcar hecho el siguiente paso de producción de un artículo (por su código de barras)',
    description:
      'Marca el paso `step_id` (el que el teléfono vio como siguiente); si ya estaba hecho, 30001 «Este paso ya estaba marcado» '
      + 'y no se marca el de después. `idempotency_key` (un UUID que el teléfono crea para cada marca, en el cuerpo) hace '
      + 'que la misma marca enviada otra vez no registre nada nuevo y responda como la primera. `made_at` (instante ISO 8601) '
      + 'es cuándo se hizo en el teléfono: no puede ser futuro (se admiten 2 minutos de desfase del reloj) ni de hace más de '
      + '3 días; sin él, la hora es la del servidor. `check_in: true` (quien no ha fichado la entrada y pide «Fichar entrada y '
      + 'marcar») ficha la entrada a la hora del servidor y marca el paso a esa misma hora, en una sola transacción: o las dos '
      + 'cosas o ninguna; si ya había fichado, sólo marca.',
    // Read loosely: the route checks each field, each refusal under its own name.
    body: z.object({
      code: z.unknown().optional().describe('El código de barras de la etiqueta'),
      step_id: z.unknown().optional().describe('Id del paso que se marca (el siguiente que vio el teléfono)'),
      idempotency_key: z.unknown().optional().describe('UUID de esta marca, el mismo en cada reintento'),
      made_at: z.unknown().optional().describe('Cuándo se hizo la marca en el teléfono (ISO 8601)'),
      check_in: z.unknown().optional().describe('true: fichar la entrada antes de marcar, si no se ha fichado'),
    }),
    data: barcodeAnswer,
  }),
  labels: defineContract({
    method: 'GET', path: '/api/order/labels/:id', access: ADMIN_ONLY, tag: orders,
    summary: 'Las etiquetas del pedido en PDF',
    params: z.object({ id: z.string().describe('Id del pedido') }),
    produces: 'application/pdf', heavy: true,
  }),
  migrateOrders: defineContract({
    method: 'POST', path: '/api/order/migrateOrdersFiles', access: ADMIN_ONLY, tag: orders,
    summary: 'Migrar pedidos desde archivos CSV (dry_run=true: sólo la vista previa)',
    query: z.object({ dry_run: z.string().optional().describe('«true»: sólo la vista previa, no se importa nada') }),
    multipart: { files: [{ name: 'files', label: 'Archivos CSV (uno o varios)' }] },
    data: migrationAnswer,
  }),
};
