/**
 * The cart calls of docs/api.md Order with the shapes the server answers (an order with its lines and
 * totals). Prices are the server's: the browser sends ids, quantities and, for staff, the overrides.
 */
import { api } from '../../providers/http';
import type { Option } from '../catalogueLists/types';
import type { CartBasicsChanges } from '../../../../schemas/order';

export interface CartLine {
  id: number;
  kind: 'cover' | 'reinforcement' | 'confection' | 'reel' | 'item';
  product_name: string;
  quantity_purchased: number;
  /** Unit price without VAT. */
  vat_exclusive_item_price: number;
  /** Unit price with the order's VAT. */
  item_price: number;
  /** Line total without VAT. */
  amount: number;
  item_reference: string | null;
  reel_reference: string | null;
  order_calculus_id: number | null;
  /** Why the line can no longer be sold (a cart's only); null while it can. */
  unsellable?: string | null;
}

/** A line the server found can no longer be sold: finishing removes it only when the user confirms it. */
export interface UnsellableLine { id: number; product_name: string; reason: string }

/** The cart's lines that can no longer be sold. */
export const unsellableLines = (order: CartOrder): UnsellableLine[] =>
  order.order_items.filter((line) => line.unsellable).map((line) => ({ id: line.id, product_name: line.product_name, reason: line.unsellable! }));

export interface CartTotals { subtotal: number; shipping: number; tax_percentage: number; vat: number; total: number; weight: number }

/** The buyer, shipping and delivery fields of an order (the finish form). */
export const ADDRESS_FIELDS = [
  'customer_info', 'buyer_name', 'buyer_email', 'buyer_phone_number', 'buyer_address_1', 'buyer_address_2', 'buyer_postal_code', 'buyer_city',
  'buyer_province', 'buyer_country', 'ship_name', 'ship_address_1', 'ship_address_2', 'ship_postal_code', 'ship_city', 'ship_province', 'ship_country',
  'delivery_date',
] as const;
export type AddressField = typeof ADDRESS_FIELDS[number];

export type CartOrder = Record<AddressField, string | null> & {
  id: number;
  client_id: number;
  client_name: string | null;
  /** 0 while a cart, 1 once finished. */
  status_id: number;
  order_review_status_id: number | null;
  state: string;
  shipping_price: number;
  tax_percentage: number;
  invoicing_company_id: number | null;
  order_remark: string | null;
  order_items: CartLine[];
  totals: CartTotals;
};

export interface FinishRequest extends CartBasicsChanges, Partial<Record<AddressField, string | null>> {
  force_advance_order_review_status_id?: boolean;
  order_review_status_id_to_force?: number | null;
  /** The lines that can no longer be sold which the user agreed to remove. */
  remove_line_ids?: number[];
}

export interface ClientData {
  id: number; name: string; email: string | null; phone_number: string | null; address: string | null; postal_code: string | null;
  city: string | null; province: string | null; country: string | null;
}

/** Silent: the page says itself when an order cannot be read. */
export const getOrder = (id: number) => api<CartOrder>(`/api/order/getById/${id}`, { silent: true });

export const changeLineQuantity = (id: number, quantity: number) => api<CartOrder>('/api/orderItem/update', { body: { id, quantity } });

/** A line of a cover calculation takes the whole calculation with it. */
export const removeCartLine = (id: number) => api<CartOrder>('/api/orderItem/delete', { body: { id } });

export const updateCartBasics = (orderId: number, basics: CartBasicsChanges) =>
  api<CartOrder>('/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', { body: { order_id: orderId, ...basics } });

export const finishCart = (orderId: number, request: FinishRequest) =>
  api<CartOrder>('/api/order/finishOrderCartAndChangeOrderReviewStatus', { body: { order_id: orderId, ...request } });

export const clientData = (clientId: number) => api<ClientData>(`/api/client/getClientDataWithTax/${clientId}`);

export const clientName = async (clientId: number) => (await api<{ name: string }>(`/api/client/getById/${clientId}`, { silent: true })).name;

export const clientOptions = () => api<Option[]>('/api/client/getDropdown');

export const invoicingCompanyOptions = () => api<Option[]>('/api/invoicingCompany/dropdown');
