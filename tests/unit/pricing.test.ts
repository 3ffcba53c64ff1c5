import { describe, expect, it } from 'vitest';
import {
  confectionExtras,
  coverArea,
  coverWidth,
  effectivePrice,
  fitsReel,
  priceBudgetOption,
  priceBudgetOptions,
  priceCover,
  priceLine,
  reelLinePrice,
  reelSubcategoryFor,
  totals,
  variationPrice,
  withVat,
} from '../../src/shared/pricing';
import { NOT_AVAILABLE, formatPriceSinIva } from '../../src/shared/format';
import { madridDay, madridToday } from '../../src/shared/madrid';
import { budgetExpiresAt, isBudgetExpired } from '../../src/shared/budgets';

const pool = (a: number, b: number, overlap = 0, stairwell = false, c = 0, d = 0) => ({ a, b, c, d, overlap, stairwell });

describe('cover area = (a + 2·overlap) × (b + 2·overlap) + stairwell c × d, rounded up to 0.01 m²', () => {
  it.each([
    ['a plain 8 × 4 pool', pool(8, 4), 32],
    ['overlap added on each side', pool(8, 4, 0.15), 8.3 * 4.3],
    ['a stairwell adds c × d', pool(8, 4, 0, true, 2, 1.5), 35],
    ['stairwell dimensions ignored without a stairwell', pool(8, 4, 0, false, 2, 1.5), 32],
    ['overlap plus stairwell (overlap not applied to the stairwell)', pool(8, 4, 0.2, true, 2, 1), 8.4 * 4.4 + 2],
    ['float noise: 4.1 × 3.2 is 13.12, not 13.13', pool(4.1, 3.2), 13.12],
    ['float noise: 4.1 × 3.2 with overlap 0.15 is 15.40, not 15.41', pool(4.1, 3.2, 0.15), 15.4],
    ['a fraction of 0.01 m² rounds up (13.0921 → 13.10)', pool(4.13, 3.17), 13.1],
    ['rounds up even 1 cm² (0.0001 m² → 0.01)', pool(0.01, 0.01), 0.01],
    ['a zero-size pool has no cover', pool(0, 0), 0],
    ['a zero side means no cover, overlap and stairwell notwithstanding', pool(0, 4, 0.3, true, 2, 1), 0],
    ['a zero width too', pool(8, 0, 0.3, true, 2, 1), 0],
  ])('%s', (_, dims, expected) => {
    expect(coverArea(dims)).toBe(Math.round(expected * 100) / 100);
  });

  it.each([
    ['a', pool(-1, 4)],
    ['b', pool(8, -0.01)],
    ['overlap', pool(8, 4, -0.1)],
    ['c', pool(8, 4, 0, true, -2, 1)],
    ['d', pool(8, 4, 0, true, 2, -1)],
    ['a', pool(Number.NaN, 4)],
    ['b', pool(8, Number.POSITIVE_INFINITY)],
  ])('a negative or non-finite %s is a caller bug, named in the RangeError', (name, dims) => {
    expect(() => coverArea(dims)).toThrow(new RangeError(`${name} must be a non-negative number of metres`));
  });

  it.each([
    ['no overlap', pool(8, 4), 4],
    ['overlap on both sides', pool(8, 3.2, 0.15), 3.5],
    ['zero-size pool', pool(0, 0, 0.15), 0],
    ['zero length: no cover, no reel', pool(0, 4, 0.15), 0],
    ['zero width: no cover, no reel', pool(8, 0, 0.15), 0],
  ])('cover width (for reels) is b + 2·overlap: %s', (_, dims, width) => {
    expect(coverWidth(dims)).toBe(width);
  });

  it.each([['a', pool(-1, 4)], ['b', pool(8, -0.01)], ['overlap', pool(8, 4, -0.1)]])(
    'cover width: a negative %s is a caller bug, named in the RangeError',
    (name, dims) => {
      expect(() => coverWidth(dims)).toThrow(new RangeError(`${name} must be a non-negative number of metres`));
    },
  );
});

