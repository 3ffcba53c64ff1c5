/**
 * The cart calls of docs/api.md Order. Each answers the whole cart as an order's details
 * (src/shared/orderViews.ts). Prices are the server's: the browser sends ids, quantities and, for staff, the overrides.
 */
import { clientContracts } from '../../../shared/contracts/clients';
import { api, call } from '../../providers/http';
import type { Option } from '../catalogueLists/types';
import type { CartBasicsChanges } from '../../../../schemas/order';
import type { AddressField, OrderDetails, UnsellableLine } from '../../../shared/orderViews';
import type { DataOf } from '../../../shared/contracts/contract';

/** The cart's lines that can no longer be sold. */
export const unsellableLines = (order: OrderDetails): UnsellableLine[] =>
  order.order_items
    .filter((line) => line.unsellable)
    .map((line) => ({ id: line.id, product_name: line.product_name, reason: line.unsellable! }));

/** What finishing a cart sends besides the cart's id: its basics, the address form and, for staff, a forced review status. */
export interface FinishRequest extends CartBasicsChanges, Partial<Record<AddressField, string | null>> {
  force_advance_order_review_status_id?: boolean;
  order_review_status_id_to_force?: number | null;
  /** The lines that can no longer be sold which the user agreed to remove. */
  remove_line_ids?: number[];
}

/** Silent: the page says itself when an order cannot be read. */
export const getOrder = (id: number) => api<OrderDetails>(`/api/order/getById/${id}`, { silent: true });

export const changeLineQuantity = (id: number, quantity: number) =>
  api<OrderDetails>('/api/orderItem/update', { body: { id, quantity }, changes: 'order' });

/** A line of a cover calculation takes the whole calculation with it. */
export const removeCartLine = (id: number) => api<OrderDetails>('/api/orderItem/delete', { body: { id }, changes: 'order' });

export const updateCartBasics = (orderId: number, basics: CartBasicsChanges) =>
  api<OrderDetails>('/api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices', {
    body: { order_id: orderId, ...basics },
    changes: 'order',
  });

export const finishCart = (orderId: number, request: FinishRequest) =>
  api<OrderDetails>('/api/order/finishOrderCartAndChangeOrderReviewStatus', { body: { order_id: orderId, ...request }, changes: 'order' });

/** The client a cart is for: its record, of which the finish form copies the contact and address fields, and its tax. */
export type ClientWithTax = DataOf<typeof clientContracts.withTax>;

export const clientData = (clientId: number) => call(clientContracts.withTax, { params: { id: clientId } }, {});

export const clientName = async (clientId: number) =>
  (await call(clientContracts.byId, { params: { id: clientId } }, { silent: true })).name ?? '';

export const invoicingCompanyOptions = () => api<Option[]>('/api/invoicingCompany/dropdown');
