/**
 * The request log carries no secret (issue 29 §2): after a whole password recovery, a file downloaded by
 * its signed link and a query with a token, the captured log holds none of them. Also the redaction rule
 * itself, unit by unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/server/logging';
import { startTestApp, type TestApp } from '../support/app';
import { expectOk, multipart, png, resetCodeOf } from './helpers';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => { t = await startTestApp({ logStream: { write: (line) => { lines.push(line); } } }); });
afterAll(async () => { await t?.close(); });

describe('the request log', () => {
  it('holds no reset code, signed file link or token after a whole recovery and a download', async () => {
    const headers = { 'x-forwarded-for': '10.99.0.1' };
    expectOk(await t.call('POST', '/api/external/forgotPassword', { body: { identity: 'cliente' }, headers }));
    const code = resetCodeOf(t.outbox().at(-1)!);
    expect(code.length).toBeGreaterThan(10);
    expectOk(await t.call('GET', `/api/external/checkResetCode/${code}`, { headers }));
    // The page the mailed link opens, as the browser asks for it (and spelt with escapes).
    await t.call('GET', `/resetPassword/${code}`, { headers });
    await t.call('GET', `/%72esetPassword/${code}`, { headers });
    expectOk(
      await t.call('POST', '/api/external/changePassword', {
        body: { forgotten_password_code: code, password: 'nueva-clave-1', password_confirm: 'nueva-clave-1' },
        headers,
      }),
      20001,
    );

    // A file by its signed link, and a token in a query.
    const admin = await t.login('admin');
    const upload = multipart(
      { data: JSON.stringify({ name: 'Logo en el log', code: 'LOG' }) },
      { image: { filename: 'logo.png', data: png(8, 8), contentType: 'image/png' } },
    );
    const company = expectOk(await t.call('POST', '/api/invoicingCompany/create', { token: admin, ...upload }), 20001);
    const link: string = company.image;
    const secret = link.split('/')[4];
    expect((await t.call('GET', link, { token: admin })).status).toBe(200);
    await t.call('GET', `/api/auth/info?token=${admin}`);

    const log = lines.join('');
    expect(log).toContain('/api/external/checkResetCode/[oculto]');
    expect(log).toContain('/resetPassword/[oculto]');
    for (const kept of [code, secret, admin]) expect(log).not.toContain(kept);
  });
});

describe('redactedUrl', () => {
  it.each([
    ['/api/external/checkResetCode/abc123', '/api/external/checkResetCode/[oculto]'],
    ['/resetPassword/abc123?x=1', '/resetPassword/[oculto]?x=1'],
    ['/%72esetPassword/abc123', '/resetPassword/[oculto]'],
    ['/api/item/file/tok3n/image/a.png', '/api/item/file/[oculto]/image/a.png'],
    ['/api/auth/info?token=abc&page=2', '/api/auth/info?token=%5Boculto%5D&page=2'],
    ['/api/item/page/1?filter=%7B%7D', '/api/item/page/1?filter=%7B%7D'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('%s → %s', (url, shown) => {
    expect(redactedUrl(url)).toBe(shown);
  });
});
