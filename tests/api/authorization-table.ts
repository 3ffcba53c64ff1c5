/**
 * Who may call what: one row per API route (method and URL pattern as registered) naming the callers
 * the business lets through. Written by hand from docs/roles.md, the spec's roles section (§6), the
 * public endpoints of docs/api.md and docs/decisions.md, never read from the app's route declarations
 * or the schemas' `access`: a route opened or closed by mistake then disagrees with this table, and
 * tests/api/authorization-matrix.test.ts fails naming it. A new route needs a row here (that test
 * fails until it has one); deciding the row is deciding who may call it.
 */

export type Caller = 'anonymous' | 'admin' | 'client' | 'taller';
export type Method = 'GET' | 'POST';

// ---------------------------------------------------------------- who (docs/roles.md#roles)

/** Anybody, without a session (docs/api.md#public-endpoints). */
const PUBLIC: readonly Caller[] = ['anonymous', 'admin', 'client', 'taller'];
/** Every session: its own session, profile and notices. */
const SIGNED_IN: readonly Caller[] = ['admin', 'client', 'taller'];
/** The office (role admin): configuration, stock and prices, clients, fares, orders lists, users. */
const OFFICE: readonly Caller[] = ['admin'];
/** The people who build budgets and orders: the office and client members (their own client's rows). */
const OFFICE_AND_MEMBERS: readonly Caller[] = ['admin', 'client'];
/** The company's own people: the office and the workshop (check-in, production steps). */
const STAFF: readonly Caller[] = ['admin', 'taller'];
/** Client members only (their own dashboard). */
const MEMBERS: readonly Caller[] = ['client'];
/** Nobody: the operation does not exist for the resource (its rows come from elsewhere). */
const NOBODY: readonly Caller[] = [];

// ---------------------------------------------------------------- named routes (docs/api.md#calls-by-area)

