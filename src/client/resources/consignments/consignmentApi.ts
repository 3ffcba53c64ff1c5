/**
 * The consignment and order-calendar calls (docs/screens.md "Clients and consignments", docs/api.md; docs/business-rules.md):
 * finished orders by delivery day, one day's orders, a consignment and its orders.
 */
import { api } from '../../providers/http';
import type { OrderSummary } from '../../../shared/logistics';

export type { OrderSummary };

export interface Consignment {
  id: number;
  date: string;
  carrier: string;
  tracking_number: string | null;
  remark: string | null;
  order_ids: number[];
}

/** Finished orders delivered between two days (both included, YYYY-MM-DD). */
export const deliveryCalendar = (from: string, to: string) =>
  api<OrderSummary[]>('/api/order/getDeliveryCalendar', { body: { from, to }, reads: true });

/** The finished orders delivered on a day (YYYY-MM-DD); a member gets its own only. */
export const ordersInDay = (day: string) => api<OrderSummary[]>(`/api/order/getClientOrdersInDay/${day}`);

export const getConsignment = (id: number) => api<Consignment>(`/api/consignment/data/${id}`);

/** A consignment's orders; a member gets its own only. */
export const consignmentOrders = (id: number) => api<OrderSummary[]>(`/api/order/getConsignmentOrders/${id}`);

/** Sets a consignment's orders (the server keeps its other data). */
export const setConsignmentOrders = (id: number, orderIds: number[]) =>
  api<Consignment>('/api/consignment/update', {
    body: { data: JSON.stringify({ id, order_ids: orderIds }) },
    changes: ['consignment', 'order'],
  });

export const deleteConsignment = (id: number) =>
  api('/api/consignment/delete', { body: { id }, changes: [{ resource: 'consignment', deleted: id }, 'order'] });

/** "Nº 12 · Piscina Pérez · Piscinas Agua Azul": what the calendar shows of an order. */
export const orderTitle = (order: Pick<OrderSummary, 'id' | 'customer_info' | 'client_name'>) =>
  [`Nº ${order.id}`, order.customer_info || '—', order.client_name || '—'].join(' · ');

/** A finished order found by its number or by text, for adding it to a consignment. */
export interface FoundOrder {
  id: number;
  customer_info: string | null;
  buyer_name: string | null;
  ship_city: string | null;
  delivery_date: string | null;
}

export async function searchFinishedOrders(text: string): Promise<FoundOrder[]> {
  const term = text.trim().replace(/^n[ºo°]?\s*/i, '');
  const filter: Record<string, unknown> = { status_id: 1 };
  if (/^\d{1,9}$/.test(term)) filter.id = Number(term);
  else if (term) filter.q = term;
  const page = await api<{ items: FoundOrder[] }>(
    `/api/order/page/1?per_page=20&sort=id&order=DESC&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  return page.items;
}