describe('fares: a custom price applies only when it exists and is available', () => {
  it.each([
    ['no fare row: base', null, 20],
    ['fare without custom price (undefined): base', undefined, 20],
    ['custom price available: custom', { price: 17.5, available: true }, 17.5],
    ['custom price not available: base', { price: 17.5, available: false }, 20],
    ['custom price 0 available: 0 (a real price)', { price: 0, available: true }, 0],
  ])('%s', (_, custom, expected) => {
    expect(effectivePrice(20, custom)).toBe(expected);
  });

  it.each([
    ['no fare: value', { value: 12 }, 12],
    ['fare without custom value: value', { value: 12, customValue: null, fareAvailable: true }, 12],
    ['custom value available: custom value', { value: 12, customValue: 9.9, fareAvailable: true }, 9.9],
    ['custom value not available: value', { value: 12, customValue: 9.9, fareAvailable: false }, 12],
    ['custom value without a flag counts as available', { value: 12, customValue: 9.9 }, 9.9],
  ])('article variation: %s', (_, input, expected) => {
    expect(variationPrice(input)).toBe(expected);
  });
});

describe('cover lines: area × price per m², each line half-up to the cent, then × quantity', () => {
  it.each([
    ['plain cover', { area: 32, priceM2: 10.5, coverTypeId: 2, quantity: 1 }, 336, null],
    ['half-up at .005 (1.01 × 0.50 = 0.505 → 0.51)', { area: 1.01, priceM2: 0.5, coverTypeId: 2, quantity: 1 }, 0.51, null],
    ['half-up despite float (1.07 × 2.50 = 2.675 → 2.68)', { area: 1.07, priceM2: 2.5, coverTypeId: 2, quantity: 1 }, 2.68, null],
    ['below half rounds down (1.01 × 0.49 = 0.4949 → 0.49)', { area: 1.01, priceM2: 0.49, coverTypeId: 2, quantity: 1 }, 0.49, null],
    [
      'quantity: unit rounded first (0.51 × 3 = 1.53, not 1.515 → 1.52)',
      { area: 1.01, priceM2: 0.5, coverTypeId: 2, quantity: 3 },
      1.53,
      null,
    ],
    ['type 1 adds a reinforcement line', { area: 20, priceM2: 10, reinforcementPriceM2: 2.25, coverTypeId: 1, quantity: 1 }, 200, 45],
    [
      'type 1 lines are rounded separately',
      { area: 1.01, priceM2: 0.5, reinforcementPriceM2: 0.5, coverTypeId: 1, quantity: 2 },
      1.02,
      1.02,
    ],
    [
      'other types ignore a reinforcement price',
      { area: 20, priceM2: 10, reinforcementPriceM2: 2.25, coverTypeId: 3, quantity: 1 },
      200,
      null,
    ],
    ['a zero area costs nothing', { area: 0, priceM2: 10, coverTypeId: 2, quantity: 1 }, 0, null],
  ])('%s', (_, input, cover, reinforcement) => {
    const price = priceCover(input);
    expect(price.cover.amount).toBe(cover);
    expect(price.cover.key).toBe('cover');
    expect(price.reinforcement?.amount ?? null).toBe(reinforcement);
  });

  it('type 1 without a reinforcement price is a caller bug', () => {
    expect(() => priceCover({ area: 20, priceM2: 10, coverTypeId: 1, quantity: 1 }))
      .toThrow(new RangeError('cover type 1 needs a reinforcement price per m²'));
  });

  it.each([0, -1, 1.5, Number.NaN])('quantity %s is refused (integer ≥ 1)', (quantity) => {
    const refused = new RangeError('quantity must be an integer ≥ 1');
    expect(() => priceCover({ area: 20, priceM2: 10, coverTypeId: 2, quantity })).toThrow(refused);
    expect(() => priceLine('item', 10, quantity)).toThrow(refused);
  });

  it('quantity 1 is the least: one unit at the unit price', () => {
    expect(priceLine('item', 12.34, 1))
      .toEqual({ key: 'item', quantity: 1, unitCents: 1234, cents: 1234, unitPrice: 12.34, amount: 12.34 });
  });

  it.each([-0.01, Number.NaN, Number.POSITIVE_INFINITY])('an area of %s m² is a caller bug', (area) => {
    expect(() => priceCover({ area, priceM2: 10, coverTypeId: 2, quantity: 1 }))
      .toThrow(new RangeError('area must be a non-negative number of m²'));
  });
});

