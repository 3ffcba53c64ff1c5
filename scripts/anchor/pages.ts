/**
 * The pages `npm run bench:web` opens, each as the product shows it (its path) and as the anchor reads
 * it (the same first request the product's list sends, and the columns it shows).
 */
type Order = 'ASC' | 'DESC';
export interface AnchorPage {
  name: string;
  path: string;
  resource: string;
  sort: { field: string; order: Order };
  request: {
    url: (page: number, perPage: number, sort?: string, order?: string) => string;
    body?: (page: number, perPage: number, sort?: string, order?: string) => unknown;
  };
  columns: string[];
  /** What names the list's own request among the page's (the bench reports when it started). */
  listCall: string;
}

const namedList = (url: string, filters: Record<string, unknown>): AnchorPage['request'] => ({
  url: () => url,
  body: (page, perPage, sort, order) => ({ page, per_page: perPage, sort, order, filters }),
});
const genericPage = (resource: string): AnchorPage['request'] => ({
  url: (page, perPage, sort, order) => `/api/${resource}/page/${page}?per_page=${perPage}&sort=${sort}&order=${order}&filter=%7B%7D`,
});

/** An order list of one review status: its columns are those the order lists show. */
const orderReviewPage = (name: string, path: string, resource: string, order_review_status_id: number): AnchorPage => ({
  name,
  path,
  resource,
  sort: { field: 'id', order: 'DESC' },
  request: namedList('/api/order/getFilteredOrders', { order_review_status_id }),
  columns: [
    'id',
    'created_at',
    'client_id',
    'customer_info',
    'buyer_name',
    'buyer_city',
    'order_review_status_id',
    'is_valid',
    'delivery_date',
    'total',
  ],
  listCall: 'getFilteredOrders',
});

export const ANCHOR_PAGES: AnchorPage[] = [
  orderReviewPage('pedidos revisados', '/orders/reviewed-orders', 'reviewed', 3),
  orderReviewPage('pedidos sin revisar', '/orders/without-review', 'toReview', 2),
  {
    name: 'presupuestos borrador',
    path: '/budget-list/draft-budgets',
    resource: 'draftBudgets',
    sort: { field: 'id', order: 'DESC' },
    request: namedList('/api/budget/getBudgetList', { budget_status_id: 1 }),
    columns: ['id', 'created_date', 'client_id', 'remark_OB1PCL', 'pool_cover_type_id', 'buyer_name', 'buyer_city', 'expires_at'],
    listCall: 'getBudgetList',
  },
  {
    name: 'clientes',
    path: '/clientes/client-managment',
    resource: 'client',
    sort: { field: 'name', order: 'ASC' },
    request: genericPage('client'),
    columns: ['id', 'name', 'nif', 'email', 'phone_number', 'city', 'client_fare_id'],
    listCall: '/api/client/page/',
  },
  {
    name: 'auditorías',
    path: '/configuracion/audits',
    resource: 'audit',
    sort: { field: 'id', order: 'DESC' },
    request: genericPage('audit'),
    columns: ['id', 'created_at', 'user_id', 'resource', 'record_id', 'action'],
    listCall: '/api/audit/page/',
  },
];
