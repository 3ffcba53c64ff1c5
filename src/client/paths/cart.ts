/** The cart's paths (docs/screens.md "Cart and product lists", "Calculators"), in one place so that links and routes agree. */
import { CLIENT_HOME } from '../routing';

/** `?order_id=` tells a product list in cart mode which cart its lines go to. */
const cartQuery = (orderId?: number | null) => (orderId ? `?order_id=${orderId}` : '');
const clientSegment = (clientId?: number | null) => (clientId ? `/${clientId}` : '');

export const cartPaths = {
  /** OrderCartRoute: a cart by id, or without id the user's current cart. */
  cart: (orderId?: number | null) => (orderId ? `/order-cart/${orderId}` : '/order-cart'),
  /** Staff: their cart for a client. */
  clientCart: (clientId: number) => `/order-cart/client/${clientId}`,
  /** The product lists in cart mode: a member names no client; staff must. */
  itemList: (clientId?: number | null, orderId?: number | null) => `/item-list${clientSegment(clientId)}/index${cartQuery(orderId)}`,
  reelList: (clientId?: number | null, orderId?: number | null) => `/reel-list${clientSegment(clientId)}/index${cartQuery(orderId)}`,
  /** The cover calculator (another screen) adding a calculation to this cart. */
  calculator: (orderId: number) => `/calculator/index/${orderId}`,
  editCalculation: (orderCalculusId: number) => `/edit-calculator/index/${orderCalculusId}`,
};

/** Where a finished order is followed: a member's orders list; for staff the order's details. */
export const afterFinishPath = (isAdmin: boolean, orderId: number) => (isAdmin ? `/orders/details/${orderId}` : CLIENT_HOME);
