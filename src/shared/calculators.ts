/**
 * The cover calculators' pool and calculation as the forms send them, and the stairwell rule both sides
 * check. What their endpoints answer is in calculatorAnswers.ts; the price table (CalculatorPrices) in ./pricing.
 */
import type { SEASONS } from './catalogue';
import { Msg } from './messages';

type Season = (typeof SEASONS)[number]['value'];

/**
 * A pool as calculators, budgets and order calculations hold it: the season, the cover type, sides A–E in
 * metres, the rounded corners, the stairwell and the overlap (`Overlap`: null where it may be left blank).
 */
export interface PoolShape<Overlap = number> {
  /** The season (SEASONS). */
  pool_subcategory_id: number;
  pool_cover_type_id: number;
  a: number;
  b: number;
  c: number | null;
  d: number | null;
  e: number | null;
  rounded_corners: boolean;
  stairwell: boolean;
  extra_distance: Overlap;
}

/**
 * Where a stairwell does not fit its pool, if it does not: the drawing puts it on the long side A, C wide
 * along it and E from its corner (D deep outwards, not bounded by the pool). So C ≤ A and E + C ≤ A
 * (docs/business-rules.md "Pool shape"). Read by the pool forms (stairwellSizes) and the public calculator.
 */
export function stairwellMisfit(a: number, c: number, e: number | null): { field: 'c' | 'e'; message: string } | null {
  // In cents, so that 2.1 + 5.9 is exactly 8.
  const cents = (metres: number) => Math.round(metres * 100);
  if (cents(c) > cents(a)) return { field: 'c', message: Msg.stairwellWiderThanPool };
  if (e !== null && cents(e) + cents(c) > cents(a)) return { field: 'e', message: Msg.stairwellPastCorner };
  return null;
}

/**
 * The pool the calculators send for their price table (orderCalculus/getPrices): what poolForm yields, in metres.
 * Written out rather than `z.output` of the form: the validation builders type every field as nullable, required
 * or not, so the derived type would let a pool without its sides through. A blank overlap is none.
 */
export interface CalculatorPool extends PoolShape<number | null> {
  pool_subcategory_id: Season;
}

/** A cover calculation as the calculators send it (createWithOrderCalculus, orderCalculus/update): what calculationForm yields. */
export interface Calculation extends CalculatorPool {
  pool_cover_id: number;
  reinforcement_type_id: number | null;
  quantity: number;
  remark: string | null;
}
