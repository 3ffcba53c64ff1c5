/**
 * Authorization on the server (docs/roles.md, docs/api.md, docs/business-rules.md): admin-only resources refuse client members
 * (403 40001), a client member sees only its own client, and without a session only the public
 * endpoints answer (everything else 50008).
 */
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { Code, Texts } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

type Row = Record<string, any>;
type Method = 'GET' | 'POST';

/** Every generic endpoint of a resource, with a body that would be valid enough to reach the access check. */
const genericEndpoints = (name: string): Array<[Method, string, unknown?]> => [
  ['GET', `/api/${name}/all`],
  ['GET', `/api/${name}/page/1`],
  ['GET', `/api/${name}/dropdown`],
  ['POST', `/api/${name}/filteredDropdown`, { query: 'a' }],
  ['GET', `/api/${name}/dropdownById/1`],
  ['GET', `/api/${name}/data/1`],
  ['POST', `/api/${name}/create`, jsonData({ name: 'x' })],
  ['POST', `/api/${name}/update`, jsonData({ id: 1, name: 'x' })],
  ['POST', `/api/${name}/delete`, { id: 1 }],
];

/** Every route the app serves, read from Fastify's route tree (so new routes are covered automatically). */
function apiRoutes(): Array<{ method: Method; path: string }> {
  const routes: Array<{ method: Method; path: string }> = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (depth ? stack[depth - 1] : '') + match[2];
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === 'GET' || method === 'POST') routes.push({ method, path });
    }
  }
  return routes;
}

const PUBLIC = new Set([
  'POST /api/external/login',
  'POST /api/external/forgotPassword',
  'POST /api/external/changePassword',
  'GET /api/external/checkResetCode/:code',
  'GET /api/clientFare/getTarifaWEB',
  'GET /api/poolCoverType/getPoolCoverTypesBySeason/:season',
  'GET /api/:entity/file/:token/:field/:filename',
  'POST /api/calculator/price',
  'GET /api/order/trackOrder/:code',
  'GET /api/traceability/barCode/:code',
  // A wall screen's board by a revocable link's key (issue 44), nothing else: an unknown key is a 404.
  'GET /api/traceability/kiosk/:key',
  'GET /api/traceability/kiosk/:key/events',
  // The API documentation (plugins/apiDocs/): without a staff session it shows the public routes only.
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /assets/api-docs/search.js',
]);

describe('admin-only resources refuse client members', () => {
  const adminOnly = resourceList.filter((schema) => !schema.access.list.includes('client') && !schema.access.read.includes('client'));

  it('declares the expected admin-only resources', () => {
    expect(adminOnly.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining(['appSetting', 'audit', 'clientFare', 'countryTax', 'invoicingCompany', 'user']),
    );
  });

  it.each(adminOnly.map((s) => s.name))('%s: every generic endpoint answers 403 40001', async (name) => {
    for (const [method, url, body] of genericEndpoints(name)) {
      const res = await t.call(method, url, { token: cliente, body });
      expectError(res, 403, Code.error, Msg.forbidden);
    }
  });

  it('the named admin endpoints answer 403 40001 too', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/user/getAllUsers/page/1'],
      ['POST', '/api/user/getFilteredUsers', { page: 1, filter: '' }],
      ['POST', '/api/countryTax/getCountriesPaginatedWithFilters', { page: 1 }],
      ['POST', '/api/clientFare/getFilteredClientFares', { page: 1 }],
      ['GET', '/api/clientFare/getClientFareWithClients/1'],
    ] as Array<[Method, string, unknown?]>) {
      expectError(await t.call(method, url, { token: cliente, body }), 403, Code.error, Msg.forbidden);
    }
  });

  it('resources a client member may read still refuse it writes', async () => {
    for (const name of ['tax', 'client']) {
      for (const [method, url, body] of genericEndpoints(name).filter(([, url]) => /create|update|delete/.test(url))) {
        expectError(await t.call(method, url, { token: cliente, body }), 403, Code.error, Msg.forbidden);
      }
    }
    // Nothing changed.
    expect(expectOk(await t.call('GET', '/api/client/data/1', { token: admin })).name).toBe('Piscinas Agua Azul');
    expect(expectOk(await t.call('GET', '/api/tax/data/1', { token: admin })).name).toBe('IVA 21 %');
  });

  it('an admin reaches them all', async () => {
    for (const url of [
      '/api/user/all',
      '/api/countryTax/all',
      '/api/invoicingCompany/all',
      '/api/clientFare/all',
      '/api/appSetting/data/1',
      '/api/audit/page/1',
    ]) {
      expectOk(await t.call('GET', url, { token: admin }));
    }
  });
});

