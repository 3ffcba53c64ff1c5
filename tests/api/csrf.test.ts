/**
 * Cross-site request forgery (issue 15): no GET changes data, and a change authenticated by the
 * session cookie alone is refused when a page of another site made it (Sec-Fetch-Site, else Origin).
 * The app's own calls carry the X-Token header, which another site cannot send.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { EVENT_STREAMS, expectError, expectOk, streamHead } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

/** Tables a read may touch by design: the session's last use, failed logins. */
const BOOKKEEPING = new Set(['sessions', 'login_failures']);

/** A fingerprint of every row of every table (but the bookkeeping ones). */
async function everyRow(): Promise<Record<string, string>> {
  const tables = (await t.ctx.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name) || name.startsWith('__drizzle')) continue;
    const result = (await t.ctx.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`),
    )) as unknown as { rows: Array<{ digest: string }> };
    out[name] = result.rows[0].digest;
  }
  return out;
}

const cookie = (token: string) => ({ cookie: `X-Token=${encodeURIComponent(token)}` });
const createTax = (headers: Record<string, string>, name: string) =>
  t.call('POST', '/api/tax/create', { headers, body: { data: JSON.stringify({ name, tax_percentage: 4 }) } });

describe('no GET changes data', () => {
  it('every GET route, called by an admin with its parameters, leaves every table as it was', async () => {
    const before = await everyRow();
    const gets = t.app.accessTable.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(80);
    for (const route of gets) {
      const url = route.url.replace(/\/:[A-Za-z_]+\?/g, '').replace(/:[A-Za-z_]+/g, '1').replace('/*', '/1');
      await (EVENT_STREAMS.has(url) ? streamHead(t, url, admin) : t.call('GET', url, { token: admin }));
    }
    expect(await everyRow()).toEqual(before);
  });

  it('what used to change data through a GET is a POST now', async () => {
    for (const url of [
      '/api/budget/rehacerPresupuesto/1',
      '/api/item/generateMissingItemPropertyValuesForItem/1',
      '/api/item/setAllItemPropertyOptionValuesFromItem/1/false',
      '/api/user/deleteUserImage/1',
    ]) {
      expectError(await t.call('GET', url, { token: admin }), 404, Code.error);
    }
  });
});

describe('changes made with the session cookie alone', () => {
  it('are refused when another site\'s page makes them (Sec-Fetch-Site or Origin)', async () => {
    expectError(await createTax({ ...cookie(admin), 'sec-fetch-site': 'cross-site' }, 'IVA ajeno 1'), 403, Code.error, Msg.crossSite);
    expectError(await createTax({ ...cookie(admin), 'sec-fetch-site': 'same-site' }, 'IVA ajeno 2'), 403, Code.error, Msg.crossSite);
    expectError(
      await createTax({ ...cookie(admin), origin: 'https://tienda-ajena.example' }, 'IVA ajeno 3'),
      403,
      Code.error,
      Msg.crossSite,
    );
    expectError(await createTax({ ...cookie(admin), origin: 'null' }, 'IVA ajeno 4'), 403, Code.error, Msg.crossSite);
    const taxes = expectOk(await t.call('GET', '/api/tax/all', { token: admin })) as Array<{ name: string }>;
    expect(taxes.filter((tax) => tax.name.startsWith('IVA ajeno'))).toEqual([]);
  });

  it('pass from our own pages, and reads pass from anywhere', async () => {
    expectOk(await createTax({ ...cookie(admin), 'sec-fetch-site': 'same-origin' }, 'IVA propio 1'), 20001);
    expectOk(await createTax({ ...cookie(admin), origin: 'http://localhost:80', host: 'localhost:80' }, 'IVA propio 2'), 20001);
    expectOk(await t.call('GET', '/api/tax/all', { headers: { ...cookie(admin), 'sec-fetch-site': 'cross-site' } }));
  });

  it('the X-Token header is not the cookie: a call carrying it is the app\'s own', async () => {
    expectOk(await createTax({ 'x-token': admin, 'origin': 'https://otra-app.example' }, 'IVA cabecera'), 20001);
  });
});
