/**
 * The measurements' rule (src/shared/measurements.ts, docs/business-rules.md "Pool shape"), read as the business
 * states it: a side is more than 0 and at most the largest cover (a setting, 30 m unless changed), with 2 decimals
 * at most; the overlap may be 0 and is at most 1 m; a stairwell's sizes and a reel's have their own limits. The
 * expected words are written out here, not taken from the messages module.
 */
import { describe, expect, it } from 'vitest';
import { readMeasure } from '../../src/shared/measurements';
import { measure } from '../../src/shared/validation';
import { poolForm } from '../../src/shared/forms/order';
import { zodValidate } from '../../src/client/components/zodForm';

const today = { maxCoverSide: 30 };
const refusal = (kind: Parameters<typeof readMeasure>[0], input: unknown, limits: { maxCoverSide: number } | null = today) => {
  const read = readMeasure(kind, input, limits);
  return 'error' in read ? read.error : null;
};
const value = (kind: Parameters<typeof readMeasure>[0], input: unknown) => {
  const read = readMeasure(kind, input, today);
  return 'value' in read ? read.value : `refused: ${read.error}`;
};

describe('a pool side A', () => {
  it.each([
    ['0', 0, 'El largo A debe ser mayor que 0 m'],
    ['-4', -4, 'El largo A debe ser mayor que 0 m'],
    ['31', 31, 'El largo A no puede superar 30 m'],
    ['30,001', '30,001', 'El largo A debe tener 2 decimales como máximo'],
    ['1.234,5 (Spanish thousands)', '1.234,5', 'El largo A no puede superar 30 m'],
    ['8,555', '8,555', 'El largo A debe tener 2 decimales como máximo'],
    ['ocho', 'ocho', 'Introduzca el largo A en metros, p. ej. 8,50'],
    ['true', true, 'Introduzca el largo A en metros, p. ej. 8,50'],
  ])('%s is refused with its reason', (_what, input, message) => {
    expect(refusal('a', input)).toBe(message);
  });

  it.each([
    ['30', 30],
    ['8,5', 8.5],
    ['8.5', 8.5],
    ['8,25', 8.25],
    ['0,01', 0.01],
    ['29,99', 29.99],
  ])('%s is taken', (input, expected) => {
    expect(value('a', input)).toBe(expected);
  });

  it('blank is no value (whether it is required is the form\'s word)', () => {
    expect(readMeasure('a', '  ', today)).toEqual({ value: null });
  });

  it('the largest side follows the setting: 35 m is taken when the business makes 40 m covers', () => {
    expect(refusal('a', 35, { maxCoverSide: 40 })).toBeNull();
    expect(refusal('a', 41, { maxCoverSide: 40 })).toBe('El largo A no puede superar 40 m');
  });

  it('a rule that does not know the setting says everything but the ceiling (the server then checks it)', () => {
    expect(refusal('a', 31, null)).toBeNull();
    expect(refusal('a', 0, null)).toBe('El largo A debe ser mayor que 0 m');
  });

  it('«1.000» could be a thousand or one: it is asked back, not guessed', () => {
    expect(refusal('a', '1.000')).toBe('«1.000» puede ser 1000 o 1,000: escríbalo sin punto o con coma');
  });
});

describe('the other measurements', () => {
  it.each([
    ['b', '-4', 'El ancho B debe ser mayor que 0 m'],
    ['b', '31', 'El ancho B no puede superar 30 m'],
    ['b', 'x', 'Introduzca el ancho B en metros, p. ej. 4,00'],
    ['c', '0', 'El ancho C de la escalera debe ser mayor que 0 m'],
    ['c', '51', 'El ancho C de la escalera no puede superar 50 m'],
    ['d', '0', 'El fondo D de la escalera debe ser mayor que 0 m'],
    ['d', '5,01', 'El fondo D de la escalera no puede superar 5 m'],
    ['e', '-0,5', 'La distancia E no puede ser menor que 0 m'],
    ['e', '1,234', 'La distancia E debe tener 2 decimales como máximo'],
    ['extra_distance', '1.234,5', 'El solape no puede superar 1 m'],
    ['extra_distance', '1,01', 'El solape no puede superar 1 m'],
    ['extra_distance', '-0,1', 'El solape no puede ser menor que 0 m'],
    ['extra_distance', 'mucho', 'Introduzca el solape en metros, p. ej. 0,30'],
    ['size_min', '0', 'El tamaño mínimo debe ser mayor que 0 m'],
    ['size_max', '52,01', 'El tamaño máximo no puede superar 52 m'],
    ['reel_size', '4,555', 'El tamaño debe tener 2 decimales como máximo'],
  ] as const)('%s %s: %s', (kind, input, message) => {
    expect(refusal(kind, input)).toBe(message);
  });

  it.each([
    ['e', '0', 0],
    ['extra_distance', '0', 0],
    ['extra_distance', '1', 1],
    ['extra_distance', '0,3', 0.3],
    ['d', '5', 5],
    ['size_max', '52', 52],
  ] as const)('%s %s is taken', (kind, input, expected) => {
    expect(value(kind, input)).toBe(expected);
  });
});

describe('the zod field rule says the same words', () => {
  it.each([
    [0, 'El largo A debe ser mayor que 0 m'],
    ['-4', 'El largo A debe ser mayor que 0 m'],
    ['8,555', 'El largo A debe tener 2 decimales como máximo'],
    ['ocho', 'Introduzca el largo A en metros, p. ej. 8,50'],
  ])('A %s', (input, message) => {
    const parsed = measure('a', 'Introduzca la medida A').safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });

  it('a pool form gives every measurement its own reason at once', () => {
    const pool = { pool_subcategory_id: 1, pool_cover_type_id: 1, a: '0', b: '-4', extra_distance: '1.234,5', stairwell: false };
    expect(zodValidate(poolForm)(pool)).toMatchObject({
      a: 'El largo A debe ser mayor que 0 m', b: 'El ancho B debe ser mayor que 0 m', extra_distance: 'El solape no puede superar 1 m',
    });
  });
});
