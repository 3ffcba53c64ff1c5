/**
 * The calculators' calls (docs/api.md Order, Order calculus, Data sheet image). Prices are the server's:
 * the browser sends the pool and the chosen ids only.
 */
import type { z } from 'zod';
import type { calculationForm, poolForm } from '../../../shared/forms/order';
import { dataSheetImage } from '../../../../schemas/order';
import { call } from '../../providers/http';
import { resourceContracts, type RecordOf } from '../../../shared/contracts/records';
import { orderContracts } from '../../../shared/contracts/orders';
import type { Calculation, CalculatorPool } from '../../../shared/calculators';
import type { StoredCalculation } from '../../../shared/calculatorAnswers';
import type { CalculatorPrices, CoverOption } from '../../../shared/pricing';

export type { Calculation, CalculatorPrices, CoverOption, StoredCalculation };
export type Pool = CalculatorPool;
/** A photo or PDF of a calculation, as its resource's contract answers it. */
export type DataSheet = RecordOf<typeof dataSheetImage>;

/**
 * The written-out requests stay what the forms yield: each must be something its form's output can be, so a field
 * renamed or retyped on either side fails to compile here.
 */
type Holds<T extends true> = T;
/** @public Only the compiler reads it. */
export type RequestsMatchForms = [
  Holds<Pool extends z.output<typeof poolForm> ? true : false>,
  Holds<Calculation extends z.output<typeof calculationForm> ? true : false>,
];

/** A stored calculation with its dimensions read as numbers, as the edit calculator starts from it. */
export type EditableCalculation = Omit<StoredCalculation, 'a' | 'b' | 'c' | 'd' | 'e' | 'extra_distance'>
  & { a: number; b: number; c: number | null; d: number | null; e: number | null; extra_distance: number | null };

/** Whose prices: a cart's client (`order_id`), a client, or none (base prices; a member: always its own). */
export type PriceTarget = { order_id?: number; client_id?: number };
/** Where a calculation goes: a cart, a client's cart, or (a member) its own current cart. */
export type CartTarget = { id: number } | { client_id: number } | Record<string, never>;

export const getPrices = (pool: Pool, target: PriceTarget) =>
  call(orderContracts.calculatorPrices, { body: { ...pool, ...target } }, { silent: true, reads: true });

export const createWithOrderCalculus = (order: CartTarget, calculation: Calculation) =>
  call(orderContracts.addCalculation, { body: { order, order_calculus: calculation } }, { changes: ['order', 'orderCalculus'] });

/** The stored calculation; its dimensions arrive as numeric strings ("8.00") and are read as numbers. */
export async function getCalculation(id: number): Promise<EditableCalculation> {
  const row = await call(orderContracts.calculation, { params: { id } }, { silent: true });
  const metres = (v: string | null) => (v === null || v === '' ? null : Number(v));
  return {
    ...row,
    a: metres(row.a)!,
    b: metres(row.b)!,
    c: metres(row.c),
    d: metres(row.d),
    e: metres(row.e),
    extra_distance: metres(row.extra_distance),
  };
}

export const updateCalculation = (id: number, calculation: Calculation) =>
  call(orderContracts.updateCalculation, { body: { id, ...calculation } }, { changes: ['orderCalculus', 'order'] });

// ---------------------------------------------------------------- data sheets (photo or PDF of a calculation)

const dataSheets = resourceContracts(dataSheetImage);

/** Silent: the section says when the list cannot be read, instead of a notification on every visit. */
export const listDataSheets = (orderCalculusId: number) =>
  call(dataSheets.all, { query: { filter: JSON.stringify({ order_calculus_id: orderCalculusId }) } }, { silent: true });

export function uploadDataSheet(orderCalculusId: number, name: string, file: File) {
  const form = new FormData();
  form.append('data', JSON.stringify({ order_calculus_id: orderCalculusId, name }));
  form.append('image', file, file.name);
  return call(dataSheets.create, {}, { form, changes: 'orderCalculus' });
}

export const deleteDataSheet = (id: number) => call(dataSheets.delete, { body: { id } }, { changes: 'orderCalculus' });
