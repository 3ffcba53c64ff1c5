/**
 * What the order and cart endpoints answer (server: src/server/domain/orders.ts builds them, in
 * `orderDetails`, `orderTotals` and `withOrderTotal`; src/server/domain/pricing/cart.ts finds the lines
 * that can no longer be sold). Declared once here so the server's functions and the client's calls
 * (features/cart/cartApi.ts, resources/orders/orderApi.ts) read the same shape.
 *
 * A cart is an order not finished yet (status 0): every cart call answers the same `OrderDetails` as
 * the order details page reads.
 *
 * `Instant`: the server builds these views with the database's Dates and JSON sends each one as its ISO
 * string, so the server declares `OrderDetails<Date>` and the browser reads `OrderDetails` (strings).
 */
import type { PoolShape } from './calculators';
import type { LineKind } from './pricing';

/**
 * The buyer, shipping and delivery fields of an order, in the order the forms and boxes show them (the finish
 * form, the edit dialog, the details' boxes): BUYER_FIELDS and SHIP_FIELDS are its groups.
 */
export const ADDRESS_FIELDS = [
  'customer_info',
  'buyer_name',
  'buyer_email',
  'buyer_phone_number',
  'buyer_address_1',
  'buyer_address_2',
  'buyer_postal_code',
  'buyer_city',
  'buyer_province',
  'buyer_country',
  'ship_name',
  'ship_address_1',
  'ship_address_2',
  'ship_postal_code',
  'ship_city',
  'ship_province',
  'ship_country',
  'delivery_date',
] as const;
export type AddressField = typeof ADDRESS_FIELDS[number];

type Prefixed<Prefix extends string> = Extract<AddressField, `${Prefix}_${string}`>;
export type BuyerField = Prefixed<'buyer'>;
export type ShipField = Prefixed<'ship'>;
const startingWith = <Prefix extends string>(prefix: Prefix) =>
  ADDRESS_FIELDS.filter((name): name is Prefixed<Prefix> => name.startsWith(`${prefix}_`));

/** The billing fields (ADDRESS_FIELDS' `buyer_…`), in their order. */
export const BUYER_FIELDS: readonly BuyerField[] = startingWith('buyer');
/** The shipping fields (ADDRESS_FIELDS' `ship_…`), in their order. */
export const SHIP_FIELDS: readonly ShipField[] = startingWith('ship');

/** The billing field a shipping field copies: `ship_city` ← `buyer_city` (every `ship_…` has its `buyer_…`). */
export const buyerOf = (ship: ShipField) => `buyer_${ship.slice('ship_'.length)}` as BuyerField;

/** What an order line is: a priced catalogue line, or a line imported from the old system (src/server/domain/orderMigration.ts). */
export type OrderLineKind = LineKind | 'migrated';

/** An order's totals (docs/business-rules.md): lines without VAT, shipping, VAT at the order's rate, total, and weight (kg). */
export interface OrderTotals {
  subtotal: number;
  shipping: number;
  tax_percentage: number;
  vat: number;
  total: number;
  weight: number;
}

/**
 * A cart line that can no longer be sold (its product left the catalogue or is hidden): the cart shows
 * it, and finishing refuses (409, `error.unsellable`) until the user agrees to remove exactly those.
 */
export interface UnsellableLine { id: number; product_name: string; reason: string }

