/**
 * The cart calls of docs/api.md Order. Each answers the whole cart as an order's details
 * (src/shared/orderViews.ts). Prices are the server's: the browser sends ids, quantities and, for staff, the overrides.
 */
import { clientContracts } from '../../../shared/contracts/clients';
import { orderContracts } from '../../../shared/contracts/orders';
import { call } from '../../providers/http';
import type { OrderDetails, UnsellableLine } from '../../../shared/orderViews';
import type { Contract, DataOf, InputOf } from '../../../shared/contracts/contract';

/** The cart's lines that can no longer be sold. */
export const unsellableLines = (order: OrderDetails): UnsellableLine[] =>
  order.order_items
    .filter((line) => line.unsellable)
    .map((line) => ({ id: line.id, product_name: line.product_name, reason: line.unsellable! }));

/** Silent: the page says itself when an order cannot be read. */
export const getOrder = (id: number) => call(orderContracts.details, { params: { id } }, { silent: true });

export const changeLineQuantity = (id: number, quantity: number) =>
  call(orderContracts.changeLineQuantity, { body: { id, quantity } }, { changes: 'order' });

/** A line of a cover calculation takes the whole calculation with it. */
export const removeCartLine = (id: number) => call(orderContracts.removeLine, { body: { id } }, { changes: 'order' });

/**
 * What a cart call's body holds besides the cart's id, as its contract takes it: a key left out keeps its stored
 * value. Finishing also sends the address form, for staff a forced review status, and the lines that can no
 * longer be sold which the user agreed to remove.
 */
type CartBody<C extends Contract> = Omit<NonNullable<InputOf<C>['body']>, 'order_id'>;

export const updateCartBasics = (orderId: number, basics: CartBody<typeof orderContracts.updateCartBasics>) =>
  call(orderContracts.updateCartBasics, { body: { order_id: orderId, ...basics } }, { changes: 'order' });

export const finishCart = (orderId: number, request: CartBody<typeof orderContracts.finishCart>) =>
  call(orderContracts.finishCart, { body: { order_id: orderId, ...request } }, { changes: 'order' });

/** The client a cart is for: its record, of which the finish form copies the contact and address fields, and its tax. */
export type ClientWithTax = DataOf<typeof clientContracts.withTax>;

export const clientData = (clientId: number) => call(clientContracts.withTax, { params: { id: clientId } }, {});

export const clientName = async (clientId: number) =>
  (await call(clientContracts.byId, { params: { id: clientId } }, { silent: true })).name ?? '';
