/**
 * The server speaks HTTPS itself when TLS_CERT_FILE and TLS_KEY_FILE name a certificate and its key (a
 * phone's camera needs a secure context, and the workshop's LAN has no proxy). The test makes its own
 * self-signed certificate for oficina.lan with openssl.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config';
import { startTestApp, type TestApp } from '../support/app';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-tls-'));
const certFile = path.join(dir, 'oficina.lan.crt');
const keyFile = path.join(dir, 'oficina.lan.key');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=oficina.lan',
  '-addext', 'subjectAltName=DNS:oficina.lan,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ listen: true, config: { tls: { certFile, keyFile } } }); });
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request over TLS that trusts only the test's certificate, as a phone that installed it would. */
function request(method: string, url: string, body?: unknown): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method, ca: fs.readFileSync(certFile), headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe('HTTPS from a certificate and key', () => {
  it('answers over TLS with the certificate given, and the session cookie is Secure', async () => {
    expect(t.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const info = await request('GET', `${t.url}/api/clientFare/getTarifaWEB`);
    expect(info.status).toBe(200);
    const login = await request('POST', `${t.url}/api/external/login`, { identity: 'taller', password: 'taller1234' });
    expect(login.body.code).toBe(20000);
    const cookie = String((login.headers['set-cookie'] as string[]).find((c) => c.startsWith('X-Token=')));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
  });

  it('a plain HTTP request to the port gets no page', async () => {
    const { port } = new URL(t.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: oficina.lan\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString('latin1'); });
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer).not.toMatch(/<html|Cobertores/);
  });

  it('one variable without the other, or a file that cannot be read, stops the start saying which', async () => {
    expect(() => configFromEnv({ TLS_CERT_FILE: certFile })).toThrow(
      'TLS_CERT_FILE y TLS_KEY_FILE van juntas: indique las dos (certificado y clave) o ninguna',
    );
    expect(() => configFromEnv({ TLS_KEY_FILE: keyFile })).toThrow('TLS_CERT_FILE y TLS_KEY_FILE van juntas');
    await expect(startTestApp({ config: { tls: { certFile, keyFile: path.join(dir, 'no-existe.key') } } }))
      .rejects.toThrow(`No se puede leer TLS_KEY_FILE (${path.join(dir, 'no-existe.key')}): ENOENT`);
  });
});
