/**
 * The calculators' calls (docs/api.md Order, Order calculus, Data sheet image). Prices are the server's:
 * the browser sends the pool and the chosen ids only.
 */
import { api } from '../../providers/http';
import type { CalculatorPrices, CoverOption } from '../../../shared/pricing';

export type { CalculatorPrices, CoverOption };

/** The pool as the calculators send it (poolForm's output). */
export interface Pool {
  pool_subcategory_id: number;
  pool_cover_type_id: number;
  a: number; b: number; c: number | null; d: number | null; e: number | null;
  rounded_corners: boolean;
  stairwell: boolean;
  extra_distance: number | null;
}

export interface Calculation extends Pool {
  pool_cover_id: number;
  reinforcement_type_id: number | null;
  quantity: number;
  remark: string | null;
}

/** A stored calculation (getById): its order's client and status come along. */
export interface StoredCalculation extends Calculation {
  id: number;
  order_id: number;
  client_id: number;
  order_status_id: number;
}

/** Whose prices: a cart's client (`order_id`), a client, or none (base prices; a member: always its own). */
export type PriceTarget = { order_id?: number; client_id?: number };
/** Where a calculation goes: a cart, a client's cart, or (a member) its own current cart. */
export type CartTarget = { id: number } | { client_id: number } | Record<string, never>;

export const getPrices = (pool: Pool, target: PriceTarget) =>
  api<CalculatorPrices>('/api/orderCalculus/getPrices', { body: { ...pool, ...target }, silent: true });

export const createWithOrderCalculus = (order: CartTarget, calculation: Calculation) =>
  api<{ order_id: number; order_calculus_id: number }>('/api/order/createWithOrderCalculus', { body: { order, order_calculus: calculation } });

/** The stored calculation; its dimensions arrive as numeric strings ("8.00") and are read as numbers. */
export async function getCalculation(id: number): Promise<StoredCalculation> {
  const row = await api<StoredCalculation>(`/api/orderCalculus/getById/${id}`, { silent: true });
  const metres = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return { ...row, a: metres(row.a)!, b: metres(row.b)!, c: metres(row.c), d: metres(row.d), e: metres(row.e), extra_distance: metres(row.extra_distance) };
}

export const updateCalculation = (id: number, calculation: Calculation) =>
  api<{ order_id: number; order_calculus_id: number }>('/api/orderCalculus/update', { body: { id, ...calculation } });

// ---------------------------------------------------------------- data sheets (photo or PDF of a calculation)

export interface DataSheet { id: number; order_calculus_id: number; name: string; image: string | null; created_at: string }

/** Silent: the section says when the list cannot be read, instead of a notification on every visit. */
export const listDataSheets = (orderCalculusId: number) =>
  api<DataSheet[]>(`/api/dataSheetImage/all?filter=${encodeURIComponent(JSON.stringify({ order_calculus_id: orderCalculusId }))}`, { silent: true });

export function uploadDataSheet(orderCalculusId: number, name: string, file: File) {
  const form = new FormData();
  form.append('data', JSON.stringify({ order_calculus_id: orderCalculusId, name }));
  form.append('image', file, file.name);
  return api<DataSheet>('/api/dataSheetImage/create', { form });
}

export const deleteDataSheet = (id: number) => api('/api/dataSheetImage/delete', { body: { id } });

/** The field errors of a 40001, for the form to show under its fields. */
export { fieldErrorsOf } from '../../providers/http';
