import { describe, expect, it } from 'vitest';
import { toCents, withPercentage } from '../../src/shared/money';

describe('money in cents, half-up', () => {
  it.each([[12.345, 1235], [12.344, 1234], [0.005, 1], [-0.005, -1], [2.675, 268], [1.005, 101]])('%s € is %s cents', (euros, cents) => {
    expect(toCents(euros)).toBe(cents);
  });

  it.each([
    [100, 10, 110], [14.5, 10, 15.95], [9.99, 15, 11.49], [10, -25, 7.5], [10, 0, 10], [1.2, 33.33, 1.6], [0.1, 5, 0.11],
  ])('%s € with %s %% is %s €', (base, percentage, expected) => {
    expect(withPercentage(base, percentage)).toBe(expected);
  });
});
