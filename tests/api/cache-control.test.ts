/**
 * Private answers are not cached (issue 45 §4): every signed-in /api answer — each GET route and filtered
 * list the server registers, called as an admin and as a client member, every resource's list, CSV and
 * record among them, PDFs, event streams and errors too — says `Cache-Control: no-store`; the public calculator's prices say
 * `public, max-age=60` to a caller without a session only; a private file's link keeps its short private
 * lifetime.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../schemas';
import { useTestApp, type TestApp } from '../support/app';
import { EVENT_STREAMS, expectOk, multipart, png } from './helpers';

let t: TestApp;
let admin: string;
let member: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente: member } = tokens); });

/** The public price list answers anonymous calls for the web fare only: the URLs name it. */
const WEB_FARE = 2;

/** A URL for the route: every parameter 1 (the fare, the web one), optional ones left out. */
const concrete = (url: string) => url
  .replace(/\/:[A-Za-z_]+\?/g, '')
  .replace(':fare', String(WEB_FARE))
  .replace(/:[A-Za-z_]+/g, '1');

/** The answer's status, Cache-Control and type; an event stream is read up to its head only. */
async function cacheOf(method: 'GET' | 'POST', url: string, token?: string) {
  const headers = token ? { 'x-token': token } : {};
  const response = EVENT_STREAMS.has(url)
    ? await t.app.inject({ method, url, headers, payloadAsStream: true })
    : (await t.call(method, url, { token, body: method === 'POST' ? {} : undefined })).response;
  if (EVENT_STREAMS.has(url)) response.stream().destroy();
  return { status: response.statusCode, cache: response.headers['cache-control'], type: String(response.headers['content-type']) };
}

describe('Cache-Control', () => {
  it('is no-store on every signed-in answer: each GET route and filtered list, as an admin and as a member', async () => {
    // Reads only: GETs change nothing (the CSRF test checks it) and the filtered lists are POSTs that read.
    const reads = t.app.contracts.filter((c) => c.method === 'GET' || /filter/i.test(c.path));
    expect(reads.length).toBeGreaterThan(100);
    const kept: string[] = [];
    const types = new Set<string>();
    let answered = 0;
    for (const token of [admin, member]) {
      for (const contract of reads) {
        const url = concrete(contract.path);
        const { status, cache, type } = await cacheOf(contract.method, url, token);
        if (status === 200) { answered++; types.add(type.split(';')[0]); }
        // A route may say more (`private, no-store`: the API document, a stored document), never less.
        if (!cache?.split(/,\s*/).includes('no-store')) kept.push(`${token === admin ? 'admin' : 'member'} ${contract.method} ${url} ${status}: ${cache}`);
      }
    }
    expect(kept).toEqual([]);
    expect(answered).toBeGreaterThan(150);
    expect([...types]).toEqual(expect.arrayContaining(['application/json', 'text/csv', 'application/pdf', 'text/event-stream']));
  });

  it('is no-store on every resource\'s list, CSV export and record, each answered', async () => {
    for (const schema of Object.values(resources)) {
      for (const suffix of ['all', 'csv', 'page/1', 'dropdown', 'data/1']) {
        const { status, cache } = await cacheOf('GET', `/api/${schema.name}/${suffix}`, admin);
        expect(`${schema.name}/${suffix} ${cache}`).toBe(`${schema.name}/${suffix} no-store`);
        if (suffix !== 'data/1') expect(status, `${schema.name}/${suffix}`).toBe(200);
      }
    }
  });

  it('is no-store on auth/info and on refusals', async () => {
    expect(await cacheOf('GET', '/api/auth/info', member)).toMatchObject({ status: 200, cache: 'no-store' });
    expect(await cacheOf('GET', '/api/auth/info')).toMatchObject({ status: 401, cache: 'no-store' });
    expect(await cacheOf('GET', '/api/budget/all')).toMatchObject({ status: 401, cache: 'no-store' });
    expect(await cacheOf('GET', '/api/user/all', member)).toMatchObject({ status: 403, cache: 'no-store' });
    expect(await cacheOf('GET', '/api/no/such/route', admin)).toMatchObject({ status: 404, cache: 'no-store' });
    // Fastify's own refusals before any route runs: a URL that does not decode, a parameter past its length.
    expect(await cacheOf('GET', '/api/budget/data/%E0%A4%A', admin)).toMatchObject({ status: 400, cache: 'no-store' });
    expect(await cacheOf('GET', `/api/budget/data/${'1'.repeat(600)}`, admin)).toMatchObject({ status: 414, cache: 'no-store' });
  });

  it('lets anybody keep the public calculator\'s prices a minute, but not a signed-in caller\'s', async () => {
    const prices = [
      '/api/poolCoverType/getPoolCoverTypesBySeason/1',
      `/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/1/${WEB_FARE}`,
      '/api/clientFare/getTarifaWEB',
    ];
    for (const url of prices) {
      const { status, response } = await t.call('GET', url);
      expect(status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=60');
      // The same URL answers a member with its own fare: a cache must not hand one's answer to the other.
      expect(response.headers.vary, url).toMatch(/cookie/i);
      expect(await cacheOf('GET', url, member), url).toMatchObject({ status: 200, cache: 'no-store' });
    }
  });

  it('keeps other public answers out of caches: login, tracking, a bar code', async () => {
    const login = await t.call('POST', '/api/external/login', { body: { identity: 'cliente', password: 'cliente1234' } });
    expect(login.status).toBe(200);
    expect(login.response.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/order/trackOrder/código-que-no-existe', '/api/traceability/barCode/0000']) {
      expect((await cacheOf('GET', url)).cache, url).toBe('no-store');
    }
  });

  it('keeps a private file link\'s own short private lifetime', async () => {
    const upload = multipart(
      { data: JSON.stringify({ name: 'Logo en caché', code: 'CCH' }) },
      { image: { filename: 'logo.png', data: png(8, 8), contentType: 'image/png' } },
    );
    const company = expectOk(await t.call('POST', '/api/invoicingCompany/create', { token: admin, ...upload }), 20001);
    const { status, cache } = await cacheOf('GET', company.image, admin);
    expect(status).toBe(200);
    expect(cache).toMatch(/^private, max-age=([1-9]\d*)$/);
    expect(Number(cache!.split('=')[1])).toBeLessThanOrEqual(600);
  });
});
