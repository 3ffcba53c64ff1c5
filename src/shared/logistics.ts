/**
 * What the consignment and delivery-calendar endpoints answer (server: src/server/domain/logistics.ts); the
 * public traceability answer is in publicAnswers.ts.
 * Declared once here as zod schemas (their contracts: contracts/logistics.ts) so the server's functions and
 * the client's calls read the same shape.
 */
import { z } from 'zod';

const id = z.number().int();
const secondsOfDay = z.number().int().nullable();

/** An order as the delivery calendar and the consignment pages show it. */
export const orderSummaryAnswer = z.object({
  id,
  client_id: id,
  client_name: z.string(),
  customer_info: z.string().nullable(),
  delivery_date: z.string().nullable().describe('Fecha y hora de Madrid, «aaaa-mm-dd hh:mm:ss»; null si no se ha fijado'),
  status_id: z.number().int(),
  order_review_status_id: z.number().int().nullable(),
  ship_city: z.string().nullable(),
  consignment_id: id.nullable().describe('La expedición que lo lleva, si hay una'),
  receiving_from: secondsOfDay.describe('Desde qué hora recibe el cliente (segundos desde medianoche); null si no lo ha indicado'),
  receiving_until: secondsOfDay.describe('Hasta qué hora recibe el cliente (segundos desde medianoche); null si no lo ha indicado'),
  state: z.string().describe('El estado público del pedido, en español'),
});
export type OrderSummary = z.output<typeof orderSummaryAnswer>;
