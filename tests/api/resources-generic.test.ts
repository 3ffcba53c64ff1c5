/**
 * The generic endpoints of docs/api.md, the same for every schema resource: all, page, dropdown,
 * filteredDropdown, dropdownById, data, create, update (JSON and multipart) and delete.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { countryName } from '../../src/shared/countries';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, filterQuery, jsonData, multipart, uniq } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

type Row = Record<string, any>;

interface Case {
  name: string;
  /** Valid data for a new record. */
  make(): Row;
  /** A change to apply on update. */
  change(row: Row): Row;
  /** What the dropdown option of a row looks like. */
  option(row: Row): Row;
  /** A text that finds the row through filteredDropdown and `q`. */
  search(row: Row): string;
}

// Country codes not in the seed (ES, PT, FR), one per record made here.
const freeCountries = [
  'DE',
  'IT',
  'NL',
  'BE',
  'AT',
  'IE',
  'PL',
  'SE',
  'DK',
  'FI',
  'GR',
  'CZ',
  'HU',
  'RO',
  'BG',
  'HR',
  'SI',
  'SK',
  'LT',
  'LV',
  'EE',
  'LU',
  'MT',
  'CY',
];

const cases: Case[] = [
  {
    name: 'tax',
    make: () => ({ name: `Tasa ${uniq()}`, tax_percentage: 7.5 }),
    change: () => ({ name: `Tasa cambiada ${uniq()}`, tax_percentage: 12.25 }),
    option: (row) => ({ label: row.name, value: row.id, extra: row.tax_percentage }),
    search: (row) => row.name,
  },
  {
    name: 'countryTax',
    make: () => ({ code: freeCountries.shift()! }),
    change: () => ({ code: freeCountries.shift()! }),
    option: (row) => ({ label: row.country, value: row.id, extra: row.code }),
    search: (row) => row.country,
  },
  {
    name: 'clientFare',
    make: () => ({ name: `Tarifa ${uniq()}` }),
    change: () => ({ name: `Tarifa cambiada ${uniq()}` }),
    option: (row) => ({ label: row.name, value: row.id }),
    search: (row) => row.name,
  },
  {
    name: 'invoicingCompany',
    make: () => ({ name: `Empresa ${uniq()} S.L.`, code: `E${uniq()}`.slice(0, 10) }),
    change: () => ({ name: `Empresa cambiada ${uniq()} S.A.`, code: 'NUEVO' }),
    option: (row) => ({ label: row.name, value: row.id, extra: row.code }),
    search: (row) => row.name,
  },
  {
    name: 'user',
    make: () => {
      const username = `g${uniq()}`;
      return {
        username, first_name: 'Genérico', last_name: 'De Prueba', email: `${username}@ejemplo.es`, phone: '611222333',
        roles: 1, password: 'genérica123', password_confirm: 'genérica123',
      };
    },
    change: () => ({ first_name: `Cambiado${uniq()}`, phone: '699888777' }),
    option: (row) => ({ label: row.username, value: row.id, extra: row.email }),
    search: (row) => row.username,
  },
];

/** The stored shape of what was sent: the record answered carries at least these values. */
function expected(name: string, sent: Row): Row {
  const { password: _p, password_confirm: _c, ...rest } = sent;
  // The country's Spanish name is derived from the code.
  if (name === 'countryTax') return { ...rest, country: countryName(sent.code) };
  return rest;
}

