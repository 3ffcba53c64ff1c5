/**
 * The Host check (issue 45 §5): with PUBLIC_URL set, a request for a name that is neither its own, a
 * loopback one nor in ALLOWED_HOSTS is refused in Spanish (421, the envelope); without PUBLIC_URL, a LAN
 * name over plain HTTP is served as ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { startTestApp, type TestApp } from '../support/app';
import { expectOk } from './helpers';

const PUBLIC_URL = 'https://cobertores.example.com';
const REFUSAL = 'Esta dirección no corresponde a este servidor: abra la aplicación en https://cobertores.example.com';

const get = (t: TestApp, url: string, host: string, headers: Record<string, string> = {}) =>
  t.call('GET', url, { headers: { host, ...headers } });

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      config: { publicUrl: PUBLIC_URL, publicUrlSet: true, allowedHosts: ['oficina.lan', 'Taller.Lan:3000', '192.168.1.20'] },
    });
  });
  afterAll(async () => { await t?.close(); });

  it.each([
    'cobertores.example.com', 'COBERTORES.example.com:443', 'cobertores.example.com.', 'localhost:3000', '127.0.0.1',
    '[::1]:3000', 'oficina.lan', 'taller.lan:8080', '192.168.1.20:3000',
  ])('serves %s', async (host) => {
    const res = await get(t, '/api/clientFare/getTarifaWEB', host);
    expect(res.status, host).toBe(200);
  });

  it.each([
    'atacante.example.net', 'cobertores.example.com.atacante.net', 'oficina.lan.atacante.net', '192.168.1.21', '10.0.0.1:3000',
    'localhost@atacante.net', 'localhost/x', '[::2]', 'a b',
  ])('refuses %s in Spanish with 421, before any route runs', async (host) => {
    for (const url of ['/api/clientFare/getTarifaWEB', '/api/auth/info', '/api/no/such/route', '/login']) {
      const res = await get(t, url, host);
      expect(res.status, `${host} ${url}`).toBe(421);
      expect(res.body, `${host} ${url}`).toEqual({ code: Code.error, message: REFUSAL });
      expect(res.response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses a sign-in sent to another name: the password is never checked', async () => {
    const res = await t.call('POST', '/api/external/login', {
      body: { identity: 'admin', password: 'admin1234' }, headers: { host: 'atacante.example.net' },
    });
    expect(res.status).toBe(421);
    expect(res.response.headers['set-cookie']).toBeUndefined();
  });

  it('reads the name a trusted proxy forwards (X-Forwarded-Host)', async () => {
    expect((await get(t, '/api/clientFare/getTarifaWEB', '127.0.0.1:3000', { 'x-forwarded-host': 'cobertores.example.com' })).status)
      .toBe(200);
    expect((await get(t, '/api/clientFare/getTarifaWEB', '127.0.0.1:3000', { 'x-forwarded-host': 'atacante.example.net' })).status)
      .toBe(421);
  });
});

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ config: { publicUrlSet: false, allowedHosts: [] } }); });
  afterAll(async () => { await t?.close(); });

  it('serves any name, a LAN one over plain HTTP included, as before', async () => {
    for (const host of ['oficina:3000', '192.168.1.20:3000', 'servidor.local', 'cualquiera.example.net']) {
      expectOk(await get(t, '/api/clientFare/getTarifaWEB', host));
      const body = { identity: 'cliente', password: 'cliente1234' };
      expect((await t.call('POST', '/api/external/login', { body, headers: { host } })).status, host).toBe(200);
    }
  });
});
