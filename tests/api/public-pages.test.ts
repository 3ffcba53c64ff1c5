/**
 * The public pages' html (docs/screens.md "Public routes"; docs/business-rules.md): the woocommerce calculator and the
 * tracking page are their own Vite entries, served instead of the SPA under their path prefix. Only
 * the calculator may be framed by another site (it is embedded in the shop's web); the back office
 * still refuses framing. Also the public endpoints those pages call: no session, rate-limited.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPriceForm } from '../../src/shared/forms/order';
import { validatePool } from '../../src/client/public-pages/calculator/validatePool';
import { Code } from '../../src/shared/codes';
import { fieldErrors } from '../../src/shared/validation';
import { startTestApp, type TestApp } from '../support/app';
import { expectError, expectOk } from './helpers';

const SPA = '<!doctype html><title>spa</title>';
const CALCULATOR = '<!doctype html><title>calculadora</title>';
const TRACKING = '<!doctype html><title>seguimiento</title>';
const SCAN = '<!doctype html><title>escanear</title>';
const DASHBOARD = '<!doctype html><title>panel</title>';
const NO_FRAME = '<!doctype html><title>spa sin marco</title>';

function distWith(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-dist-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const frameAncestors = (res: Awaited<ReturnType<TestApp['call']>>) =>
  String(res.response.headers['content-security-policy'] ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = distWith({ 'index.html': SPA, 'calculator.html': CALCULATOR, 'tracking.html': TRACKING });
  t = await startTestApp({ config: { clientDist: dist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the calculator page', () => {
  it.each(['/woocommerce-calculator/index/1', '/woocommerce-calculator/index/2', '/woocommerce-calculator'])(
    '%s is the calculator html, frameable by any site',
    async (url) => {
      const res = await t.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.response.headers['content-type']).toMatch(/^text\/html/);
      expect(res.response.body).toBe(CALCULATOR);
      expect(frameAncestors(res)).toBe('frame-ancestors *');
      expect(res.response.headers['x-frame-options']).toBeUndefined();
      // The rest of the policy stays as strict as the back office's.
      expect(res.response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.response.headers['content-security-policy']).toContain("connect-src 'self'");
    },
  );

  it('needs no session, and a session changes nothing', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/woocommerce-calculator/index/1', { token });
    expect(res.response.body).toBe(CALCULATOR);
  });
});

describe('the back office and the tracking page refuse framing', () => {
  it.each(['/', '/login', '/orders/reviewed-orders', '/woocommerce-calculatorx', '/internal-calculator/index'])(
    '%s is the SPA, same-origin framing only',
    async (url) => {
      const res = await t.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.response.body).toBe(SPA);
      expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
      expect(res.response.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each(['/track-order', '/track-order/0123456789ABCDEF0123'])('%s is the tracking html, same-origin framing only', async (url) => {
    const res = await t.call('GET', url);
    expect(res.status).toBe(200);
    expect(res.response.body).toBe(TRACKING);
    expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
    expect(res.response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('API answers keep the strict headers', async () => {
    const res = await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/1');
    expectOk(res);
    expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
  });

  it('only GET serves the pages; unknown /api and /assets paths stay 404 envelopes', async () => {
    expect((await t.call('POST', '/woocommerce-calculator/index/1', { body: {} })).status).toBe(404);
    expectError(await t.call('GET', '/api/woocommerce-calculator/index/1'), 404, Code.error);
    expectError(await t.call('GET', '/assets/nope.js'), 404, Code.error);
  });
});

describe('the built files', () => {
  const script = `console.log(${JSON.stringify('cobertores '.repeat(300))});`;
  let built: string;
  let site: TestApp;
  beforeAll(async () => {
    built = distWith({
      'index.html': SPA,
      'robots.txt': fs.readFileSync(path.join(__dirname, '../../src/client/public/robots.txt'), 'utf8'),
    });
    fs.mkdirSync(path.join(built, 'assets'));
    fs.writeFileSync(path.join(built, 'assets/main-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(built, 'assets/main-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(built, 'assets/main-Ab12Cd34.js.gz'), zlib.gzipSync(script));
    site = await startTestApp({ config: { clientDist: built } });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('content-hashed assets are sent precompressed (brotli, else gzip, else as they are) and cached for a year', async () => {
    const brotli = await site.call('GET', '/assets/main-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.response.rawPayload).toString()).toBe(script);
    expect(brotli.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.response.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await site.call('GET', '/assets/main-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.response.rawPayload).toString()).toBe(script);

    const plain = await site.call('GET', '/assets/main-Ab12Cd34.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(plain.response.body).toBe(script);
    expect(plain.response.headers['content-type']).toMatch(/javascript/);
  });

  it('robots.txt is a real one: the public pages allowed, the back office not; the pages themselves are never cached stale', async () => {
    const robots = await site.call('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.response.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.response.body).toMatch(/^User-agent: \*$/m);
    expect(robots.response.body).toMatch(/^Allow: \/woocommerce-calculator\/$/m);
    expect(robots.response.body).toMatch(/^Allow: \/track-order$/m);
    expect(robots.response.body).toMatch(/^Disallow: \/$/m);
    expect(robots.response.headers['cache-control']).toBe('no-cache');
    expect((await site.call('GET', '/login')).response.headers['cache-control']).toBe('no-cache');
  });

  it('the public pages describe themselves in Spanish for search engines', () => {
    for (const page of ['calculator.html', 'tracking.html']) {
      const html = fs.readFileSync(path.join(__dirname, '../../src/client', page), 'utf8');
      expect(html).toMatch(/<html lang="es">/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,160}" \/>/);
    }
  });
});

// Issue 46: «Escanear» and the dashboard have a page of their own, which a phone draws without the back office
// (src/client/LightApp.tsx); a visitor without a session gets the SPA without the frame's picture, which sends
// them to /login.
describe('the light pages', () => {
  it.each([
    ['/escanear', SCAN, 'taller'],
    ['/escanear?code=1', SCAN, 'taller'],
    ['/dashboard', DASHBOARD, 'admin'],
    ['/dashboard?from=menu', DASHBOARD, 'cliente'],
  ] as const)('%s is its html with a session, the SPA without the frame without one', async (url, html, user) => {
    const built = distWith({ 'index.html': SPA, 'no-frame.html': NO_FRAME, 'scan.html': SCAN, 'dashboard.html': DASHBOARD });
    const app = await startTestApp({ config: { clientDist: built } });
    try {
      const cookie = { cookie: `X-Token=${await app.login(user)}` };
      for (const [headers, page] of [[cookie, html], [{}, NO_FRAME]] as const) {
        const res = await app.call('GET', url, { headers });
        expect(res.status).toBe(200);
        expect(res.response.body).toBe(page);
        expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
        expect(res.response.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    } finally {
      await app.close();
      fs.rmSync(built, { recursive: true, force: true });
    }
  });
});

describe('a build without the public pages', () => {
  it('falls back to the SPA for their paths', async () => {
    const spaOnly = distWith({ 'index.html': SPA });
    const other = await startTestApp({ config: { clientDist: spaOnly } });
    try {
      const res = await other.call('GET', '/woocommerce-calculator/index/1');
      expect(res.response.body).toBe(SPA);
      expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
      expect((await other.call('GET', '/track-order')).response.body).toBe(SPA);
      expect((await other.call('GET', '/escanear')).response.body).toBe(SPA);
      expect((await other.call('GET', '/dashboard')).response.body).toBe(SPA);
    } finally {
      await other.close();
      fs.rmSync(spaOnly, { recursive: true, force: true });
    }
  });
});

describe('the public endpoints behind those pages', () => {
  const price = {
    pool_subcategory_id: 1,
    pool_cover_type_id: 3,
    a: 8,
    b: 4,
    extra_distance: 0.15,
    rounded_corners: false,
    stairwell: false,
  };

  it('list a season\'s cover types and price a pool without a session; a bad season is refused', async () => {
    const types = expectOk(await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/1'));
    expect(types.map((r: { name: string }) => r.name)).toEqual(['Cobertor de burbujas', 'Cobertor solar']);
    expectError(await t.call('GET', '/api/poolCoverType/getPoolCoverTypesBySeason/7'), 400, Code.error, undefined, {
      season: 'Seleccione la temporada',
    });
    const priced = expectOk(await t.call('POST', '/api/calculator/price', { body: price }));
    expect(priced.options.length).toBeGreaterThan(0);
    for (const option of priced.options) expect(option.label).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} € sin IVA$/);
    expectError(await t.call('POST', '/api/calculator/price', { body: { ...price, stairwell: true } }), 400, Code.error, undefined, {
      c: 'Introduzca las medidas de la escalera', d: 'Introduzca las medidas de la escalera',
    });
  });

  it('the price endpoint is rate-limited per address (429, 30001, Spanish message)', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    let limited: Awaited<ReturnType<TestApp['call']>> | undefined;
    for (let i = 0; i < 80 && !limited; i++) {
      const res = await t.call('POST', '/api/calculator/price', { body: price, headers: from });
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited!.body).toEqual({ code: Code.warning, message: 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo' });
    // Another address is not affected.
    expectOk(await t.call('POST', '/api/calculator/price', { body: price, headers: { 'x-forwarded-for': '203.0.113.78' } }));
  });
});

describe('the public calculator\'s form rules (written without zod for its bundle)', () => {
  it('agree with the server\'s publicPriceForm on every case: messages per field and the values sent', () => {
    const base = {
      pool_subcategory_id: 1,
      pool_cover_type_id: '3',
      a: '8',
      b: '4',
      c: '',
      d: '',
      e: '',
      stairwell: false,
      rounded_corners: false,
      extra_distance: '',
    };
    const variants: Array<Record<string, unknown>> = [{}];
    const values: Record<string, unknown[]> = {
      pool_cover_type_id: ['', '0', '-2', '1.5', 'x', '3', 3],
      a: ['', ' ', 'ocho', '8', '8,5', '8.25', '8.255', '8.000', '1.234,5', '-1', '0', '100', '100.01', '1e2', 12],
      b: ['', '4', '4,10', 'x'],
      extra_distance: ['', '0', '0,15', '5', '5.01', '0.125', 'x'],
    };
    for (const [name, list] of Object.entries(values)) for (const value of list) variants.push({ [name]: value });
    // The stairwell's sizes with and without other errors.
    // And whether it fits on side A (8 m): wider than A, past the corner, an exact fit.
    const fits = [
      { c: '12', d: '1' },
      { c: '6', d: '1', e: '3' },
      { c: '2,1', d: '1', e: '5,9' },
      { c: '8', d: '9', e: '0' },
      { c: '12', d: '', e: 'x' },
    ];
    for (const stairs of [
      { c: '', d: '' },
      { c: '1', d: '' },
      { c: '1,2', d: '0.8', e: '2' },
      { c: 'x', d: '' },
      { c: '1.555', d: '' },
      { c: '200', d: '1' },
      ...fits,
    ]) {
      variants.push(
        { stairwell: true, ...stairs },
        { stairwell: true, ...stairs, a: '' },
        { stairwell: true, ...stairs, a: '8.123' },
        { stairwell: true, ...stairs, pool_cover_type_id: '' },
      );
    }
    for (const variant of variants) {
      const input = { ...base, ...variant } as Parameters<typeof validatePool>[0];
      const server = publicPriceForm.safeParse(input);
      const mine = validatePool(input);
      if (server.success) {
        expect(mine, JSON.stringify(variant)).toEqual({ data: expect.objectContaining(server.data as object) });
      } else {
        expect(mine.errors, JSON.stringify(variant)).toEqual(fieldErrors(server.error));
      }
    }
  });
});