describe.each(cases)('generic endpoints of $name', (c) => {
  const base = `/api/${c.name}`;
  const create = (data: Row) => t.call('POST', `${base}/create`, { token: admin, body: jsonData(data) });

  it('creates with JSON { data: "<json string>" } and reads it back with data/:id', async () => {
    const sent = c.make();
    const res = await create(sent);
    const row = expectOk(res, 20001);
    expect(res.body.message).toBe(Msg.saved);
    expect(typeof row.id).toBe('number');
    expect(row).toMatchObject(expected(c.name, sent));
    expect(expectOk(await t.call('GET', `${base}/data/${row.id}`, { token: admin }))).toEqual(row);
  });

  it('creates and updates with multipart (a `data` field holding the JSON)', async () => {
    const sent = c.make();
    const form = multipart({ data: JSON.stringify(sent) });
    const row = expectOk(await t.call('POST', `${base}/create`, { token: admin, ...form }), 20001);
    expect(row).toMatchObject(expected(c.name, sent));

    const change = c.change(row);
    const update = multipart({ data: JSON.stringify({ id: row.id, ...change }) });
    const updated = expectOk(await t.call('POST', `${base}/update`, { token: admin, ...update }), 20001);
    expect(updated).toMatchObject({ id: row.id, ...expected(c.name, change) });
    expect(expectOk(await t.call('GET', `${base}/data/${row.id}`, { token: admin }))).toMatchObject(expected(c.name, change));
  });

  it('updates with JSON: a partial body changes only what it sends', async () => {
    const row = expectOk(await create(c.make()), 20001);
    const change = c.change(row);
    const res = await t.call('POST', `${base}/update`, { token: admin, body: jsonData({ id: row.id, ...change }) });
    const updated = expectOk(res, 20001);
    expect(res.body.message).toBe(Msg.saved);
    const { updated_at: _u1, ...untouched } = row;
    const { updated_at: _u2, ...after } = updated;
    expect(after).toEqual({ ...untouched, ...expected(c.name, change) });
    // `data` may also be a plain object.
    const again = c.change(row);
    expect(expectOk(await t.call('POST', `${base}/update`, { token: admin, body: { data: { id: row.id, ...again } } }), 20001))
      .toMatchObject(expected(c.name, again));
  });

  it('lists with all and page, the same records', async () => {
    const row = expectOk(await create(c.make()), 20001);
    const all = expectOk(await t.call('GET', `${base}/all`, { token: admin }));
    expect(Array.isArray(all)).toBe(true);
    expect(all).toContainEqual(row);
    const page = expectOk(await t.call('GET', `${base}/page/1?per_page=100`, { token: admin }));
    expect(Object.keys(page).sort()).toEqual(['has_next_page', 'items', 'page', 'per_page', 'total']);
    expect(page.total).toBe(all.length);
    expect(page.items.map((r: Row) => r.id).sort()).toEqual(all.map((r: Row) => r.id).sort());
  });

  it('answers dropdown options { label, value, extra }', async () => {
    const row = expectOk(await create(c.make()), 20001);
    const options = expectOk(await t.call('GET', `${base}/dropdown`, { token: admin }));
    expect(options).toContainEqual(c.option(row));
    for (const option of options) {
      expect(Object.keys(option).filter((k) => !['label', 'value', 'extra'].includes(k))).toEqual([]);
      expect(typeof option.label).toBe('string');
      expect(typeof option.value).toBe('number');
    }
  });

  it('answers filteredDropdown { query } with the matching options only', async () => {
    const row = expectOk(await create(c.make()), 20001);
    const term = c.search(row);
    const found = expectOk(await t.call('POST', `${base}/filteredDropdown`, { token: admin, body: { query: term } }));
    expect(found).toEqual([c.option(row)]);
    if (/^[\x20-\x7e]+$/.test(term)) {
      const upper = expectOk(await t.call('POST', `${base}/filteredDropdown`, { token: admin, body: { query: term.toUpperCase() } }));
      expect(upper).toContainEqual(c.option(row));
    }
    expect(expectOk(await t.call('POST', `${base}/filteredDropdown`, { token: admin, body: { query: 'zzz-no-existe-zzz' } }))).toEqual([]);
    // LIKE wildcards are searched literally (no title holds an underscore).
    expect(expectOk(await t.call('POST', `${base}/filteredDropdown`, { token: admin, body: { query: '_' } }))).toEqual([]);
  });

  it('answers dropdownById/:id with one option, 404 when missing', async () => {
    const row = expectOk(await create(c.make()), 20001);
    expect(expectOk(await t.call('GET', `${base}/dropdownById/${row.id}`, { token: admin }))).toEqual(c.option(row));
    expectError(await t.call('GET', `${base}/dropdownById/987654`, { token: admin }), 404, Code.error, Msg.notFound);
  });

  it('answers data/:id of a missing record with 404 40001', async () => {
    const res = await t.call('GET', `${base}/data/987654`, { token: admin });
    expectError(res, 404, Code.error, Msg.notFound);
    expect(res.body.message).toBe('El registro no existe');
  });

  it('deletes with { id }; the record is then gone (404) and a second delete is a 404', async () => {
    const row = expectOk(await create(c.make()), 20001);
    const res = await t.call('POST', `${base}/delete`, { token: admin, body: { id: row.id } });
    expect(expectOk(res, 20001)).toEqual({ id: row.id });
    expect(res.body.message).toBe(Msg.deleted);
    expectError(await t.call('GET', `${base}/data/${row.id}`, { token: admin }), 404, Code.error, Msg.notFound);
    expectError(await t.call('POST', `${base}/delete`, { token: admin, body: { id: row.id } }), 404, Code.error, Msg.notFound);
    expect(expectOk(await t.call('GET', `${base}/all`, { token: admin })).map((r: Row) => r.id)).not.toContain(row.id);
  });

  it('answers update and delete of a missing record with 404, of an unspecified one with 40001', async () => {
    expectError(
      await t.call('POST', `${base}/update`, { token: admin, body: jsonData({ id: 987654, ...c.make() }) }),
      404,
      Code.error,
      Msg.notFound,
    );
    expectError(await t.call('POST', `${base}/update`, { token: admin, body: jsonData(c.make()) }), 400, Code.error, Msg.idInvalid, {
      id: Msg.idInvalid,
    });
    expectError(await t.call('POST', `${base}/delete`, { token: admin, body: { id: 987654 } }), 404, Code.error, Msg.notFound);
    expectError(await t.call('POST', `${base}/delete`, { token: admin, body: {} }), 400, Code.error, Msg.idInvalid, { id: Msg.idInvalid });
  });

  it('refuses an invalid create with 40001 and field messages, writing nothing', async () => {
    const before = expectOk(await t.call('GET', `${base}/page/1`, { token: admin })).total;
    const res = await create({});
    expectError(res, 400, Code.error);
    expect(Object.keys(res.body.error).length).toBeGreaterThan(0);
    expect(res.body.message).toBe(Object.values(res.body.error)[0]);
    expect(expectOk(await t.call('GET', `${base}/page/1`, { token: admin })).total).toBe(before);
  });
});

