import { defineResource, type Rules } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { REVIEW_STATUSES } from '../src/shared/orders';
import { madridToday } from '../src/shared/madrid';
import { uploadedDocument } from './budget';

const ORDER_STATUSES = [{ value: 0, label: 'Carrito' }, { value: 1, label: 'Terminado' }] as const;

/** A stored day or timestamp ("2026-12-15 00:00:00") as its year-month-day; anything else as null. */
const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/**
 * Whether an order's delivery day is refused for being in the past (before Madrid's today). A day already
 * stored (`stored`) may stay: staff correcting other data of an order delivered long ago are not made to
 * change its date (docs/business-rules.md "Delivery date").
 */
export const isPastDeliveryDay = (day: unknown, stored: unknown = null) =>
  typeof day === 'string' && day < madridToday() && dayOf(day) !== dayOf(stored);

/**
 * Buyer, shipping and delivery data of an order (order details and finishing a cart): each field's label and
 * rule, which the order's fields and the finishing form (src/shared/forms/order.ts) both read.
 */
export const ADDRESS_FIELDS = {
  customer_info: { label: 'Referencia', validate: (r: Rules) => r.text('Introduzca la referencia del pedido', { max: 150 }) },
  buyer_name: { label: 'Comprador', validate: (r: Rules) => r.text('Introduzca el nombre del comprador', { max: 150 }) },
  buyer_email: { label: 'Email', validate: (r: Rules) => r.email('Introduzca un email', Msg.emailInvalid) },
  buyer_phone_number: { label: 'Teléfono', validate: (r: Rules) => r.phone('Introduzca un teléfono', { international: true }) },
  buyer_address_1: {
    label: 'Dirección de facturación',
    validate: (r: Rules) => r.text('Introduzca la dirección de facturación', { max: 250 }),
  },
  buyer_address_2: { label: 'Dirección de facturación (2)', validate: (r: Rules) => r.text(null, { max: 250 }) },
  buyer_postal_code: { label: 'Código postal', validate: (r: Rules) => r.postalCode('Introduzca un código postal') },
  buyer_city: { label: 'Población', validate: (r: Rules) => r.text('Introduzca la población', { max: 100 }) },
  buyer_province: { label: 'Provincia', validate: (r: Rules) => r.text('Introduzca la provincia', { max: 100 }) },
  buyer_country: { label: 'País', validate: (r: Rules) => r.text('Introduzca el país', { max: 100 }) },
  ship_name: { label: 'Nombre de envío', validate: (r: Rules) => r.text('Introduzca el nombre de envío', { max: 150 }) },
  ship_address_1: { label: 'Dirección de envío', validate: (r: Rules) => r.text('Introduzca la dirección de envío', { max: 250 }) },
  ship_address_2: { label: 'Dirección de envío (2)', validate: (r: Rules) => r.text(null, { max: 250 }) },
  ship_postal_code: { label: 'Código postal de envío', validate: (r: Rules) => r.postalCode('Introduzca el código postal de envío') },
  ship_city: { label: 'Población de envío', validate: (r: Rules) => r.text('Introduzca la población de envío', { max: 100 }) },
  ship_province: { label: 'Provincia de envío', validate: (r: Rules) => r.text('Introduzca la provincia de envío', { max: 100 }) },
  ship_country: { label: 'País de envío', validate: (r: Rules) => r.text('Introduzca el país de envío', { max: 100 }) },
  delivery_date: { label: 'Fecha de entrega', validate: (r: Rules) => r.day(null) },
  order_remark: { label: 'Observaciones', validate: (r: Rules) => r.text(null, { max: 2000 }) },
};

const LISTED = new Set(['customer_info', 'buyer_name', 'buyer_city', 'delivery_date']);

/**
 * Orders: carts (status 0) and finished orders (status 1) with their review status. They are made from
 * carts, calculators and budgets (never through the generic create); staff edit their buyer and
 * shipping data here and change the review status through changeReviewStatus.
 */
