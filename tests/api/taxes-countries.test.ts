/** Taxes (percentage 0 to 100, in use) and origin VAT countries (code → Spanish name), docs/data.md, docs/validation.md, docs/api.md. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { COUNTRIES } from '../../src/shared/countries';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, uniq } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
const PERCENTAGE = 'El porcentaje debe estar entre 0 y 100';

describe('tax', () => {
  const createTax = (data: Row) => t.call('POST', '/api/tax/create', { token: admin, body: jsonData(data) });

  it('accepts percentages from 0 to 100, with up to 2 decimals, as numbers or strings', async () => {
    for (const [sent, stored] of [
      [0, 0],
      [100, 100],
      ['0', 0],
      ['100', 100],
      [21, 21],
      ['7.5', 7.5],
      ['12,25', 12.25],
      [99.99, 99.99],
    ] as const) {
      const row = expectOk(await createTax({ name: `Tasa ${uniq()}`, tax_percentage: sent }), 20001);
      expect(row.tax_percentage, String(sent)).toBe(stored);
      expect(expectOk(await t.call('GET', `/api/tax/data/${row.id}`, { token: admin })).tax_percentage).toBe(stored);
    }
  });

  it('refuses percentages outside 0..100 or not numbers with the one message', async () => {
    expect(Msg.taxPercentage).toBe(PERCENTAGE);
    for (const bad of [-1, -0.01, 100.01, 101, 'abc', '', null, undefined, '1e2', '10%', 1.234, true, [5]]) {
      const res = await createTax({ name: `Tasa ${uniq()}`, tax_percentage: bad });
      expectError(res, 400, Code.error, PERCENTAGE, { tax_percentage: PERCENTAGE });
    }
  });

  it('requires a name', async () => {
    const res = await createTax({ name: '  ', tax_percentage: 10 });
    expectError(res, 400, Code.error, Msg.taxName, { name: Msg.taxName });
  });

  it('validates updates the same way', async () => {
    const row = expectOk(await createTax({ name: `Tasa ${uniq()}`, tax_percentage: 5 }), 20001);
    expectError(await t.call('POST', '/api/tax/update', { token: admin, body: jsonData({ id: row.id, tax_percentage: 100.5 }) }),
      400, Code.error, PERCENTAGE, { tax_percentage: PERCENTAGE });
    const updated = expectOk(
      await t.call('POST', '/api/tax/update', { token: admin, body: jsonData({ id: row.id, tax_percentage: 100 }) }),
      20001,
    );
    expect(updated).toMatchObject({ id: row.id, name: row.name, tax_percentage: 100 });
  });

  it('refuses to delete a tax used by a client, and keeps it', async () => {
    const res = await t.call('POST', '/api/tax/delete', { token: admin, body: { id: 1 } });
    expectError(res, 400, Code.error, Msg.inUse);
    expect(res.body.message).toBe('No se puede borrar: el registro está en uso');
    expect(expectOk(await t.call('GET', '/api/tax/data/1', { token: admin })).name).toBe('IVA 21 %');
  });

  it('deletes a tax nobody uses', async () => {
    const row = expectOk(await createTax({ name: `Tasa ${uniq()}`, tax_percentage: 3 }), 20001);
    expectOk(await t.call('POST', '/api/tax/delete', { token: admin, body: { id: row.id } }), 20001);
    expectError(await t.call('GET', `/api/tax/data/${row.id}`, { token: admin }), 404, Code.error, Msg.notFound);
  });

  it('answers getFilteredTaxes with a page, filtered by text or by fields', async () => {
    const byText = expectOk(await t.call('POST', '/api/tax/getFilteredTaxes', { token: admin, body: { page: 1, filter: 'iva' } }));
    expect(byText.items.map((r: Row) => r.name)).toEqual(['IVA 10 %', 'IVA 21 %']);
    expect(byText).toMatchObject({ total: 2, page: 1, per_page: 20 });
    const byFilters = expectOk(
      await t.call('POST', '/api/tax/getFilteredTaxes', {
        token: admin,
        body: { page: 1, filters: { tax_percentage: 0, name: 'exento' } },
      }),
    );
    expect(byFilters.items.map((r: Row) => r.name)).toEqual(['Exento 0 %']);
    const paged = expectOk(
      await t.call('POST', '/api/tax/getFilteredTaxes', { token: admin, body: { page: 2, per_page: 1, filters: { q: 'IVA' } } }),
    );
    expect(paged).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(paged.items.map((r: Row) => r.name)).toEqual(['IVA 21 %']);
    const everything = expectOk(await t.call('POST', '/api/tax/getFilteredTaxes', { token: admin, body: {} }));
    expect(everything.total).toBeGreaterThanOrEqual(3);
  });

  it('lets a client member read taxes but not change them', async () => {
    expect(expectOk(await t.call('GET', '/api/tax/all', { token: cliente })).length).toBeGreaterThanOrEqual(3);
    expect(expectOk(await t.call('GET', '/api/tax/data/1', { token: cliente })).tax_percentage).toBe(21);
    expect(expectOk(await t.call('POST', '/api/tax/getFilteredTaxes', { token: cliente, body: { filter: 'IVA' } })).total).toBe(2);
    expectError(
      await t.call('POST', '/api/tax/create', { token: cliente, body: jsonData({ name: 'X', tax_percentage: 1 }) }),
      403,
      Code.error,
      Msg.forbidden,
    );
    expectError(
      await t.call('POST', '/api/tax/update', { token: cliente, body: jsonData({ id: 1, tax_percentage: 1 }) }),
      403,
      Code.error,
      Msg.forbidden,
    );
    expectError(await t.call('POST', '/api/tax/delete', { token: cliente, body: { id: 3 } }), 403, Code.error, Msg.forbidden);
    expect(expectOk(await t.call('GET', '/api/tax/data/1', { token: admin })).tax_percentage).toBe(21);
  });
});

describe('countryTax', () => {
  const createCountry = (data: Row) => t.call('POST', '/api/countryTax/create', { token: admin, body: jsonData(data) });

  it('stores the Spanish name of the chosen code; a sent name is ignored', async () => {
    const row = expectOk(await createCountry({ code: 'DE', country: 'Germany' }), 20001);
    expect(row).toMatchObject({ code: 'DE', country: 'Alemania' });
    expect(expectOk(await t.call('GET', `/api/countryTax/data/${row.id}`, { token: admin }))).toMatchObject({
      code: 'DE',
      country: 'Alemania',
    });
    expect(expectOk(await t.call('GET', `/api/countryTax/dropdownById/${row.id}`, { token: admin }))).toEqual({
      label: 'Alemania',
      value: row.id,
      extra: 'DE',
    });
  });

  it('offers about 250 countries, each a two-letter code and a Spanish name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(COUNTRIES.find((c) => c.value === 'PT')?.label).toBe('Portugal');
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.value))).toBe(true);
  });

  it('refuses a code already given (seeded ES, PT, FR, or one just made)', async () => {
    for (const code of ['ES', 'PT', 'FR']) {
      const res = await createCountry({ code });
      expectError(res, 400, Code.error, Msg.countryTaken, { code: Msg.countryTaken });
    }
    expectOk(await createCountry({ code: 'IT' }), 20001);
    expectError(await createCountry({ code: 'IT' }), 400, Code.error, Msg.countryTaken, { code: Msg.countryTaken });
  });

  it('refuses a code not in the list with "Seleccione un país"', async () => {
    for (const code of ['XX', '', 'de', 'ESP', 'España', null, undefined, 34]) {
      const res = await createCountry({ code });
      expectError(res, 400, Code.error, 'Seleccione un país', { code: Msg.country });
    }
  });

  it('renames on a code change, and refuses a change to a taken code', async () => {
    const row = expectOk(await createCountry({ code: 'NL' }), 20001);
    const updated = expectOk(
      await t.call('POST', '/api/countryTax/update', { token: admin, body: jsonData({ id: row.id, code: 'BE' }) }),
      20001,
    );
    expect(updated).toMatchObject({ id: row.id, code: 'BE', country: 'Bélgica' });
    const taken = await t.call('POST', '/api/countryTax/update', { token: admin, body: jsonData({ id: row.id, code: 'ES' }) });
    expectError(taken, 400, Code.error, Msg.countryTaken, { code: Msg.countryTaken });
    expect(expectOk(await t.call('GET', `/api/countryTax/data/${row.id}`, { token: admin })).code).toBe('BE');
  });

  it('answers getCountriesPaginatedWithFilters {page, filter}', async () => {
    const byName = expectOk(
      await t.call('POST', '/api/countryTax/getCountriesPaginatedWithFilters', { token: admin, body: { page: 1, filter: 'portu' } }),
    );
    expect(byName.items).toEqual([expect.objectContaining({ code: 'PT', country: 'Portugal' })]);
    expect(byName.total).toBe(1);
    const byCode = expectOk(
      await t.call('POST', '/api/countryTax/getCountriesPaginatedWithFilters', { token: admin, body: { page: 1, filter: { code: 'FR' } } }),
    );
    expect(byCode.items.map((r: Row) => r.country)).toEqual(['Francia']);
    const all = expectOk(await t.call('POST', '/api/countryTax/getCountriesPaginatedWithFilters', { token: admin, body: { page: 1 } }));
    const names = all.items.map((r: Row) => r.country);
    expect(names).toEqual(expect.arrayContaining(['España', 'Francia', 'Portugal']));
    expect(names.indexOf('España')).toBeLessThan(names.indexOf('Portugal'));
    const second = expectOk(
      await t.call('POST', '/api/countryTax/getCountriesPaginatedWithFilters', { token: admin, body: { page: 2, per_page: 1 } }),
    );
    expect(second).toMatchObject({ page: 2, per_page: 1, total: all.total });
    expect(second.items).toEqual([all.items[1]]);
  });

  it('is admin-only', async () => {
    expectError(await t.call('GET', '/api/countryTax/all', { token: cliente }), 403, Code.error, Msg.forbidden);
    expectError(
      await t.call('POST', '/api/countryTax/getCountriesPaginatedWithFilters', { token: cliente, body: { page: 1 } }),
      403,
      Code.error,
      Msg.forbidden,
    );
    expectError(
      await t.call('POST', '/api/countryTax/create', { token: cliente, body: jsonData({ code: 'AT' }) }),
      403,
      Code.error,
      Msg.forbidden,
    );
  });
});
