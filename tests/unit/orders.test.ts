/** Order review rules (docs/data.md; the transitions are ours, docs/decisions.md "Orders"). */
import { describe, expect, it } from 'vitest';
import { canChangeReview, orderStateLabel, reviewStatusOnFinish } from '../../src/shared/orders';
import { ADDRESS_FIELDS, BUYER_FIELDS, buyerOf, SHIP_FIELDS } from '../../src/shared/orderViews';

describe('review status changes on a finished order', () => {
  it.each([
    [1, 2, true], [2, 1, true], [2, 3, true], [3, 2, true],
    [1, 3, false], [3, 1, false], [1, 1, false], [2, 2, false], [3, 3, false], [2, 4, false],
    // No review status yet (a cart), or one that does not exist: no change from it.
    [null, 2, false], [0, 2, false], [4, 2, false], [4, 3, false],
  ])('from %s to %s: %s', (from, to, allowed) => {
    expect(canChangeReview(from, to)).toBe(allowed);
  });
});

describe('finishing a cart', () => {
  it.each([[undefined, 2], [null, 2], [1, 1], [3, 3], [9, 2]])('forced %s gives review status %s', (forced, expected) => {
    expect(reviewStatusOnFinish(forced)).toBe(expected);
  });
});

describe('public state names', () => {
  it.each([
    [0, null, 'Carrito sin terminar'],
    [1, 1, 'Borrador'],
    [1, 2, 'Pendiente de revisión'],
    [1, 3, 'Revisado'],
    [1, null, 'Recibido'],
  ])('status %s, review %s: "%s"', (status, review, label) => expect(orderStateLabel(status, review)).toBe(label));
});

describe('an order\'s address fields, listed once (ADDRESS_FIELDS)', () => {
  it('are the customer info, the billing fields, the shipping fields and the delivery day, in that order', () => {
    expect(ADDRESS_FIELDS).toEqual(['customer_info', ...BUYER_FIELDS, ...SHIP_FIELDS, 'delivery_date']);
    expect(BUYER_FIELDS).toContain('buyer_email');
    expect(SHIP_FIELDS).toContain('ship_city');
  });

  it('each shipping field copies the billing field of the same name', () => {
    expect(SHIP_FIELDS.map(buyerOf)).toEqual(SHIP_FIELDS.map((ship) => ship.replace('ship_', 'buyer_')));
    expect(BUYER_FIELDS).toEqual(expect.arrayContaining(SHIP_FIELDS.map(buyerOf)));
    expect(buyerOf('ship_postal_code')).toBe('buyer_postal_code');
  });
});
