/**
 * The budget pages' forms (src/client/resources/budgets) and their endpoints' bodies (src/shared/contracts/budgets.ts):
 * one zod rule each, which the form and the route check with, so both give the same Spanish messages.
 */
import { z } from 'zod';
import { Msg } from '../messages';
import { email, integer, measure, phone, postalCode, reference, text } from '../validation';

/** A pool's measurement in metres, 2 decimals, with its kind's limits and words (src/shared/measurements.ts). */
export const dimension = <R extends string | null>(kind: 'a' | 'b' | 'c' | 'd' | 'e', required: R) => measure(kind, required);

/** The overlap added on each side of the pool, in metres; a calculator's blank overlap is none. */
export const overlap = measure('extra_distance', null);

/** A calculation's own overlap (required there) and remark: the calculator's first step and its two endpoints. */
export const calculusForm = z.object({
  extra_distance: measure('extra_distance', Msg.overlap),
  remark: text(null, { max: 2000 }),
});

const required = (message: string, max = 250) => text(message, { max });

/** "Client details" of a budget (docs/validation.md): every field required, "Introduzca un/una …". */
export const budgetClientDetailsForm = z.object({
  buyer_email: email('Introduzca un email', 'Introduzca un email válido'),
  buyer_name: required('Introduzca un nombre', 150),
  buyer_phone_number: phone('Introduzca un teléfono', { international: true }),
  buyer_address_1: required('Introduzca una dirección de facturación'),
  buyer_delivery_address_1: required('Introduzca una dirección de envío'),
  buyer_postal_code: postalCode('Introduzca un código postal'),
  buyer_city: required('Introduzca una población', 100),
  delivery_time_zone: required('Introduzca una provincia', 100),
  buyer_country: required('Introduzca un país', 100),
  remark_OB1PCL: required('Introduzca una referencia', 150),
});
export type ClientDetails = z.output<typeof budgetClientDetailsForm>;

/** changeBudgetStatus: admins only, to draft (1) or accepted (2). */
export const budgetStatusForm = z.object({
  budget_id: reference('Seleccione el presupuesto'),
  budget_status_id: integer({ required: 'Seleccione el estado', invalid: 'Seleccione el estado' }),
});

/** "Budget to order" (docs/validation.md): a cover, and a reinforcement when the cover is of type 1. */
export const budgetToOrderForm = z.object({
  budget_id: reference('Seleccione el presupuesto'),
  budget_calculus_id: reference('Seleccione el cálculo'),
  pool_cover_id: reference('Campo obligatorio'),
  reinforcement_type_id: reference(null),
});
/** «Pasar a pedido»: the budget, its calculation and the chosen cover (a reinforcement for type 1). */
export type BudgetToOrderRequest = z.output<typeof budgetToOrderForm>;

/** A line added to a budget calculation: a reel diameter or an article variation, quantity ≥ 1 step 1. */
export const quantity = integer({
  required: 'Introduzca la cantidad',
  invalid: 'La cantidad debe ser un número entero',
  min: 1,
  max: 10000,
  rangeMessage: 'La cantidad mínima es 1',
  maxMessage: 'La cantidad máxima es 10000',
});
