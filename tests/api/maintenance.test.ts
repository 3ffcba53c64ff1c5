/** Maintenance mode (docs/api.md, docs/business-rules.md; docs/api.md): 90001 / 503 for everyone but admins. */
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, login, multipart } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

const setMaintenance = async (on: boolean) => {
  const res = await t.call('POST', '/api/appSetting/update', { token: admin, body: { data: { id: 1, maintenance_mode: on } } });
  expect(expectOk(res, 20001).maintenance_mode).toBe(on);
};
afterEach(async () => { await setMaintenance(false); });

describe('maintenance mode', () => {
  it('answers client-member requests with 90001 and HTTP 503, and lets admins through', async () => {
    await setMaintenance(true);
    for (const [method, url] of [
      ['GET', '/api/tax/all'],
      ['GET', '/api/client/data/1'],
      ['POST', '/api/tax/getFilteredTaxes'],
      ['GET', '/api/user/profile/2'],
    ] as const) {
      const res = await t.call(method, url, { token: cliente, body: method === 'POST' ? {} : undefined });
      expectError(res, 503, Code.maintenance, Msg.maintenance);
    }
    expectOk(await t.call('GET', '/api/tax/all', { token: admin }));
    expectOk(
      await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: 'Durante mantenimiento', tax_percentage: 1 }) }),
      20001,
    );
    expect(expectOk(await t.call('GET', '/api/appSetting/data/1', { token: admin })).maintenance_mode).toBe(true);
  });

  it('refuses a client-member login with 90001, but an admin logs in', async () => {
    await setMaintenance(true);
    const res = await login(t, 'cliente', 'cliente1234', '198.51.100.90');
    expectError(res, 503, Code.maintenance, Msg.maintenance);
    expect(res.response.headers['set-cookie']).toBeUndefined();
    // A wrong password gets the same answer, whoever's it is: nobody can tell which accounts are admins.
    for (const identity of ['cliente', 'nadie-existe', 'admin']) {
      expectError(await login(t, identity, 'incorrecta', '198.51.100.90'), 503, Code.maintenance, Msg.maintenance);
    }
    const adminLogin = expectOk(await login(t, 'admin', 'admin1234', '198.51.100.90'));
    expectOk(await t.call('GET', '/api/user/all', { token: adminLogin.token }));
  });

  it('answers anonymous calls with 90001 too, and still lets users log out and recover a password', async () => {
    await setMaintenance(true);
    expectError(await t.call('GET', '/api/tax/all'), 503, Code.maintenance, Msg.maintenance);
    // However the path is spelt: the public calculator, through a percent-encoded path.
    const body = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4 };
    expectError(await t.call('POST', '/%61pi/calculator/price', { body }), 503, Code.maintenance, Msg.maintenance);
    expectError(await t.call('POST', '/api/calculator/price', { body }), 503, Code.maintenance, Msg.maintenance);
    const spare = expectOk(await login(t, 'admin', 'admin1234', '198.51.100.91')).token;
    expectOk(await t.call('POST', '/api/auth/logout', { token: spare }));
    const recovery = await t.call('POST', '/api/external/forgotPassword', {
      body: { identity: 'cliente' },
      headers: { 'x-forwarded-for': '198.51.100.91' },
    });
    expect(recovery.body.code).toBe(Code.ok);
  });

  it('accepts the switch as a multipart string and ends without touching sessions', async () => {
    const form = multipart({ data: JSON.stringify({ id: 1, maintenance_mode: 'true' }) });
    expect(expectOk(await t.call('POST', '/api/appSetting/update', { token: admin, ...form }), 20001).maintenance_mode).toBe(true);
    expectError(await t.call('GET', '/api/tax/all', { token: cliente }), 503, Code.maintenance);
    await setMaintenance(false);
    // The client member's session survived maintenance.
    expectOk(await t.call('GET', '/api/tax/all', { token: cliente }));
    expectOk(await login(t, 'cliente', 'cliente1234', '198.51.100.92'));
  });
});
