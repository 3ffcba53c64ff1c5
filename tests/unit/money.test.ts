import { describe, expect, it } from 'vitest';
import { toCents, withPercentage } from '../../src/shared/money';

describe('money in cents, half-up', () => {
  it.each([[12.345, 1235], [12.344, 1234], [0.005, 1], [-0.005, -1], [2.675, 268], [1.005, 101]])('%s € is %s cents', (euros, cents) => {
    expect(toCents(euros)).toBe(cents);
  });

  // Named by key: vitest's each-title spends a case value on «%%» too, so '%s € with %s %% is %s €' printed
  // «100 € with 10 % 110 is undefined €».
  it.each([
    { base: 100, percentage: 10, expected: 110 },
    { base: 14.5, percentage: 10, expected: 15.95 },
    { base: 9.99, percentage: 15, expected: 11.49 },
    { base: 10, percentage: -25, expected: 7.5 },
    { base: 10, percentage: 0, expected: 10 },
    { base: 1.2, percentage: 33.33, expected: 1.6 },
    { base: 0.1, percentage: 5, expected: 0.11 },
  ])('$base € with $percentage % is $expected €', ({ base, percentage, expected }) => {
    expect(withPercentage(base, percentage)).toBe(expected);
  });
});
