/**
 * Budget rules (docs/business-rules.md): the states, which changes of state are allowed and when a budget
 * expires. What the budget endpoints answer is in budgetAnswers.ts.
 */
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
