/** The declarative zero padding of a field (the client's postal code, docs/validation.md Client). */
import { describe, expect, it } from 'vitest';
import { client } from '../../schemas/client';
import { ruleOf } from '../../src/shared/recordRules';
import { zeroPadded, type FieldDef } from '../../src/shared/resource';

describe('zeroPadded', () => {
  it('pads digits, given as text or number, to the length', () => {
    expect(zeroPadded('8001', 5)).toBe('08001');
    expect(zeroPadded(8001, 5)).toBe('08001');
    expect(zeroPadded('7', 5)).toBe('00007');
    expect(zeroPadded('28001', 5)).toBe('28001');
    expect(zeroPadded('123456', 5)).toBe('123456');
  });

  it('leaves anything that is not only digits as it is', () => {
    for (const value of ['', ' 801', 'E801', '8.01', null, undefined, -5, { src: 'x' }]) expect(zeroPadded(value, 5)).toBe(value);
  });
});

describe('client postal code', () => {
  const postal = client.fields.find((f) => f.name === 'postal_code') as FieldDef;

  it('is shown and stored with the same 5 digits', () => {
    expect(postal.zeroPad).toBe(5);
    const stored = ruleOf(postal).parse('8001');
    expect(stored).toBe(zeroPadded('8001', postal.zeroPad!));
  });

  it('is the only field of the client that pads', () => {
    expect(client.fields.filter((f: FieldDef) => f.zeroPad).map((f) => f.name)).toEqual(['postal_code']);
  });
});