describe('page: per_page, sort, order and filter', () => {
  let names: string[];
  beforeAll(async () => {
    // Six taxes of their own, found by a common word.
    const tag = `Serie${uniq()}`;
    names = [];
    for (const [i, pct] of [3, 50, 0, 100, 21, 7.25].entries()) {
      const name = `${tag} ${String.fromCharCode(70 - i)}`; // F, E, D, C, B, A
      names.push(name);
      expectOk(await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name, tax_percentage: pct }) }), 20001);
    }
  });
  const tag = () => names[0].split(' ')[0];
  const page = async (query: string) => expectOk(await t.call('GET', `/api/tax/page/1?${query}`, { token: admin }));

  it('defaults to 20 per page, caps per_page at 100 and refuses one below 1', async () => {
    expect((await page('')).per_page).toBe(20);
    expect((await page('per_page=1000')).per_page).toBe(100);
    expectError(await t.call('GET', '/api/tax/page/1?per_page=0', { token: admin }), 400, Code.error, Msg.countInvalid, {
      per_page: Msg.countInvalid,
    });
    expect((await page('per_page=2')).items).toHaveLength(2);
  });

  it('pages without overlap and counts the total', async () => {
    const filter = filterQuery({ q: tag() });
    const one = expectOk(await t.call('GET', `/api/tax/page/1?per_page=4&${filter}`, { token: admin }));
    const two = expectOk(await t.call('GET', `/api/tax/page/2?per_page=4&${filter}`, { token: admin }));
    const three = expectOk(await t.call('GET', `/api/tax/page/3?per_page=4&${filter}`, { token: admin }));
    expect([one.total, two.total, three.total]).toEqual([6, 6, 6]);
    expect([one.page, two.page, three.page]).toEqual([1, 2, 3]);
    expect(one.items).toHaveLength(4);
    expect(two.items).toHaveLength(2);
    expect(three.items).toEqual([]);
    const ids = [...one.items, ...two.items].map((r: Row) => r.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('sorts by a field in either order, and by the default sort otherwise', async () => {
    const filter = filterQuery({ q: tag() });
    const desc = await page(`sort=tax_percentage&order=DESC&${filter}`);
    expect(desc.items.map((r: Row) => r.tax_percentage)).toEqual([100, 50, 21, 7.25, 3, 0]);
    const asc = await page(`sort=tax_percentage&order=ASC&${filter}`);
    expect(asc.items.map((r: Row) => r.tax_percentage)).toEqual([0, 3, 7.25, 21, 50, 100]);
    const byName = await page(`sort=name&order=desc&${filter}`);
    expect(byName.items.map((r: Row) => r.name)).toEqual([...names].sort().reverse());
    // Unknown sort keys are ignored: the schema's default order (name ascending) applies.
    for (const sort of ['nope', 'password_hash', 'name;drop table taxes', '']) {
      const res = await page(`sort=${encodeURIComponent(sort)}&order=DESC&${filter}`);
      expect(res.items.map((r: Row) => r.name), sort).toEqual([...names].sort());
    }
  });

  it('filters by q (free text, case-insensitive), by field, by range and by list', async () => {
    expect((await page(filterQuery({ q: tag().toLowerCase() }))).total).toBe(6);
    expect((await page(filterQuery({ q: 'IVA' }))).items.map((r: Row) => r.name).sort()).toEqual(['IVA 10 %', 'IVA 21 %']);
    expect((await page(filterQuery({ name: 'exento' }))).items.map((r: Row) => r.name)).toEqual(['Exento 0 %']);
    const ranged = await page(`${filterQuery({ q: tag(), tax_percentage_gte: 7.25, tax_percentage_lte: 50 })}&sort=tax_percentage`);
    expect(ranged.items.map((r: Row) => r.tax_percentage)).toEqual([7.25, 21, 50]);
    const exact = await page(filterQuery({ q: tag(), tax_percentage: '100' }));
    expect(exact.items.map((r: Row) => r.name)).toEqual([names[3]]);
    const listed = await page(filterQuery({ id: [1, 2] }));
    expect(listed.items.map((r: Row) => r.id).sort()).toEqual([1, 2]);
    expect((await page(filterQuery({ id: [] }))).total).toBe(0);
    expect((await page(filterQuery({ q: '' }))).total).toBeGreaterThanOrEqual(9);
  });

  it('ignores unknown filter keys instead of failing', async () => {
    const everything = (await page('')).total;
    for (const filter of [{ nope: 'x' }, { password_hash: 'x' }, { 'name; drop table taxes': 'x' }, { created_at: 'x' }]) {
      const res = await t.call('GET', `/api/tax/page/1?${filterQuery(filter)}`, { token: admin });
      expect(res.status, JSON.stringify(filter)).toBe(200);
      expect(res.body.data.total).toBe(everything);
    }
    // The user list does not filter on hidden columns either.
    const users = expectOk(await t.call('GET', `/api/user/page/1?${filterQuery({ password_hash: 'nada' })}`, { token: admin }));
    expect(users.total).toBeGreaterThanOrEqual(2);
  });

  it('filters `all` the same way', async () => {
    const all = expectOk(await t.call('GET', `/api/tax/all?${filterQuery({ q: tag() })}`, { token: admin }));
    expect(all.map((r: Row) => r.name)).toEqual([...names].sort());
  });

  it('limits filteredDropdown when asked, never above 100', async () => {
    const limited = expectOk(await t.call('POST', '/api/tax/filteredDropdown', { token: admin, body: { query: tag(), limit: 2 } }));
    expect(limited.map((o: Row) => o.label)).toEqual([...names].sort().slice(0, 2));
    const withoutQuery = expectOk(await t.call('POST', '/api/tax/filteredDropdown', { token: admin, body: {} }));
    expect(withoutQuery.length).toBeGreaterThanOrEqual(9);
  });
});
