/** How the product writes numbers, amounts and dates: one Spanish way, on screen and in documents. */
import { describe, expect, it } from 'vitest';
import {
  ambiguousNumber,
  editableNumber,
  formatDate,
  formatDateTime,
  formatDay,
  formatEuros,
  formatInteger,
  formatKilos,
  formatMetres,
  formatNumber,
  formatPercent,
  formatShipping,
  formatTimeOfDay,
  formatTimeRange,
  readNumber,
} from '../../src/shared/format';
import { timeOfDay } from '../../src/shared/validation';

describe('numbers', () => {
  it('group thousands with a dot and decimals with a comma, four digits included', () => {
    expect(formatInteger(1234)).toBe('1.234');
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatEuros(1234.5)).toBe('1.234,50 €');
    expect(formatEuros(-0.5)).toBe('-0,50 €');
    // Binary noise rounds as the money does (half-up to the cent).
    expect(formatEuros(1.005)).toBe('1,01 €');
    expect(formatEuros(0.1 + 0.2)).toBe('0,30 €');
  });
  it('round half-up and keep only the decimals asked for', () => {
    expect(formatNumber(0.15)).toBe('0,15');
    expect(formatNumber(4.5, 2, 2)).toBe('4,50');
    expect(formatNumber(12.825, 2)).toBe('12,83');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(2.1000, 4)).toBe('2,1');
    // Fewer cents than ten keep their leading zero.
    expect(formatNumber(0.05)).toBe('0,05');
    expect(formatEuros(3.07)).toBe('3,07 €');
    expect(formatNumber(1.0005, 4)).toBe('1,0005');
    // No decimals asked for: a whole number, half-up, and no comma.
    expect(formatNumber(1234.5, 0)).toBe('1.235');
    expect(formatNumber(2.4, 0)).toBe('2');
  });
  it('name their unit after a space', () => {
    expect(formatMetres(4.5)).toBe('4,50 m');
    expect(formatPercent(21)).toBe('21 %');
    expect(formatKilos(12.824)).toBe('12,82 kg');
  });
  it('are shown for editing with their field\'s decimals as everywhere else, and read back the same', () => {
    // Issue 43: a price saved as "1.234,5" opens again as "1.234,50", a measure 8.5 as "8,50".
    expect(editableNumber(1234.5, 2)).toBe('1.234,50');
    expect(editableNumber('1234.5', 2)).toBe('1.234,50');
    expect(editableNumber(8.5, 2)).toBe('8,50');
    expect(editableNumber('12.5', 2)).toBe('12,50');
    expect(editableNumber('12', 2)).toBe('12,00'); // a whole stored decimal still shows its places
    expect(editableNumber(1234567.891, 4)).toBe('1.234.567,8910');
    expect(editableNumber('-3', 1)).toBe('-3,0');
    expect(editableNumber(-1234.5, 2)).toBe('-1.234,50');
    for (const [value, places] of [[1234.5, 2], [1234567.89, 2], [0.15, 2], [-3.25, 2], [0, 2], [12.8245, 4]] as const)
      expect(readNumber(String(editableNumber(value, places)))).toBe(value);
  });
  it('without decimals to show, are shown without thousands dot ("1.234" alone could be either)', () => {
    expect(editableNumber(0.15)).toBe('0,15');
    expect(editableNumber(1234)).toBe('1234');
    expect(editableNumber('4,5')).toBe('4,5'); // typed text stays as typed
    expect(editableNumber('6.82')).toBe('6,82');
    for (const value of [0.15, 1234.5, 2147483647, -3.25, 0]) expect(readNumber(String(editableNumber(value)))).toBe(value);
  });
  it('say free shipping in one word on every total, screen or PDF', () => {
    expect(formatShipping(0)).toBe('Gratis');
    expect(formatShipping(0.004)).toBe('Gratis'); // nothing to pay once in cents
    expect(formatShipping(0.01)).toBe('0,01 €');
    expect(formatShipping(15)).toBe('15,00 €');
    expect(formatShipping(1234.5)).toBe('1.234,50 €');
  });

  it('are read back the Spanish way: decimal comma (or point), thousands dots only in whole groups', () => {
    expect(readNumber('2,5')).toBe(2.5);
    expect(readNumber('2.5')).toBe(2.5);
    expect(readNumber(' 1234,56 ')).toBe(1234.56);
    expect(readNumber('1.234,5')).toBe(1234.5);
    expect(readNumber('1.234.567')).toBe(1234567);
    expect(readNumber('-12.345,67')).toBe(-12345.67);
    expect(readNumber('0.125')).toBe(0.125);
    expect(readNumber('1,234')).toBe(1.234);
    expect(readNumber('3')).toBe(3);
    const notNumbers = ['', '2,5,1', '1,234.5', '1.23.456', '12.34.567', '1e3', '+3', '3 unidades', '2,', ',5', '1 234'];
    // Thousands groups are three digits, and nothing follows the decimals.
    notNumbers.push('1.234.5678', '1.234,5.6', '1.234,5 €');
    for (const text of notNumbers) expect(readNumber(text), text).toBeNaN();
  });

  it('are not guessed when one point before three digits may be thousands or decimals', () => {
    for (const text of ['1.234', '2.000', '-10.500', '999.999']) expect(readNumber(text)).toBe('ambiguous');
    expect(ambiguousNumber('2.000')).toBe('«2.000» puede ser 2000 o 2,000: escríbalo sin punto o con coma');
    expect(ambiguousNumber(' 1.500 ')).toBe('«1.500» puede ser 1500 o 1,500: escríbalo sin punto o con coma');
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
    expect(formatDay('12026-11-24')).toBe('');
    expect(formatDay('2026-11-240')).toBe('');
  });
});

describe('times of day (the time widget: hours × 3600 + minutes × 60)', () => {
  it('write seconds since midnight as HH:mm, and a receiving window', () => {
    expect(formatTimeOfDay(9 * 3600 + 30 * 60)).toBe('09:30');
    expect(formatTimeOfDay(0)).toBe('00:00');
    expect(formatTimeOfDay(23 * 3600 + 59 * 60)).toBe('23:59');
    expect(formatTimeOfDay(null)).toBe('');
    expect(formatTimeOfDay(86400)).toBe('');
    expect(formatTimeOfDay(86399)).toBe('23:59');
    for (const wrong of [-60, -1, 60.5, '34200']) expect(formatTimeOfDay(wrong), String(wrong)).toBe('');
    expect(formatTimeRange(9 * 3600, 14 * 3600)).toBe('09:00–14:00');
    expect(formatTimeRange(9 * 3600, null)).toBe('desde 09:00');
    expect(formatTimeRange(null, 14 * 3600)).toBe('hasta 14:00');
    expect(formatTimeRange(null, null)).toBe('');
  });
  it('are read from the widget\'s seconds or from "HH:mm", from 00:00 to 23:59 in whole minutes', () => {
    const optional = timeOfDay({ required: null });
    expect(optional.parse(34200)).toBe(34200);
    expect(optional.parse('9:30')).toBe(34200);
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    for (const wrong of [86400, -60, 34230, '24:00', '9:60', 'nueve']) {
      expect(optional.safeParse(wrong).error?.issues[0].message, String(wrong)).toBe('Introduzca una hora válida');
    }
    expect(timeOfDay({ required: 'Seleccione la hora' }).safeParse(undefined).error?.issues[0].message).toBe('Seleccione la hora');
  });
});
