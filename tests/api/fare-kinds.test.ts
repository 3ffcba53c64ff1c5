/**
 * The fare kinds beyond covers, reinforcements and reels: article variations and confección; applying
 * a percentage to the whole fare in one transaction; and the catalogue priced under a fare
 * (getReinforcementWithCustomPrices, getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, Texts } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { farePricesOf, handWorkedPricesOf } from './handWorkedFarePrices';
import { expectError, expectOk, filterQuery, jsonData, multipart, png, uniq } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const GENERAL = 1; // the fare of cliente's client (Piscinas Agua Azul, 15 €) and of Jardines del Sur (20 €)
const WEB = 2; // the web fare (app setting web_fare_id), of Mantenimientos Costa Brava (18 €)
const KINDS = ['poolCover', 'reinforcementType', 'reelDiameter', 'itemPropertyValue'] as const;

const newFare = async () =>
  expectOk(await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: `Tarifa ${uniq()}` }) }), 20001)
    .id as number;

/** A client of the given fare, through the API. */
const newClient = async (fare: number, extra = 15) =>
  expectOk(
    await t.call('POST', '/api/client/create', {
      token: admin,
      body: jsonData({
        name: `Piscinas ${uniq()}`,
        factusol_CODCLI: '2001',
        nif: '1234567',
        client_fare_id: fare,
        tax_id: 1,
        invoicing_company_id: 1,
        email: 'norte@ejemplo.es',
        phone_number: '944000000',
        web: 'norte.es',
        address: 'Gran Vía 1',
        postal_code: '48001',
        city: 'Bilbao',
        province: 'Bizkaia',
        country: 'España',
        default_ship_price: 25,
        extra_confection_price: extra,
        budget_expiration_days: 30,
      }),
    }),
    20001,
  ) as Row;

const prices = async (fare: number, kind: string): Promise<Row[]> =>
  expectOk(await t.call('GET', `/api/clientFare/getFarePrices/${fare}/${kind}`, { token: admin }));
const apply = (suffix: string, fare: number, percentage: unknown, token = admin) =>
  t.call('POST', `/api/clientFare/changeCustomPriceTo${suffix}`, { token, body: { percentage, client_fare_id: fare } });
const setPrice = (body: Row, token = admin) => t.call('POST', '/api/clientFare/setFarePrice', { token, body });
const setBaseConfection = async (base: number) =>
  expectOk(await t.call('POST', '/api/appSetting/update', { token: admin, body: jsonData({ id: 1, base_confection_price: base }) }), 20001);