describe('confección extras: extra_confection_price once per cover unit for rounded corners, again for a stairwell', () => {
  it.each([
    ['neither', false, false, 1, []],
    ['rounded corners', true, false, 1, [['rounded_corners', 30]]],
    ['stairwell', false, true, 1, [['stairwell', 30]]],
    ['both, as two lines', true, true, 1, [['rounded_corners', 30], ['stairwell', 30]]],
    ['both × quantity 2', true, true, 2, [['rounded_corners', 60], ['stairwell', 60]]],
  ] as const)('%s', (_, roundedCorners, stairwell, quantity, expected) => {
    const lines = confectionExtras({ roundedCorners, stairwell, extraConfectionPrice: 30, quantity });
    expect(lines.map((line) => [line.key, line.amount])).toEqual(expected);
  });
});

describe('reels', () => {
  const range = { size_min: 3, size_max: 4.5 };
  it.each([
    ['below size_min', 2.99, false],
    ['exactly size_min', 3, true],
    ['inside', 3.5, true],
    ['exactly size_max', 4.5, true],
    ['above size_max', 4.51, false],
    ['float noise: 4.2 + 2 × 0.15 fits a 4.5 maximum', 4.2 + 2 * 0.15, true],
  ])('a reel fits a width %s (%s m): %s', (_, width, fits) => {
    expect(fitsReel(width, range)).toBe(fits);
  });

  const subs = [{ id: 3, size_max: 6 }, { id: 1, size_max: 4 }, { id: 2, size_max: 5 }];
  it.each([
    ['the smallest subcategory that holds it', 3.5, 1],
    ['exactly a size_max', 5, 2],
    ['just above one size_max', 5.01, 3],
    ['wider than every subcategory: none', 6.01, null],
  ])('subcategory for a width: %s', (_, width, id) => {
    expect(reelSubcategoryFor(width, subs)?.id ?? null).toBe(id);
  });

  it('subcategory for a width: of two with the same size_max, the older (lower id), in whatever order they come', () => {
    const twins = [{ id: 7, size_max: 5 }, { id: 4, size_max: 5 }, { id: 9, size_max: 6 }];
    expect(reelSubcategoryFor(4.8, twins)?.id).toBe(4);
    expect(reelSubcategoryFor(4.8, [twins[1], twins[0], twins[2]])?.id).toBe(4);
    // A larger one with a lower id, after the one that fits best, does not take its place.
    expect(reelSubcategoryFor(4.8, [twins[0], { id: 2, size_max: 6 }])?.id).toBe(7);
  });

  it.each([
    ['no price row or not available: null, "No disponible"', null, 2, null],
    ['a price × quantity', 450.5, 2, 901],
  ])('reel line: %s', (_, unitPrice, quantity, amount) => {
    const line = reelLinePrice(unitPrice, quantity);
    expect(line?.amount ?? null).toBe(amount);
    if (line === null) expect(formatPriceSinIva(null)).toBe(NOT_AVAILABLE);
  });
});

