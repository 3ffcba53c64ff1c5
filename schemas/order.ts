import { z } from 'zod';
import { defineResource, type Rules } from '../src/shared/resource';
import * as rules from '../src/shared/rules';
import { ACCESS } from '../src/shared/roles';
import { Msg } from '../src/shared/messages';
import { REVIEW_STATUSES } from '../src/shared/orders';
import { SEASONS } from '../src/shared/catalogue';
import { madridToday } from '../src/shared/madrid';
import { boolean, decimal, MAX_INTEGER, oneOf, reference, text, withRecordRule } from '../src/shared/validation';
import { dimension, overlap, quantity, stairwellSizes, uploadedDocument } from './budget';

const ORDER_STATUSES = [{ value: 0, label: 'Carrito' }, { value: 1, label: 'Terminado' }] as const;

/** A calendar day, as the date picker emits it (year-month-day). */
export const day = (required: string | null) => {
  const base = z
    .string({ error: required ?? Msg.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, Msg.dateInvalid)
    .refine(
      (v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      Msg.dateInvalid,
    );
  const blank = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v);
  return required ? z.preprocess(blank, base) : z.preprocess((v) => blank(v) ?? null, base.nullable());
};

/** A stored day or timestamp ("2026-12-15 00:00:00") as its year-month-day; anything else as null. */
const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/**
 * Whether an order's delivery day is refused for being in the past (before Madrid's today). A day already
 * stored (`stored`) may stay: staff correcting other data of an order delivered long ago are not made to
 * change its date (docs/business-rules.md "Delivery date").
 */
export const isPastDeliveryDay = (day: unknown, stored: unknown = null) =>
  typeof day === 'string' && day < madridToday() && dayOf(day) !== dayOf(stored);

/** Buyer, shipping and delivery data of an order (order details and finishing a cart). */
const addressFields = (r: Rules) => ({
  customer_info: r.text('Introduzca la referencia del pedido', { max: 150 }),
  buyer_name: r.text('Introduzca el nombre del comprador', { max: 150 }),
  buyer_email: r.email('Introduzca un email', Msg.emailInvalid),
  buyer_phone_number: r.phone('Introduzca un teléfono', { international: true }),
  buyer_address_1: r.text('Introduzca la dirección de facturación', { max: 250 }),
  buyer_address_2: r.text(null, { max: 250 }),
  buyer_postal_code: r.postalCode('Introduzca un código postal'),
  buyer_city: r.text('Introduzca la población', { max: 100 }),
  buyer_province: r.text('Introduzca la provincia', { max: 100 }),
  buyer_country: r.text('Introduzca el país', { max: 100 }),
  ship_name: r.text('Introduzca el nombre de envío', { max: 150 }),
  ship_address_1: r.text('Introduzca la dirección de envío', { max: 250 }),
  ship_address_2: r.text(null, { max: 250 }),
  ship_postal_code: r.postalCode('Introduzca el código postal de envío'),
  ship_city: r.text('Introduzca la población de envío', { max: 100 }),
  ship_province: r.text('Introduzca la provincia de envío', { max: 100 }),
  ship_country: r.text('Introduzca el país de envío', { max: 100 }),
  delivery_date: day(null),
  order_remark: r.text(null, { max: 2000 }),
});

type AddressField = keyof ReturnType<typeof addressFields>;

const LABELS: Record<AddressField, string> = {
  customer_info: 'Referencia',
  buyer_name: 'Comprador',
  buyer_email: 'Email',
  buyer_phone_number: 'Teléfono',
  buyer_address_1: 'Dirección de facturación',
  buyer_address_2: 'Dirección de facturación (2)',
  buyer_postal_code: 'Código postal',
  buyer_city: 'Población',
  buyer_province: 'Provincia',
  buyer_country: 'País',
  ship_name: 'Nombre de envío',
  ship_address_1: 'Dirección de envío',
  ship_address_2: 'Dirección de envío (2)',
  ship_postal_code: 'Código postal de envío',
  ship_city: 'Población de envío',
  ship_province: 'Provincia de envío',
  ship_country: 'País de envío',
  delivery_date: 'Fecha de entrega',
  order_remark: 'Observaciones',
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
    ...Object.entries(LABELS).map(([name, label]) => ({
      name,
      label,
      validate: (r: Rules) => addressFields(r)[name as AddressField],
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

/** Finishing a cart: its buyer, shipping and delivery data are required then, and its delivery is today or later. */
export const orderAddressForm = z.object({
  ...addressFields(rules),
  delivery_date: (day(null) as z.ZodType<string | null>).refine((value) => !isPastDeliveryDay(value), Msg.deliveryDatePast),
});

/** The cart's basic data; shipping and VAT are the staff's to override (a member's are ignored). */
export const cartBasicsForm = z.object({
  order_id: reference('Seleccione el pedido'),
  shipping_price: decimal({ required: null, invalid: Msg.priceInvalid, places: 2, min: 0 }),
  // Left out keeps the stored VAT (a member's save sends only the remark); sent blank is refused: no rule gives it a meaning.
  tax_percentage: decimal({
    required: Msg.vatRequired,
    invalid: Msg.taxPercentage,
    places: 2,
    min: 0,
    max: 100,
    rangeMessage: Msg.taxPercentage,
  }).optional(),
  invoicing_company_id: reference(null),
  order_remark: text(null, { max: 2000 }),
});

/**
 * The basics a cart update changes, as the form checks them (numbers, not the form's text): every field is
 * optional because one left out keeps its stored value. What the cart page sends and the route hands on.
 */
export type CartBasicsChanges = Partial<Omit<z.output<typeof cartBasicsForm>, 'order_id'>>;

/** A cart's basics change, naming the cart. */
export type CartBasics = CartBasicsChanges & { order_id: number };

export const finishForm = cartBasicsForm.extend({
  force_advance_order_review_status_id: boolean(),
  order_review_status_id_to_force: oneOf(
    REVIEW_STATUSES.map((s) => s.value),
    'Seleccione el estado de revisión',
  ).optional(),
  /** The lines that can no longer be sold which the user agreed to remove when finishing. */
  remove_line_ids: z
    .array(z.number().int().positive().max(MAX_INTEGER), { error: Msg.invalidBody })
    .max(500, { error: Msg.invalidBody })
    .optional(),
});

/** A product into a cart: a reel diameter or an article variation, quantity min 1 step 1. */
export const cartLineForm = z.object({
  order_id: reference(null).optional(),
  client_id: reference(null).optional(),
  reel_diameter_id: reference(null).optional(),
  item_property_value_id: reference(null).optional(),
  quantity,
});

const pool = {
  pool_subcategory_id: oneOf(SEASONS.map((s) => s.value), Msg.season),
  pool_cover_type_id: reference(Msg.coverType),
  a: dimension('a', Msg.dimensionA), b: dimension('b', Msg.dimensionB),
  c: dimension('c', null), d: dimension('d', null), e: dimension('e', null),
  rounded_corners: boolean(), stairwell: boolean(), extra_distance: overlap,
};

/** A cover calculation (the calculators): the pool as a budget has it, and the chosen cover. */
export const calculationFields = z.object({
  ...pool,
  pool_cover_id: reference('Campo obligatorio'),
  reinforcement_type_id: reference(null).optional(),
  quantity,
  remark: text(null, { max: 2000 }),
});
export const calculationForm = withRecordRule(calculationFields, stairwellSizes);
export type CalculationInput = z.output<typeof calculationForm>;

/** The calculators' price table: the pool only. */
export const poolForm = withRecordRule(z.object(pool), stairwellSizes);
/** The public calculator's question: a pool and (optionally) one cover, priced under the web fare. */
export const publicPriceForm = withRecordRule(z.object({ ...pool, pool_cover_id: reference(null).optional() }), stairwellSizes);

export const reviewForm = z.object({
  order_id: reference('Seleccione el pedido'),
  order_review_status_id: oneOf(REVIEW_STATUSES.map((s) => s.value), 'Seleccione el estado de revisión'),
});

export const validateOrderForm = z.object({
  order_id: reference('Seleccione el pedido'),
  validated_date: day('Introduzca la fecha de validación'),
});

/** A data sheet (photo or PDF) of an order calculation: the "import photo" dialog (docs/validation.md). */
export const dataSheetImage = uploadedDocument({
  name: 'dataSheetImage',
  label: { one: 'Ficha técnica', many: 'Fichas técnicas' },
  parent: { name: 'order_calculus_id', label: 'Cálculo', message: 'Seleccione el cálculo' },
  typeMessage: Msg.attachedFileType,
  fileField: 'image',
});