/** A line of an order, its prices in euros (numbers, never the numeric columns' text). */
export interface OrderLine<Instant = string> {
  id: number;
  order_id: number;
  kind: OrderLineKind;
  product_name: string;
  number_of_items: number;
  quantity_purchased: number;
  quantity_to_ship: number;
  quantity_shipped: number;
  /** Unit price without VAT. */
  vat_exclusive_item_price: number;
  /** Unit price with the order's VAT (for display). */
  item_price: number;
  /** The line's amount without VAT (unit price × quantity). */
  amount: number;
  currency: string;
  /** The line's weight (kg). */
  weight_index: number;
  item_reference: string | null;
  reel_reference: string | null;
  pool_cover_id: number | null;
  reinforcement_type_id: number | null;
  reel_diameter_id: number | null;
  item_property_value_id: number | null;
  /** The budget line it came from, whose accepted price holds while that budget is valid. */
  budget_calculus_item_id: number | null;
  /** The cover calculation it belongs to: changing or removing the line changes the whole calculation. */
  order_calculus_id: number | null;
  /** The Code 128 value of its label, and its progress through the production steps. */
  barcode: string;
  steps_done: number;
  steps_total: number;
  /** Why a cart's line can no longer be sold; null while it can (and always for a finished order). */
  unsellable: string | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A cover calculation of an order (the calculators): the pool in metres, the chosen cover and the quantity. */
export interface OrderCalculation<Instant = string> extends PoolShape {
  id: number;
  order_id: number;
  pool_cover_id: number;
  reinforcement_type_id: number | null;
  quantity: number;
  remark: string | null;
  /** The budget calculation it was turned from, if any. */
  budget_calculus_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A change of the order's state, oldest first. */
export interface OrderStateChange {
  /** ISO instant. */
  date: string;
  /** The state's public name (orderStateLabel). */
  state: string;
  /** Who made the change, when known. */
  user_id: number | null;
}

/**
 * An order (or a cart) with its lines, calculations, status history, client name and totals: what
 * order/getById and every cart and review call answer.
 */
export interface OrderDetails<Instant = string> extends Record<AddressField, string | null> {
  id: number;
  client_id: number;
  /** Who made it. */
  user_id: number | null;
  /** 0 while a cart, 1 once finished (OrderStatus). */
  status_id: number;
  order_review_status_id: number | null;
  is_valid: boolean;
  validated_date: Instant | null;
  track_code: string;
  invoicing_company_id: number | null;
  tax_percentage: number;
  shipping_price: number;
  /** Staff fixed the shipping price: line changes no longer recompute it. */
  shipping_price_fixed: boolean;
  order_remark: string | null;
  lastest_modification_user_id: number | null;
  finished_at: Instant | null;
  /** The reference of an order imported from the old system. */
  legacy_reference: string | null;
  /** Its lines' amount in cents without VAT, as the dashboard sums it. */
  lines_cents: number;
  created_at: Instant;
  updated_at: Instant;
  client_name: string | null;
  /** The order's public state name (orderStateLabel). */
  state: string;
  order_items: Array<OrderLine<Instant>>;
  order_calculus: Array<OrderCalculation<Instant>>;
  history: OrderStateChange[];
  totals: OrderTotals;
}

/**
 * A row of the order lists (getFilteredOrders, getClientFilteredOrders): the columns schemas/order.ts
 * lists (`listRow`), the order's total and its client's name. A type rather than an interface: the list engine's rows are
 * plain records (`Record<string, unknown>`), and only a type converts to one.
 */
export type OrderListRow = {
  id: number;
  /** ISO instant. */
  created_at: string;
  client_id: number;
  status_id: number;
  order_review_status_id: number | null;
  customer_info: string | null;
  buyer_name: string | null;
  buyer_city: string | null;
  /** "YYYY-MM-DD hh:mm:ss", null when not set. */
  delivery_date: string | null;
  is_valid: boolean;
  /** ISO instant, null until validated. */
  validated_date: string | null;
  /** Lines, shipping and VAT, as the order's details total it. */
  total: number;
  /** The order's client, shown in the staff's lists beside the order. */
  client_name: string | null;
};

/** What the order lists are asked: a page, its order and its filters. */
interface OrderListPaging { page: number; per_page: number; sort?: string; order?: string }

/** getFilteredOrders (staff): the filters under `filters`. Without a review status or drafts it lists the finished orders. */
export interface StaffOrderListRequest extends OrderListPaging {
  filters: {
    q?: string; client_id?: number; invoicing_company_id?: number; from_date?: string; to_date?: string;
    order_review_status_id?: number; only_drafts?: boolean;
  };
}

/** getClientFilteredOrders (a member: its own client's orders, whatever `client_id` says): the old API's flat filters. */
export interface ClientOrderListRequest extends OrderListPaging {
  /** Text searched. */
  filter?: string;
  /** A review status. */
  status?: number;
  invoicingCompany?: number;
  client_id?: number;
  /** Calendar days (Madrid), "YYYY-MM-DD". */
  from_date?: string;
  to_date?: string;
  only_drafts?: boolean;
}

/**
 * The client a cart is for, as /api/client/getClientDataWithTax answers it (src/server/routes/clients.ts):
 * its record, of which the finish form copies the contact and address fields, and its tax.
 */
export interface ClientWithTax {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
  country: string;
  tax: { id: number; name: string; tax_percentage: number } | null;
}
