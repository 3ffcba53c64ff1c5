/** Client endpoints of docs/api.md (issue 3): paged with filters, with its tax, dropdowns; client scope. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

describe('clients', () => {
  it('pages clients with a text or field filter', async () => {
    const byText = expectOk(
      await t.call('POST', '/api/client/getClientsPaginatedWithFilters', { token: admin, body: { page: 1, filter: 'sevilla' } }),
    );
    expect(byText.items.map((c: { name: string }) => c.name)).toEqual(['Jardines del Sur']);
    const byProvince = expectOk(
      await t.call('POST', '/api/client/getClientsPaginatedWithFilters', {
        token: admin,
        body: { page: 1, filters: { province: 'Girona' } },
      }),
    );
    expect(byProvince.total).toBe(1);
  });

  it('gives a client with its tax percentage; a member only its own', async () => {
    const own = expectOk(await t.call('GET', '/api/client/getClientDataWithTax/1', { token: cliente }));
    expect(own).toMatchObject({ id: 1, tax: { tax_percentage: 21 } });
    const other = expectOk(await t.call('GET', '/api/client/getClientDataWithTax/3', { token: admin }));
    expect(other.tax).toMatchObject({ name: 'IVA 10 %', tax_percentage: 10 });
    expectError(await t.call('GET', '/api/client/getClientDataWithTax/3', { token: cliente }), 404, Code.error);
  });

  it('makes a dropdown of the given clients, within the member\'s scope', async () => {
    expect(
      expectOk(await t.call('POST', '/api/client/getDropdownByOrders', { token: admin, body: { clients_ids: [3, 1] } }))
        .map((o: { value: number }) => o.value)
        .sort(),
    ).toEqual([1, 3]);
    expect(
      expectOk(await t.call('POST', '/api/client/getDropdownByOrders', { token: cliente, body: { clients_ids: [3, 1] } })).map(
        (o: { value: number }) => o.value,
      ),
    ).toEqual([1]);
    expectError(await t.call('POST', '/api/client/getDropdownByOrders', { token: admin, body: { clients_ids: 'x' } }), 400, Code.error);
  });

  it('answers getById and getDropdown', async () => {
    expect(expectOk(await t.call('GET', '/api/client/getById/2', { token: admin })).name).toBe('Jardines del Sur');
    expect(expectOk(await t.call('GET', '/api/client/getDropdown', { token: cliente }))).toEqual([
      { label: 'Piscinas Agua Azul', value: 1, extra: '12345678' },
    ]);
  });

  it('lists cover types by season without a session, refusing an unknown season', async () => {
    expect(expectOk(await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/2')).map((x: { id: number }) => x.id)).toEqual([
      1, 2,
    ]);
    expect((await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/7')).body.error).toEqual({
      season: 'Seleccione la temporada',
    });
  });
});