async function auditsOf(resource: string, recordId: number | string): Promise<Row[]> {
  const page = expectOk(
    await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource, record_id: String(recordId) })}`, { token: admin }),
  );
  return page.items.filter((a: Row) => a.resource === resource && a.record_id === String(recordId)).reverse();
}

describe('article variations as a fare kind', () => {
  it('lists every variation as "<article> · <options>", by article, with its value as base', async () => {
    const rows = await prices(GENERAL, 'itemPropertyValue');
    const names = rows.map((r) => r.name);
    expect(names).toContain('Tensor de invierno · 1 m · Negro');
    expect(names).toContain('Tensor de invierno · 1,5 m · Blanco');
    expect(names).toContain('Cepillo de fondo'); // an article without properties: its one variation
    const articles = names.map((n) => n.split(' · ')[0]);
    expect(articles).toEqual([...articles].sort((a, b) => a.localeCompare(b, 'es')));
    const tensor = rows.filter((r) => r.name.startsWith('Tensor de invierno'));
    expect(tensor.map((r) => r.id)).toEqual([...tensor.map((r) => r.id)].sort((a, b) => a - b));
    expect(tensor.every((r) => r.base_price === 6.2 && r.custom_price === null && r.fare_available)).toBe(true);
  });

  it('a custom price is the variation\'s custom_value for the fare\'s clients; not available is fare_hidden', async () => {
    const tensor = (await prices(GENERAL, 'itemPropertyValue')).find((r) => r.name === 'Tensor de invierno · 1 m · Negro')!;
    const variations = async () => {
      const list: Row[] = expectOk(
        await t.call('GET', '/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/0/fare/0/page/1', { token: cliente }),
      ).items;
      return list.flatMap((item) => item.item_property_values as Row[]);
    };
    expectOk(await setPrice({ kind: 'itemPropertyValue', client_fare_id: GENERAL, target_id: tensor.id, custom_price: '5.75' }), 20001);
    expect((await variations()).find((v) => v.id === tensor.id)).toMatchObject({ custom_value: 5.75, price: 5.75, fare_hidden: false });

    expectOk(
      await setPrice({
        kind: 'itemPropertyValue',
        client_fare_id: GENERAL,
        target_id: tensor.id,
        custom_price: '5.75',
        fare_available: false,
      }),
      20001,
    );
    expect((await variations()).some((v) => v.id === tensor.id)).toBe(false);
    const audits = await auditsOf('farePrice.itemPropertyValue', `${GENERAL}/${tensor.id}`);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1].after).toMatchObject({ custom_price: '5.75', fare_available: false });

    expectOk(await setPrice({ kind: 'itemPropertyValue', client_fare_id: GENERAL, target_id: tensor.id, custom_price: '' }), 20001);
    expect((await variations()).find((v) => v.id === tensor.id)).toMatchObject({ custom_value: null, price: 6.2 });
  });

  it('changeCustomPriceToArticle prices every variation at value × (1 + p/100)', async () => {
    const fare = await newFare();
    const res = await apply('Article', fare, '-7.5');
    expect(res.body.message).toMatch(/^Precios de la tarifa actualizados \(\d+\)$/);
    const rows = await prices(fare, 'itemPropertyValue');
    expect(expectOk(res, 20001).updated).toBe(rows.length);
    expect(farePricesOf(rows)).toEqual(handWorkedPricesOf(rows, -7.5));
    expect(rows.find((r) => r.name === 'Tensor de invierno · 1 m · Negro')!.custom_price).toBe(5.74); // 6,20 × 0,925 = 5,735 → 5,74
  });
});

describe('confección as a fare kind', () => {
  it('lists the fare\'s clients with the base confección price and their own', async () => {
    await setBaseConfection(15);
    const rows = await prices(GENERAL, 'client');
    expect(rows.map((r) => r.name)).toEqual(['Jardines del Sur', 'Piscinas Agua Azul']);
    expect(rows.map((r) => [r.base_price, r.custom_price])).toEqual([[15, 20], [15, 15]]);
    expect(await prices(await newFare(), 'client')).toEqual([]);
  });

  it.each([
    [10, 15, 17], // 16,50 → 17
    [-10, 15, 14], // 13,50 → 14
    [3.3, 15, 15], // 15,495 → 15 (rounded once: never 15,50 → 16)
    [0.5, 99, 99], // 99,495 → 99
    [0.51, 99, 100], // 99,5049 → 100
    [-99.99, 15, 0],
  ])(
    'changeCustomPriceToClient with %s per cent on a base of %s € gives every client of the fare %s €',
    async (percentage, base, expected) => {
      await setBaseConfection(base);
      const fare = await newFare();
      const [a, b] = [await newClient(fare, 1), await newClient(fare, 2)];
      const other = await newClient(await newFare(), 3);
      expect(expectOk(await apply('Client', fare, percentage), 20001)).toEqual({ updated: 2 });
      const rows = await prices(fare, 'client');
      expect(rows.map((r) => r.custom_price)).toEqual([expected, expected]);
      expect(rows.every((r) => r.base_price === base)).toBe(true);
      expect(expectOk(await t.call('GET', `/api/client/data/${a.id}`, { token: admin })).extra_confection_price).toBe(expected);
      expect(expectOk(await t.call('GET', `/api/client/data/${b.id}`, { token: admin })).extra_confection_price).toBe(expected);
      expect(expectOk(await t.call('GET', `/api/client/data/${other.id}`, { token: admin })).extra_confection_price).toBe(3);
    },
  );

  it('audits each changed client (before/after) and the fare; an unchanged client is not audited again', async () => {
    await setBaseConfection(20);
    const fare = await newFare();
    const client = await newClient(fare, 9);
    expectOk(await apply('Client', fare, 25), 20001);
    let audits = await auditsOf('client', client.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1].before.extra_confection_price).toBe(9);
    expect(audits[1].after.extra_confection_price).toBe(25);
    const fareAudit = (await auditsOf('clientFare', fare)).at(-1)!;
    expect(fareAudit.after).toMatchObject({
      applied_percentage: 25,
      kind: 'client',
      base_confection_price: 20,
      extra_confection_price: 25,
      prices: 1,
      changed: 1,
    });

    expectOk(await apply('Client', fare, 25), 20001);
    audits = await auditsOf('client', client.id);
    expect(audits).toHaveLength(2);
    expect((await auditsOf('clientFare', fare)).at(-1)!.after).toMatchObject({ changed: 0, prices: 1 });
    await setBaseConfection(15);
  });

  it('sets one client\'s confección price (whole euros, audited) and refuses anything else', async () => {
    const fare = await newFare();
    const client = await newClient(fare, 15);
    expect(expectOk(await setPrice({ kind: 'client', client_fare_id: fare, target_id: client.id, custom_price: '22' }), 20001)).toEqual({
      custom_price: 22,
      fare_available: true,
    });
    expect((await prices(fare, 'client'))[0].custom_price).toBe(22);
    const audit = (await auditsOf('client', client.id)).at(-1)!;
    expect([audit.action, audit.before.extra_confection_price, audit.after.extra_confection_price]).toEqual(['update', 15, 22]);

    for (const custom_price of ['12.5', '', null, -1, 'doce', 100_001]) {
      expectError(
        await setPrice({ kind: 'client', client_fare_id: fare, target_id: client.id, custom_price }),
        400,
        Code.error,
        'Introduzca un precio entero',
        { custom_price: 'Introduzca un precio entero' },
      );
    }
    // A client of another fare is not this fare's to price.
    expectError(
      await setPrice({ kind: 'client', client_fare_id: GENERAL, target_id: client.id, custom_price: 1 }),
      404,
      Code.error,
      'El cliente no pertenece a esta tarifa',
    );
    expectError(
      await setPrice({ kind: 'client', client_fare_id: 9999, target_id: client.id, custom_price: 1 }),
      404,
      Code.error,
      'La tarifa no existe',
    );
    expect((await prices(fare, 'client'))[0].custom_price).toBe(22);
  });
});

describe('changeCustomPriceToClientFare: every kind of the fare at once', () => {
  it('applies the percentage to covers, reinforcements, reels, articles and confección, audited per kind', async () => {
    await setBaseConfection(15);
    const fare = await newFare();
    const client = await newClient(fare, 1);
    const res = await apply('ClientFare', fare, 12.5);
    const result = expectOk(res, 20001);
    expect(res.body.message).toBe(`Precios de la tarifa actualizados (${result.updated})`);
    for (const kind of KINDS) {
      const rows = await prices(fare, kind);
      expect(result.by_kind[kind]).toBe(rows.length);
      expect(farePricesOf(rows)).toEqual(handWorkedPricesOf(rows, 12.5));
    }
    expect(result.by_kind.client).toBe(1);
    expect((await prices(fare, 'client'))[0].custom_price).toBe(17); // 16,875 → 17
    expect(expectOk(await t.call('GET', `/api/client/data/${client.id}`, { token: admin })).extra_confection_price).toBe(17);
    const kinds = (await auditsOf('clientFare', fare)).filter((a) => a.after?.applied_percentage === 12.5).map((a) => a.after.kind);
    expect(kinds.sort()).toEqual([...KINDS, 'client'].sort());
  });

  it('changes nothing when the fare does not exist', async () => {
    const before = expectOk(await t.call('GET', '/api/audit/page/1?per_page=1', { token: admin })).total;
    expectError(await apply('ClientFare', 9999, 10), 404, Code.error, 'La tarifa no existe');
    expect(expectOk(await t.call('GET', '/api/audit/page/1?per_page=1', { token: admin })).total).toBe(before);
  });

  it('is one transaction: a failure on confección, the last kind, undoes the prices already written', async () => {
    await setBaseConfection(15);
    const fare = await newFare();
    const client = await newClient(fare, 1);
    // The database refuses this client's confección price, after covers, reels and articles were written.
    await t.ctx.db.execute(sql.raw(`create or replace function refuse_confection() returns trigger language plpgsql as $$
      begin if new.id = ${client.id} then raise exception 'refused'; end if; return new; end $$`));
    await t.ctx.db.execute(
      sql.raw('create trigger refuse_confection before update on clients for each row execute function refuse_confection()'),
    );
    try {
      const res = await apply('ClientFare', fare, 10);
      expect(res.status).toBe(500);
      expect(res.body.code).toBe(Code.error);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger refuse_confection on clients'));
      await t.ctx.db.execute(sql.raw('drop function refuse_confection()'));
    }
    for (const kind of KINDS) expect((await prices(fare, kind)).every((r) => r.custom_price === null)).toBe(true);
    expect((await prices(fare, 'client'))[0].custom_price).toBe(1);
    expect((await auditsOf('clientFare', fare)).map((a) => a.action)).toEqual(['create']);
  });

  it('validates the body like every other kind', async () => {
    expectError(await apply('ClientFare', GENERAL, undefined), 400, Code.error, 'Introduzca el porcentaje', {
      percentage: 'Introduzca el porcentaje',
    });
    expectError(await apply('ClientFare', GENERAL, 1001), 400, Code.error, undefined, {
      percentage: 'Introduzca un porcentaje entre -99,99 y 1000',
    });
    expectError(
      await t.call('POST', '/api/clientFare/changeCustomPriceToClientFare', { token: admin, body: { percentage: 5 } }),
      400,
      Code.error,
      undefined,
      { client_fare_id: 'Seleccione una tarifa' },
    );
  });
});

describe('who may change a fare', () => {
  const suffixes = ['PoolCover', 'Reinforcement', 'ReelDiameter', 'Article', 'Client', 'ClientFare'];

  it('refuses client members (403) and anonymous calls (50008) on every fare endpoint', async () => {
    for (const suffix of suffixes) {
      expectError(await apply(suffix, GENERAL, 5, cliente), 403, Code.error);
      expectError(
        await t.call('POST', `/api/clientFare/changeCustomPriceTo${suffix}`, { body: { percentage: 5, client_fare_id: GENERAL } }),
        401,
        Code.invalidToken,
      );
    }
    for (const kind of ['itemPropertyValue', 'client']) {
      expectError(await t.call('GET', `/api/clientFare/getFarePrices/${GENERAL}/${kind}`, { token: cliente }), 403, Code.error);
      expectError(await setPrice({ kind, client_fare_id: GENERAL, target_id: 1, custom_price: 1 }, cliente), 403, Code.error);
    }
    // Nothing changed for cliente's own client.
    expect((await prices(GENERAL, 'client')).find((r) => r.name === 'Piscinas Agua Azul')!.custom_price).toBe(15);
  });
});

describe('reinforcement types with a fare\'s prices', () => {
  const url = (fare: unknown) => `/api/reinforcementType/getReinforcementWithCustomPrices/${fare}`;

  it('gives base prices for "null" and 0, and the fare\'s own where it has one and it is available', async () => {
    for (const fare of ['null', 0]) {
      const rows: Row[] = expectOk(await t.call('GET', url(fare), { token: admin }));
      expect(rows.map((r) => r.name)).toEqual(['Refuerzo con ollaos', 'Refuerzo doble', 'Refuerzo perimetral']);
      for (const r of rows) expect(r).toMatchObject({ custom_price_m2: null, fare_available: true, price: r.price_m2 });
    }
    const fare = await newFare();
    const double = expectOk(await t.call('GET', url(fare), { token: admin })).find((r: Row) => r.name === 'Refuerzo doble');
    expectOk(await setPrice({ kind: 'reinforcementType', client_fare_id: fare, target_id: double.id, custom_price: '2.15' }), 20001);
    expect(expectOk(await t.call('GET', url(fare), { token: admin })).find((r: Row) => r.id === double.id))
      .toMatchObject({ price_m2: 2.4, custom_price_m2: 2.15, fare_available: true, price: 2.15 });
    expectOk(
      await setPrice({
        kind: 'reinforcementType',
        client_fare_id: fare,
        target_id: double.id,
        custom_price: '2.15',
        fare_available: false,
      }),
      20001,
    );
    expect(expectOk(await t.call('GET', url(fare), { token: admin })).find((r: Row) => r.id === double.id))
      .toMatchObject({ price_m2: 2.4, custom_price_m2: 2.15, fare_available: false, price: 2.4 });
  });

  it('gives a client member its own fare\'s prices whatever it asks for; needs a session', async () => {
    const rows: Row[] = expectOk(await t.call('GET', url('null'), { token: admin }));
    const edge = rows.find((r) => r.name === 'Refuerzo perimetral')!;
    expectOk(await setPrice({ kind: 'reinforcementType', client_fare_id: GENERAL, target_id: edge.id, custom_price: '1.05' }), 20001);
    for (const fare of [WEB, 'null', GENERAL]) {
      expect(expectOk(await t.call('GET', url(fare), { token: cliente })).find((r: Row) => r.id === edge.id)).toMatchObject({
        custom_price_m2: 1.05,
        price: 1.05,
      });
    }
    expect(expectOk(await t.call('GET', url(WEB), { token: admin })).find((r: Row) => r.id === edge.id)).toMatchObject({
      custom_price_m2: null,
      price: 1.2,
    });
    expectError(await t.call('GET', url(GENERAL)), 401, Code.invalidToken, Texts.sessionExpired);
  });

  it('sends images as the generic endpoints do', async () => {
    const created = expectOk(
      await t.call('POST', '/api/reinforcementType/create', {
        token: admin,
        ...multipart(
          { data: JSON.stringify({ name: 'Refuerzo con imagen', reference: 'REF-IMG', price_m2: '3.10', description: 'Con imagen' }) },
          { image: { filename: 'r.png', data: png(8, 8), contentType: 'image/png' } },
        ),
      }),
      20001,
    );
    const row = expectOk(await t.call('GET', url('null'), { token: cliente })).find((r: Row) => r.id === created.id);
    const generic = expectOk(await t.call('GET', `/api/reinforcementType/data/${created.id}`, { token: admin }));
    expect(row).toMatchObject(generic);
    expect(row.image).toMatch(/^\/api\/reinforcementType\/file\//);
    expect((await t.call('GET', row.image)).status).toBe(200);
  });
});

describe('cover types of a season with a fare\'s prices', () => {
  const url = (season: unknown, fare: unknown) =>
    `/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/${season}/${fare}`;
  const anonymous = (path: string, ip = '203.0.113.7') => t.call('GET', path, { headers: { 'x-forwarded-for': ip } });
  const coverOf = (types: Row[], name: string) => types.flatMap((type) => type.pool_covers as Row[]).find((c) => c.name === name);

  it('answers the web fare without a session: the season\'s types by position, each with its visible covers priced', async () => {
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB')).id).toBe(WEB);
    const lona = coverOf(expectOk(await anonymous(url(2, WEB))), 'Lona Opaca 580')!;
    expectOk(await setPrice({ kind: 'poolCover', client_fare_id: WEB, target_id: lona.id, custom_price: '9.10' }), 20001);

    const types: Row[] = expectOk(await anonymous(url(2, WEB)));
    expect(types.map((type) => type.name)).toEqual(['Manta de invierno con refuerzo', 'Cobertor de invierno opaco']);
    expect(types.every((type) => type.season === 2)).toBe(true);
    expect(types[0].pool_covers.map((c: Row) => c.name)).toEqual(['Manta Invierno Básica', 'Manta Invierno Premium']);
    expect(coverOf(types, 'Lona Opaca 580')).toMatchObject({ price_m2: 9.8, custom_price_m2: 9.1, fare_available: true, price: 9.1 });
    expect(coverOf(types, 'Manta Invierno Premium')).toMatchObject({
      price_m2: 14.5,
      custom_price_m2: null,
      fare_available: true,
      price: 14.5,
    });

    const summer: Row[] = expectOk(await anonymous(url(1, WEB)));
    expect(summer.map((type) => type.name)).toEqual(['Cobertor de burbujas', 'Cobertor solar']);
  });

  it('leaves out hidden covers and sends image URLs as the generic endpoints do', async () => {
    const created = expectOk(
      await t.call('POST', '/api/poolCover/create', {
        token: admin,
        ...multipart(
          {
            data: JSON.stringify({
              name: 'Burbuja con imagen',
              description: 'd',
              pool_cover_type_id: 3,
              price_m2: '7.00',
              weight_index: '0.1',
              reference: 'Cobertor',
            }),
          },
          {
            image: { filename: 'i.png', data: png(20, 10), contentType: 'image/png' },
            background_cover_image: { filename: 'b.png', data: png(956, 637), contentType: 'image/png' },
          },
        ),
      }),
      20001,
    );
    const cover = coverOf(expectOk(await anonymous(url(1, WEB))), 'Burbuja con imagen')!;
    const generic = expectOk(await t.call('GET', `/api/poolCover/data/${created.id}`, { token: admin }));
    expect(cover).toMatchObject(generic);
    expect(cover.image).toMatch(/^\/api\/poolCover\/file\//);
    expect((await t.call('GET', cover.background_cover_image)).status).toBe(200);

    expectOk(await t.call('POST', '/api/poolCover/update', { token: admin, body: jsonData({ id: created.id, show_cover: false }) }), 20001);
    expect(coverOf(expectOk(await anonymous(url(1, WEB))), 'Burbuja con imagen')).toBeUndefined();
  });

  it('answers another fare only with a session (50008 without): any fare for admins, a member its own', async () => {
    for (const fare of [GENERAL, 'null', 0, 9999]) expectError(await anonymous(url(2, fare)), 401, Code.invalidToken, Texts.sessionExpired);
    const premium = coverOf(expectOk(await t.call('GET', url(2, 'null'), { token: admin })), 'Manta Invierno Premium')!;
    expect(premium).toMatchObject({ custom_price_m2: null, price: 14.5 });
    expectOk(await setPrice({ kind: 'poolCover', client_fare_id: GENERAL, target_id: premium.id, custom_price: '13.25' }), 20001);
    expect(coverOf(expectOk(await t.call('GET', url(2, GENERAL), { token: admin })), 'Manta Invierno Premium')).toMatchObject({
      custom_price_m2: 13.25,
      price: 13.25,
    });
    expect(coverOf(expectOk(await t.call('GET', url(2, WEB), { token: admin })), 'Manta Invierno Premium')).toMatchObject({
      custom_price_m2: null,
      price: 14.5,
    });
    // cliente asks for the web fare and base prices, and gets its own fare (GENERAL) each time.
    for (const fare of [WEB, 'null']) {
      expect(coverOf(expectOk(await t.call('GET', url(2, fare), { token: cliente })), 'Manta Invierno Premium')).toMatchObject({
        custom_price_m2: 13.25,
        price: 13.25,
      });
    }
  });

  it('refuses a season other than 1 (verano) and 2 (invierno)', async () => {
    for (const season of [0, 3, 'invierno']) {
      expectError(await anonymous(url(season, WEB)), 400, Code.error, 'Seleccione la temporada', { season: 'Seleccione la temporada' });
      expectError(await t.call('GET', url(season, GENERAL), { token: admin }), 400, Code.error, 'Seleccione la temporada');
    }
  });

  it('rate-limits anonymous calls per IP, not signed-in screens', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < 120; i++) expectOk(await anonymous(url(1, WEB), ip));
    expectError(await anonymous(url(1, WEB), ip), 429, Code.warning);
    expectOk(await t.call('GET', url(1, WEB), { token: admin, headers: { 'x-forwarded-for': ip } }));
  });
});
