/**
 * What the order and cart endpoints answer (server: src/server/domain/orders.ts builds them, in
 * `orderDetails`, `orderTotals` and `withOrderTotal`; src/server/domain/pricing/cart.ts finds the lines
 * that can no longer be sold). Declared once here so the server's functions and the client's calls
 * (features/cart/cartApi.ts, resources/orders/orderApi.ts) read the same shape.
 *
 * A cart is an order not finished yet (status 0): every cart call answers the same `OrderDetails` as
 * the order details page reads.
 *
 * Instants: the server builds these views with the database's Dates and JSON sends each one as its ISO
 * string, so the server builds what the schemas take (`OrderDetailsSent`) and the browser reads what they
 * give (`OrderDetails`, strings). The schemas are the order endpoints' answers (src/shared/contracts/orders.ts).
 */
import { z } from 'zod';
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

const id = z.number().int();
/** An instant: the server's Date (or its text), which JSON sends as its ISO text. */
export const instantAnswer = z
  .codec(z.union([z.date(), z.string()]), z.string(), {
    decode: (value) => (value instanceof Date ? value.toISOString() : value),
    encode: (value) => value,
  })
  .describe('Instante ISO 8601 (UTC)');
const instant = instantAnswer;
const text = z.string().nullable();

const lineKind = z.enum(['cover', 'reinforcement', 'confection', 'reel', 'item', 'migrated']) satisfies z.ZodType<OrderLineKind>;

/** An order's totals (docs/business-rules.md): lines without VAT, shipping, VAT at the order's rate, total, and weight (kg). */
export const orderTotalsAnswer = z.object({
  subtotal: z.number().describe('Las líneas, sin IVA'),
  shipping: z.number(),
  tax_percentage: z.number(),
  vat: z.number(),
  total: z.number(),
  weight: z.number().describe('kg'),
});
export type OrderTotals = z.output<typeof orderTotalsAnswer>;

/**
 * A cart line that can no longer be sold (its product left the catalogue or is hidden): the cart shows
 * it, and finishing refuses (409, `error.unsellable`) until the user agrees to remove exactly those.
 */
export interface UnsellableLine { id: number; product_name: string; reason: string }

/** A line of an order, its prices in euros (numbers, never the numeric columns' text). */
export const orderLineAnswer = z.object({
  id,
  order_id: id,
  kind: lineKind,
  product_name: z.string(),
  number_of_items: z.number().int(),
  quantity_purchased: z.number().int(),
  quantity_to_ship: z.number().int(),
  quantity_shipped: z.number().int(),
  vat_exclusive_item_price: z.number().describe('Precio unitario sin IVA'),
  item_price: z.number().describe('Precio unitario con el IVA del pedido (para mostrar)'),
  amount: z.number().describe('El importe de la línea sin IVA (precio unitario × cantidad)'),
  currency: z.string(),
  weight_index: z.number().describe('El peso de la línea (kg)'),
  item_reference: text,
  reel_reference: text,
  pool_cover_id: id.nullable(),
  reinforcement_type_id: id.nullable(),
  reel_diameter_id: id.nullable(),
  item_property_value_id: id.nullable(),
  budget_calculus_item_id: id.nullable().describe('La línea de presupuesto de la que salió (su precio vale mientras el presupuesto)'),
  order_calculus_id: id.nullable().describe('El cálculo al que pertenece: cambiar o quitar la línea cambia el cálculo entero'),
  barcode: z.string().describe('El valor Code 128 de su etiqueta'),
  steps_done: z.number().int().describe('Pasos de fabricación hechos'),
  steps_total: z.number().int(),
  unsellable: text.describe('Por qué una línea del carrito ya no se vende; null mientras se venda (y en un pedido terminado)'),
  created_at: instant,
  updated_at: instant,
});
export type OrderLine = z.output<typeof orderLineAnswer>;
/** A line as the server builds it (its instants still Dates). */
export type OrderLineSent = z.input<typeof orderLineAnswer>;

/** A cover calculation of an order (the calculators): the pool in metres, the chosen cover and the quantity. */
/** A pool as a budget and an order's calculation answer it (PoolShape, ./calculators): metres as numbers. */
export const poolAnswerShape = {
  pool_subcategory_id: id.describe('La temporada: 1 verano, 2 invierno'),
  pool_cover_type_id: id,
  a: z.number(),
  b: z.number(),
  c: z.number().nullable(),
  d: z.number().nullable(),
  e: z.number().nullable(),
  rounded_corners: z.boolean(),
  stairwell: z.boolean(),
  extra_distance: z.number().describe('El solape (m)'),
};

