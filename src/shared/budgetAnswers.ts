/**
 * What the budget endpoints answer (shared/contracts/budgets.ts), as zod schemas and their types: apart from
 * budgets.ts, whose status and expiry rules are pure business logic (and mutation-tested).
 */
import { z } from 'zod';
import { poolAnswerShape } from './orderViews';
import { PRICE_CONCEPTS, type PriceConcept } from './priceNames';
import { coverOptionAnswer, pricedLineAnswer, reelOfferAnswer } from './pricingAnswers';

const id = z.number().int();
const instant = z.string().describe('Instante ISO 8601 (UTC)');
const euros = z.number();

/** A budget calculation's price table (generateBudgetPrices): every cover option and favourite reel for its pool. */
export const priceTableAnswer = z.object({
  budget_id: id,
  budget_calculus_id: id,
  extra_distance: z.number().describe('El solape (m) con el que se calcula'),
  width: z.number().describe('El ancho del cobertor (m)'),
  options: z.array(coverOptionAnswer),
  reels: z.array(reelOfferAnswer),
});
export type PriceTable = z.output<typeof priceTableAnswer>;

/** A line proposed for a budget calculation (getBudgetPrices with `budget_calculus_items`): priced, not stored. */
const proposedBudgetLine = pricedLineAnswer.extend({ budget_calculus_id: id });
export type ProposedBudgetLine = z.output<typeof proposedBudgetLine>;

/** A budget calculation's stored line, with its row id (to remove it). */
const budgetLine = proposedBudgetLine.extend({ id });
export type BudgetLine = z.output<typeof budgetLine>;

/** A calculation's lines and totals; the lines are `line`'s (stored or proposed). */
const pricesOf = <L extends z.ZodType>(line: L) =>
  z.object({
    budget_calculus_id: id,
    lines: z.array(line),
    tax_percentage: z.number(),
    subtotal: euros,
    shipping: euros,
    free_shipping: z.boolean(),
    vat: euros,
    total: euros,
    names: z
      .object(Object.fromEntries(PRICE_CONCEPTS.map((concept) => [concept.key, z.string()])) as Record<PriceConcept, z.ZodString>)
      .describe('Los nombres de los conceptos de precio (cobertor, refuerzo, …) como los ha puesto la oficina'),
  });

/** A budget calculation's stored lines and totals, as every budget-calculus call that changes them answers. */
export const budgetPricesAnswer = pricesOf(budgetLine);
/** What getBudgetPrices answers: the stored lines, or the proposed ones priced (without ids) when it is given some. */
export const storedOrProposedPricesAnswer = z.union([budgetPricesAnswer, pricesOf(proposedBudgetLine)]);

/**
 * A budget calculation's lines and totals, as every budget-calculus call answers them. The lines are the
 * stored ones, except when getBudgetPrices is asked to price proposed lines (`ProposedBudgetLine`).
 */
export type BudgetPrices<Line extends ProposedBudgetLine = BudgetLine> = Omit<z.output<typeof budgetPricesAnswer>, 'lines'> & {
  lines: Line[];
};

const nullableText = z.string().nullable();

/**
 * A budget as the budget endpoints answer it (getBudgetDetails, rehacerPresupuesto, updateClientDetails): the
 * generic record (decimals as numbers, instants as ISO strings) with the client's name and whether it expired
 * (withBudgetState).
 */
export const budgetAnswer = z.object({
  id,
  client_id: id,
  user_id: id.nullable().describe('Quién lo creó; null si el usuario ya no existe'),
  budget_status_id: id.describe('1 borrador, 2 aceptado, 3 convertido en pedido'),
  remark_OB1PCL: nullableText.describe('La referencia'),
  ...poolAnswerShape,
  buyer_name: nullableText,
  buyer_email: nullableText,
  buyer_phone_number: nullableText,
  buyer_address_1: nullableText,
  buyer_address_2: nullableText,
  buyer_delivery_address_1: nullableText,
  buyer_delivery_address_2: nullableText,
  buyer_postal_code: nullableText,
  buyer_city: nullableText,
  delivery_time_zone: nullableText.describe('La provincia'),
  buyer_country: nullableText,
  remark: nullableText,
  created_date: instant,
  expires_at: instant,
  accepted_at: instant.nullable().describe('Cuándo se aceptó por primera vez (o se pasó a pedido directamente)'),
  order_id: id.nullable(),
  pool_cover_id: id.nullable().describe('El cobertor con el que se hizo el pedido'),
  reinforcement_type_id: id.nullable(),
  created_at: instant.optional(),
  updated_at: instant.optional(),
  client_name: nullableText.describe('El nombre del cliente; null sólo si el cliente ya no existe'),
  is_expired: z.boolean().describe('Caducado y no convertido en pedido'),
});
export type Budget = z.output<typeof budgetAnswer>;

/**
 * A row of the budget lists (getBudgetList): only the schema's `listRow` columns (schemas/budget.ts) with the
 * client's name and `is_expired`, not the whole budget: a page is far smaller.
 */
export const budgetListRowAnswer = budgetAnswer.pick({
  id: true,
  created_date: true,
  client_id: true,
  budget_status_id: true,
  remark_OB1PCL: true,
  pool_cover_type_id: true,
  buyer_name: true,
  buyer_city: true,
  expires_at: true,
  order_id: true,
  client_name: true,
  is_expired: true,
});
export type BudgetListRow = z.output<typeof budgetListRowAnswer>;

/** A budget's calculation (calculationsOf, addCalculus, updateCalculus): its overlap as a number, not the column's text. */
export const budgetCalculusAnswer = z.object({ id, extra_distance: z.number().describe('El solape (m)'), remark: nullableText });
export type BudgetCalculus = z.output<typeof budgetCalculusAnswer>;

/** getBudgetDetails: the budget with its calculations, oldest first. */
export const budgetDetailsAnswer = budgetAnswer.extend({ budget_calculus: z.array(budgetCalculusAnswer) });
export type BudgetDetails = z.output<typeof budgetDetailsAnswer>;

/** A row of a budget's calculation list (calculusPage): the calculation with its number of lines and its totals. */
export const calculusRowAnswer = budgetCalculusAnswer.extend({
  lines: z.number().int().describe('Cuántas líneas tiene'),
  subtotal: euros,
  total: euros,
});
export type CalculusRow = z.output<typeof calculusRowAnswer>;

/** What changeBudgetStatus answers: the new status, and whether the user still has accepted budgets (the menu's badge). */
export const budgetStatusChangeAnswer = z.object({
  id,
  budget_status_id: id,
  has_accepted_budgets: z.boolean().describe('Si el usuario aún tiene presupuestos aceptados (el aviso del menú)'),
});
