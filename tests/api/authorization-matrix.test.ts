/**
 * The authorization matrix: every API route × {anonymous, client member A, client member B, taller, admin},
 * held against the table of who may do what written by hand in tests/api/authorization-table.ts (from
 * docs/roles.md and the spec's roles), never against the routes' own declarations or the schemas' access.
 * Every route the server registers must have a row and every row must name a registered route, so a new
 * route fails here until someone decides who may call it.
 */
import net from 'node:net';
import Fastify from 'fastify';
import authPlugin from '../../src/server/plugins/auth';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { AUTHORIZATION, MEMBER_READABLE_RESOURCES, routeKey, type Caller, type Row } from './authorization-table';
import { createUser, EVENT_STREAMS, expectOk, filterQuery, streamHead, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
let memberA: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente: memberA, taller } = tokens); });

const rows = [...AUTHORIZATION.values()];
const may = (row: Row, caller: Caller) => row.who.includes(caller);

/**
 * The routes the server registers, as "METHOD /api/url" (the auth plugin records every /api route as it
 * is registered; only the method and URL are read here, never the access it declares).
 */
const served = () => [...new Set(t.app.accessTable.map((r) => routeKey(r.method, r.url)))];

/** Routes on one's own user (profile, avatar): called with the caller's own id, as others' answer 403. */
const OWN_USER = new Set(['/api/user/profile/:id', '/api/user/deleteUserImage/:id', '/api/user/updateProfile']);
/** The public price list answers anonymous calls for the web fare only (docs/business-rules.md): the URLs name it. */
const WEB_FARE = 2;

/** A URL for the route: every parameter 1 (or the caller's own id), optional ones left out. */
const concrete = (route: Row, ownId: number) => route.url
  .replace(/\/:[A-Za-z_]+\?/g, '')
  .replace(':fare', String(WEB_FARE))
  .replace(/:[A-Za-z_]+/g, OWN_USER.has(route.url) ? String(ownId) : '1')
  .replace('/*', '/1');

/** Sends a request as t.call does, event streams included (read up to their head). */
const send = (method: 'GET' | 'POST', url: string, { token, body }: { token?: string; body?: unknown }) =>
  (EVENT_STREAMS.has(decodeURIComponent(url)) ? streamHead(t, url, token) : t.call(method, url, { token, body }));

const ids = new Map<string | undefined, number>();
async function call(route: Row, token?: string) {
  if (token && !ids.has(token)) ids.set(token, expectOk(await t.call('GET', '/api/auth/info', { token })).user.id);
  const own = ids.get(token) ?? 1;
  const body = route.method === 'POST' ? (OWN_USER.has(route.url) ? { data: JSON.stringify({ id: own }) } : {}) : undefined;
  return send(route.method, concrete(route, own), { token, body });
}

/** Logging out ends the session it is called with: each call gets its own. */
const isLogout = (route: Row) => route.url === '/api/auth/logout';

/** Refused as anonymous: 401 with the session code (the browser logs out on it). */
const refusedAnonymous = (res: { status: number; body?: any }) => res.status === 401 && res.body?.code === Code.invalidToken;
/** Refused to a signed-in caller: 403 where its role may not; a 401 (its valid session taken for dead) counts too. */
const refusedSignedIn = (res: { status: number }) => res.status === 403 || res.status === 401;