const NAMED: Record<`${Method} /api/${string}`, readonly Caller[]> = {
  // The API document lists only the public endpoints without a staff session (docs/decisions.md).
  'GET /api/docs': PUBLIC,
  'GET /api/docs/openapi.json': PUBLIC,

  // Auth (docs/api.md#auth): signing in and password recovery need no session; a file's signed URL is its own key.
  'POST /api/external/login': PUBLIC,
  'POST /api/external/forgotPassword': PUBLIC,
  'POST /api/external/changePassword': PUBLIC,
  'GET /api/external/checkResetCode/:code': PUBLIC,
  'GET /api/auth/info': SIGNED_IN,
  'POST /api/auth/logout': SIGNED_IN,
  'GET /api/:entity/file/:token/:field/:filename': PUBLIC,

  // Users are admin-only, except that every user reads and edits its own profile and avatar (roles.md).
  'GET /api/user/getAllUsers/page/:page': OFFICE,
  'POST /api/user/getFilteredUsers': OFFICE,
  'GET /api/user/profile/:id': SIGNED_IN,
  'POST /api/user/updateProfile': SIGNED_IN,
  'POST /api/user/updateUserImage': SIGNED_IN,
  'POST /api/user/deleteUserImage/:id': SIGNED_IN,

  // Taxes are read by members (the VAT of their budgets and carts); VAT countries are configuration.
  'POST /api/tax/getFilteredTaxes': OFFICE_AND_MEMBERS,
  'POST /api/countryTax/getCountriesPaginatedWithFilters': OFFICE,

  // Clients: a member reads its own client (its data in budgets and carts), nothing else.
  'POST /api/client/getClientsPaginatedWithFilters': OFFICE_AND_MEMBERS,
  'GET /api/client/getClientDataWithTax/:id': OFFICE_AND_MEMBERS,
  'POST /api/client/getDropdownByOrders': OFFICE_AND_MEMBERS,
  'GET /api/client/getById/:id': OFFICE_AND_MEMBERS,
  'GET /api/client/getDropdown': OFFICE_AND_MEMBERS,

  // Fares are office work: a member "cannot change … any price" (roles.md) and never sees another fare.
  // The web fare's id is public (the public calculator asks for it).
  'GET /api/clientFare/getTarifaWEB': PUBLIC,
  'POST /api/clientFare/getFilteredClientFares': OFFICE,
  'GET /api/clientFare/getClientFareWithClients/:id': OFFICE,
  'POST /api/clientFare/changeCustomPriceToClientFare': OFFICE,
  'POST /api/clientFare/changeCustomPriceToPoolCover': OFFICE,
  'POST /api/clientFare/changeCustomPriceToReelDiameter': OFFICE,
  'POST /api/clientFare/changeCustomPriceToReinforcement': OFFICE,
  'POST /api/clientFare/changeCustomPriceToClient': OFFICE,
  'POST /api/clientFare/changeCustomPriceToArticle': OFFICE,
  'GET /api/clientFare/getFarePrices/:id/:kind': OFFICE,
  'POST /api/clientFare/setFarePrice': OFFICE,

  // The public calculator's cover types and prices (the web fare without a session; a member its own fare).
  'GET /api/poolCoverType/getPoolCoverTypesBySeason/:season': PUBLIC,
  'GET /api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/:season/:fare': PUBLIC,
  'GET /api/reinforcementType/getReinforcementWithCustomPrices/:id': OFFICE_AND_MEMBERS,

  // Reels: members read them («Enrolladores», the calculators) priced with their own fare; the office writes.
  'GET /api/reel/reelBySize/:size': OFFICE_AND_MEMBERS,
  'GET /api/reel/customGetAll': OFFICE_AND_MEMBERS,
  'POST /api/reel/getFilteredReelsPaginated': OFFICE_AND_MEMBERS,
  'POST /api/reel/customCreate': OFFICE,
  'POST /api/reel/customUpdate': OFFICE,
  'GET /api/reelSubcategory/getReelSizesDropdown/:id': OFFICE_AND_MEMBERS,
  'GET /api/reelSubcategory/getById/:id': OFFICE_AND_MEMBERS,
  'GET /api/reelDiameter/getReelDiameterDropDown/:id': OFFICE_AND_MEMBERS,
  'POST /api/reelDiameter/getReelPrice': OFFICE_AND_MEMBERS,
  'POST /api/reelDiameter/ReelsByPageAndFilter': OFFICE_AND_MEMBERS,
  'GET /api/reelDiameter/getReelsDiametersByReelId/:id': OFFICE_AND_MEMBERS,
  'GET /api/reelDiameter/getReelsDiameterBySubcategoryId/:id': OFFICE_AND_MEMBERS,

  // Articles and categories: members read them («Artículos»); the office writes them and their variations.
  'POST /api/item/getFilteredItemsPaginated': OFFICE_AND_MEMBERS,
  'GET /api/item/getFilteredItemPropertyValuesFromItem/:id': OFFICE_AND_MEMBERS,
  'GET /api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/:id/fare/:fareId/page/:page': OFFICE_AND_MEMBERS,
  'GET /api/item/getOrilloBisagra/:id': OFFICE_AND_MEMBERS,
  'POST /api/item/createItemWithDefaultValueAndAssignCategories': OFFICE,
  'POST /api/item/updateItemAndAssignCategories': OFFICE,
  'POST /api/item/generateMissingItemPropertyValuesForItem/:id': OFFICE,
  'POST /api/item/setAllItemPropertyOptionValuesFromItem/:id/:flag?': OFFICE,
  'GET /api/category/getItemCounts': OFFICE_AND_MEMBERS,
  'GET /api/category/getDropdown': OFFICE_AND_MEMBERS,
  'POST /api/category/createWithFormData': OFFICE,
  'POST /api/category/updateWithFormData': OFFICE,
  'POST /api/itemImage/createWithFormData': OFFICE,
  'POST /api/itemImage/updateWithFormData': OFFICE,

  // Budgets: members build their own client's; only an admin changes a budget's status (spec §6).
  'POST /api/budget/getBudgetList': OFFICE_AND_MEMBERS,
  'GET /api/budget/getBudgetDetails/:id': OFFICE_AND_MEMBERS,
  'POST /api/budget/getBudgetDetails': OFFICE_AND_MEMBERS,
  'GET /api/budget/hasAcceptedBudgets': OFFICE_AND_MEMBERS,
  'POST /api/budget/changeBudgetStatus': OFFICE,
  'POST /api/budget/rehacerPresupuesto/:id': OFFICE_AND_MEMBERS,
  'GET /api/budget/getOrderedBudgetsDropdown/:id?': OFFICE_AND_MEMBERS,
  'POST /api/budget/updateClientDetails': OFFICE_AND_MEMBERS,
  'POST /api/budget/createOrder': OFFICE_AND_MEMBERS,
  'GET /api/budget/document/:id': OFFICE_AND_MEMBERS,
  'POST /api/budget/sendDocument': OFFICE_AND_MEMBERS,
  'GET /api/budgetStatus/getDropdown': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/getBudgetCalculusList': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/create': OFFICE_AND_MEMBERS,
  'GET /api/budgetCalculus/generateBudgetPrices/:id': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/getBudgetPrices': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/updateExtraDistance': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/updateRemark': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/chooseCover': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/addLine': OFFICE_AND_MEMBERS,
  'POST /api/budgetCalculus/removeLine': OFFICE_AND_MEMBERS,

  // Orders: the orders lists, review and validation are the office's; a member fills its cart, finishes
  // it and follows its own orders («Mi carrito», client orders, the calculators).
  'POST /api/order/getFilteredOrders': OFFICE,
  'GET /api/order/getOrdersReview': OFFICE,
  'POST /api/order/changeReviewStatus': OFFICE,
  'POST /api/order/validateClientOrder': OFFICE,
  'GET /api/order/labels/:id': OFFICE,
  'POST /api/order/migrateOrdersFiles': OFFICE,
  'POST /api/order/getClientFilteredOrders': OFFICE_AND_MEMBERS,
  'GET /api/order/getById/:id': OFFICE_AND_MEMBERS,
  'POST /api/order/createWithOrderCalculus': OFFICE_AND_MEMBERS,
  'POST /api/order/updateOrderCartBasicDataAndRecalculateOrderItemPrices': OFFICE_AND_MEMBERS,
  'POST /api/order/finishOrderCartAndChangeOrderReviewStatus': OFFICE_AND_MEMBERS,
  'GET /api/order/document/:id': OFFICE_AND_MEMBERS,
  'POST /api/orderItem/create': OFFICE_AND_MEMBERS,
  'POST /api/orderItem/update': OFFICE_AND_MEMBERS,
  'POST /api/orderItem/delete': OFFICE_AND_MEMBERS,
  'GET /api/orderCalculus/getById/:id': OFFICE_AND_MEMBERS,
  'POST /api/orderCalculus/update': OFFICE_AND_MEMBERS,
  'POST /api/orderCalculus/getPrices': OFFICE_AND_MEMBERS,
  // Consignments and the delivery calendar: a member sees its own orders in them (business-rules.md).
  'GET /api/order/getClientOrdersInDay/:day': OFFICE_AND_MEMBERS,
  'POST /api/order/getDeliveryCalendar': OFFICE_AND_MEMBERS,
  'GET /api/order/getConsignmentOrders/:id': OFFICE_AND_MEMBERS,
  // The two pages without login: order tracking and the public calculator (docs/api.md#public-endpoints).
  'GET /api/order/trackOrder/:code': PUBLIC,
  'POST /api/calculator/price': PUBLIC,

  // Traceability: anyone reads a label's item and steps; the office and the workshop mark them (roles.md).
  'GET /api/traceability/barCode/:code': PUBLIC,
  'POST /api/traceability/markNextStep': STAFF,
  // The workshop wall's production board and its stream of changes: the company's own people (issue 44).
  'GET /api/traceability/board': STAFF,
  'GET /api/traceability/board/events': STAFF,
  // A kiosk screen reads the board through a link's key, without a session; only the office makes and revokes links.
  'GET /api/traceability/kiosk/:key': PUBLIC,
  'GET /api/traceability/kiosk/:key/events': PUBLIC,
  'GET /api/traceability/boardLinks': OFFICE,
  'POST /api/traceability/boardLinks/create': OFFICE,
  'POST /api/traceability/boardLinks/revoke/:id': OFFICE,

  // Mail templates and the outbox are configuration.
  'POST /api/mailTemplate/preview': OFFICE,
  'POST /api/mailTemplate/restore/:id': OFFICE,
  'POST /api/mailOutbox/retry/:id': OFFICE,

  // Dashboard: staff figures for the office, its own for a member, none for the workshop (roles.md).
  'GET /api/dashboard/staff': OFFICE,
  'GET /api/dashboard/member': MEMBERS,

  // Documents: the office manages them, a member downloads those meant for it; not the workshop.
  'GET /api/document/download/:id': OFFICE_AND_MEMBERS,

  // Bulletin board: everybody reads what is addressed to it; who read an announcement is the office's.
  'GET /api/announcement/board': SIGNED_IN,
  'GET /api/announcement/unreadCount': SIGNED_IN,
  'POST /api/announcement/markRead/:id': SIGNED_IN,
  'GET /api/announcement/readers/:id': OFFICE,

  // Check-in: staff check in and read their own records; everyone's records are the office's.
  'GET /api/timeRecords/status': STAFF,
  'POST /api/timeRecords/checkIn': STAFF,
  'GET /api/timeRecords/mine/:month': STAFF,
  'GET /api/timeRecords/mine/:month/pdf': STAFF,
  'GET /api/timeRecords/workers': OFFICE,
  'GET /api/timeRecords/month/:month': OFFICE,
  'GET /api/timeRecords/worker/:user_id/:month': OFFICE,
  'GET /api/timeRecords/worker/:user_id/:month/pdf': OFFICE,
  'POST /api/timeRecords/correct': OFFICE,
  'GET /api/timeRecords/csv': OFFICE,
};

