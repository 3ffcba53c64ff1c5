/**
 * The API documentation (issue 19 docs/validation.md): `/api/docs/openapi.json` holds every route the app serves for
 * staff and only the public ones for anybody else, and the generic endpoints' bodies are the schemas'.
 * What the document should hold is worked out here from other sources than the plugin that builds it:
 * Fastify's own route tree (printRoutes), the auth plugin's access table and the zod validators.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { resourceList } from '../../schemas';
import type { Operation } from '../../src/shared/resource';
import { recordValidator } from '../../src/shared/recordRules';
import type { Role } from '../../src/shared/roles';
import { publicPriceForm } from '../../src/shared/forms/order';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, EVENT_STREAMS, expectOk, streamHead, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, unknown> };
};

async function documentFor(token?: string): Promise<OpenApi> {
  const res = await t.call('GET', '/api/docs/openapi.json', { token });
  expect(res.status).toBe(200);
  return res.body as OpenApi;
}

/** `METHOD /path/{param}` of every operation in a document. */
const operations = (doc: OpenApi) =>
  new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));

/** A Fastify path in OpenAPI's spelling: `:id` → `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every /api route of the app from Fastify's own route tree (`printRoutes`), HEAD left out (Fastify
 * answers it for every GET by itself). An optional parameter shows there as two paths, with and without it.
 */
function registeredRoutes(): Set<string> {
  const lines = t.app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const found = new Set<string>();
  for (const line of lines) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(\S+)(?: \(([^)]+)\))?$/.exec(line.slice(at + 4).trim());
    if (!match) continue;
    stack.length = depth;
    stack.push(match[1]);
    const path = stack.join('');
    if (!match[2] || !path.startsWith('/api/')) continue;
    for (const method of match[2].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') found.add(`${method} ${openApiPath(path)}`);
    }
  }
  return found;
}

/** The public routes by the auth plugin's table (each route's declared access), as OpenAPI operations. */
function publicRoutes(): Set<string> {
  const found = new Set<string>();
  for (const { method, url, access } of t.app.accessTable) {
    if (access !== 'public') continue;
    const optional = /\/:([A-Za-z0-9_]+)\?/.exec(url);
    const paths = optional ? [url.replace(optional[0], ''), url.replace(optional[0], `/:${optional[1]}`)] : [url];
    for (const path of paths) found.add(`${method} ${openApiPath(path)}`);
  }
  return found;
}

/** The operation of each generic endpoint (routes/resources.ts), whose roles are the resource's. */
const GENERIC_OPERATIONS: Record<string, Operation> = {
  'all': 'list', 'page/{page}': 'list', 'csv': 'list', 'dropdown': 'list', 'filteredDropdown': 'list',
  'dropdownById/{id}': 'read', 'data/{id}': 'read', 'create': 'create', 'update': 'update', 'delete': 'delete',
};

/** Whether `role` may call an operation, by the auth plugin's table and, for a generic endpoint, the resource's access. */
function mayCall(operation: string, role: Role): boolean {
  const [method, path] = operation.split(' ');
  const [, name, ...rest] = /^\/api\/([^/]+)\/(.*)$/.exec(path) ?? [];
  const resource = name ? resourceList.find((r) => r.name === name) : undefined;
  const generic = resource ? GENERIC_OPERATIONS[rest.join('/')] : undefined;
  if (resource && generic) return resource.access[generic].includes(role);
  const entry = t.app.accessTable.find((e) => e.method === method && openApiPath(e.url.replace(/\/:([A-Za-z0-9_]+)\?/, '/:$1')) === path)
    ?? t.app.accessTable.find((e) => e.method === method && openApiPath(e.url.replace(/\/:([A-Za-z0-9_]+)\?/, '')) === path);
  if (!entry) throw new Error(`${operation}: not in the access table`);
  if (entry.access === 'public' || entry.access === 'signedIn') return true;
  return (entry.access === 'user' ? ['admin', 'client'] : entry.access).includes(role);
}

/** A resource's fields a create body writes: validated, not files, not left out of the create form. */
const createFields = (schema: (typeof resourceList)[number]) =>
  schema.fields.filter((f) => f.validate && f.type !== 'image' && f.type !== 'file' && f.create !== false);

