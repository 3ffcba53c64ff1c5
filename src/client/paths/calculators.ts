/** The calculators' paths (docs/screens.md "Calculators", "Client-member routes"), so that links and routes agree. */
export const calculatorPaths = {
  order: (orderId: number) => `/calculator/index/${orderId}`,
  client: (clientId: number) => `/client-calculator/${clientId}/index`,
  internal: '/internal-calculator/index',
  edit: (orderCalculusId: number) => `/edit-calculator/index/${orderCalculusId}`,
  member: '/internal-client-calculator/client/internal-cart',
  /** OrderCartRoute (another screen): where the user goes on after adding a cover. */
  orderCart: (orderId: number) => `/order-cart/${orderId}`,
};
