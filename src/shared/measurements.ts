/**
 * The one rule for every measurement a form or a request takes (docs/business-rules.md "Pool shape"): a pool's
 * sides A and B, its stairwell C, D and E, the overlap, and a reel's sizes. Each kind has its Spanish name, its
 * limits and its refusals (MeasureMsg), so the forms, the public calculator and the server say the same words.
 * Free of zod on purpose: the public calculator's bundle reads it (src/client/public-pages/calculator/validatePool.ts).
 */
import { formatNumber, readNumber, ambiguousNumber } from './format';
import { MeasureMsg } from './messages';

/** The largest cover side the business makes unless the app settings say otherwise (`max_cover_side`). */
export const DEFAULT_MAX_COVER_SIDE = 30;
/** The range the setting itself may take, in whole metres: no pool cover is longer than an Olympic pool. */
export const COVER_SIDE_SETTING = { min: 1, max: 50 } as const;

/** The overlap's limit: a cover goes past the pool's edge by centimetres, never by more than a metre. */
const MAX_OVERLAP = 1;
/** A stairwell's depth D outwards from the pool: a Roman stair is under 3 m deep; 5 m leaves room for any. */
const MAX_STAIR_DEPTH = 5;
/** A reel rolls a cover of width b + 2·o: at most the largest side the setting can allow plus the overlap on both sides. */
const MAX_REEL_SIZE = COVER_SIDE_SETTING.max + 2 * MAX_OVERLAP;

/** What bounds a measurement above: a number of metres, or the largest cover side of the settings. */
type Ceiling = number | 'coverSide';

interface MeasureRule {
  /** How a message names it, starting a sentence: «El largo A». */
  name: string;
  /** A value typical of it, in Spanish notation, for the «p. ej.» of its refusal when it is not a number. */
  example: string;
  /** Whether 0 is a value (an overlap, a stairwell's distance from the corner) or is refused (a side). */
  zero: boolean;
  max: Ceiling;
}

export const MEASURES = {
  a: { name: 'El largo A', example: '8,50', zero: false, max: 'coverSide' },
  b: { name: 'El ancho B', example: '4,00', zero: false, max: 'coverSide' },
  // C and E lie along A (stairwellMisfit keeps them within it): their own ceiling is the longest side there can be.
  c: { name: 'El ancho C de la escalera', example: '2,00', zero: false, max: COVER_SIDE_SETTING.max },
  d: { name: 'El fondo D de la escalera', example: '1,00', zero: false, max: MAX_STAIR_DEPTH },
  e: { name: 'La distancia E', example: '0,50', zero: true, max: COVER_SIDE_SETTING.max },
  extra_distance: { name: 'El solape', example: '0,30', zero: true, max: MAX_OVERLAP },
  size_min: { name: 'El tamaño mínimo', example: '3,00', zero: false, max: MAX_REEL_SIZE },
  size_max: { name: 'El tamaño máximo', example: '5,00', zero: false, max: MAX_REEL_SIZE },
  reel_size: { name: 'El tamaño', example: '4,50', zero: false, max: MAX_REEL_SIZE },
} as const satisfies Record<string, MeasureRule>;

export type MeasureKind = keyof typeof MEASURES;

/** The limits that are settings: the largest cover side (app settings' `max_cover_side`). */
export interface MeasureLimits {
  maxCoverSide: number;
}

const DEFAULT_LIMITS: MeasureLimits = { maxCoverSide: DEFAULT_MAX_COVER_SIDE };

/** The most a measurement of this kind may be, in metres. */
function largest(kind: MeasureKind, limits: MeasureLimits): number {
  const max: Ceiling = MEASURES[kind].max;
  return max === 'coverSide' ? limits.maxCoverSide : max;
}

/** Whether a kind's upper limit is the settings' largest cover side (the server checks it with today's value). */
const boundBySetting = (kind: MeasureKind) => MEASURES[kind].max === 'coverSide';

/**
 * Why a number is refused as this measurement, or null when it is one. `limits` null checks everything but the
 * setting-bound ceiling: what a rule that does not know today's settings can say (the zod field rules, whose
 * server routes then check the ceiling with the settings, `refusedBySetting`).
 */
export function measureRefusal(kind: MeasureKind, value: number, limits: MeasureLimits | null): string | null {
  const rule: MeasureRule = MEASURES[kind];
  if (!Number.isFinite(value)) return MeasureMsg.notANumber(rule.name, rule.example);
  if (rule.zero ? value < 0 : value <= 0) return rule.zero ? MeasureMsg.negative(rule.name) : MeasureMsg.notPositive(rule.name);
  // In hundredths: 8.5 and 8.25 are exact there, 8.255 is not (a float's 8.55 * 100 is 855.0000000001, hence the rounding).
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return MeasureMsg.places(rule.name);
  if (limits === null && boundBySetting(kind)) return null;
  const max = largest(kind, limits ?? DEFAULT_LIMITS);
  return value > max ? MeasureMsg.tooLarge(rule.name, formatNumber(max)) : null;
}

/** The setting-bound ceiling only (a side over the largest cover), for a value the field's rule already took. */
function refusedBySetting(kind: MeasureKind, value: number, limits: MeasureLimits): string | null {
  if (!boundBySetting(kind)) return null;
  const max = largest(kind, limits);
  return value > max ? MeasureMsg.tooLarge(MEASURES[kind].name, formatNumber(max)) : null;
}

/**
 * A measurement as a form or a request gives it — a number, or text in Spanish notation ("8,50", "1.234,5") or
 * with a decimal point ("8.5") — read and checked: its value (null when blank), or why it is refused.
 */
export function readMeasure(kind: MeasureKind, input: unknown, limits: MeasureLimits | null): { value: number | null } | { error: string } {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return { value: null };
  const rule: MeasureRule = MEASURES[kind];
  const read = typeof input === 'number' ? input : typeof input === 'string' ? readNumber(input) : NaN;
  if (read === 'ambiguous') return { error: ambiguousNumber(String(input)) };
  if (!Number.isFinite(read)) return { error: MeasureMsg.notANumber(rule.name, rule.example) };
  const error = measureRefusal(kind, read, limits);
  return error ? { error } : { value: read };
}

/** The setting-bound refusals of a pool's sides that their field rules took (the server's second look, the forms' too). */
export function poolSettingRefusals(pool: Partial<Record<'a' | 'b', unknown>>, limits: MeasureLimits): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const kind of ['a', 'b'] as const) {
    const value = pool[kind];
    const error = typeof value === 'number' ? refusedBySetting(kind, value, limits) : null;
    if (error) errors[kind] = error;
  }
  return errors;
}
