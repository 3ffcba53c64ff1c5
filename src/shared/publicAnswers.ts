/**
 * What the public endpoints answer (the part of the API the web shop embeds: the cover calculator, order
 * tracking, traceability by bar code and the password pages), declared once as zod schemas. The OpenAPI
 * document shows them as each route's `data` (plugins/apiDocs.ts), the routes' answers are typed by them
 * and the public pages read the same types; tests/api/api-docs.test.ts checks real answers against the
 * document. Strict objects: a field the server starts sending must be documented here first.
 */
import { z } from 'zod';
import { coverOptionAnswer } from './pricingAnswers';

const id = z.number().int();
const instant = z.string().describe('Instante ISO 8601 (UTC)');
const madridDateTime = z.string().describe('Fecha y hora de Madrid, «aaaa-mm-dd hh:mm:ss»');
const season = z.number().int().describe('1 verano, 2 invierno');
const signedFile = z.string().nullable().describe('URL firmada del archivo, o null');

// ---------------------------------------------------------------- session and password

export const loginAnswer = z.object({ token: z.string().describe('El token de la sesión: se envía en la cabecera X-Token') });

export const resetCodeAnswer = z.object({ valid: z.boolean().describe('Si el código todavía sirve para cambiar la contraseña') });

// ---------------------------------------------------------------- calculator

export const webFareAnswer = z.object({ id, name: z.string() }).nullable().describe('La tarifa web, o null si no hay ninguna elegida');

/** A cover type as the calculator's first select lists it. */
export const coverTypeAnswer = z.object({ id, name: z.string(), description: z.string().nullable(), season });
export const coverTypesAnswer = z.array(coverTypeAnswer);
export type CoverTypeAnswer = z.infer<typeof coverTypeAnswer>;

/** What a price per m² (a cover's, a reinforcement's) is under a fare. */
export const pricePerM2UnderFare = z.object({
  custom_price_m2: z.number().nullable().describe('El precio por m² de la tarifa, si tiene uno'),
  fare_available: z.boolean().describe('Si la tarifa lo ofrece'),
  price: z.number().describe('El precio por m² que se aplica con la tarifa, sin IVA'),
});

/** A cover with its price per m² under a fare. */
const pricedCover = z.object({
  id, pool_cover_type_id: id, name: z.string(), description: z.string(), reference: z.string(),
  image: signedFile, background_cover_image: signedFile, without_reinforcement_image: signedFile,
  price_m2: z.number().describe('Precio base por m², sin IVA'),
  weight_index: z.number(),
  show_cover: z.boolean(),
  ...pricePerM2UnderFare.shape,
  created_at: instant, updated_at: instant,
});

/** The cover types of a season, each with its visible covers and their prices under a fare. */
export const coverTypesWithPricesAnswer = z.array(
  coverTypeAnswer.extend({ position: z.number().int(), created_at: instant, updated_at: instant, pool_covers: z.array(pricedCover) }),
);

/**
 * One cover option of the public calculator: the back office's cover option (the cover × reinforcement, its
 * area and its price without VAT), always with the lines its subtotal is made of.
 */
const publicPriceOption = coverOptionAnswer.required({ lines: true });

export const publicPriceAnswer = z.object({ width: z.number().describe('El ancho del cobertor (m)'), options: z.array(publicPriceOption) });
export type PublicPriceAnswer = z.infer<typeof publicPriceAnswer>;

// ---------------------------------------------------------------- tracking and traceability

export const trackedOrderAnswer = z.object({
  track_code: z.string(),
  order_id: id,
  state: z.string().describe('El estado del pedido, en español'),
  created_at: instant,
  finished_at: instant.nullable(),
  delivery_date: madridDateTime.nullable(),
  validated_date: instant.nullable(),
  history: z.array(z.object({ date: instant, state: z.string() })).describe('Cada cambio de estado, del más antiguo al más reciente'),
  consignments: z
    .array(z.object({ date: madridDateTime, carrier: z.string(), tracking_number: z.string().nullable() }))
    .describe('Las expediciones que lo llevan'),
});
export type TrackedOrder = z.infer<typeof trackedOrderAnswer>;

/** One production step of an order item, done or not. */
const productionStep = z.object({
  id, name: z.string(), position: z.number().int(),
  done_at: instant.nullable().describe('Cuándo se hizo; null mientras no'),
  done_by: z.string().nullable().describe('El nombre de quien lo marcó hecho'),
});
export type ProductionStepView = z.infer<typeof productionStep>;

/** The pool a made-to-measure cover is cut for, in metres (its order calculation's). */
const barcodePool = z.object({
  a: z.number(), b: z.number(),
  c: z.number().nullable(), d: z.number().nullable(), e: z.number().nullable(),
  stairwell: z.boolean(),
  rounded_corners: z.boolean(),
  extra_distance: z.number().describe('El solape (m)'),
});

/** An order item found by its bar code, with its order and every production step (and, for staff, a cover's pool). */
export const barcodeAnswer = z.object({
  barcode: z.string(),
  product_name: z.string(),
  reference: z.string().nullable(),
  quantity: z.number(),
  order: z.object({ id, status_id: z.number().int(), state: z.string(), delivery_date: madridDateTime.nullable() }),
  steps: z.array(productionStep),
  next_step_id: id.nullable().describe('El primer paso sin hacer; null cuando están todos'),
  pool: barcodePool.nullable().optional()
    .describe('La piscina de un cobertor a medida, para quien lo corta: sólo al personal (null si no es un cobertor); nadie más la recibe'),
});
export type BarcodeView = z.infer<typeof barcodeAnswer>;
