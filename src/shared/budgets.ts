/**
 * Budget rules, and what the budget and budget-calculus endpoints answer (server: src/server/domain/budgets.ts,
 * records of the generic `budget` resource through its hooks). Declared once here so the server's functions and
 * the client's calls (src/client/resources/budgets/budgetApi.ts) read the same shape.
 */
import type { PoolShape } from './calculators';
import type { CoverOption, PricedLine, ReelOffer } from './pricing';
import type { PriceConcept } from './priceNames';
import { madridOffset, madridWallClock } from './madrid';

/** Budget states (docs/data.md, docs/business-rules.md). Status 0 is not stored: it names the list of every budget. */
export const BudgetStatus = { all: 0, draft: 1, accepted: 2, ordered: 3 } as const;

export const BUDGET_STATUSES = [
  { value: BudgetStatus.draft, label: 'Borrador' },
  { value: BudgetStatus.accepted, label: 'Aceptado' },
  { value: BudgetStatus.ordered, label: 'Convertido en pedido' },
] as const;

/** The statuses an admin may set by hand; "turned into an order" only comes from createOrder. */
export const SETTABLE_BUDGET_STATUSES: readonly number[] = [BudgetStatus.draft, BudgetStatus.accepted];

/** Why a budget's status may not be set by hand: not a settable status, already an order, or expired. */
export type BudgetStatusRefusal = 'notSettable' | 'ordered' | 'expired';

/**
 * Whether an admin may set a budget's status from `from` to `to` (docs/data.md): only draft or accepted are set by
 * hand; an ordered budget keeps its status for good (one budget, one order); an expired budget cannot be accepted,
 * only put back to draft. Answers why not, or null when the change may be made.
 */
export function budgetStatusRefusal(from: number, to: number, expired: boolean): BudgetStatusRefusal | null {
  if (!SETTABLE_BUDGET_STATUSES.includes(to)) return 'notSettable';
  if (from === BudgetStatus.ordered) return 'ordered';
  if (to === BudgetStatus.accepted && expired) return 'expired';
  return null;
}

/**
 * When a budget expires: the end (23:59:59.999) of the Madrid calendar day created_date + days. 0 days is
 * the end of the creation day. The offset is that of the expiry day itself, so DST changes in between
 * do not shift it (Madrid never changes clocks near midnight).
 */
export function budgetExpiresAt(createdAt: Date, days: number): Date {
  const created = createdAt.getTime();
  if (Number.isNaN(created)) throw new RangeError('createdAt must be a valid date');
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be an integer ≥ 0');
  const day = new Date(madridWallClock(created));
  const endWall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + days, 23, 59, 59, 999);
  return new Date(endWall - madridOffset(endWall - madridOffset(endWall)));
}

/** Expired strictly after the last millisecond of the expiry day. */
export function isBudgetExpired(createdAt: Date, days: number, now: Date): boolean {
  return now.getTime() > budgetExpiresAt(createdAt, days).getTime();
}

/** A budget calculation's price table (generateBudgetPrices): every cover option and favourite reel for its pool. */
export interface PriceTable {
  budget_id: number;
  budget_calculus_id: number;
  /** The overlap (metres) the calculation prices with. */
  extra_distance: number;
  width: number;
  options: CoverOption[];
  reels: ReelOffer[];
}

/** A line proposed for a budget calculation (getBudgetPrices with `budget_calculus_items`): priced, not stored. */
export type ProposedBudgetLine = PricedLine & { budget_calculus_id: number };

/** A budget calculation's stored line, with its row id (to remove it). */
export type BudgetLine = ProposedBudgetLine & { id: number };

/**
 * A budget calculation's lines and totals, as every budget-calculus call answers them. The lines are the
 * stored ones, except when getBudgetPrices is asked to price proposed lines (`ProposedBudgetLine`).
 */
export interface BudgetPrices<Line extends ProposedBudgetLine = BudgetLine> {
  budget_calculus_id: number;
  lines: Line[];
  tax_percentage: number;
  subtotal: number;
  shipping: number;
  free_shipping: boolean;
  vat: number;
  total: number;
  /** The price concepts' names (cover, reinforcement, …) as the office set them. */
  names: Record<PriceConcept, string>;
}

/**
 * A budget as the budget endpoints answer it (getBudgetDetails, rehacerPresupuesto, updateClientDetails): the
 * generic record (decimals as numbers, instants as ISO strings) with the client's name and whether it expired
 * (withBudgetState). The record holds a few more columns (user_id, the second address lines, the cover an order
 * was made with); these are the ones the screens read.
 */
export interface Budget extends PoolShape {
  id: number;
  client_id: number;
  /** The client's name (withBudgetState); null only when the client is gone. */
  client_name: string | null;
  order_id: number | null;
  budget_status_id: number;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_phone_number: string | null;
  buyer_address_1: string | null;
  buyer_delivery_address_1: string | null;
  buyer_postal_code: string | null;
  buyer_city: string | null;
  delivery_time_zone: string | null;
  buyer_country: string | null;
  remark: string | null;
  remark_OB1PCL: string | null;
  /** ISO instants. */
  created_date: string;
  expires_at: string;
  /** Past its expiry and not an order (withBudgetState). */
  is_expired: boolean;
}

/**
 * A row of the budget lists (getBudgetList): only the schema's `listRow` columns (schemas/budget.ts) with the
 * client's name and `is_expired`, not the whole budget: a page is far smaller.
 */
export type BudgetListRow = Pick<
  Budget,
  | 'id'
  | 'created_date'
  | 'client_id'
  | 'budget_status_id'
  | 'remark_OB1PCL'
  | 'pool_cover_type_id'
  | 'buyer_name'
  | 'buyer_city'
  | 'expires_at'
  | 'order_id'
  | 'client_name'
  | 'is_expired'
>;

/** A budget's calculation (calculationsOf, addCalculus, updateCalculus): its overlap as a number, not the column's text. */
export interface BudgetCalculus {
  id: number;
  extra_distance: number;
  remark: string | null;
}

/** getBudgetDetails: the budget with its calculations, oldest first. */
export interface BudgetDetails extends Budget {
  budget_calculus: BudgetCalculus[];
}

/** A row of a budget's calculation list (calculusPage): the calculation with its number of lines and its totals. */
export interface CalculusRow extends BudgetCalculus {
  lines: number;
  subtotal: number;
  total: number;
}

/** What changeBudgetStatus answers: the new status, and whether the user still has accepted budgets (the menu's badge). */
export interface BudgetStatusChange {
  id: number;
  budget_status_id: number;
  has_accepted_budgets: boolean;
}

/**
 * An attached file (resource `attachedFile`) or a payment proof (`budgetPaycheck`) as the generic endpoints
 * answer it: `file` is the download URL, null when the row holds none.
 */
export interface StoredFile {
  id: number;
  client_id: number;
  name: string;
  file: string | null;
  /** ISO instant. */
  created_at: string;
}
