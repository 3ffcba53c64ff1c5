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