describe('the OpenAPI document', () => {
  it('for each role, holds exactly the routes it may call', async () => {
    const registered = registeredRoutes();
    // The route tree really was read: every resource's nine generic endpoints and the named routes.
    expect(registered.size).toBeGreaterThan(resourceList.length * 9 + 100);
    expect(registered).toContain('POST /api/calculator/price');
    expect(registered).toContain('GET /api/budget/getOrderedBudgetsDropdown/{id}');
    for (const [role, token] of [['admin', admin], ['taller', taller], ['client', cliente]] as const) {
      const documented = operations(await documentFor(token));
      const callable = [...registered].filter((op) => mayCall(op, role));
      expect(callable.filter((op) => !documented.has(op)), `${role}: may call but not documented`).toEqual([]);
      expect([...documented].filter((op) => !callable.includes(op)), `${role}: documented but not for it`).toEqual([]);
    }
    // The workshop's document holds no office operation (issue 29 §7): no user, client or fare is written there.
    const workshop = operations(await documentFor(taller));
    for (const op of [
      'POST /api/user/create',
      'POST /api/client/update',
      'POST /api/clientFare/setFarePrice',
      'GET /api/audit/page/{page}',
    ])
      expect(workshop.has(op), op).toBe(false);
    for (const op of ['POST /api/timeRecords/checkIn', 'POST /api/traceability/markNextStep']) expect(workshop.has(op), op).toBe(true);
  });

  it("lints clean with Redocly's recommended rules: no error, no warning, for every audience", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    for (const [audience, token] of [['sin sesión', undefined], ['admin', admin], ['taller', taller], ['cliente', cliente]] as const) {
      const problems = await lintFromString({ source: JSON.stringify(await documentFor(token)), absoluteRef: 'openapi.json', config });
      const said = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      expect(said, audience).toEqual([]);
    }
  });

  it('lints clean: ASCII component names, every tag described, a licence', async () => {
    for (const token of [admin, undefined]) {
      const doc = (await documentFor(token)) as OpenApi & {
        tags: Array<{ name: string; description?: string }>;
        info: { license?: { name: string } };
      };
      // OpenAPI's pattern for component keys; code generators build type names from them.
      const badNames = Object.values(doc.components as Record<string, Record<string, unknown>>)
        .flatMap((group) => Object.keys(group)).filter((name) => !/^[a-zA-Z0-9.\-_]+$/.test(name));
      expect(badNames).toEqual([]);
      const used = new Set(
        Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags as string[])),
      );
      expect(doc.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
      expect(doc.tags.filter((tag) => !tag.description?.trim())).toEqual([]);
      expect(doc.info.license?.name).toBeTruthy();
    }
  });

  it('without a session, holds exactly the public routes', async () => {
    const expected = publicRoutes();
    // The calculator and tracking endpoints the web shop embeds are among them.
    for (const op of [
      'POST /api/calculator/price',
      'GET /api/order/trackOrder/{code}',
      'GET /api/poolCoverType/getPoolCoverTypesBySeason/{season}',
      'GET /api/clientFare/getTarifaWEB',
    ]) {
      expect(expected).toContain(op);
    }
    const doc = await documentFor();
    expect([...operations(doc)].sort()).toEqual([...expected].sort());
    // Nothing of the staff's records leaks through the shared models either.
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith('registro.'))).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('/api/user/');
    // A session that is no longer valid is no session.
    const res = await t.call('GET', '/api/docs/openapi.json', { token: 'caducado' });
    expect(res.status).toBe(200);
    expect([...operations(res.body)].sort()).toEqual([...expected].sort());
  });

  it("gives every resource's create body the schema's writable fields, required where the validation refuses a missing value", async () => {
    const doc = await documentFor(admin);
    for (const schema of resourceList.filter((r) => r.access.create.includes('admin'))) {
      const create = doc.paths[`/api/${schema.name}/create`].post.requestBody.content['application/json'].schema;
      const fields = createFields(schema);
      expect(Object.keys(create.properties).sort(), schema.name).toEqual(fields.map((f) => f.name).sort());
      // Required: the fields the whole-record validator complains about when the body is empty.
      const empty = recordValidator(schema, 'create').safeParse({});
      const refused = new Set(empty.success ? [] : empty.error.issues.map((issue) => String(issue.path[0])));
      expect([...(create.required ?? [])].sort(), `${schema.name} required`).toEqual(
        fields
          .filter((f) => refused.has(f.name))
          .map((f) => f.name)
          .sort(),
      );
      for (const field of fields) {
        // Spanish labels as descriptions, and a JSON type for every field.
        expect(create.properties[field.name].description, `${schema.name}.${field.name}`).toContain(field.label);
        expect(JSON.stringify(create.properties[field.name]), `${schema.name}.${field.name} type`).toMatch(/"(type|enum|anyOf)"/);
        if (field.choices)
          expect(JSON.stringify(create.properties[field.name])).toContain(JSON.stringify(field.choices.map((c) => c.value)));
      }
      // An update only needs the id (it merges into the stored record).
      const update = doc.paths[`/api/${schema.name}/update`].post.requestBody.content['application/json'].schema;
      expect(update.required ?? [], `${schema.name} update`).toEqual(schema.singleton ? [] : ['id']);
      expect(Object.keys(update.properties)).toContain('id');
      // Resources with files take multipart too, with each file field.
      const files = schema.fields.filter((f) => f.type === 'image' || f.type === 'file').map((f) => f.name);
      const multipart = doc.paths[`/api/${schema.name}/create`].post.requestBody.content['multipart/form-data'];
      if (files.length) expect(Object.keys(multipart.schema.properties).sort()).toEqual(['data', ...files].sort());
      else expect(multipart).toBeUndefined();
    }
  });

  it('gives a named route the body its handler parses (the public calculator)', async () => {
    const doc = await documentFor();
    const body = doc.paths['/api/calculator/price'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(Object.keys(publicPriceForm.shape).sort());
    const required = Object.entries(publicPriceForm.shape).filter(([, rule]) => !rule.safeParse(undefined).success).map(([name]) => name);
    expect([...body.required].sort()).toEqual(required.sort());
    expect(required).toEqual(expect.arrayContaining(['a', 'b', 'pool_cover_type_id']));
    // Public: no session needed, and said so.
    expect(doc.paths['/api/calculator/price'].post.security).toEqual([]);
    expect(doc.paths['/api/calculator/price'].post.summary).toMatch(/Calculadora pública/);
  });

  it('gives every route a summary in Spanish of its own, not the endpoint\'s name', async () => {
    const doc = await documentFor(admin);
    const unnamed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const endpoint = path.replace(/\/\{.*$/, '').split('/').pop();
        // A bare camelCase name ("getFilteredOrders") is the fallback of a route that declared nothing.
        if (!operation.summary || operation.summary === endpoint || /^[a-z]+[A-Z]\w*$/.test(operation.summary))
          unnamed.push(`${method.toUpperCase()} ${path}: ${operation.summary}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('documents what every public JSON route answers, and the real answers match it', async () => {
    const doc = await documentFor();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const dataSchema = (path: string, method: 'get' | 'post') => {
      const envelope = doc.paths[path][method].responses['200'].content['application/json'].schema;
      return envelope.allOf?.[1]?.properties?.data;
    };
    // Every public route that answers JSON says what its data holds.
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // The envelope, not a file served as it is (the OpenAPI document itself is one).
        const json = operation.responses['200'].content['application/json'];
        if (json && json.schema.type !== 'string') {
          expect(dataSchema(path, method as 'get' | 'post'), `${method} ${path}`).toBeTruthy();
        }
      }
    }
    /** The real answer of a call, checked against the document: its own schema, with no field left undocumented. */
    const check = async (method: 'get' | 'post', path: string, url: string, body?: unknown) => {
      const res = await t.call(method.toUpperCase() as 'GET' | 'POST', url, { body });
      const data = expectOk(res);
      const validate = ajv.compile(dataSchema(path, method));
      expect(validate(data), `${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      return data as any;
    };

    // An order with a line, finished by a member of client 1: its tracking and its item's bar code.
    const member = await createUser(t, admin, { client_id: 1 });
    const token = await tokenOf(t, member.username, member.password);
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }),
      20001,
    );
    const address = {
      buyer_name: 'Rosa Vidal',
      buyer_email: 'rosa@ejemplo.es',
      buyer_phone_number: '600444555',
      buyer_address_1: 'Calle Mar 2',
      buyer_postal_code: '03001',
      buyer_city: 'Alicante',
      buyer_province: 'Alicante',
      buyer_country: 'España',
    };
    const order = expectOk(
      await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
        token,
        body: {
          order_id: cart.id,
          customer_info: 'Documentación',
          ...address,
          ship_name: 'Rosa Vidal',
          ship_address_1: 'Calle Mar 2',
          ship_postal_code: '03001',
          ship_city: 'Alicante',
          ship_province: 'Alicante',
          ship_country: 'España',
        },
      }),
      20001,
    ) as any;
    const tracked = await check('get', '/api/order/trackOrder/{code}', `/api/order/trackOrder/${order.track_code}`);
    expect(tracked.history.length).toBeGreaterThan(0);
    const details = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: admin })) as any;
    const scanned = await check('get', '/api/traceability/barCode/{code}', `/api/traceability/barCode/${details.order_items[0].barcode}`);
    expect(scanned.steps.length).toBeGreaterThan(0);

    // The calculator's calls, in the order the web shop makes them.
    const types = await check(
      'get',
      '/api/poolCoverType/getPoolCoverTypesBySeason/{season}',
      '/api/poolCoverType/getPoolCoverTypesBySeason/1',
    );
    const fare = await check('get', '/api/clientFare/getTarifaWEB', '/api/clientFare/getTarifaWEB');
    const priced = await check(
      'get',
      '/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/{season}/{fare}',
      `/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/1/${fare.id}`,
    );
    expect(priced.flatMap((type: any) => type.pool_covers).length).toBeGreaterThan(0);
    const price = await check('post', '/api/calculator/price', '/api/calculator/price', {
      pool_subcategory_id: 1,
      pool_cover_type_id: types[0].id,
      a: 8,
      b: 4,
    });
    expect(price.options.length).toBeGreaterThan(0);

    // The session's public calls.
    await check('post', '/api/external/login', '/api/external/login', { identity: member.username, password: member.password });
    expect(await check('get', '/api/external/checkResetCode/{code}', '/api/external/checkResetCode/NOVALE')).toEqual({ valid: false });

    // The check can fail: an answer with a field the document does not hold is refused.
    const strict = ajv.compile(dataSchema('/api/order/trackOrder/{code}', 'get'));
    expect(strict({ ...tracked, client_name: 'Otro' })).toBe(false);
  });

  it('is OpenAPI 3.1 in shape: info, paths, every path parameter declared, unique operation ids, refs that resolve', async () => {
    for (const token of [undefined, admin]) {
      const doc = await documentFor(token);
      expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
      expect(doc.info.title).toBe('API de Cobertores');
      expect(doc.info.version).toBeTruthy();
      const ids = new Set<string>();
      for (const [path, item] of Object.entries(doc.paths)) {
        expect(path).not.toMatch(/[:*?]/);
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        for (const [method, operation] of Object.entries(item)) {
          expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
          const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path');
          expect(declared.map((p: any) => p.name).sort(), `${method} ${path}`).toEqual([...names].sort());
          expect(declared.every((p: any) => p.required === true)).toBe(true);
          expect(ids.has(operation.operationId), operation.operationId).toBe(false);
          ids.add(operation.operationId);
          expect(operation.responses['200']).toBeTruthy();
          expect(operation.tags?.length).toBe(1);
        }
      }
      // No integer carries JavaScript's safe-integer range (zod's default bounds): it says nothing.
      expect(JSON.stringify(doc)).not.toContain(String(Number.MAX_SAFE_INTEGER));
      for (const [, name] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
        expect(doc.components.schemas, name).toHaveProperty([name]);
      }
    }
  });

  it('says who may call each route', async () => {
    const doc = await documentFor(admin);
    expect(doc.paths['/api/dashboard/staff'].get.description).toContain('Administrador');
    expect(doc.paths['/api/dashboard/staff'].get.security.length).toBeGreaterThan(0);
    expect(doc.paths['/api/client/create'].post.description).toBe('Con sesión: Administrador.');
    expect(doc.paths['/api/order/trackOrder/{code}'].get.description).toContain('Pública');
  });
});