// ---------------------------------------------------------------- generic endpoints (docs/api.md#generic-endpoints)

type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';
type Grants = Record<Operation, readonly Caller[]>;

/** The office alone sees and writes it. */
const OFFICE_ONLY: Grants = { list: OFFICE, read: OFFICE, create: OFFICE, update: OFFICE, delete: OFFICE };
/** Members read it (the catalogue, what their budgets and orders show); the office writes it. */
const MEMBERS_READ: Grants = { ...OFFICE_ONLY, list: OFFICE_AND_MEMBERS, read: OFFICE_AND_MEMBERS };
/** Members read and write their own client's rows. */
const MEMBERS_WRITE: Grants = {
  list: OFFICE_AND_MEMBERS, read: OFFICE_AND_MEMBERS, create: OFFICE_AND_MEMBERS, update: OFFICE_AND_MEMBERS, delete: OFFICE_AND_MEMBERS,
};
/** Kept by the app itself: the office only reads it. */
const OFFICE_READS: Grants = { list: OFFICE, read: OFFICE, create: NOBODY, update: NOBODY, delete: NOBODY };

/** Per resource, who may list, read, create, update and delete its records through the generic endpoints. */
const RESOURCES: Record<string, Grants> = {
  // Configuration (spec §6: admin-only areas).
  user: OFFICE_ONLY,
  clientFare: OFFICE_ONLY,
  invoicingCompany: OFFICE_ONLY,
  countryTax: OFFICE_ONLY,
  productionStep: OFFICE_ONLY,
  // One record of settings, created with the database: read and updated only.
  appSetting: { ...OFFICE_ONLY, create: NOBODY, delete: NOBODY },
  // The templates are a fixed set (restored, never created or deleted); the outbox and audits are the app's record.
  mailTemplate: { ...OFFICE_ONLY, create: NOBODY, delete: NOBODY },
  mailOutbox: OFFICE_READS,
  audit: OFFICE_READS,

  // The catalogue members buy from, and what their budgets and orders show (taxes, price concept names).
  poolCover: MEMBERS_READ,
  poolCoverType: MEMBERS_READ,
  reinforcementType: MEMBERS_READ,
  reel: MEMBERS_READ,
  reelDiameter: MEMBERS_READ,
  // Reel sizes are written with their reel (reel/customCreate, customUpdate); here only read and deleted.
  reelSubcategory: { ...MEMBERS_READ, create: NOBODY, update: NOBODY },
  category: MEMBERS_READ,
  item: MEMBERS_READ,
  itemImage: MEMBERS_READ,
  // Variations are generated from the article's properties, never created one by one.
  itemPropertyValue: { ...MEMBERS_READ, create: NOBODY },
  tax: MEMBERS_READ,
  // The concepts are a fixed set created at start-up (docs/decisions.md): renamed only.
  priceName: { ...MEMBERS_READ, create: NOBODY, delete: NOBODY },

  // A member reads its own client and its own consignments; documents meant for it.
  client: MEMBERS_READ,
  consignment: MEMBERS_READ,
  document: MEMBERS_READ,
  documentCategory: MEMBERS_READ,

  // Budgets: a member builds its own client's; deleting one is the office's.
  budget: { ...MEMBERS_WRITE, delete: OFFICE },
  // Budget files (attached files, payment proofs, data sheet images) belong to the budget's client.
  attachedFile: MEMBERS_WRITE,
  budgetPaycheck: MEMBERS_WRITE,
  dataSheetImage: MEMBERS_WRITE,
  // Orders come from carts, budgets and calculators, never from a bare create; only the office edits or deletes one.
  order: { ...MEMBERS_READ, create: NOBODY },

  // Everybody reads the announcements addressed to it; the workshop reads the task calendar. The office writes both.
  announcement: { ...OFFICE_ONLY, list: SIGNED_IN, read: SIGNED_IN },
  task: { ...OFFICE_ONLY, list: STAFF, read: STAFF },
};

