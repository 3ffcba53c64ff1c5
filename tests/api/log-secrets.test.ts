/**
 * The request log carries no secret (issue 29 §2): after a whole password recovery, a file downloaded by
 * its signed link and a query with a token, the captured log holds none of them. Also the redaction rule
 * itself, unit by unit.
 */
import net from 'node:net';
import { once } from 'node:events';
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

/** A GET written on a socket as it is given: inject would read the path through URL, resolving its dots. */
async function rawGet(url: string): Promise<void> {
  const { port } = t.app.server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  socket.end(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 10.99.0.2\r\nConnection: close\r\n\r\n`);
  socket.resume();
  await once(socket, 'close');
}

describe('a reset code in the log, however its path is spelt', () => {
  // Each spelling reaches the server as sent and is served or refused; either way it is logged, and the
  // code must not be.
  beforeAll(async () => { await t.app.listen({ port: 0, host: '127.0.0.1' }); });
  const code = 'Zq3xW9codigoSecreto_Ab12-Cd34';
  const encoded = [...code].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  it.each([
    `/resetPassword/${code}`,
    `//resetPassword/${code}`,
    `/./resetPassword/${code}`,
    `/x/../resetPassword/${code}`,
    `/resetPassword//${code}`,
    `/%2e/resetPassword/${code}`,
    `/x/%2E%2E/resetPassword/${code}`,
    `/resetPassword%2F${code}`,
    `/resetPassword/${encoded}`,
    `/resetPassword/${encodeURIComponent(encoded)}`,
    `/%72esetPassword/${code}?x=1`,
    `/RESETPASSWORD/${code}`,
    `/resetPassword\\${code}`,
    `/resetPassword/${code}/..`,
    `/api/external/checkResetCode/${code}`,
    `//api/external/checkResetCode/${code}`,
    `/api/./external/../external/checkResetCode/${encoded}`,
  ])('%s', async (url) => {
    const before = lines.length;
    await rawGet(url);
    const logged = lines.slice(before).join('');
    expect(logged).toContain('10.99.0.2');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(encoded);
    expect(logged.toLowerCase()).not.toContain(code.slice(0, 12).toLowerCase());
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
    ['//resetPassword/abc123', '/resetPassword/[oculto]'],
    ['/./resetPassword/abc123', '/resetPassword/[oculto]'],
    ['/x/../resetPassword/abc123', '/resetPassword/[oculto]'],
    ['/resetPassword/%2561bc123', '/resetPassword/[oculto]'],
    ['/resetPassword/abc123/..', '/resetPassword'],
    ['http://example.com/api/item/file/tok3n/image/a.png', '/http:/example.com/api/item/file/[oculto]/image/a.png'],
    ['/api/item/page/1/', '/api/item/page/1/'],
    ['/api/item/%20page', '/api/item/ page'],
    // A kiosk link's key, at the API and on its page (issue 44); the staff's own board keeps its path.
    ['/api/traceability/kiosk/k3y_-Abc/events', '/api/traceability/kiosk/[oculto]/events'],
    ['/tablero/k3y_-Abc', '/tablero/[oculto]'],
    ['/taller/tablero', '/taller/tablero'],
  ])('%s → %s', (url, shown) => {
    expect(redactedUrl(url)).toBe(shown);
  });
});
