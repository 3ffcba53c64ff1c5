/** The order screens' paths (docs/screens.md "Orders (admin)", "Client-member routes"), so that links and routes agree. */
export const orderPaths = {
  reviewed: '/orders/reviewed-orders',
  toReview: '/orders/without-review',
  drafts: '/orders/drafts',
  /** The staff's details page (the spec's /details/{order_id}, under /orders). */
  details: (orderId: number) => `/orders/details/${orderId}`,
  clientList: '/client-orders/index',
  /** A member's read-only view of one of its orders. */
  clientDetails: (orderId: number) => `/client-orders/details/${orderId}`,
  /** The public tracking page. */
  track: (code: string) => `/track-order/${code}`,
  /** OrderCartRoute: a cart not finished yet. */
  cart: (orderId: number) => `/order-cart/${orderId}`,
};
