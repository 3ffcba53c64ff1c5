/** A fare's own prices and "apply fare percentage" (docs/validation.md, docs/api.md Client fare; docs/business-rules.md Fares). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { farePricesOf, handWorkedPricesOf } from './handWorkedFarePrices';
import { expectError, expectOk, filterQuery } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const GENERAL = 1; // cliente's fare
const WEB = 2;
const fareFor = async (fare: number) =>
  expectOk(
    await t.call('POST', '/api/clientFare/create', {
      token: admin,
      body: { data: JSON.stringify({ name: `Tarifa ${fare}-${Date.now()}` }) },
    }),
    20001,
  ).id as number;

describe('apply a percentage to a fare', () => {
  it.each([
    ['PoolCover', 'poolCover'], ['Reinforcement', 'reinforcementType'], ['ReelDiameter', 'reelDiameter'], ['Article', 'itemPropertyValue'],
  ])('changeCustomPriceTo%s sets every price of the kind to base × (1 + p/100), half-up to the cent', async (suffix, kind) => {
    const fare = await fareFor(1);
    const res = await t.call('POST', `/api/clientFare/changeCustomPriceTo${suffix}`, {
      token: admin,
      body: { percentage: 12.5, client_fare_id: fare },
    });
    const { updated } = expectOk(res, 20001);
    const prices: Row[] = expectOk(await t.call('GET', `/api/clientFare/getFarePrices/${fare}/${kind}`, { token: admin }));
    expect(prices.length).toBe(updated);
    expect(updated).toBeGreaterThan(0);
    expect(farePricesOf(prices)).toEqual(handWorkedPricesOf(prices, 12.5));

    // Applying again starts from the base prices, not from the previous result; availability is kept.
    await t.call('POST', '/api/clientFare/setFarePrice', {
      token: admin,
      body: { kind, client_fare_id: fare, target_id: prices[0].id, custom_price: 1, fare_available: false },
    });
    expectOk(
      await t.call('POST', `/api/clientFare/changeCustomPriceTo${suffix}`, {
        token: admin,
        body: { percentage: -10, client_fare_id: fare },
      }),
      20001,
    );
    const again: Row[] = expectOk(await t.call('GET', `/api/clientFare/getFarePrices/${fare}/${kind}`, { token: admin }));
    expect(farePricesOf(again)).toEqual(handWorkedPricesOf(again, -10));
    expect(again[0].fare_available).toBe(false);
  });

  it('is audited', async () => {
    const fare = await fareFor(2);
    expectOk(
      await t.call('POST', '/api/clientFare/changeCustomPriceToPoolCover', { token: admin, body: { percentage: 5, client_fare_id: fare } }),
      20001,
    );
    const audits = expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ resource: 'clientFare', record_id: String(fare) })}`, { token: admin }),
    );
    expect(audits.items.some((a: Row) => a.after?.applied_percentage === 5 && a.after?.kind === 'poolCover')).toBe(true);
  });

  it('requires a percentage and an existing fare; only admins', async () => {
    expect(
      (await t.call('POST', '/api/clientFare/changeCustomPriceToPoolCover', { token: admin, body: { client_fare_id: GENERAL } })).body
        .error,
    ).toEqual({ percentage: 'Introduzca el porcentaje' });
    expect(
      (
        await t.call('POST', '/api/clientFare/changeCustomPriceToPoolCover', {
          token: admin,
          body: { percentage: 'diez', client_fare_id: GENERAL },
        })
      ).body.error,
    ).toEqual({ percentage: 'Introduzca un porcentaje válido' });
    expectError(
      await t.call('POST', '/api/clientFare/changeCustomPriceToPoolCover', { token: admin, body: { percentage: 5, client_fare_id: 9999 } }),
      404,
      Code.error,
      'La tarifa no existe',
    );
    expectError(
      await t.call('POST', '/api/clientFare/changeCustomPriceToPoolCover', {
        token: cliente,
        body: { percentage: 5, client_fare_id: GENERAL },
      }),
      403,
      Code.error,
    );
    expectError(await t.call('GET', `/api/clientFare/getFarePrices/${GENERAL}/poolCover`, { token: cliente }), 403, Code.error);
  });
});

describe('a fare price replaces the base price where it is available', () => {
  it('prices a reel for a client member with its fare\'s own price, and the base price without one', async () => {
    const reel = expectOk(await t.call('GET', '/api/reel/customGetAll', { token: admin })).find(
      (r: Row) => r.name === 'Enrollador telescópico',
    );
    const sub = reel.reels_subcategories[0].id;
    const body = { reel_subcategory_id: sub, diameter: 110, engine: false };
    const base = expectOk(await t.call('POST', '/api/reelDiameter/getReelPrice', { token: cliente, body }));
    expect(base.price).toBe(base.base_price);

    expectOk(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'reelDiameter', client_fare_id: GENERAL, target_id: base.reel_diameter_id, custom_price: '199.90' },
      }),
      20001,
    );
    expect(expectOk(await t.call('POST', '/api/reelDiameter/getReelPrice', { token: cliente, body })).price).toBe(199.9);
    // An admin pricing for another fare gets that fare's price (none here: the base).
    expect(
      expectOk(await t.call('POST', '/api/reelDiameter/getReelPrice', { token: admin, body: { ...body, client_fare_id: WEB } })).price,
    ).toBe(base.base_price);

    await t.call('POST', '/api/clientFare/setFarePrice', {
      token: admin,
      body: {
        kind: 'reelDiameter',
        client_fare_id: GENERAL,
        target_id: base.reel_diameter_id,
        custom_price: '199.90',
        fare_available: false,
      },
    });
    expect(expectOk(await t.call('POST', '/api/reelDiameter/getReelPrice', { token: cliente, body })).price).toBe(base.base_price);

    await t.call('POST', '/api/clientFare/setFarePrice', {
      token: admin,
      body: { kind: 'reelDiameter', client_fare_id: GENERAL, target_id: base.reel_diameter_id, custom_price: '' },
    });
    const prices: Row[] = expectOk(await t.call('GET', `/api/clientFare/getFarePrices/${GENERAL}/reelDiameter`, { token: admin }));
    expect(prices.find((p) => p.id === base.reel_diameter_id)!.custom_price).toBe(null);
  });

  it('refuses a bad price or kind', async () => {
    expect(
      (
        await t.call('POST', '/api/clientFare/setFarePrice', {
          token: admin,
          body: { kind: 'poolCover', client_fare_id: GENERAL, target_id: 1, custom_price: '1,234' },
        })
      ).body.error,
    ).toEqual({ custom_price: 'Introduzca un precio válido (máximo 2 decimales)' });
    expect(
      (
        await t.call('POST', '/api/clientFare/setFarePrice', {
          token: admin,
          body: { kind: 'sofa', client_fare_id: GENERAL, target_id: 1, custom_price: 1 },
        })
      ).body.error,
    ).toEqual({ kind: 'Los datos enviados no son válidos' });
    expectError(
      await t.call('POST', '/api/clientFare/setFarePrice', {
        token: admin,
        body: { kind: 'poolCover', client_fare_id: GENERAL, target_id: 9999, custom_price: 1 },
      }),
      404,
      Code.error,
    );
  });
});
