/**
 * What the calculators' endpoints answer (shared/contracts/orders.ts), as zod schemas: apart from the
 * calculators' rules (calculators.ts), so that the public calculator, which imports those, loads no zod.
 */
import { z } from 'zod';
import { instantAnswer as instant } from './orderViews';
import type { CalculatorPrices } from './pricing';
import { coverOptionAnswer, reelOfferAnswer } from './pricingAnswers';

const id = z.number().int();
/** A numeric column as the database reads it: its text, "8.00". */
const metres = z.string().describe('Metros, como texto: «8.00»');

/** Where a calculation went (createWithOrderCalculus, orderCalculus/update): its cart and its own id. */
export const calculationSavedAnswer = z.object({ order_id: id, order_calculus_id: id });
export type CalculationSaved = z.output<typeof calculationSavedAnswer>;

/**
 * A stored calculation (orderCalculus/getById): its row as stored, with its order's client and status. The
 * dimensions and the overlap arrive as the numeric columns' text ("8.00"), not as numbers.
 */
export const storedCalculationAnswer = z.object({
  id,
  order_id: id,
  client_id: id.describe('El cliente de su pedido'),
  order_status_id: z.number().int().describe('El estado de su pedido: 0 carrito, 1 terminado'),
  pool_subcategory_id: z.number().int().describe('1 verano, 2 invierno'),
  pool_cover_type_id: id,
  a: metres,
  b: metres,
  c: metres.nullable(),
  d: metres.nullable(),
  e: metres.nullable(),
  rounded_corners: z.boolean(),
  stairwell: z.boolean(),
  extra_distance: metres.describe('El solape, en metros, como texto'),
  pool_cover_id: id,
  reinforcement_type_id: id.nullable(),
  quantity: z.number().int(),
  remark: z.string().nullable(),
  budget_calculus_id: id.nullable().describe('El cálculo de presupuesto del que salió, si salió de uno'),
  created_at: instant,
  updated_at: instant,
});
export type StoredCalculation = z.output<typeof storedCalculationAnswer>;

// ---------------------------------------------------------------- the price table (its type: CalculatorPrices, ./pricing)

/** The calculators' price table (orderCalculus/getPrices): the cover width, the fare used, the covers and favourite reels. */
export const calculatorPricesAnswer = z.object({
  width: z.number().describe('El ancho del cobertor (m)'),
  client_fare_id: id.nullable().describe('La tarifa aplicada; null: precios base'),
  options: z.array(coverOptionAnswer),
  reels: z.array(reelOfferAnswer),
}) satisfies z.ZodType<CalculatorPrices>;
