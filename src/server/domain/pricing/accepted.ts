/**
 * Accepted budget prices: a cart line that came from a budget keeps the unit price the client
 * accepted while that budget is valid and the line is still what was accepted (the same product and,
 * for cover lines, the same pool); after that it is priced like any other line.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { PricedLine } from '../../../shared/pricing';
import type { Queryable } from '../../db';
import { budget_calculus, budget_calculus_items, budgets, type order_calculus, type order_items } from '../../db/tables';
import { poolKey, type PoolKey } from './pool';

type OrderItem = typeof order_items.$inferSelect;
type OrderCalculus = typeof order_calculus.$inferSelect;
type BudgetLine = typeof budget_calculus_items.$inferSelect;

/** A priced line and the budget line it stands for, if any. */
export type CartLine = PricedLine & { budget_calculus_item_id: number | null };

/** A budget line and the end of its budget's validity. */
export interface AcceptedLine { line: BudgetLine; expiresAt: Date }

/** The budget lines behind an order's calculations and loose lines. */
export interface BudgetOrigins {
  /** Per budget calculation: its lines, and whether the order calculation still has the budget's pool. */
  calculations: Map<number, { lines: AcceptedLine[]; pool: PoolKey }>;
  lines: Map<number, AcceptedLine>;
}

/** The budget lines (with their budget's expiry) behind an order's calculations and loose lines, in one read. */
export async function budgetOrigins(db: Queryable, calculations: OrderCalculus[], loose: OrderItem[]): Promise<BudgetOrigins> {
  const calculusIds = calculations.map((c) => c.budget_calculus_id).filter((id): id is number => id !== null);
  const lineIds = loose.map((i) => i.budget_calculus_item_id).filter((id): id is number => id !== null);
  const origins: BudgetOrigins = { calculations: new Map(), lines: new Map() };
  if (!calculusIds.length && !lineIds.length) return origins;
  const rows = await db
    .select({ line: budget_calculus_items, calculus: budget_calculus, budget: budgets })
    .from(budget_calculus_items)
    .innerJoin(budget_calculus, eq(budget_calculus.id, budget_calculus_items.budget_calculus_id))
    .innerJoin(budgets, eq(budgets.id, budget_calculus.budget_id))
    .where(
      or(
        calculusIds.length ? inArray(budget_calculus.id, calculusIds) : undefined,
        lineIds.length ? inArray(budget_calculus_items.id, lineIds) : undefined,
      ),
    )
    .orderBy(asc(budget_calculus_items.id));
  for (const { line, calculus, budget } of rows) {
    const accepted = { line, expiresAt: budget.expires_at };
    origins.lines.set(line.id, accepted);
    const entry = origins.calculations.get(calculus.id) ?? { lines: [], pool: poolKey(budget, calculus.extra_distance) };
    entry.lines.push(accepted);
    origins.calculations.set(calculus.id, entry);
  }
  return origins;
}

/** Whether a priced line is the product a budget line accepted (a confección extra: the same extra). */
export const sameProduct = (line: PricedLine, accepted: BudgetLine) =>
  line.kind === accepted.kind
  && line.pool_cover_id === accepted.pool_cover_id
  && line.reinforcement_type_id === accepted.reinforcement_type_id
  && line.reel_diameter_id === accepted.reel_diameter_id
  && line.item_property_value_id === accepted.item_property_value_id
  && line.rounded_corners === accepted.rounded_corners
  && line.stairwell === accepted.stairwell;

/**
 * A line priced now, linked to the budget line it stands for; while that budget is valid, at the unit
 * price the client accepted there (its amount follows the quantity).
 */
export function atAcceptedPrice(line: PricedLine, accepted: AcceptedLine | undefined, now = new Date()): CartLine {
  if (!accepted || !sameProduct(line, accepted.line)) return { ...line, budget_calculus_item_id: null };
  if (accepted.expiresAt.getTime() < now.getTime()) return { ...line, budget_calculus_item_id: accepted.line.id };
  const unit = Number(accepted.line.unit_price);
  return { ...line, unit_price: unit, item_price: Math.round(unit * 100) * line.quantity / 100, budget_calculus_item_id: accepted.line.id };
}
