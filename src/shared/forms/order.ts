/**
 * The cart's, the calculators' and the order pages' forms, and their endpoints' bodies
 * (src/shared/contracts/orders.ts): one zod rule each, which the form and the route check with.
 */
import { z } from 'zod';
import { ADDRESS_FIELDS, isPastDeliveryDay } from '../../../schemas/order';
import { stairwellSizes } from '../../../schemas/budget';
import { SEASONS } from '../catalogue';
import { Msg } from '../messages';
import { REVIEW_STATUSES } from '../orders';
import * as rules from '../rules';
import { boolean, day, decimal, MAX_INTEGER, oneOf, reference, text, withRecordRule } from '../validation';
import { dimension, overlap, quantity } from './budget';

type AddressField = keyof typeof ADDRESS_FIELDS;

/** The order's buyer, shipping and delivery rules, as its fields declare them. */
const addressRules = Object.fromEntries(
  Object.entries(ADDRESS_FIELDS).map(([name, field]) => [name, field.validate(rules)]),
) as { [K in AddressField]: ReturnType<(typeof ADDRESS_FIELDS)[K]['validate']> };

/** Finishing a cart: its buyer, shipping and delivery data are required then, and its delivery is today or later. */
export const orderAddressForm = z.object({
  ...addressRules,
  delivery_date: day(null).refine((value) => !isPastDeliveryDay(value), Msg.deliveryDatePast),
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
