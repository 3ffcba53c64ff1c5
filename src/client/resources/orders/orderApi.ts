/**
 * The order calls of docs/api.md "Order" used by the order lists and the details page; the shapes they
 * answer are the server's own (src/shared/orderViews.ts). Prices and totals always come from the server.
 */
import { api, apiBlob } from '../../providers/http';
import type { ListPage } from '../../../shared/lists';
import type { ClientOrderListRequest, OrderDetails, OrderListRow, StaffOrderListRequest } from '../../../shared/orderViews';
import type { SelectOption } from '../../../shared/options';

export const getFilteredOrders = (body: StaffOrderListRequest) =>
  api<ListPage<OrderListRow>>('/api/order/getFilteredOrders', { body, reads: true });

export const getClientFilteredOrders = (body: ClientOrderListRequest) =>
  api<ListPage<OrderListRow>>('/api/order/getClientFilteredOrders', { body, reads: true });

export const invoicingCompanyOptions = () => api<SelectOption[]>('/api/invoicingCompany/dropdown', { silent: true });

export const getOrder = (id: number) => api<OrderDetails>(`/api/order/getById/${id}`);

export const changeReviewStatus = (orderId: number, reviewStatusId: number) =>
  api<OrderDetails>('/api/order/changeReviewStatus', {
    body: { order_id: orderId, order_review_status_id: reviewStatusId },
    changes: 'order',
  });

export const validateClientOrder = (orderId: number, validatedDate: string) =>
  api<OrderDetails>('/api/order/validateClientOrder', { body: { order_id: orderId, validated_date: validatedDate }, changes: 'order' });

/** How many finished orders wait for review (staff only); silent: the banner just stays away on failure. */
export const ordersToReviewCount = () => api<{ count: number }>('/api/order/getOrdersReview', { silent: true });

/**
 * The order PDF, fetched as a blob with the session cookie (not opened by an `<a href>`): a refusal
 * arrives as the usual envelope and is notified like any other call.
 */
export const fetchOrderDocument = (orderId: number) => apiBlob(`/api/order/document/${orderId}`);