export const order = defineResource({
  name: 'order',
  label: { one: 'Pedido', many: 'Pedidos' },
  titleField: 'id',
  extraField: 'customer_info',
  search: ['customer_info', 'buyer_name', 'buyer_email', 'buyer_city', 'track_code'],
  defaultSort: { field: 'id', order: 'DESC' },
  clientScope: 'client_id',
  access: { ...ACCESS.membersRead, create: [] },
  // The order lists' columns (src/client/resources/orders/OrderList.tsx); every row adds its client's name and total.
  listExtras: ['client_name', 'total'],
  listRow: [
    'id',
    'created_at',
    'client_id',
    'status_id',
    'order_review_status_id',
    'customer_info',
    'buyer_name',
    'buyer_city',
    'delivery_date',
    'is_valid',
    'validated_date',
  ],
  // A page's rows add the client's name and the total; its record adds the columns kept beside the fields.
  answer: (r) => ({
    client_name: r.z.string().nullable().optional().describe('Nombre del cliente; sólo en las filas de una página'),
    total: r.z.number().optional().describe('Total con envío e IVA; sólo en las filas de una página'),
    user_id: r.z.number().int().nullable().optional().describe('Usuario que lo creó; no viene en las filas de una página'),
    shipping_price_fixed: r.z.boolean().optional().describe('Portes fijados a mano: los cambios de líneas ya no los recalculan'),
    lastest_modification_user_id: r.z.number().int().nullable().optional().describe('Último usuario que lo modificó'),
    finished_at: r.z.string().nullable().optional().describe('Cuándo se terminó'),
    legacy_reference: r.z.string().nullable().optional().describe('Referencia en el sistema anterior (pedidos importados)'),
    lines_cents: r.z.number().int().optional().describe('Suma de sus líneas en céntimos, IVA excluido'),
    items_by_steps_done: r.z.record(r.z.string(), r.z.number().int()).optional()
      .describe('Sus artículos por pasos de producción hechos: {"0": 3, "2": 1}'),
    in_consignment: r.z.boolean().optional().describe('Va en un envío'),
  }),
  fields: [
    { name: 'id', label: 'Nº pedido', type: 'integer', list: true },
    { name: 'created_at', label: 'Fecha', type: 'datetime', list: true, filter: true },
    { name: 'client_id', label: 'Cliente', type: 'reference', reference: 'client', list: true, filter: true },
    { name: 'status_id', label: 'Estado', type: 'select', choices: ORDER_STATUSES, filter: true },
    { name: 'order_review_status_id', label: 'Revisión', type: 'select', list: true, filter: true, choices: REVIEW_STATUSES },
    { name: 'invoicing_company_id', label: 'Empresa de facturación', type: 'reference', reference: 'invoicingCompany', filter: true },
    ...Object.entries(ADDRESS_FIELDS).map(([name, { label, validate }]) => ({
      name,
      label,
      validate,
      list: LISTED.has(name),
      type:
        name === 'delivery_date'
          ? ('date' as const)
          : name === 'order_remark'
            ? ('textarea' as const)
            : name === 'buyer_email'
              ? ('email' as const)
              : ('text' as const),
    })),
    { name: 'is_valid', label: 'Validado', type: 'boolean', list: true, filter: true },
    { name: 'validated_date', label: 'Fecha de validación', type: 'datetime' },
    { name: 'shipping_price', label: 'Portes', type: 'decimal', decimals: 2 },
    { name: 'tax_percentage', label: 'IVA (%)', type: 'decimal', decimals: 2 },
    { name: 'track_code', label: 'Código de seguimiento', type: 'text' },
  ],
});

/** A data sheet (photo or PDF) of an order calculation: the "import photo" dialog (docs/validation.md). */
export const dataSheetImage = uploadedDocument({
  name: 'dataSheetImage',
  label: { one: 'Ficha técnica', many: 'Fichas técnicas' },
  parent: { name: 'order_calculus_id', label: 'Cálculo', message: 'Seleccione el cálculo' },
  typeMessage: Msg.attachedFileType,
  fileField: 'image',
});
