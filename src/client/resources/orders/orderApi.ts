/**
 * The order calls of docs/api.md "Order" used by the order lists and the details page, with the shapes the
 * server answers. Prices and totals always come from the server.
 */
import { api, apiBlob } from '../../providers/http';
import type { ListPage } from '../../../shared/lists';

export interface OrderRow {
  id: number;
  client_id: number;
  status_id: number;
  order_review_status_id: number | null;
  is_valid: boolean;
  validated_date: string | null;
  track_code: string | null;
  invoicing_company_id: number | null;
  tax_percentage: number;
  shipping_price: number;
  /** Lines, shipping and VAT (the list's column). */
  total: number;
  customer_info: string | null;
  order_remark: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_phone_number: string | null;
  buyer_address_1: string | null;
  buyer_address_2: string | null;
  buyer_postal_code: string | null;
  buyer_city: string | null;
  buyer_province: string | null;
  buyer_country: string | null;
  ship_name: string | null;
  ship_address_1: string | null;
  ship_address_2: string | null;
  ship_postal_code: string | null;
  ship_city: string | null;
  ship_province: string | null;
  ship_country: string | null;
  delivery_date: string | null;
  finished_at: string | null;
  created_at: string;
  /** Added by the staff lists (getDropdownByOrders). */
  client_name?: string | null;
}

export interface OrderItem {
  id: number;
  kind: string;
  product_name: string;
  item_reference: string | null;
  reel_reference: string | null;
  quantity_purchased: number;
  /** Unit price without VAT. */
  vat_exclusive_item_price: number;
  /** Unit price with the order's VAT. */
  item_price: number;
  /** The line's amount without VAT. */
  amount: number;
  /** The line's weight (kg). */
  weight_index: number;
  /** The Code 128 value of its label, and its progress through the production steps. */
  barcode: string;
  steps_done: number;
  steps_total: number;
}

export interface OrderDetails extends OrderRow {
  client_name: string | null;
  state: string;
  order_items: OrderItem[];
  totals: { subtotal: number; shipping: number; tax_percentage: number; vat: number; total: number; weight: number };
  history: Array<{ date: string; state: string }>;
}

export interface Option { label: string; value: number; extra?: string | null }

export interface StaffListBody {
  page: number; per_page: number; sort?: string; order?: string;
  filters: {
    q?: string; client_id?: number; invoicing_company_id?: number; from_date?: string; to_date?: string;
    order_review_status_id?: number; only_drafts?: boolean;
  };
}

export interface ClientListBody {
  page: number; per_page: number; sort?: string; order?: string;
  filter?: string; status?: number; invoicingCompany?: number; client_id?: number; from_date?: string; to_date?: string; only_drafts?: boolean;
}

export const getFilteredOrders = (body: StaffListBody) => api<ListPage<OrderRow>>('/api/order/getFilteredOrders', { body });

export const getClientFilteredOrders = (body: ClientListBody) => api<ListPage<OrderRow>>('/api/order/getClientFilteredOrders', { body });

/** The names of the clients of a page of orders, in one call. */
export const clientsOfOrders = (clientIds: number[]) => api<Option[]>('/api/client/getDropdownByOrders', { body: { clients_ids: clientIds }, silent: true });

export const invoicingCompanyOptions = () => api<Option[]>('/api/invoicingCompany/dropdown', { silent: true });

export const getOrder = (id: number) => api<OrderDetails>(`/api/order/getById/${id}`);

export const changeReviewStatus = (orderId: number, reviewStatusId: number) =>
  api<OrderDetails>('/api/order/changeReviewStatus', { body: { order_id: orderId, order_review_status_id: reviewStatusId } });

export const validateClientOrder = (orderId: number, validatedDate: string) =>
  api<OrderDetails>('/api/order/validateClientOrder', { body: { order_id: orderId, validated_date: validatedDate } });

/** How many finished orders wait for review (staff only); silent: the banner just stays away on failure. */
export const ordersToReviewCount = () => api<{ count: number }>('/api/order/getOrdersReview', { silent: true });

/**
 * The order PDF. The route needs the X-Token header, so it is fetched as a blob (an `<a href>` would go
 * without it); a refusal arrives as the usual envelope and is notified like any other call.
 */
export const fetchOrderDocument = (orderId: number) => apiBlob(`/api/order/document/${orderId}`);

/** The field errors of a 40001, for a form to show under its fields. */
export { fieldErrorsOf } from '../../providers/http';
