/**
 * Files only where a route declares them (issue 15, point 2): every other route refuses multipart
 * unread (415), public routes take JSON only, a declared file is read up to its field's limit and no
 * further, and a burst of huge anonymous or oversized uploads leaves the server's memory where it was.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { fileTooBig, Msg } from '../../src/shared/messages';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, multipart, png } from './helpers';

let t: TestApp;
let admin: string;
let member: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente: member } = tokens); });

/** Every POST route that takes a multipart body with a file in a field it does not declare. */
async function routesTakingMultipart() {
  const seen = new Set<string>();
  const taking: string[] = [];
  for (const route of t.app.accessTable.filter((r) => r.method === 'POST')) {
    if (seen.has(route.url)) continue;
    seen.add(route.url);
    const url = route.url.replace(/\/:[A-Za-z_]+\?/g, '').replace(/:[A-Za-z_]+/g, '1');
    const form = multipart({ data: '{}' }, { intruso: { filename: 'x.bin', data: Buffer.alloc(1024) } });
    const res = await t.call('POST', url, { token: admin, payload: form.payload, headers: form.headers });
    if (res.status === 415) {
      expect(res.body).toMatchObject({ code: Code.error, message: Msg.noFilesHere });
      continue;
    }
    // An operation the office may not do (no role may create an order through the generic create) is
    // refused before its body is read, files or not.
    if (Array.isArray(route.access) && !route.access.includes('admin')) {
      expectError(res, 403, Code.error);
      continue;
    }
    // A route that takes files names the field it refuses, before reading it.
    expectError(res, 400, Code.error, Msg.fileNotExpected, { intruso: Msg.fileNotExpected });
    taking.push(route.url);
  }
  return taking.sort();
}

describe('multipart only where files are declared', () => {
  it('is taken by the create/update routes and the routes made for files, and refused unread by every other route', async () => {
    const taking = await routesTakingMultipart();
    for (const url of taking) {
      expect(url, url).toMatch(
        /\/(create|update|createWithFormData|updateWithFormData|createItemWithDefaultValueAndAssignCategories|updateItemAndAssignCategories|customCreate|customUpdate|updateProfile|updateUserImage|migrateOrdersFiles)$/,
      );
    }
    expect(taking).toEqual(
      expect.arrayContaining([
        '/api/invoicingCompany/create',
        '/api/user/updateUserImage',
        '/api/order/migrateOrdersFiles',
        '/api/item/createItemWithDefaultValueAndAssignCategories',
      ]),
    );
    expect(taking).not.toContain('/api/external/forgotPassword');
    expect(taking).not.toContain('/api/auth/login');
  });

  it('keeps every public route JSON only', async () => {
    const publicPosts = [...new Set(t.app.accessTable.filter((r) => r.method === 'POST' && r.access === 'public').map((r) => r.url))];
    expect(publicPosts.length).toBeGreaterThan(2);
    for (const route of publicPosts) {
      const url = route.replace(/:[A-Za-z_]+/g, '1');
      const text = await t.call('POST', url, { payload: 'identity=cliente', headers: { 'content-type': 'text/plain' } });
      expectError(text, 415, Code.error, Msg.jsonOnly);
      const form = multipart({ identity: 'cliente' });
      expectError(await t.call('POST', url, { payload: form.payload, headers: form.headers }), 415, Code.error, Msg.noFilesHere);
    }
  });

  it('takes a declared file within its limit, and a second one in the same field is refused before it is read', async () => {
    const form = multipart({ data: JSON.stringify({ id: 2 }) }, { image: { filename: 'a.png', data: png(8, 8) } });
    expectOk(await t.call('POST', '/api/user/updateUserImage', { token: member, payload: form.payload, headers: form.headers }), 20001);
    const two = multipart(
      { data: JSON.stringify({ id: 2 }) },
      {
        image: [
          { filename: 'a.png', data: png(8, 8) },
          { filename: 'b.png', data: png(8, 8) },
        ],
      },
    );
    expectError(
      await t.call('POST', '/api/user/updateUserImage', { token: member, payload: two.payload, headers: two.headers }),
      400,
      Code.error,
      'Sólo puede subirse 1 archivo',
    );
  });

  it('stops reading a declared file at its field\'s limit and names the limit', async () => {
    const form = multipart({ data: '{}' }, { image: { filename: 'big.png', data: Buffer.concat([png(1, 1), Buffer.alloc(6_000_000)]) } });
    const res = await t.call('POST', '/api/invoicingCompany/create', { token: admin, payload: form.payload, headers: form.headers });
    expectError(res, 400, Code.error, fileTooBig(5_000_000), { image: fileTooBig(5_000_000) });
  });

  it('refuses files to a member on a route only staff may use, before reading them', async () => {
    const form = multipart({}, { files: { filename: 'pedidos.csv', data: Buffer.from('a;b\n') } });
    const res = await t.call('POST', '/api/order/migrateOrdersFiles', { token: member, payload: form.payload, headers: form.headers });
    expect(res.status).toBe(403);
  });
});

