import { describe, expect, it } from 'vitest';
import { fitLabel, niceTicks, roundStep, shownLabelEvery } from '../../src/client/features/dashboard/chartScale';

describe('the dashboard charts\' scale', () => {
  it('steps by 1, 2 or 5 times a power of ten, never under 1 (no half an order on an axis)', () => {
    expect(roundStep(0.4)).toBe(1);
    expect(roundStep(1)).toBe(1);
    expect(roundStep(1.2)).toBe(2);
    expect(roundStep(3)).toBe(5);
    expect(roundStep(7)).toBe(10);
    expect(roundStep(20)).toBe(20);
    expect(roundStep(2_600)).toBe(5_000);
  });

  it('runs the value axis from 0 to the first round step at or over the highest value', () => {
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(2)).toEqual([0, 1, 2]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(11)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(10_450.5)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('shows one month label in so many that they fit under their columns', () => {
    const months = ['ene 2026', 'feb 2026', 'mar 2026'];
    // «ene 2026»: 8 characters of 6.5 px and 8 px between: 60 px.
    expect(shownLabelEvery(months, 60, 6.5)).toBe(1);
    expect(shownLabelEvery(months, 59, 6.5)).toBe(2);
    expect(shownLabelEvery(months, 17, 6.5)).toBe(4);
    expect(shownLabelEvery([], 17, 6.5)).toBe(1);
  });

  it('cuts a named column\'s label to its width with «…»', () => {
    expect(fitLabel('Corte', 40, 6.5)).toBe('Corte');
    expect(fitLabel('Soldadura de solapas', 40, 6.5)).toBe('Solda…');
    expect(fitLabel('Soldadura', 3, 6.5)).toBe('S…');
  });
});