describe('the authorization matrix', () => {
  it('has a row for every route the server registers, and every row names a registered route', () => {
    const registered = served();
    expect(registered.length).toBeGreaterThan(150);
    expect(
      registered.filter((key) => !AUTHORIZATION.has(key)),
      'routes the server registers without a row in tests/api/authorization-table.ts (decide who may call them)',
    ).toEqual([]);
    expect(
      [...AUTHORIZATION.keys()].filter((key) => !registered.includes(key)),
      'rows of tests/api/authorization-table.ts naming no registered route',
    ).toEqual([]);
  });

  it('anonymous: refused (50008) exactly where the table says; public routes answer, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of rows) {
      const res = await call(route);
      const allowed = may(route, 'anonymous');
      if (refusedAnonymous(res) === allowed || (allowed && (res.status === 403 || res.status >= 500))) {
        const answer = `${res.status} ${res.body?.code}`;
        wrong.push(`anonymous ${route.method} ${route.url}: ${answer}, the table says ${allowed ? 'allowed' : 'refused'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('client member, taller and admin: refused (403) exactly where the table says, answered (never a 5xx) elsewhere', async () => {
    const wrong: string[] = [];
    for (const route of rows) {
      for (const [who, tokenFor] of [
        ['client', () => (isLogout(route) ? t.login('cliente') : Promise.resolve(memberA))],
        ['taller', () => (isLogout(route) ? t.login('taller') : Promise.resolve(taller))],
        ['admin', () => (isLogout(route) ? t.login('admin') : Promise.resolve(admin))],
      ] as const) {
        const res = await call(route, await tokenFor());
        const allowed = may(route, who);
        if (refusedSignedIn(res) === allowed || (!allowed && res.status !== 403) || res.status >= 500) {
          const answer = `${res.status} ${res.body?.code} ${res.body?.message ?? ''}`;
          wrong.push(`${who} ${route.method} ${route.url}: ${answer}, the table says ${allowed ? 'allowed' : 'refused'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('member B never reads what only member A may see (client-scoped rows answer 404)', async () => {
    const other = await createUser(t, admin, { client_id: 2 });
    const memberB = await tokenOf(t, other.username, other.password);
    const leaks: string[] = [];
    let checked = 0;
    for (const resource of MEMBER_READABLE_RESOURCES) {
      const mine = expectOk(await t.call('GET', `/api/${resource}/page/1?per_page=100`, { token: memberA })).items as Array<{
        id: number;
      }>;
      const theirs = new Set(
        (expectOk(await t.call('GET', `/api/${resource}/page/1?per_page=100`, { token: memberB })).items as Array<{ id: number }>).map(
          (r) => r.id,
        ),
      );
      for (const row of mine.filter((r) => !theirs.has(r.id))) {
        checked++;
        const res = await t.call('GET', `/api/${resource}/data/${row.id}`, { token: memberB });
        if (res.status !== 404) leaks.push(`${resource} ${row.id}: ${res.status}`);
        expectOk(await t.call('GET', `/api/${resource}/data/${row.id}`, { token: admin }));
      }
    }
    expect(leaks).toEqual([]);
    // The demo data gives member A rows of its own in several resources (client, budgets, orders, files).
    expect(checked).toBeGreaterThan(5);
    const orders = expectOk(await t.call('GET', `/api/order/all?${filterQuery({ client_id: 1 })}`, { token: memberB }));
    expect(orders).toEqual([]);
  });
});

/**
 * The same requests as a probe sends them: the path with a letter percent-encoded ("/%61pi/…", which the
 * router decodes) and the request target in absolute form ("GET http://host/api/… HTTP/1.1", straight
 * on a socket). Each must get exactly what the plain path gets: anonymous callers, 50008 on every
 * route that is not public, and never a 5xx.
 */
describe('routes without a declared access', () => {
  it('every /api route carries its access in its own config once registered (none declared: "user", explicitly)', () => {
    const missing: string[] = [];
    for (const { method, url } of t.app.accessTable) {
      if (!t.app.hasRoute({ method: method as 'GET', url })) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
    expect(
      t.app.accessTable.every((r) => r.access === 'public' || r.access === 'signedIn' || r.access === 'user' || Array.isArray(r.access)),
    ).toBe(true);
    // An empty role list is a resource's operation no role may do (an order is never created through the
    // generic create): only generic endpoints have one, and it refuses everybody, the office too.
    const nobody = t.app.accessTable.filter((r) => Array.isArray(r.access) && r.access.length === 0);
    expect(nobody.map((r) => r.url)).toContain('/api/order/create');
    expect(nobody.filter((r) => !/^\/api\/[A-Za-z]+\/(create|update|delete)$/.test(r.url))).toEqual([]);
  });

  it('refuses an operation no role may do to everybody, the office included', async () => {
    const res = await t.call('POST', '/api/order/create', { token: admin, body: { data: '{}' } });
    expect(res.status).toBe(403);
  });

  it('a matched /api route the access check never saw declared is refused, even to an admin', async () => {
    const app = Fastify();
    // The app's envelope plugin answers ApiErrors; here, their status is enough.
    app.setErrorHandler((error, _request, reply) =>
      reply.status((error as { httpStatus?: number }).httpStatus ?? 500).send({ message: (error as Error).message }),
    );
    // Registered before the auth plugin: its onRoute hook does not see it, so nothing gives it an access.
    app.get('/api/sinDeclarar', async () => ({ code: 20000, data: 'secreto' }));
    await app.register(authPlugin, { ctx: t.ctx });
    app.get('/api/declarada', async () => ({ code: 20000, data: 'de usuario' }));
    try {
      const unseen = await app.inject({ method: 'GET', url: '/api/sinDeclarar', headers: { 'x-token': admin } });
      expect(unseen.statusCode).toBe(403);
      expect(unseen.body).not.toContain('secreto');
      const encodedUnseen = await app.inject({ method: 'GET', url: '/%61pi/sinDeclarar', headers: { 'x-token': admin } });
      expect(encodedUnseen.statusCode).toBe(403);
      // A route registered after it, declaring nothing, means any signed-in user.
      expect((await app.inject({ method: 'GET', url: '/api/declarada', headers: { 'x-token': admin } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/declarada' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('the matrix through other spellings of the same path', () => {
  /** "/api/x/y" with the "a" of "api" and the first letter of the next segment percent-encoded. */
  const encoded = (path: string) =>
    path.replace(/^\/api\/([A-Za-z])/, (_, letter: string) => `/%61pi/%${letter.charCodeAt(0).toString(16)}`);

  /** One raw HTTP/1.1 request on a socket of a listening server; its status and JSON body. */
  function rawRequest(port: number, method: string, target: string, token?: string): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => { answer += chunk; });
      socket.on('error', reject);
      socket.on('end', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        let body: unknown = null;
        try { body = JSON.parse(text); } catch { body = text; }
        resolve({ status, body });
      });
      const payload = method === 'POST' ? '{}' : '';
      // write, not end: a half-closed socket may lose an answer that waits on the database; the
      // server closes the connection after answering (Connection: close).
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${token ? `X-Token: ${token}\r\n` : ''}`
        + `${payload ? `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n` : ''}\r\n${payload}`);
    });
  }

  it('a percent-encoded path: anonymous gets 50008 wherever the plain path does', async () => {
    const wrong: string[] = [];
    for (const route of rows) {
      const url = encoded(concrete(route, 1));
      const res = await t.call(route.method, url, route.method === 'POST' ? { body: {} } : undefined);
      if (refusedAnonymous(res) === may(route, 'anonymous') || res.status >= 500)
        wrong.push(`${route.method} ${url}: ${res.status} ${res.body?.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a percent-encoded path: a member gets 403 wherever the plain path refuses it, an admin passes where it passes', async () => {
    const wrong: string[] = [];
    for (const route of rows) {
      if (isLogout(route)) continue;
      for (const [role, token] of [
        ['client', memberA],
        ['admin', admin],
      ] as const) {
        const plain = await call(route, token);
        const own = ids.get(token) ?? 1;
        const body = route.method === 'POST' ? (OWN_USER.has(route.url) ? { data: JSON.stringify({ id: own }) } : {}) : undefined;
        const res = await send(route.method, encoded(concrete(route, own)), { token, body });
        if (refusedSignedIn(res) !== refusedSignedIn(plain) || refusedSignedIn(res) === may(route, role) || res.status >= 500) {
          wrong.push(`${role} ${route.method} ${encoded(concrete(route, own))}: ${res.status} (plain ${plain.status})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('an absolute-form target: anonymous gets 50008 wherever the plain path does, a member 403 wherever its role may not', async () => {
    const site = await startTestApp({ listen: true });
    try {
      const port = Number(new URL(site.url).port);
      const wrong: string[] = [];
      for (const route of rows) {
        const target = `http://127.0.0.1:${port}${concrete(route, 1)}`;
        const res = await rawRequest(port, route.method, target);
        if (refusedAnonymous(res) === may(route, 'anonymous') || res.status >= 500)
          wrong.push(`${route.method} ${target}: ${res.status} ${res.body?.code}`);
      }
      // A member through the absolute form: refused (403) on every route its role may not use.
      const member = await site.login('cliente');
      for (const route of rows) {
        if (may(route, 'client')) continue;
        const target = `http://127.0.0.1:${port}${concrete(route, 1)}`;
        const res = await rawRequest(port, route.method, target, member);
        if (res.status !== 403) wrong.push(`member ${route.method} ${target}: ${res.status} ${res.body?.code}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      await site.close();
    }
  }, 120_000);
});
