/** A pool as pricing reads it, from a budget, an order calculation or a calculator's input. */
import type { order_calculus } from '../../db/tables';

/** A pool as the pricing needs it: dimensions in metres, overlap, cover type and options. */
export interface Pool {
  coverTypeId: number;
  a: number; b: number; c: number; d: number;
  overlap: number;
  stairwell: boolean;
  roundedCorners: boolean;
}

/** A pool stored with numeric columns (budgets, order calculations). */
export const poolOf = (
  row: {
    pool_cover_type_id: number;
    a: string;
    b: string;
    c: string | null;
    d: string | null;
    stairwell: boolean;
    rounded_corners: boolean;
  },
  overlap: number,
): Pool => ({
  coverTypeId: row.pool_cover_type_id,
  a: Number(row.a),
  b: Number(row.b),
  c: row.c === null ? 0 : Number(row.c),
  d: row.d === null ? 0 : Number(row.d),
  overlap,
  stairwell: row.stairwell,
  roundedCorners: row.rounded_corners,
});

type OrderCalculus = typeof order_calculus.$inferSelect;

/** What makes two pools the same pool for pricing: type, dimensions, extras and overlap. */
export type PoolKey = string;
export const poolKey = (
  pool: Pick<OrderCalculus, 'pool_cover_type_id' | 'a' | 'b' | 'c' | 'd' | 'e' | 'rounded_corners' | 'stairwell'>,
  overlap: string,
): PoolKey =>
  // Numeric columns come as text ("9.50"): compared as numbers.
  [pool.pool_cover_type_id, pool.a, pool.b, pool.c, pool.d, pool.e, pool.rounded_corners, pool.stairwell, overlap]
    .map((v) => (v === null ? '' : typeof v === 'string' ? String(Number(v)) : String(v)))
    .join('|');
