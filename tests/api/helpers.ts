/**
 * Helpers shared by the API test files: bodies (multipart, filters), real image bytes, mail decoding,
 * and small factories that go through the public API only.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { pngOf } from '../support/images';
import { ROSA_VIDAL } from '../support/addresses';

export type Res = Awaited<ReturnType<TestApp['call']>>;

/** A short unique suffix, so that tests sharing one app never collide on unique columns. */
let counter = 0;
export const uniq = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

/** The rows of a raw `db.execute` (its result type is the driver's). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `?filter=` value for the page/all endpoints. */
export const filterQuery = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A JSON create/update body as the spec's clients send it: `{ data: "<JSON string>" }`. */
export const jsonData = (data: Record<string, unknown>) => ({ data: JSON.stringify(data) });

export interface FilePart { filename: string; data: Buffer; contentType?: string }

/** A multipart/form-data body with text fields and file fields (a field may carry several files). */
export function multipart(fields: Record<string, string>, files: Record<string, FilePart | FilePart[]> = {}) {
  const boundary = `----cobertores${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, parts] of Object.entries(files)) {
    for (const part of Array.isArray(parts) ? parts : [parts]) {
      chunks.push(Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\n`
        + `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------- files

/** A valid RGB PNG of the given size (built by hand in tests/support/images.ts). */
export const png = (width = 2, height = 2, rgb?: [number, number, number]) => pngOf(width, height, rgb);

/** A minimal PDF: right magic bytes, not an image. */
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// ---------------------------------------------------------------- mail

/** The text of an .eml with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(eml: string) {
  const bytes = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The reset code of the `/resetPassword/{code}` link in a mailed .eml. */
export function resetCodeOf(eml: string) {
  const match = /\/resetPassword\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(eml));
  if (!match) throw new Error(`no reset link in mail:\n${eml}`);
  return match[1];
}

// ---------------------------------------------------------------- assertions

/** An error envelope: exact HTTP status and code, optionally the message and the field errors. */
export function expectError(res: Res, status: number, code: number, message?: string, error?: Record<string, string>) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  if (message !== undefined) expect(res.body.message).toBe(message);
  if (error !== undefined) expect(res.body.error).toEqual(error);
  expectNoInternals(res);
}

/** A body that leaks nothing of the server's internals. */
export function expectNoInternals(res: Res) {
  const text = res.response.body;
  expect(res.body).not.toHaveProperty('stack');
  expect(text).not.toMatch(/node_modules|\bat [\w.<>]+ \(|\.ts:\d+|ZodError|Invalid input|violates|drizzle|pglite/i);
}

export function expectOk(res: Res, code: 20000 | 20001 = 20000) {
  if (res.body?.code !== code) throw new Error(`expected ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The data a call answers, failing on any other code than the expected one (the URL and the answer in the message). */
export async function dataOf(t: TestApp, method: 'GET' | 'POST', url: string, token: string, body?: unknown, code = 20000) {
  const res = await t.call(method, url, { token, body });
  expect(res.body.code, `${url}: ${JSON.stringify(res.body)}`).toBe(code);
  return res.body.data;
}

// ---------------------------------------------------------------- factories

/** Logs in through the API from a given client IP (the server trusts X-Forwarded-For). */
export const login = (t: TestApp, identity: string, password: string, ip = '198.51.100.1') =>
  t.call('POST', '/api/external/login', { body: { identity, password }, headers: { 'x-forwarded-for': ip } });

export interface NewUser { id: number; username: string; email: string; password: string }

/** A fresh user made by an admin; `role` 2 links it to client 1 unless `client_id` says otherwise. */
export async function createUser(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}): Promise<NewUser> {
  const name = `u${uniq()}`;
  const password = (overrides.password as string | undefined) ?? 'contraseña1';
  const roles = (overrides.roles as number | undefined) ?? 2;
  const data = {
    username: name, first_name: 'Prueba', last_name: 'Usuario Test', email: `${name}@ejemplo.es`, phone: '600123456',
    roles, client_id: roles === 2 ? 1 : null, password, password_confirm: password, ...overrides,
  };
  const res = await t.call('POST', '/api/user/create', { token: adminToken, body: jsonData(data) });
  const created = expectOk(res, 20001);
  return { id: created.id, username: created.username, email: created.email, password };
}

/**
 * A finished order of client 1 (through a fresh member's cart: an anchor of 2 units' price) and its first
 * item, whose bar code its label carries; `customerInfo` tells a test's orders apart.
 */
export async function finishedOrderItem(t: TestApp, adminToken: string, customerInfo: string) {
  const user = await createUser(t, adminToken, { client_id: 1 });
  const token = await tokenOf(t, user.username, user.password);
  const cart = expectOk(await t.call('POST', '/api/orderItem/create', { token, body: { item_property_value_id: 2, quantity: 1 } }), 20001);
  const order = expectOk(
    await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
      token,
      body: {
        order_id: cart.id,
        customer_info: customerInfo,
        ...ROSA_VIDAL,
        delivery_date: '2037-05-20',
      },
    }),
    20001,
  ) as Record<string, any>;
  const details = expectOk(await t.call('GET', `/api/order/getById/${order.id}`, { token: adminToken }));
  const item = details.order_items[0] as Record<string, any>;
  expect(item.barcode).toMatch(/^[0-9A-Z]{12}$/);
  return { order, item };
}

/** Logs a user in and returns its token. */
export async function tokenOf(t: TestApp, identity: string, password: string, ip?: string) {
  const res = await login(t, identity, password, ip);
  return expectOk(res).token as string;
}

// ---------------------------------------------------------------- PDF

/** The text a PDF draws (pdfkit's standard fonts: hex strings in TJ operators, WinAnsi), one TJ per line. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    try { streams.push(zlib.inflateSync(bytes).toString('latin1')); } catch { streams.push(bytes.toString('latin1')); }
  }
  const decoder = new TextDecoder('windows-1252');
  return streams.flatMap((s) => [...s.matchAll(/\[(.*?)\]\s*TJ/g)].map((tj) =>
    [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decoder.decode(Buffer.from(h[1], 'hex'))).join(''))).join('\n');
}

// ---------------------------------------------------------------- streams

/** Server-sent event streams (the production board's): they never end, so t.call would wait for good. */
export const EVENT_STREAMS = new Set(['/api/traceability/board/events']);

/**
 * A GET of an event stream through inject: an answer let through is read up to its head and dropped;
 * a refusal (a JSON envelope, which ends) is read whole.
 */
export async function streamHead(t: TestApp, url: string, token?: string): Promise<{ status: number; body: any }> {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {}, payloadAsStream: true });
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.destroy();
    return { status: 200, body: undefined };
  }
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return { status: response.statusCode, body: JSON.parse(Buffer.concat(parts).toString()) };
}

/** The raw answer to a GET, read off the socket: its head and the chunks of its chunked body, as sent. */
export async function rawGet(url: string, token: string): Promise<{ head: string; chunks: Buffer[] }> {
  const { hostname, port, pathname, search } = new URL(url);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}\r\nx-token: ${token}\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (part) => parts.push(part));
    socket.on('end', () => resolve(Buffer.concat(parts)));
    socket.on('error', reject);
  });
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd).toString();
  const chunks: Buffer[] = [];
  for (let at = headEnd + 4; ;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString(), 16);
    if (!size) break;
    chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return { head, chunks };
}
