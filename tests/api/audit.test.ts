/**
 * Every create, update and delete leaves one read-only audit row: who, when, resource, id, before/after (docs/api.md,
 * docs/business-rules.md).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { startTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, jsonData, multipart, png, tokenOf, uniq } from './helpers';

let t: TestApp;
let admin: string;
let adminId: number;
let cliente: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  adminId = expectOk(await t.call('GET', '/api/auth/info', { token: admin })).user.id;
  cliente = await t.login('cliente');
});
afterAll(async () => { await t?.close(); });

type Row = Record<string, any>;

/** The audit rows of one record, oldest first. */
async function auditsOf(resource: string, recordId: number | string): Promise<Row[]> {
  const page = expectOk(
    await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource, record_id: String(recordId) })}`, { token: admin }),
  );
  // Text filters match by substring: keep the exact resource and record.
  return page.items.filter((a: Row) => a.resource === resource && a.record_id === String(recordId)).reverse();
}

describe('audit rows', () => {
  it('records create, update and delete of a tax with before, after, user and time', async () => {
    const started = Date.now() - 60_000;
    const created = expectOk(
      await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: `Auditada ${uniq()}`, tax_percentage: 4 }) }),
      20001,
    );
    expectOk(await t.call('POST', '/api/tax/update', { token: admin, body: jsonData({ id: created.id, tax_percentage: 5.5 }) }), 20001);
    expectOk(await t.call('POST', '/api/tax/delete', { token: admin, body: { id: created.id } }), 20001);

    const rows = await auditsOf('tax', created.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const row of rows) {
      expect(row.user_id).toBe(adminId);
      expect(Date.parse(row.created_at)).toBeGreaterThan(started);
    }
    const [create, update, remove] = rows;
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ id: created.id, name: created.name, tax_percentage: '4.00' });
    expect(update.before).toMatchObject({ tax_percentage: '4.00' });
    expect(update.after).toMatchObject({ tax_percentage: '5.50', name: created.name });
    expect(remove.before).toMatchObject({ id: created.id, tax_percentage: '5.50' });
    expect(remove.after).toBeNull();
  });

  it('records every resource written through the API, multipart included', async () => {
    const fare = expectOk(
      await t.call('POST', '/api/clientFare/create', { token: admin, body: jsonData({ name: `Auditada ${uniq()}` }) }),
      20001,
    );
    const country = expectOk(await t.call('POST', '/api/countryTax/create', { token: admin, body: jsonData({ code: 'DE' }) }), 20001);
    const company = expectOk(
      await t.call('POST', '/api/invoicingCompany/create', {
        token: admin,
        ...multipart({ data: JSON.stringify({ name: `Auditada ${uniq()}`, code: 'AUD' }) }, { image: { filename: 'l.png', data: png() } }),
      }),
      20001,
    );
    const settings = expectOk(
      await t.call('POST', '/api/appSetting/update', { token: admin, body: { data: { id: 1, platform_scope_id: 2 } } }),
      20001,
    );
    for (const [resource, id, action] of [
      ['clientFare', fare.id, 'create'],
      ['countryTax', country.id, 'create'],
      ['invoicingCompany', company.id, 'create'],
      ['appSetting', settings.id, 'update'],
    ] as const) {
      const rows = await auditsOf(resource, id);
      expect(
        rows.map((r) => r.action),
        resource,
      ).toEqual([action]);
    }
    const [countryRow] = await auditsOf('countryTax', country.id);
    expect(countryRow.after).toMatchObject({ code: 'DE', country: 'Alemania' });
  });

  it('keeps secrets out: no password hash for users, no file secret for settings', async () => {
    const user = await createUser(t, admin);
    expectOk(
      await t.call('POST', '/api/user/update', {
        token: admin,
        body: jsonData({ id: user.id, password: 'cambiada123', password_confirm: 'cambiada123' }),
      }),
      20001,
    );
    expectOk(await t.call('POST', '/api/user/delete', { token: admin, body: { id: user.id } }), 20001);
    const rows = await auditsOf('user', user.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|\$argon2/);
    expect(rows[0].after).toMatchObject({ username: user.username, email: user.email });

    const settingsRows = await auditsOf('appSetting', 1);
    expect(settingsRows.length).toBeGreaterThan(0);
    expect(JSON.stringify(settingsRows)).not.toMatch(/secret/);
  });

  it('names the client member who changed its own profile', async () => {
    const user = await createUser(t, admin);
    const token = await tokenOf(t, user.username, user.password);
    expectOk(await t.call('POST', '/api/user/updateProfile', { token, body: jsonData({ id: user.id, first_name: 'Yo Mismo' }) }), 20001);
    const rows = await auditsOf('user', user.id);
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([['create', adminId], ['update', user.id]]);
    expect(rows[1].before.first_name).toBe('Prueba');
    expect(rows[1].after.first_name).toBe('Yo Mismo');
  });

  it('writes nothing for a refused change', async () => {
    const before = expectOk(await t.call('GET', '/api/audit/page/1', { token: admin })).total;
    await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: '', tax_percentage: 500 }) });
    await t.call('POST', '/api/tax/delete', { token: admin, body: { id: 1 } }); // in use
    await t.call('POST', '/api/tax/update', { token: cliente, body: jsonData({ id: 1, tax_percentage: 0 }) }); // forbidden
    await t.call('POST', '/api/countryTax/create', { token: admin, body: jsonData({ code: 'ES' }) }); // duplicate
    expect(expectOk(await t.call('GET', '/api/audit/page/1', { token: admin })).total).toBe(before);
  });

  it('lists newest first and filters by action, user and date', async () => {
    const all = expectOk(await t.call('GET', '/api/audit/page/1', { token: admin }));
    const ids = all.items.map((r: Row) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deletes = expectOk(await t.call('GET', `/api/audit/page/1?${filterQuery({ action: 'delete' })}`, { token: admin }));
    expect(deletes.total).toBeGreaterThan(0);
    expect(deletes.items.every((r: Row) => r.action === 'delete')).toBe(true);
    const mine = expectOk(await t.call('GET', `/api/audit/page/1?${filterQuery({ user_id: adminId })}`, { token: admin }));
    expect(mine.items.every((r: Row) => r.user_id === adminId)).toBe(true);
    const future = expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ created_at_gte: new Date(Date.now() + 3_600_000).toISOString() })}`, {
        token: admin,
      }),
    );
    expect(future.total).toBe(0);
    const one = expectOk(await t.call('GET', `/api/audit/data/${ids[0]}`, { token: admin }));
    expect(one).toEqual(all.items[0]);
  });
});

