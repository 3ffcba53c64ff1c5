/**
 * The accepted-price rule of cart lines (docs/decisions.md "How cart lines are priced"): a line that came from a
 * budget keeps the unit price the client accepted while the budget is valid and the line is still
 * the accepted product; otherwise it is priced now.
 */
import { describe, expect, it } from 'vitest';
import type { PricedLine } from '../../src/shared/pricing';
import { atAcceptedPrice, poolKey, type AcceptedLine } from '../../src/server/domain/pricing';

const NOW = new Date('2026-11-24T10:00:00Z');
const TOMORROW = new Date('2026-11-25T10:00:00Z');
const YESTERDAY = new Date('2026-11-23T10:00:00Z');

/** A cover line as the catalogue prices it today: 150 € a cover. */
const today: PricedLine = {
  kind: 'cover',
  pool_cover_id: 4,
  reinforcement_type_id: null,
  reel_diameter_id: null,
  item_property_value_id: null,
  rounded_corners: false,
  stairwell: false,
  extra_confection: false,
  extra_distance: 0.15,
  description: 'Cobertor Burbuja 400 micras (40,00 m²)',
  reference: 'BUR-400',
  quantity: 2,
  base_price: 150,
  unit_price: 150,
  item_price: 300,
  weight_index: 32,
};

/** The budget line the client accepted at 120 € a cover. */
const accepted = (expiresAt: Date, overrides: Partial<AcceptedLine['line']> = {}): AcceptedLine => ({
  expiresAt,
  line: {
    id: 77,
    budget_calculus_id: 9,
    kind: 'cover',
    pool_cover_id: 4,
    reinforcement_type_id: null,
    reel_diameter_id: null,
    item_property_value_id: null,
    rounded_corners: false,
    stairwell: false,
    extra_confection: false,
    extra_distance: '0.15',
    description: today.description,
    reference: 'BUR-400',
    quantity: 1,
    base_price: '120.00',
    unit_price: '120.00',
    item_price: '120.00',
    weight_index: '16.0000',
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  },
});

describe('a cart line that came from a budget', () => {
  it('keeps the accepted unit price while the budget is valid, for any quantity', () => {
    expect(atAcceptedPrice(today, accepted(TOMORROW), NOW)).toMatchObject({
      unit_price: 120,
      item_price: 240,
      quantity: 2,
      budget_calculus_item_id: 77,
    });
  });

  it('takes today\'s price once the budget has expired, still naming its budget line', () => {
    expect(atAcceptedPrice(today, accepted(YESTERDAY), NOW)).toMatchObject({
      unit_price: 150,
      item_price: 300,
      budget_calculus_item_id: 77,
    });
  });

  it('takes today\'s price when it is no longer the accepted product', () => {
    expect(atAcceptedPrice(today, accepted(TOMORROW, { pool_cover_id: 5 }), NOW)).toMatchObject({
      unit_price: 150,
      budget_calculus_item_id: null,
    });
    // A stairwell extra is not the rounded-corners extra.
    const stairwell = { ...today, kind: 'confection' as const, stairwell: true, pool_cover_id: 4 };
    expect(
      atAcceptedPrice(stairwell, accepted(TOMORROW, { kind: 'confection', rounded_corners: true }), NOW).budget_calculus_item_id,
    ).toBeNull();
  });

  it('is priced now when it came from nowhere', () => {
    expect(atAcceptedPrice(today, undefined, NOW)).toMatchObject({ unit_price: 150, budget_calculus_item_id: null });
  });
});

describe('the same pool', () => {
  const pool = { pool_cover_type_id: 3, a: '9.50', b: '4.50', c: null, d: null, e: null, rounded_corners: true, stairwell: false };
  it('is the same whatever way its numbers are written', () => {
    expect(poolKey(pool, '0.15')).toBe(poolKey({ ...pool, a: '9.5', b: '4.500' }, '0.150'));
  });
  it('differs in any dimension, extra or overlap', () => {
    expect(poolKey(pool, '0.15')).not.toBe(poolKey({ ...pool, a: '9.60' }, '0.15'));
    expect(poolKey(pool, '0.15')).not.toBe(poolKey({ ...pool, rounded_corners: false }, '0.15'));
    expect(poolKey(pool, '0.15')).not.toBe(poolKey(pool, '0.20'));
  });
});
