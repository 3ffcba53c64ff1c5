/**
 * The order calls of docs/api.md "Order" used by the order lists and the details page; the shapes they
 * answer are the server's own (src/shared/orderViews.ts). Prices and totals always come from the server.
 */
import { apiBlob, call } from '../../providers/http';
import { pathOf } from '../../../shared/contracts/contract';
import { orderContracts } from '../../../shared/contracts/orders';
import type { ClientOrderListRequest, StaffOrderListRequest } from '../../../shared/orderViews';

export const getFilteredOrders = (body: StaffOrderListRequest) => call(orderContracts.staffList, { body }, { reads: true });

export const getClientFilteredOrders = (body: ClientOrderListRequest) => call(orderContracts.clientList, { body }, { reads: true });

export const getOrder = (id: number) => call(orderContracts.details, { params: { id } }, {});

export const changeReviewStatus = (orderId: number, reviewStatusId: number) =>
  call(orderContracts.changeReviewStatus, { body: { order_id: orderId, order_review_status_id: reviewStatusId } }, { changes: 'order' });

export const validateClientOrder = (orderId: number, validatedDate: string) =>
  call(orderContracts.validate, { body: { order_id: orderId, validated_date: validatedDate } }, { changes: 'order' });

/** How many finished orders wait for review (staff only); silent: the banner just stays away on failure. */
export const ordersToReviewCount = () => call(orderContracts.toReviewCount, {}, { silent: true });

/**
 * The order PDF, fetched as a blob with the session cookie (not opened by an `<a href>`): a refusal
 * arrives as the usual envelope and is notified like any other call.
 */
export const fetchOrderDocument = (orderId: number) => apiBlob(pathOf(orderContracts.document, { id: orderId }));