describe('the viewer', () => {
  const CALCULATOR = 'Calculadora pública: los cobertores posibles para una piscina y sus precios con la tarifa web, sin IVA';
  const STAFF = 'Cliente: crear';

  async function page(token?: string, headers: Record<string, string> = {}) {
    const res = await t.call('GET', '/api/docs', { token, headers });
    expect(res.status).toBe(200);
    expect(res.response.headers['content-type']).toMatch(/^text\/html/);
    return res;
  }

  it('is HTML written on the server: the public operations without a session, and the staff\'s too for an admin', async () => {
    const anonymous = await page();
    expect(anonymous.body).toContain('<html lang="es">');
    expect(anonymous.body).toContain('<title>API de Cobertores</title>');
    expect(anonymous.body).toContain('<h1>API de Cobertores</h1>');
    expect(anonymous.body).toContain('Toda respuesta JSON es un sobre');
    expect(anonymous.body).toContain(CALCULATOR);
    expect(anonymous.body).not.toContain(STAFF);
    expect(anonymous.body).not.toContain('/api/user/');

    const staff = await page(admin);
    expect(staff.body).toContain(CALCULATOR);
    expect(staff.body).toContain(STAFF);
    // A session that is no longer valid is no session.
    expect((await page('caducado')).body).not.toContain(STAFF);
  });

  it('depends on the session: never kept by a shared cache; public and rate-limited, under the app\'s CSP', async () => {
    for (const url of ['/api/docs', '/api/docs/openapi.json']) {
      const res = await t.call('GET', url);
      expect(res.response.headers['cache-control'], url).toBe('private, no-store');
      expect(String(res.response.headers.vary), url).toMatch(/cookie, x-token/);
      expect(res.response.headers['x-ratelimit-limit'], url).toBeDefined();
    }
    const anonymous = await page();
    // Nothing from another site: every address the page loads or links to is this server's or the page's own.
    const addresses = [...anonymous.body.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(addresses.length).toBeGreaterThan(5);
    expect(addresses.filter((address) => !/^[/#]/.test(address))).toEqual([]);
    expect(anonymous.body).not.toMatch(/<link\b/);
    // Its one script is ours, from a file: no inline script to allow, so the page keeps the app's policy.
    expect([...anonymous.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/assets/api-docs/search.js" defer>']);
    const csp = String(anonymous.response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Only WebAssembly compilation («Escanear»'s ZXing reader), never inline scripts or eval.
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
    // The curl examples call the server the page was opened at.
    expect(anonymous.body).toContain('curl -X POST &#39;http://localhost/api/calculator/price&#39;');
  });

  it('sends the page gzipped to a browser that takes it', async () => {
    const plain = await page(admin, { 'accept-encoding': 'identity' });
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    const gzipped = await t.app.inject({
      method: 'GET', url: '/api/docs', headers: { 'accept-encoding': 'gzip, br', 'x-token': admin },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.body.length / 5);
  });

  it('serves the search box\'s script from the server itself, public and rate-limited', async () => {
    const script = await t.call('GET', '/assets/api-docs/search.js', { headers: { 'accept-encoding': 'identity' } });
    expect(script.status).toBe(200);
    expect(script.response.headers['content-type']).toMatch(/javascript/);
    expect(script.response.body).toContain('Buscar operación');
    expect(script.response.headers['x-ratelimit-limit']).toBeDefined();
    const gzipped = await t.call('GET', '/assets/api-docs/search.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.response.headers['content-encoding']).toBe('gzip');
  });
});

// Last: calling every operation changes data (a logout, a new cart), which the tests above must not see.
describe('the per-role documents', () => {
  it('lists for each role only what it can call: every operation listed, called as that role, is neither 401 nor 403', async () => {
    const webFare = (await t.call('GET', '/api/clientFare/getTarifaWEB')).body.data.id;
    for (const [role, token] of [['admin', admin], ['taller', taller], ['client', cliente]] as const) {
      // Its own session, so that its logout (called last) ends no other test's.
      const session = await t.login(role === 'client' ? 'cliente' : role);
      expect(token).not.toBe(session);
      const me = (await t.call('GET', '/api/auth/info', { token: session })).body.data.user.id;
      const lastIfLogout = (operation: string) => Number(operation.includes('logout'));
      const listed = [...operations(await documentFor(session))].sort((a, b) => lastIfLogout(a) - lastIfLogout(b));
      // The workshop's is the shortest: its check-in, the calendar, production steps and what every session has.
      expect(listed.length).toBeGreaterThan(30);
      const refused: string[] = [];
      for (const operation of listed) {
        const [method, path] = operation.split(' ');
        // Path parameters as the screens send them: the caller's own profile, the web fare (what anybody may
        // price with), else an id, a page, a season, a code.
        const url = path
          .replace(/^\/api\/user\/(.*)\{id\}/, `/api/user/$1${me}`)
          .replace('{fare}', String(webFare))
          .replace(/\{[^}]+\}/g, '1');
        const res = EVENT_STREAMS.has(url)
          ? await streamHead(t, url, session)
          : await t.call(method as 'GET' | 'POST', url, { token: session, ...(method === 'POST' ? { body: {} } : {}) });
        if (res.status === 401 || res.status === 403) refused.push(`${operation} → ${res.status} ${res.body?.message}`);
      }
      expect(refused, `${role}: listed but refused`).toEqual([]);
    }
  });
});
