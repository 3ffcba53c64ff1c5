/**
 * Setting a budget's status by hand (docs/data.md «Budget»): only an admin, only between draft (1) and accepted
 * (2); "turned into an order" (3) comes only from createOrder and is never left; an expired budget is not
 * accepted. Status 0 names a list, not a state.
 */
import { describe, expect, it } from 'vitest';
import { budgetStatusRefusal } from '../../src/shared/budgets';

const DRAFT = 1;
const ACCEPTED = 2;
const ORDERED = 3;

describe('a budget status set by hand', () => {
  it.each([
    // from, to, expired, why not (null: allowed)
    [DRAFT, ACCEPTED, false, null],
    [ACCEPTED, DRAFT, false, null],
    [DRAFT, DRAFT, false, null],
    [ACCEPTED, ACCEPTED, false, null],
    [ACCEPTED, DRAFT, true, null],
    [DRAFT, DRAFT, true, null],
    [DRAFT, ACCEPTED, true, 'expired'],
    [ACCEPTED, ACCEPTED, true, 'expired'],
    [ORDERED, DRAFT, false, 'ordered'],
    [ORDERED, ACCEPTED, false, 'ordered'],
    [ORDERED, DRAFT, true, 'ordered'],
    [DRAFT, ORDERED, false, 'notSettable'],
    [ACCEPTED, ORDERED, false, 'notSettable'],
    [ORDERED, ORDERED, false, 'notSettable'],
    [DRAFT, 0, false, 'notSettable'],
    [DRAFT, 4, false, 'notSettable'],
  ] as const)('from %s to %s (expired: %s): %s', (from, to, expired, refusal) => {
    expect(budgetStatusRefusal(from, to, expired)).toBe(refusal);
  });
});