describe('client scoping', () => {
  it('lists only the member’s own client', async () => {
    const page = expectOk(await t.call('GET', '/api/client/page/1', { token: cliente }));
    expect(page.total).toBe(1);
    expect(page.items.map((c: Row) => [c.id, c.name])).toEqual([[1, 'Piscinas Agua Azul']]);
    expect(expectOk(await t.call('GET', '/api/client/all', { token: cliente })).map((c: Row) => c.id)).toEqual([1]);
    expect(expectOk(await t.call('GET', '/api/client/dropdown', { token: cliente }))).toEqual([
      { label: 'Piscinas Agua Azul', value: 1, extra: '12345678' },
    ]);
    expect(expectOk(await t.call('POST', '/api/client/filteredDropdown', { token: cliente, body: { query: 'Jardines' } }))).toEqual([]);
    // Filters cannot widen the scope.
    const widened = expectOk(
      await t.call('GET', `/api/client/page/1?filter=${encodeURIComponent(JSON.stringify({ id: [1, 2, 3] }))}`, { token: cliente }),
    );
    expect(widened.items.map((c: Row) => c.id)).toEqual([1]);
    expect(expectOk(await t.call('GET', '/api/client/page/1', { token: admin })).total).toBe(3);
  });

  it('answers 404 for another client’s record, as if it did not exist', async () => {
    expect(expectOk(await t.call('GET', '/api/client/data/1', { token: cliente })).name).toBe('Piscinas Agua Azul');
    for (const url of ['/api/client/data/2', '/api/client/data/3', '/api/client/dropdownById/2']) {
      expectError(await t.call('GET', url, { token: cliente }), 404, Code.error, Msg.notFound);
    }
  });
});

describe('without a session', () => {
  it('every non-public endpoint answers 50008', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const covered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const known of PUBLIC) expect(covered, known).toContain(known);
    for (const resource of resourceList) {
      for (const [method, url] of genericEndpoints(resource.name)) {
        expect(covered, url).toContain(`${method} ${url.replace(/\/1$/, () => (url.includes('/page/') ? '/:page' : '/:id'))}`);
      }
    }

    for (const { method, path } of routes) {
      if (PUBLIC.has(`${method} ${path}`)) continue;
      const url = path.replace(/:page\b/, '1').replace(/:[a-z_]+/gi, '1');
      const res = await t.call(method, url, { body: method === 'POST' ? {} : undefined });
      expect({ route: `${method} ${path}`, status: res.status, code: res.body?.code, message: res.body?.message })
        .toEqual({ route: `${method} ${path}`, status: 401, code: Code.invalidToken, message: Texts.sessionExpired });
    }
  });

  it('the public endpoints answer without one', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.200' };
    expectError(
      await t.call('POST', '/api/external/login', { body: { identity: 'admin', password: 'no' }, headers: ip }),
      401,
      Code.error,
      Msg.loginFailed,
    );
    expect((await t.call('POST', '/api/external/forgotPassword', { body: { identity: 'nadie' }, headers: ip })).body.code).toBe(Code.ok);
    expectError(
      await t.call('POST', '/api/external/changePassword', {
        body: { forgotten_password_code: 'x', password: 'abcdefgh', password_confirm: 'abcdefgh' },
        headers: ip,
      }),
      409,
      Code.warning,
      Msg.resetInvalid,
    );
    expect(expectOk(await t.call('GET', '/api/external/checkResetCode/x', { headers: ip }))).toEqual({ valid: false });
    expect(expectOk(await t.call('GET', '/api/clientFare/getTarifaWEB')).name).toBe('Tarifa WEB');
    expectError(await t.call('GET', '/api/user/file/x/image/y.png'), 404, Code.error);
    expect(expectOk(await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/1')).map((x: { name: string }) => x.name)).toEqual([
      'Cobertor de burbujas',
      'Cobertor solar',
    ]);
  });
});
