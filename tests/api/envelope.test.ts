/** The response envelope of docs/api.md: codes, HTTP statuses, Spanish messages, nothing internal. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { writableFields } from '../../src/shared/resource';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { expectError, expectNoInternals, expectOk, filterQuery, jsonData, uniq } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; admin = tokens.admin; });

describe('envelope', () => {
  it('sends the security headers on every answer: success, error and unknown route', async () => {
    for (const res of [
      await t.call('GET', '/api/tax/all', { token: admin }),
      await t.call('GET', '/api/tax/all'),
      await t.call('GET', '/api/noExiste'),
    ]) {
      const headers = res.response.headers;
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
      });
    }
  });

  it('plain HTTP gets none of the HTTPS-only headers (upgrade, HSTS, COOP, Origin-Agent-Cluster); HTTPS (trusted proxy) all', async () => {
    for (const url of ['/api/tax/all', '/api/noExiste']) {
      const plain = (await t.call('GET', url, { token: admin })).response.headers;
      expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(plain['content-security-policy']).toContain("default-src 'self'");
      expect(plain['strict-transport-security']).toBeUndefined();
      expect(plain['cross-origin-opener-policy']).toBeUndefined();
      expect(plain['origin-agent-cluster']).toBeUndefined();
      const secure = (await t.call('GET', url, { token: admin, headers: { 'x-forwarded-proto': 'https' } })).response.headers;
      expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(secure['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(secure['cross-origin-opener-policy']).toBe('same-origin');
      expect(secure['origin-agent-cluster']).toBe('?1');
    }
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await startTestApp({ config: { trustProxy: false } });
    try {
      const headers = (await direct.call('GET', '/api/noExiste', { headers: { 'x-forwarded-proto': 'https' } })).response.headers;
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await direct.close();
    }
  });

  it('answers an unknown /api route with 404 and code 40001, signed in or not', async () => {
    for (const [method, url, token] of [
      ['GET', '/api/noExiste', undefined],
      ['POST', '/api/noExiste/create', undefined],
      ['GET', '/api/tax/noExiste', admin],
      ['GET', '/api/tax/create', admin], // a POST route asked with GET
      ['POST', '/api/tax/all', admin],
    ] as const) {
      const res = await t.call(method, url, { token });
      expectError(res, 404, Code.error, Msg.routeNotFound);
      expect(res.body.message).toBe('La ruta solicitada no existe');
    }
  });

  it('answers a body that is not valid JSON with 40001 and a Spanish message', async () => {
    const res = await t.call('POST', '/api/external/login', {
      payload: '{"identity": "admin", ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, Code.error, Msg.invalidBody);
    expect(res.body.message).toBe('Los datos enviados no son válidos');

    const signedIn = await t.call('POST', '/api/tax/create', {
      token: admin,
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expectError(signedIn, 400, Code.error, Msg.invalidBody);
  });

  it('answers a `data` string that is not JSON, or not an object, with 40001', async () => {
    expectError(await t.call('POST', '/api/tax/create', { token: admin, body: { data: '{"name": ' } }), 400, Code.error, Msg.invalidBody);
    expectError(await t.call('POST', '/api/tax/create', { token: admin, body: { data: '[1,2]' } }), 400, Code.error, Msg.invalidBody);
    expectError(await t.call('POST', '/api/tax/create', { token: admin, body: { data: '"texto"' } }), 400, Code.error, Msg.invalidBody);
  });

  it('answers an unsupported content type with 40001, not a crash', async () => {
    const res = await t.call('POST', '/api/tax/create', { token: admin, payload: 'name=IVA', headers: { 'content-type': 'text/plain' } });
    expect(res.body.code).toBe(Code.error);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoInternals(res);
  });

  it('wraps success as { code: 20000, data } and saves as 20001 with "Guardado correctamente"', async () => {
    const list = await t.call('GET', '/api/tax/all', { token: admin });
    expect(list.status).toBe(200);
    expect(list.response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(list.body).sort()).toEqual(['code', 'data']);
    expect(list.body.code).toBe(20000);

    const created = await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: `IVA ${uniq()}`, tax_percentage: 4 }) });
    expectOk(created, 20001);
    expect(created.body.message).toBe('Guardado correctamente');

    const deleted = await t.call('POST', '/api/tax/delete', { token: admin, body: { id: created.body.data.id } });
    expectOk(deleted, 20001);
    expect(deleted.body.message).toBe(Msg.deleted);
    expect(deleted.body.data).toEqual({ id: created.body.data.id });
  });

  it('answers validation failures with 400, 40001, the first message and a field → message map', async () => {
    const res = await t.call('POST', '/api/tax/create', { token: admin, body: jsonData({ name: '', tax_percentage: 101 }) });
    expectError(res, 400, Code.error, Msg.taxName, { name: Msg.taxName, tax_percentage: Msg.taxPercentage });
  });

  it('never answers a 500 for odd filters, pages and ids', async () => {
    const odd = [
      `/api/tax/page/1?${filterQuery({ id: 'abc' })}`,
      `/api/tax/page/1?${filterQuery({ tax_percentage_gte: 'x' })}`,
      `/api/tax/page/1?${filterQuery({ id: ['x'] })}`,
      `/api/tax/page/1?${filterQuery({ name: { $ne: 1 } })}`,
      `/api/user/page/1?${filterQuery({ active: 'quizás' })}`,
      `/api/audit/page/1?${filterQuery({ created_at_gte: 'ayer' })}`,
      `/api/tax/all?${filterQuery({ id: 2 ** 40 })}`,
    ];
    for (const url of odd) {
      const res = await t.call('GET', url, { token: admin });
      expectError(res, 400, Code.error);
      // An id filter says what an id is (issue 27 §9); the rest, that the data are not valid.
      expect([Msg.invalidBody, Msg.idInvalid], url).toContain(res.body.message);
    }
    for (const url of [
      '/api/tax/page/99999999999999999999',
      '/api/tax/page/1?filter=noEsJSON',
      '/api/tax/page/1?filter=[1]',
      '/api/tax/page/1?sort=nope;drop table taxes&order=sideways',
    ]) {
      const res = await t.call('GET', url, { token: admin });
      expect(res.status, url).toBe(200);
      expect(res.body.code, url).toBe(Code.ok);
    }
    // A page or a row count that is not a whole number from 1 is refused, never read as another one.
    for (const page of ['-3', 'abc', '0x2', '1e1', '02']) {
      expectError(await t.call('GET', `/api/tax/page/${page}`, { token: admin }), 400, Code.error, Msg.pageInvalid, {
        page: Msg.pageInvalid,
      });
    }
    expectError(await t.call('GET', '/api/tax/page/1?per_page=abc', { token: admin }), 400, Code.error, Msg.countInvalid, {
      per_page: Msg.countInvalid,
    });
    // An id that is not one is refused; one that is but finds no row is a 404.
    for (const id of ['abc', '0', '-1', '1.5', '0x3', '99999999999', '2147483648']) {
      expectError(await t.call('GET', `/api/tax/data/${id}`, { token: admin }), 400, Code.error, Msg.idInvalid, { id: Msg.idInvalid });
    }
    expectError(await t.call('GET', '/api/tax/data/2147483647', { token: admin }), 404, Code.error, Msg.notFound);
  });

  it('answers odd values in any writable field of any resource in Spanish, never with a 500', async () => {
    const odd: unknown[] = [{}, [1], true, -7, 'x'.repeat(1000)];
    for (const schema of resourceList.filter((s) => s.access.create.includes('admin'))) {
      for (const field of writableFields(schema, 'create')) {
        for (const value of odd) {
          const res = await t.call('POST', `/api/${schema.name}/create`, { token: admin, body: jsonData({ [field.name]: value }) });
          const where = `${schema.name}.${field.name} = ${JSON.stringify(value).slice(0, 12)}`;
          expect(res.status, where).toBeLessThan(500);
          expectNoInternals(res);
          for (const message of Object.values<string>(res.body.error ?? {})) {
            expect(message, where).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡][^]*$/);
            expect(message, where).not.toMatch(/\b(expected|received|invalid|required|must|string|number)\b/i);
          }
        }
      }
    }
  });

  it('keeps the error body free of stack traces on every failure kind', async () => {
    const failures = await Promise.all([
      t.call('GET', '/api/noExiste'),
      t.call('GET', '/api/tax/all'),
      t.call('GET', '/api/tax/all', { token: 'basura' }),
      t.call('POST', '/api/user/create', { token: admin, body: jsonData({}) }),
      t.call('GET', `/api/tax/page/1?${filterQuery({ id: 'abc' })}`, { token: admin }),
      t.call('POST', '/api/tax/delete', { token: admin, body: { id: 1 } }),
    ]);
    for (const res of failures) {
      expect(res.body.code).not.toBe(Code.ok);
      expect(typeof res.body.message).toBe('string');
      expectNoInternals(res);
    }
  });
});

describe('refusals made before any route runs, on a real socket', () => {
  /** One raw HTTP/1.1 request on a listening server: status, headers and JSON body as they came. */
  function rawRequest(
    port: number,
    target: string,
    extraHeaders = '',
  ): Promise<{ status: number; headers: Record<string, string>; body: any }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const answer = Buffer.concat(chunks).toString('utf8');
        const [head, ...rest] = answer.split('\r\n\r\n');
        const [statusLine, ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        let body: unknown = rest.join('\r\n\r\n');
        try {
          body = JSON.parse(body as string);
        } catch {
          /* not JSON: the test shows it */
        }
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body });
      });
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extraHeaders}\r\n`);
    });
  }

  it('undecodable URL (400), path parameter over 100 chars (414), query over 16 KB (431): Spanish envelope, security headers', async () => {
    const server = await startTestApp({ listen: true });
    try {
      const port = Number(new URL(server.url).port);
      const cases = [
        { target: '/api/budget/data/%C0%80', status: 400, message: Msg.badUrl },
        { target: `/api/budget/data/${'1'.repeat(101)}`, status: 414, message: Msg.urlTooLong },
        { target: `/api/budget/page/1?filter=${'x'.repeat(17_000)}`, status: 431, message: Msg.headersTooLarge },
        { target: '/api/budget/page/1', status: 431, message: Msg.headersTooLarge, headers: `X-Relleno: ${'x'.repeat(17_000)}\r\n` },
      ];
      for (const { target, status, message, headers: extra } of cases) {
        const res = await rawRequest(port, target, extra);
        const where = `${target.slice(0, 40)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, where).toBe(status);
        expect(res.body, where).toEqual({ code: Code.error, message });
        expect(res.headers['content-type'], where).toMatch(/^application\/json/);
        expect(res.headers['content-security-policy'], where).toContain("default-src 'self'");
        expect(res.headers['content-security-policy'], where).toContain("frame-ancestors 'self'");
        expect(res.headers, where).toMatchObject({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'referrer-policy': 'no-referrer',
        });
        // Nothing of the request echoed back.
        expect(JSON.stringify(res.body), where).not.toMatch(/C0|%|xxxx|111111/);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});