/** Each generic endpoint with the operation it performs. */
const GENERIC_ENDPOINTS: ReadonlyArray<readonly [Method, string, Operation]> = [
  ['GET', 'all', 'list'],
  ['GET', 'page/:page', 'list'],
  ['GET', 'csv', 'list'],
  ['GET', 'dropdown', 'list'],
  ['POST', 'filteredDropdown', 'list'],
  ['GET', 'dropdownById/:id', 'read'],
  ['GET', 'data/:id', 'read'],
  ['POST', 'create', 'create'],
  ['POST', 'update', 'update'],
  ['POST', 'delete', 'delete'],
];

// ---------------------------------------------------------------- the table

export interface Row {
  method: Method;
  url: string;
  /** The callers let through; every other one is refused. */
  who: readonly Caller[];
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;

function buildTable(): Map<string, Row> {
  const table = new Map<string, Row>();
  const add = (method: Method, url: string, who: readonly Caller[]) => {
    const key = routeKey(method, url);
    if (table.has(key)) throw new Error(`${key} has two rows in the authorization table`);
    table.set(key, { method, url, who });
  };
  for (const [key, who] of Object.entries(NAMED)) {
    const [method, url] = key.split(' ') as [Method, string];
    add(method, url, who);
  }
  for (const [resource, grants] of Object.entries(RESOURCES)) {
    for (const [method, endpoint, operation] of GENERIC_ENDPOINTS) add(method, `/api/${resource}/${endpoint}`, grants[operation]);
  }
  return table;
}

/** Every API route, keyed "METHOD /api/url/:pattern". */
export const AUTHORIZATION: ReadonlyMap<string, Row> = buildTable();

/** The resources members read through the generic endpoints (the table's own answer, for the isolation check). */
export const MEMBER_READABLE_RESOURCES = Object.keys(RESOURCES).filter((name) => RESOURCES[name].read.includes('client'));
