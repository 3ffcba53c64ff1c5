/**
 * The cart calls of docs/api.md Order. Each answers the whole cart as an order's details
 * (src/shared/orderViews.ts). Prices are the server's: the browser sends ids, quantities and, for staff, the overrides.
 */
import { clientContracts } from '../../../shared/contracts/clients';
import { orderContracts } from '../../../shared/contracts/orders';
import { resources } from '../../../../schemas';
import { resourceContracts } from '../../../shared/contracts/records';
import { call } from '../../providers/http';
import type { CartBasicsChanges } from '../../../../schemas/order';
import type { AddressField, OrderDetails, UnsellableLine } from '../../../shared/orderViews';
import type { Contract, DataOf, InputOf } from '../../../shared/contracts/contract';

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
export const getOrder = (id: number) => call(orderContracts.details, { params: { id } }, { silent: true });

export const changeLineQuantity = (id: number, quantity: number) =>
  call(orderContracts.changeLineQuantity, { body: { id, quantity } }, { changes: 'order' });

/** A line of a cover calculation takes the whole calculation with it. */
export const removeCartLine = (id: number) => call(orderContracts.removeLine, { body: { id } }, { changes: 'order' });

/**
 * What a form's body may leave out: the validation builders type every field's input as required (`unknown`),
 * though a field left out passes (and, here, keeps its stored value), so the typed changes stand for the body.
 */
type Sent<C extends Contract> = NonNullable<InputOf<C>['body']>;

export const updateCartBasics = (orderId: number, basics: CartBasicsChanges) =>
  call(orderContracts.updateCartBasics, { body: { order_id: orderId, ...basics } as Sent<typeof orderContracts.updateCartBasics> }, {
    changes: 'order',
  });

export const finishCart = (orderId: number, request: FinishRequest) =>
  call(orderContracts.finishCart, { body: { order_id: orderId, ...request } as Sent<typeof orderContracts.finishCart> }, {
    changes: 'order',
  });

/** The client a cart is for: its record, of which the finish form copies the contact and address fields, and its tax. */
export type ClientWithTax = DataOf<typeof clientContracts.withTax>;

export const clientData = (clientId: number) => call(clientContracts.withTax, { params: { id: clientId } }, {});

export const clientName = async (clientId: number) =>
  (await call(clientContracts.byId, { params: { id: clientId } }, { silent: true })).name ?? '';

export const invoicingCompanyOptions = () => call(resourceContracts(resources.invoicingCompany).dropdown);
