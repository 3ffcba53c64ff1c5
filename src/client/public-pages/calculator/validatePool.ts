/**
 * The public calculator's form rules, written without zod to keep the embedded bundle small (zod
 * alone weighs about 30 KB gzip). They are the server's publicPriceForm rules with the same Spanish
 * messages (Msg); tests/api/public-pages.test.ts checks that both agree on the same inputs.
 */
import { stairwellMisfit } from '../../../shared/calculators';
import { readNumber } from '../../../shared/format';
import { readMeasure } from '../../../shared/measurements';
import { Msg } from '../../../shared/messages';

export interface PoolInput {
  pool_subcategory_id: number;
  pool_cover_type_id: unknown;
  a: unknown; b: unknown; c?: unknown; d?: unknown; e?: unknown;
  stairwell: boolean;
  rounded_corners: boolean;
  extra_distance?: unknown;
}

export interface PoolQuestion {
  pool_subcategory_id: number;
  pool_cover_type_id: number;
  a: number; b: number; c: number | null; d: number | null; e: number | null;
  stairwell: boolean;
  rounded_corners: boolean;
  extra_distance: number | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A form value as a number, read as the server reads it (readNumber); an ambiguous "1.000" or anything else is NaN. */
function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  const number = typeof v === 'string' ? readNumber(v) : NaN;
  return typeof number === 'number' ? number : NaN;
}

export function validatePool(
  input: PoolInput,
): { data: PoolQuestion; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const typeValue = blank(input.pool_cover_type_id) ? NaN : numberOf(input.pool_cover_type_id);
  if (!Number.isInteger(typeValue) || typeValue < 1) errors.pool_cover_type_id = Msg.coverType;
  // Each measurement by the shared rule, as the server's field rules read it. The largest cover side is a setting
  // this page does not know: the server refuses a side over it, and its words show under the field the same way.
  const read = (name: 'a' | 'b' | 'c' | 'd' | 'e' | 'extra_distance', required: string | null) => {
    const measured = readMeasure(name, input[name], null);
    if ('error' in measured) errors[name] = measured.error;
    else if (measured.value === null && required) errors[name] = required;
    return 'value' in measured ? measured.value : null;
  };
  const a = read('a', Msg.dimensionA);
  const b = read('b', Msg.dimensionB);
  const c = read('c', null);
  const d = read('d', null);
  const e = read('e', null);
  const extra = read('extra_distance', null);
  // As the server's withRecordRule does: the stairwell's rule runs even when other fields failed, and
  // what it says about a field that already failed is dropped.
  if (input.stairwell) {
    if (c === null && !errors.c) errors.c = Msg.stairwellSize;
    if (d === null && !errors.d) errors.d = Msg.stairwellSize;
    // As zod does, on the numbers given even where their own rule failed (that field's message then comes first).
    const given = (name: 'a' | 'c' | 'e') => (blank(input[name]) ? null : numberOf(input[name]));
    const [sideA, width] = [given('a'), given('c')];
    const misfit = sideA !== null && width !== null ? stairwellMisfit(sideA, width, given('e')) : null;
    if (misfit && !errors[misfit.field]) errors[misfit.field] = misfit.message;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    data: {
      pool_subcategory_id: input.pool_subcategory_id,
      pool_cover_type_id: typeValue,
      a: a!,
      b: b!,
      c,
      d,
      e,
      stairwell: input.stairwell,
      rounded_corners: input.rounded_corners,
      extra_distance: extra,
    },
  };
}
