/**
 * The consignment and order-calendar calls (docs/screens.md "Clients and consignments", docs/api.md; docs/business-rules.md):
 * finished orders by delivery day, one day's orders, a consignment and its orders.
 */
import { consignment as consignmentSchema } from '../../../../schemas/logistics';
import { order as orderSchema } from '../../../../schemas/order';
import { call } from '../../providers/http';
import { logisticsContracts } from '../../../shared/contracts/logistics';
import { resourceContracts, type ListRowOf, type RecordOf } from '../../../shared/contracts/records';
import type { OrderSummary } from '../../../shared/logistics';

export type { OrderSummary };

const consignments = resourceContracts(consignmentSchema);
const orders = resourceContracts(orderSchema);

/** A consignment as the API answers it, with the ids of the orders it carries. */
export type Consignment = RecordOf<typeof consignmentSchema>;

/** Finished orders delivered between two days (both included, YYYY-MM-DD). */
export const deliveryCalendar = (from: string, to: string) =>
  call(logisticsContracts.deliveryCalendar, { body: { from, to } }, { reads: true });

/** The finished orders delivered on a day (YYYY-MM-DD); a member gets its own only. */
export const ordersInDay = (day: string) => call(logisticsContracts.ordersInDay, { params: { day } }, {});

export const getConsignment = (id: number) => call(consignments.data, { params: { id } }, {});

/** A consignment's orders; a member gets its own only. */
export const consignmentOrders = (id: number) => call(logisticsContracts.consignmentOrders, { params: { id } }, {});

/** Sets a consignment's orders (the server keeps its other data). */
export const setConsignmentOrders = (id: number, orderIds: number[]) =>
  call(consignments.update, { body: { data: JSON.stringify({ id, order_ids: orderIds }) } }, { changes: ['consignment', 'order'] });

export const deleteConsignment = (id: number) =>
  call(consignments.delete, { body: { id } }, { changes: [{ resource: 'consignment', deleted: id }, 'order'] });

/** "Nº 12 · Piscina Pérez · Piscinas Agua Azul": what the calendar shows of an order. */
export const orderTitle = (order: Pick<OrderSummary, 'id' | 'customer_info' | 'client_name'>) =>
  [`Nº ${order.id}`, order.customer_info || '—', order.client_name || '—'].join(' · ');

/** A finished order found by its number or by text, for adding it to a consignment. */
export type FoundOrder = Pick<ListRowOf<typeof orderSchema>, 'id' | 'customer_info' | 'buyer_name' | 'delivery_date'>;

export async function searchFinishedOrders(text: string): Promise<FoundOrder[]> {
  const term = text.trim().replace(/^n[ºo°]?\s*/i, '');
  const filter: Record<string, unknown> = { status_id: 1 };
  if (/^\d{1,9}$/.test(term)) filter.id = Number(term);
  else if (term) filter.q = term;
  const page = await call(orders.page, {
    params: { page: 1 },
    query: { per_page: '20', sort: 'id', order: 'DESC', filter: JSON.stringify(filter) },
  }, {});
  return page.items;
}