// ---------------------------------------------------------------- memory under a burst

const MB = 1024 * 1024;

/**
 * Streams a multipart body of `files` files of `bytesEach` in `field` (never held whole by the test
 * either) and resolves with the answer; stops sending once the server has answered.
 */
function streamUpload(
  url: string,
  opts: { field: string; files: number; bytesEach: number; token?: string },
): Promise<{ status: number; body: { code?: number; message?: string } }> {
  const boundary = `----burst${Math.random().toString(16).slice(2)}`;
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(opts.token ? { 'x-token': opts.token } : {}) },
      },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (piece) => {
          text += piece;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = async () => {
      const wrote = (data: Buffer | string) =>
        new Promise<void>((done) => {
          if (request.write(data)) done();
          else request.once('drain', done);
        });
      await wrote(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n`);
      for (let file = 0; file < opts.files && !answered; file++) {
        await wrote(
          `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field}"; filename="f${file}.png"\r\n`
          + 'Content-Type: image/png\r\n\r\n',
        );
        for (let sent = 0; sent < opts.bytesEach && !answered; sent += chunk.length) await wrote(chunk);
        await wrote('\r\n');
      }
      if (!answered) request.end(`--${boundary}--\r\n`);
    };
    write().catch(() => undefined);
  });
}

describe('memory under a burst of uploads', () => {
  it('stays bounded while anonymous callers and staff send files of 100 MB where they are not taken', async () => {
    const served = await startTestApp({ listen: true });
    const token = await served.login('admin');
    const held = () => process.memoryUsage().arrayBuffers;
    globalThis.gc?.();
    const before = held();
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, held()); }, 10);
    try {
      const answers = await Promise.all([
        // The probe: six anonymous recovery requests, ten files of 10 MB each.
        ...Array.from({ length: 6 }, () =>
          streamUpload(`${served.url}/api/external/forgotPassword`, { field: 'file', files: 10, bytesEach: 10 * MB }),
        ),
        // Anonymous on a route that takes files: refused before the body is read.
        ...Array.from({ length: 2 }, () =>
          streamUpload(`${served.url}/api/invoicingCompany/create`, { field: 'image', files: 10, bytesEach: 10 * MB }),
        ),
        // Staff: a file where none is declared, and one far over its field's limit.
        ...Array.from({ length: 2 }, () =>
          streamUpload(`${served.url}/api/invoicingCompany/create`, { field: 'logo', files: 1, bytesEach: 100 * MB, token }),
        ),
        ...Array.from({ length: 2 }, () =>
          streamUpload(`${served.url}/api/invoicingCompany/create`, { field: 'image', files: 1, bytesEach: 100 * MB, token }),
        ),
      ]);
      expect(answers.slice(0, 6).map((a) => a.status)).toEqual(Array(6).fill(415));
      expect(answers.slice(6, 8).map((a) => a.status)).toEqual([401, 401]);
      expect(answers.slice(8, 10).map((a) => a.body.message)).toEqual([Msg.fileNotExpected, Msg.fileNotExpected]);
      expect(answers.slice(10).map((a) => a.body.message)).toEqual([fileTooBig(5_000_000), fileTooBig(5_000_000)]);
    } finally {
      clearInterval(sampler);
      await served.close();
    }
    // Without the limits the first six alone held 600 MB; now at most two images of 5 MB are in memory.
    expect((peak - before) / MB).toBeLessThan(48);
  }, 60_000);
});