export const orderCalculationAnswer = z.object({
  id,
  order_id: id,
  ...poolAnswerShape,
  pool_cover_id: id,
  reinforcement_type_id: id.nullable(),
  quantity: z.number().int(),
  remark: text,
  budget_calculus_id: id.nullable().describe('El cálculo de presupuesto del que salió, si salió de uno'),
  created_at: instant,
  updated_at: instant,
});

/** A change of the order's state, oldest first. */
const orderStateChange = z.object({
  date: instant,
  state: z.string().describe('El nombre público del estado'),
  user_id: id.nullable().describe('Quién lo cambió, si se sabe'),
});

const addressShape = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, text])) as Record<AddressField, typeof text>;

/**
 * An order (or a cart) with its lines, calculations, status history, client name and totals: what
 * order/getById and every cart and review call answer.
 */
export const orderDetailsAnswer = z.object({
  id,
  client_id: id,
  user_id: id.nullable().describe('Quién lo hizo'),
  status_id: z.number().int().describe('0 carrito, 1 terminado'),
  order_review_status_id: z.number().int().nullable(),
  is_valid: z.boolean(),
  validated_date: instant.nullable(),
  track_code: z.string(),
  invoicing_company_id: id.nullable(),
  tax_percentage: z.number(),
  shipping_price: z.number(),
  shipping_price_fixed: z.boolean().describe('El personal fijó los portes: los cambios de líneas ya no los recalculan'),
  ...addressShape,
  delivery_date: text.describe('«aaaa-mm-dd hh:mm:ss», hora de Madrid'),
  order_remark: text,
  lastest_modification_user_id: id.nullable(),
  finished_at: instant.nullable(),
  legacy_reference: text.describe('La referencia de un pedido importado del sistema anterior'),
  lines_cents: z.number().int().describe('El importe de sus líneas en céntimos, sin IVA'),
  created_at: instant,
  updated_at: instant,
  client_name: text,
  state: z.string().describe('El nombre público de su estado'),
  order_items: z.array(orderLineAnswer),
  order_calculus: z.array(orderCalculationAnswer),
  history: z.array(orderStateChange),
  totals: orderTotalsAnswer,
});
export type OrderDetails = z.output<typeof orderDetailsAnswer>;
/** An order's details as the server builds them (its instants still Dates). */
export type OrderDetailsSent = z.input<typeof orderDetailsAnswer>;

/**
 * A row of the order lists (getFilteredOrders, getClientFilteredOrders): the columns schemas/order.ts
 * lists (`listRow`), the order's total and its client's name.
 */
export const orderListRowAnswer = z.object({
  id,
  created_at: instant,
  client_id: id,
  status_id: z.number().int(),
  order_review_status_id: z.number().int().nullable(),
  customer_info: text,
  buyer_name: text,
  buyer_city: text,
  delivery_date: text.describe('«aaaa-mm-dd hh:mm:ss», null si no la tiene'),
  is_valid: z.boolean(),
  validated_date: instant.nullable(),
  total: z.number().describe('Líneas, portes e IVA, como el total de su detalle'),
  client_name: text.describe('Su cliente, que las listas del personal muestran junto al pedido'),
});
/**
 * A type rather than an interface: the list engine's rows are plain records (`Record<string, unknown>`), and
 * only a type converts to one.
 */
export type OrderListRow = z.output<typeof orderListRowAnswer>;

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

/** What a migration of order files found (migrateOrdersFiles; once confirmed, what it imported). */
export const migrationAnswer = z.object({
  files: z.number().int().describe('Cuántos archivos se han leído'),
  rows: z.number().int().describe('Cuántas filas tenían'),
  orders: z.number().int().describe('Cuántos pedidos forman'),
  errors: z.array(z.object({
    file: z.string(),
    row: z.number().int().nullable().describe('La fila (la cabecera es la 1); null: el archivo entero'),
    message: z.string(),
  })).describe('Lo que impide importar cada fila'),
});
export type MigrationPreview = z.output<typeof migrationAnswer>;
/** A refused row of an order-migration file (rows count from 1, the header); no row: the upload itself. */
export type RowError = MigrationPreview['errors'][number];