describe('filtering by resource', () => {
  it('is exact: "order" is not "orderItem" nor "orderCalculus"', async () => {
    // A cart line writes an order and an order line.
    expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 1, item_property_value_id: 1, quantity: 1 } }),
      20001,
    );
    const page = expectOk(await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'order' })}`, { token: admin }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(new Set(page.items.map((a: Row) => a.resource))).toEqual(new Set(['order']));
    const lines = expectOk(
      await t.call('GET', `/api/audit/page/1?per_page=100&${filterQuery({ resource: 'orderItem' })}`, { token: admin }),
    );
    expect(new Set(lines.items.map((a: Row) => a.resource))).toEqual(new Set(['orderItem']));
  });
});

describe('audit is read-only', () => {
  it('refuses create, update and delete to everyone, admins included (403)', async () => {
    const [some] = expectOk(await t.call('GET', '/api/audit/page/1', { token: admin })).items;
    for (const token of [admin, cliente]) {
      expectError(
        await t.call('POST', '/api/audit/create', { token, body: jsonData({ resource: 'tax', record_id: '1', action: 'create' }) }),
        403,
        Code.error,
        Msg.forbidden,
      );
      expectError(
        await t.call('POST', '/api/audit/update', { token, body: jsonData({ id: some.id, action: 'delete' }) }),
        403,
        Code.error,
        Msg.forbidden,
      );
      expectError(await t.call('POST', '/api/audit/delete', { token, body: { id: some.id } }), 403, Code.error, Msg.forbidden);
    }
    expect(expectOk(await t.call('GET', `/api/audit/data/${some.id}`, { token: admin }))).toEqual(some);
  });

  it('is not readable by a client member', async () => {
    for (const url of ['/api/audit/all', '/api/audit/page/1', '/api/audit/dropdown', '/api/audit/data/1', '/api/audit/dropdownById/1']) {
      expectError(await t.call('GET', url, { token: cliente }), 403, Code.error, Msg.forbidden);
    }
  });
});

describe('the audits page at years of rows', () => {
  it('finds one record by its exact id (7 is not 17), newest first, ties by the newest id', async () => {
    const record = `${9_000_000 + Math.floor(Math.random() * 999_999)}`;
    await t.ctx.db.execute(sql`insert into audits (user_id, resource, record_id, action, created_at) values
      (${adminId}, 'task', ${record}, 'create', '2024-05-01T10:00:00Z'),
      (${adminId}, 'task', ${`1${record}`}, 'create', '2024-05-01T10:00:00Z'),
      (${adminId}, 'task', ${record}, 'update', '2024-05-02T10:00:00Z'),
      (${adminId}, 'task', ${record}, 'delete', '2024-05-02T10:00:00Z')`);
    const page = expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ resource: 'task', record_id: record })}`, { token: admin }),
    );
    expect(page.items.map((a: Row) => [a.record_id, a.action])).toEqual([[record, 'delete'], [record, 'update'], [record, 'create']]);
    expect(page.total).toBe(3);
  });
});