describe('totals: subtotal without VAT, shipping unless the threshold is met, VAT on subtotal + shipping', () => {
  // Lines in cents, as priceLine gives them: a 100 € cover and 2 × 25.50 € of an article, 151 €. Written out rather
  // than built with priceLine here, where it would run outside any test and hide its own mistakes from Stryker.
  const lines = [{ cents: 10_000 }, { cents: 5_100 }];
  it.each([
    ['no threshold: shipping charged', null, 21, { subtotal: 151, shipping: 10, vat: 33.81, total: 194.81, freeShipping: false }],
    ['threshold not met', 151.01, 21, { subtotal: 151, shipping: 10, vat: 33.81, total: 194.81, freeShipping: false }],
    ['threshold exactly met: free', 151, 21, { subtotal: 151, shipping: 0, vat: 31.71, total: 182.71, freeShipping: true }],
    ['threshold exceeded: free', 100, 21, { subtotal: 151, shipping: 0, vat: 31.71, total: 182.71, freeShipping: true }],
    ['VAT 0 %', null, 0, { subtotal: 151, shipping: 10, vat: 0, total: 161, freeShipping: false }],
    ['VAT 10 %', null, 10, { subtotal: 151, shipping: 10, vat: 16.1, total: 177.1, freeShipping: false }],
  ])('%s', (_, freeShippingThreshold, taxPercentage, expected) => {
    expect(totals({ lines, shipPrice: 10, freeShippingThreshold, taxPercentage })).toMatchObject(expected);
  });

  it.each([
    ['VAT rounds half-up at .005 (0.05 € × 10 %)', [{ cents: 5 }], 10, 1, 6],
    ['VAT below half rounds down (0.04 € × 10 %)', [{ cents: 4 }], 10, 0, 4],
    ['no lines, no shipping price', [], 21, 0, 0],
  ])('%s', (_, someLines, taxPercentage, vatCents, totalCents) => {
    expect(totals({ lines: someLines, shipPrice: null, freeShippingThreshold: null, taxPercentage })).toMatchObject({
      vatCents,
      totalCents,
    });
  });

  it('lines are integer cents, never euros', () => {
    expect(() => totals({ lines: [{ cents: 12.5 }], shipPrice: 0, freeShippingThreshold: null, taxPercentage: 21 }))
      .toThrow(new RangeError('line amounts must be integer cents'));
  });

  // Named by key: in a title with «%s», vitest spends a case value on «%%» too.
  it.each([
    { unit: 100, tax: 21, expected: 121 },
    { unit: 100, tax: 10, expected: 110 },
    { unit: 100, tax: 0, expected: 100 },
    { unit: 9.99, tax: 21, expected: 12.09 },
    { unit: 0.05, tax: 10, expected: 0.06 },
    { unit: 12.5, tax: 21, expected: 15.13 },
  ])('item_price: $unit € with $tax % VAT is $expected €', ({ unit, tax, expected }) => {
    expect(withVat(unit, tax)).toBe(expected);
  });

  it.each([-1, -0.01, 100.01, Number.NaN])('tax %s is outside 0 to 100 %', (tax) => {
    expect(() => withVat(10, tax)).toThrow(new RangeError('taxPercentage must be between 0 and 100'));
    expect(() => totals({ lines: [], shipPrice: 10, freeShippingThreshold: null, taxPercentage: tax }))
      .toThrow(new RangeError('taxPercentage must be between 0 and 100'));
  });

  it('tax 100 % is the limit: it doubles the price', () => {
    expect(withVat(10, 100)).toBe(20);
    expect(totals({ lines: [], shipPrice: 10, freeShippingThreshold: null, taxPercentage: 100 })).toMatchObject({ vat: 10, total: 20 });
  });
});

describe('labels: Spanish, 2 decimals, "sin IVA"', () => {
  it.each([
    [1234.5, '1.234,50 € sin IVA'],
    [0, '0,00 € sin IVA'],
    [0.5, '0,50 € sin IVA'],
    [999.999, '1.000,00 € sin IVA'],
    [1234567.891, '1.234.567,89 € sin IVA'],
    [-1234.5, '-1.234,50 € sin IVA'],
    [null, 'No disponible'],
  ])('%s → %s', (euros, label) => {
    expect(formatPriceSinIva(euros)).toBe(label);
  });
});

