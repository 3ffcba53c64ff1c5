/** How the product writes numbers, amounts and dates: one Spanish way, on screen and in documents. */
import { describe, expect, it } from 'vitest';
import { editableNumber, formatDate, formatDateTime, formatDay, formatEuros, formatInteger, formatKilos, formatMetres, formatNumber, formatPercent } from '../../src/shared/format';

describe('numbers', () => {
  it('group thousands with a dot and decimals with a comma, four digits included', () => {
    expect(formatInteger(1234)).toBe('1.234');
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatEuros(1234.5)).toBe('1.234,50 €');
    expect(formatEuros(-0.5)).toBe('-0,50 €');
  });
  it('round half-up and keep only the decimals asked for', () => {
    expect(formatNumber(0.15)).toBe('0,15');
    expect(formatNumber(4.5, 2, 2)).toBe('4,50');
    expect(formatNumber(12.825, 2)).toBe('12,83');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(2.1000, 4)).toBe('2,1');
  });
  it('name their unit after a space', () => {
    expect(formatMetres(4.5)).toBe('4,50 m');
    expect(formatPercent(21)).toBe('21 %');
    expect(formatKilos(12.824)).toBe('12,82 kg');
  });
  it('are shown for editing without thousands dot, so that they read back', () => {
    expect(editableNumber(0.15)).toBe('0,15');
    expect(editableNumber(1234.5, 2)).toBe('1234,50');
    expect(editableNumber('12.5', 2)).toBe('12,50');
    expect(editableNumber('4,5')).toBe('4,5');
    expect(editableNumber('6.82')).toBe('6,82');
  });
});

describe('dates', () => {
  it('write a day as dd/MM/yyyy and an instant with HH:mm', () => {
    expect(formatDay('2026-11-24')).toBe('24/11/2026');
    expect(formatDay('2026-11-24 10:30:00')).toBe('24/11/2026');
    expect(formatDate(new Date(2026, 10, 24, 9, 5))).toBe('24/11/2026');
    expect(formatDateTime(new Date(2026, 10, 24, 9, 5, 59))).toBe('24/11/2026 09:05');
  });
  it('write nothing for no or an unreadable value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('no es una fecha')).toBe('');
    expect(formatDay('24/11/2026')).toBe('');
  });
});
