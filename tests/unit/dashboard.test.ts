import { describe, expect, it } from 'vitest';
import { conversionRate, lastMonths, monthLabel, perMonth } from '../../src/shared/dashboard';

describe('the dashboard rules', () => {
  it('shows the last 12 Madrid months, oldest first, across a year change', () => {
    expect(lastMonths('2026-11-25')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(lastMonths('2026-01-01', 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('names a month in Spanish, short', () => {
    expect(monthLabel('2026-11')).toBe('nov 2026');
    expect(monthLabel('2027-01')).toBe('ene 2027');
  });

  it('gives the conversion rate as accepted per 100 created, none when nothing was created', () => {
    expect(conversionRate(8, 2)).toBe(25);
    expect(conversionRate(3, 1)).toBe(33.3);
    expect(conversionRate(0, 0)).toBeNull();
  });

  it('puts one value per month, 0 where there is none, adding rows of the same month', () => {
    const rows = [{ month: '2026-10', n: 2 }, { month: '2026-11', n: 3 }, { month: '2026-11', n: 4 }, { month: '2020-01', n: 9 }];
    expect(perMonth(['2026-09', '2026-10', '2026-11'], rows, (r) => r.n)).toEqual([0, 2, 7]);
  });
});