describe('budget expiry: end of day created_date + days, Europe/Madrid', () => {
  it.each([
    ['0 days: end of the creation day (summer, UTC+2)', '2025-06-15T08:00:00Z', 0, '2025-06-15T21:59:59.999Z'],
    ['0 days, created after midnight Madrid but before in UTC', '2025-06-15T22:30:00Z', 0, '2025-06-16T21:59:59.999Z'],
    ['winter, UTC+1', '2025-01-10T12:00:00Z', 15, '2025-01-25T22:59:59.999Z'],
    ['across spring DST (30 Mar 2025): expires in summer time', '2025-03-29T10:00:00Z', 1, '2025-03-30T21:59:59.999Z'],
    ['across autumn DST (26 Oct 2025): expires in winter time', '2025-10-25T12:00:00Z', 1, '2025-10-26T22:59:59.999Z'],
    ['30 days across spring DST', '2025-03-01T12:00:00Z', 30, '2025-03-31T21:59:59.999Z'],
    ['across the year end', '2024-12-31T12:00:00Z', 1, '2025-01-01T22:59:59.999Z'],
    // The last days before a change keep the old offset: Madrid changes its clocks on Sunday night, not at midnight.
    ['on the Saturday before autumn DST: still summer time', '2025-10-24T12:00:00Z', 1, '2025-10-25T21:59:59.999Z'],
    ['on the Saturday before spring DST: still winter time', '2025-03-28T12:00:00Z', 1, '2025-03-29T22:59:59.999Z'],
  ])('%s', (_, created, days, expires) => {
    expect(budgetExpiresAt(new Date(created), days).toISOString()).toBe(expires);
  });

  it.each([
    ['the day before', '2025-03-30T10:00:00Z', false],
    ['the last millisecond of the expiry day', '2025-03-30T21:59:59.999Z', false],
    ['one millisecond later', '2025-03-30T22:00:00.000Z', true],
  ])('expired %s: %s', (_, now, expired) => {
    expect(isBudgetExpired(new Date('2025-03-29T10:00:00Z'), 1, new Date(now))).toBe(expired);
  });

  it.each([[-1], [1.5], [Number.NaN]])('%s days is refused', (days) => {
    expect(() => budgetExpiresAt(new Date('2025-01-01T00:00:00Z'), days)).toThrow(new RangeError('days must be an integer ≥ 0'));
  });

  it('a budget without a valid creation date is a caller bug', () => {
    expect(() => budgetExpiresAt(new Date('no es una fecha'), 15)).toThrow(new RangeError('createdAt must be a valid date'));
  });
});

describe('one budget option: cover × reinforcement for a pool', () => {
  const base = { pool: { ...pool(4.1, 3.2, 0.15), roundedCorners: false }, extraConfectionPrice: 30 };
  it.each([
    ['a summer cover at base price', { ...base, cover: { coverTypeId: 2, priceM2: 10 } }, 15.4, ['cover'], 154, '154,00 € sin IVA'],
    [
      'under a fare with an available custom price',
      { ...base, cover: { coverTypeId: 2, priceM2: 10, custom: { price: 8, available: true } } },
      15.4,
      ['cover'],
      123.2,
      '123,20 € sin IVA',
    ],
    [
      'under a fare whose custom price is not available',
      { ...base, cover: { coverTypeId: 2, priceM2: 10, custom: { price: 8, available: false } } },
      15.4,
      ['cover'],
      154,
      '154,00 € sin IVA',
    ],
    [
      'type 1 with reinforcement, stairwell and rounded corners, 2 units',
      {
        pool: { ...pool(4.1, 3.2, 0.15, true, 2, 1), roundedCorners: true },
        quantity: 2,
        extraConfectionPrice: 30,
        cover: { coverTypeId: 1, priceM2: 10 },
        reinforcement: { priceM2: 3, custom: { price: 2.5, available: true } },
      },
      17.4,
      ['cover', 'reinforcement', 'rounded_corners', 'stairwell'],
      348 + 87 + 60 + 60,
      '555,00 € sin IVA',
    ],
    [
      'a zero-size pool',
      { ...base, pool: { ...pool(0, 0), roundedCorners: false }, cover: { coverTypeId: 2, priceM2: 10 } },
      0,
      ['cover'],
      0,
      '0,00 € sin IVA',
    ],
  ])('%s', (_, input, area, keys, subtotal, label) => {
    const option = priceBudgetOption(input);
    expect(option.area).toBe(area);
    expect(option.lines.map((line) => line.key)).toEqual(keys);
    expect(option.subtotal).toBe(subtotal);
    expect(option.label).toBe(label);
  });
});

describe('a whole price table at once', () => {
  const dims = { a: 10, b: 5, c: 2, d: 1, overlap: 0.15, stairwell: true, roundedCorners: true };
  const covers = [
    { coverTypeId: 1, priceM2: 14.5, custom: null },
    { coverTypeId: 1, priceM2: 11.2, custom: { price: 9.99, available: true } },
    { coverTypeId: 1, priceM2: 12.35, custom: { price: 1, available: false } },
  ];
  const reinforcements = [{ priceM2: 1.2, custom: null }, { priceM2: 1.8, custom: { price: 1.55, available: true } }];

  it('prices each cover × reinforcement, worked by hand', () => {
    // Area (10 + 0.3) × (5 + 0.3) + 2 × 1 = 56.59 m²; each line half-up to the cent; extras 15 € + 15 €.
    // Covers: × 14.50 = 820.555, × 9.99 (fare) = 565.3341, × 12.35 (fare not available) = 698.8865.
    const cover = [820.56, 565.33, 698.89];
    // Reinforcements: × 1.20 = 67.908, × 1.55 (fare) = 87.7145.
    const reinforcement = [67.91, 87.71];
    const grid = priceBudgetOptions({ pool: dims, covers, reinforcements, extraConfectionPrice: 15 });
    expect(grid.map((row) => row.map((option) => [option.cover.amount, option.reinforcement?.amount, option.subtotal]))).toEqual([
      [[cover[0], reinforcement[0], 918.47], [cover[0], reinforcement[1], 938.27]],
      [[cover[1], reinforcement[0], 663.24], [cover[1], reinforcement[1], 683.04]],
      [[cover[2], reinforcement[0], 796.8], [cover[2], reinforcement[1], 816.6]],
    ]);
    expect(grid[2][0].label).toBe('796,80 € sin IVA');
    expect(grid[0][0].lines.map((line) => line.key)).toEqual(['cover', 'reinforcement', 'rounded_corners', 'stairwell']);
    expect([grid[0][0].area, grid[0][0].width]).toEqual([56.59, 5.3]);
    // Three units: every line is three unit lines, so 3 × 918.47.
    expect(priceBudgetOptions({ pool: dims, quantity: 3, covers, reinforcements, extraConfectionPrice: 15 })[0][0].subtotal).toBe(2755.41);
  });

  it.each([1, 3])('prices each cover × reinforcement exactly as priceBudgetOption does (quantity %i)', (quantity) => {
    const grid = priceBudgetOptions({ pool: dims, quantity, covers, reinforcements, extraConfectionPrice: 15 });
    expect(grid.map((row) => row.length)).toEqual([2, 2, 2]);
    covers.forEach((cover, i) => reinforcements.forEach((reinforcement, j) => {
      expect(grid[i][j]).toEqual(priceBudgetOption({ pool: dims, quantity, cover, reinforcement, extraConfectionPrice: 15 }));
    }));
  });

  it('gives a cover of another type one option, without reinforcement, and a reinforced type without reinforcements none', () => {
    const [[alone]] = priceBudgetOptions({
      pool: dims,
      covers: [{ coverTypeId: 3, priceM2: 6.9 }],
      reinforcements,
      extraConfectionPrice: null,
    });
    expect(alone).toEqual(priceBudgetOption({ pool: dims, cover: { coverTypeId: 3, priceM2: 6.9 }, extraConfectionPrice: null }));
    expect(priceBudgetOptions({ pool: dims, covers, reinforcements: [], extraConfectionPrice: 15 })).toEqual([[], [], []]);
  });
});

describe('Madrid calendar days for date filters', () => {
  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z', '2026-01-15T22:59:59.999Z'],
    ['2026-07-15', '2026-07-14T22:00:00.000Z', '2026-07-15T21:59:59.999Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z'],
  ])('%s runs from %s to %s', (day, start, end) => {
    const range = madridDay(day);
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual([start, end]);
  });

  it.each([
    ['2026-11-22T22:59:59.999Z', '2026-11-22'],
    ['2026-11-22T23:00:00.000Z', '2026-11-23'], // midnight in Madrid, still the 22nd in UTC
    ['2026-07-15T21:59:59.000Z', '2026-07-15'],
    ['2026-07-15T22:00:00.000Z', '2026-07-16'],
  ])('"today" at %s is %s in Madrid', (instant, day) => {
    expect(madridToday(Date.parse(instant))).toBe(day);
  });
});
