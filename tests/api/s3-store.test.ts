/**
 * Files in an S3-compatible bucket (issue 18, point 2), against a real S3-protocol server (s3rver) this
 * file starts for itself: the store's operations and paging, prefixes that keep stores apart, the
 * FILE_STORE_URL start-up checks, and uploads through the app — stored in the bucket, served back
 * identical, removed when replaced; with the bucket down an upload answers 30001 and writes nothing,
 * and the app goes on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { fileStoreFromConfig } from '../../src/server/files/fromConfig';
import { parseFileStoreUrl } from '../../src/server/files/s3Store';
import { S3_REGION, S3RVER_CREDENTIALS, startS3Server, TEST_BUCKET, testS3Store, type S3Server } from '../support/s3';
import { uniqueName } from '../support/template';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, multipart, png, uniq } from './helpers';

let server: S3Server;
let bucket: S3Client;
beforeAll(async () => {
  server = await startS3Server();
  // The bucket as an operator sees it, past the store: what is really stored, and where.
  bucket = new S3Client({ endpoint: server.endpoint, forcePathStyle: true, region: S3_REGION, credentials: S3RVER_CREDENTIALS });
});
afterAll(async () => {
  bucket?.destroy();
  await server?.dispose();
});

async function objectAt(key: string): Promise<Buffer | null> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if (error instanceof NoSuchKey) return null;
    throw error;
  }
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

describe('the bucket store', () => {
  it('puts, gets, removes and lists under its prefix', async () => {
    const prefix = uniqueName('store');
    const store = testS3Store(server.endpoint, prefix);
    const data = png(3, 3);
    await store.put('user/a.png', data);
    expect((await store.get('user/a.png'))?.equals(data)).toBe(true);
    expect((await objectAt(`${prefix}/user/a.png`))?.equals(data)).toBe(true);
    expect(await store.get('user/missing.png')).toBeNull();
    expect(await store.list()).toEqual(['user/a.png']);

    await store.remove('user/a.png');
    expect(await store.get('user/a.png')).toBeNull();
    await store.remove('user/a.png'); // already gone: no error, as on the local folder
    expect(await objectsUnder(prefix)).toEqual([]);
  });

  it('refuses keys that could leave its prefix, and writes nothing for them', async () => {
    const prefix = uniqueName('store');
    const store = testS3Store(server.endpoint, prefix);
    for (const key of ['../x.png', 'user/../x.png', '/user/x.png', 'user/sub/x.png', 'user/', 'x.png']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('invalid file key');
      await expect(store.get(key), key).rejects.toThrow('invalid file key');
      await expect(store.remove(key), key).rejects.toThrow('invalid file key');
    }
    expect(await objectsUnder(prefix)).toEqual([]);
  });

  it('lists every key, sorted, past a page (continuation tokens)', async () => {
    const store = testS3Store(server.endpoint, uniqueName('store'), 2);
    const keys = ['user/e.png', 'item/b.png', 'user/a.png', 'document/c.pdf', 'item/d.png'];
    for (const key of keys) await store.put(key, Buffer.from(key));
    expect(await store.list()).toEqual([...keys].sort());
  });

  it('keeps two stores in one bucket apart by their prefixes', async () => {
    const shop = uniqueName('tienda');
    const first = testS3Store(server.endpoint, shop);
    const second = testS3Store(server.endpoint, uniqueName('tienda'));
    // A deeper prefix is another store too: its objects are not the outer store's files.
    const nested = testS3Store(server.endpoint, `${shop}/copia`);
    await first.put('user/uno.png', Buffer.from('uno'));
    await second.put('user/dos.png', Buffer.from('dos'));
    await nested.put('user/tres.png', Buffer.from('tres'));

    expect(await first.list()).toEqual(['user/uno.png']);
    expect(await second.list()).toEqual(['user/dos.png']);
    expect(await nested.list()).toEqual(['user/tres.png']);
    expect(await second.get('user/uno.png')).toBeNull();
    await second.remove('user/uno.png');
    expect((await first.get('user/uno.png'))?.toString()).toBe('uno');
  });
});

describe('FILE_STORE_URL', () => {
  afterEach(() => { vi.unstubAllEnvs(); });

  it('takes s3://bucket and s3://bucket/prefix, and refuses anything else in Spanish', () => {
    expect(parseFileStoreUrl('s3://cobertores')).toEqual({ bucket: 'cobertores', prefix: '' });
    expect(parseFileStoreUrl('s3://cobertores/')).toEqual({ bucket: 'cobertores', prefix: '' });
    expect(parseFileStoreUrl('s3://cobertores/produccion/archivos/')).toEqual({ bucket: 'cobertores', prefix: 'produccion/archivos' });
    for (const url of [
      'cobertores',
      'https://cobertores/x',
      's3://',
      's3://Mayusculas',
      's3://cobertores//x',
      's3://cobertores/../x',
      's3://cobertores/a b',
    ]) {
      expect(() => parseFileStoreUrl(url), url).toThrow(
        `FILE_STORE_URL no es válida ("${url}"): debe ser s3://bucket o s3://bucket/prefijo`,
      );
    }
  });

  // The data dir holds no files once a bucket is named.
  const configFor = (fileStoreUrl: string, s3Endpoint = server.endpoint) => ({
    dataDir: os.tmpdir(),
    fileStoreUrl,
    s3Endpoint,
    s3Region: S3_REGION,
  });

  it('unset keeps the local folder', async () => {
    const config = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cob-s3-config-')), s3Region: S3_REGION };
    const store = await fileStoreFromConfig(config);
    await store.put('user/local.png', Buffer.from('aquí'));
    expect(fs.readFileSync(path.join(config.dataDir, 'files/user/local.png'), 'utf8')).toBe('aquí');
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('selects the bucket, with the credentials from the usual AWS variables', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    const prefix = uniqueName('config');
    const store = await fileStoreFromConfig(configFor(`s3://${TEST_BUCKET}/${prefix}`));
    await store.put('user/nube.png', Buffer.from('nube'));
    expect((await objectAt(`${prefix}/user/nube.png`))?.toString()).toBe('nube');
  });

  it('stops the start with a Spanish message naming the bucket when it cannot be used', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    await expect(fileStoreFromConfig(configFor('s3://no-existe'))).rejects.toThrow(
      `No se puede acceder al bucket "no-existe" en ${server.endpoint}: el bucket no existe`,
    );
    await expect(fileStoreFromConfig(configFor('s3://Mal_Nombre'))).rejects.toThrow('FILE_STORE_URL no es válida');

    // s3rver checks the key id (it does not verify v4 signatures, so a wrong secret would pass).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'NADIE');
    await expect(fileStoreFromConfig(configFor(`s3://${TEST_BUCKET}`))).rejects.toThrow(
      `No se puede acceder al bucket "${TEST_BUCKET}" en ${server.endpoint}: acceso denegado`,
    );

    // Nothing listens there: refused at once, answered in seconds despite the retries.
    const started = Date.now();
    await expect(fileStoreFromConfig(configFor(`s3://${TEST_BUCKET}`, 'http://127.0.0.1:9'))).rejects.toThrow(
      `No se puede acceder al bucket "${TEST_BUCKET}" en http://127.0.0.1:9`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('uploads through the app, stored in the bucket', () => {
  const prefix = uniqueName('app');
  let t: TestApp;
  let admin: string;
  useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { wrap: () => ({ files: testS3Store(server.endpoint, prefix) }) });

  const one = async <T>(query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows[0];
  const companies = async () => (await one<{ n: number }>(sql`select count(*)::int as n from invoicing_companies`)).n;
  const avatarOf = async (username: string) =>
    (await one<{ image: string | null }>(sql`select image from users where username = ${username}`)).image;
  const createCompany = (logo: Buffer) =>
    t.call('POST', '/api/invoicingCompany/create', {
      token: admin,
      ...multipart(
        { data: JSON.stringify({ name: `Nube ${uniq()} S.L.`, code: `N${uniq()}`.slice(0, 12) }) },
        { image: { filename: 'logo.png', data: logo } },
      ),
    });
  const uploadAvatar = (image: Buffer) =>
    t.call('POST', '/api/user/updateUserImage', {
      token: admin,
      ...multipart({ data: '{}' }, { image: { filename: 'yo.png', data: image } }),
    });

  it('stores an invoicing company\'s logo as an object in the bucket and serves it back identical', async () => {
    const logo = png(16, 9, [10, 120, 200]);
    const company = expectOk(await createCompany(logo), 20001);
    const { image: key } = await one<{ image: string }>(sql`select image from invoicing_companies where id = ${company.id}`);
    expect((await objectAt(`${prefix}/${key}`))?.equals(logo)).toBe(true);

    const download = await t.call('GET', company.image, { token: admin });
    expect(download.status).toBe(200);
    expect(download.response.headers['content-type']).toBe('image/png');
    expect(download.response.rawPayload.equals(logo)).toBe(true);
  });

  it('removes the object of an avatar that is replaced, and of one that is removed', async () => {
    expectOk(await uploadAvatar(png(6, 6, [1, 2, 3])), 20001);
    const first = await avatarOf('admin');
    expect(await objectAt(`${prefix}/${first}`)).not.toBeNull();

    const replaced = expectOk(await uploadAvatar(png(7, 7, [4, 5, 6])), 20001);
    const second = await avatarOf('admin');
    expect(second).not.toBe(first);
    expect(await objectAt(`${prefix}/${first}`)).toBeNull();
    expect((await t.call('GET', replaced.image, { token: admin })).response.rawPayload.equals(png(7, 7, [4, 5, 6]))).toBe(true);

    expectOk(await t.call('POST', `/api/user/deleteUserImage/${replaced.id}`, { token: admin }), 20001);
    expect(await avatarOf('admin')).toBeNull();
    expect(await objectAt(`${prefix}/${second}`)).toBeNull();
  });

  it('bucket down: an upload answers 30001 in seconds, writes nothing; the app goes on, works again once the bucket is back', async () => {
    const stored = expectOk(await createCompany(png(5, 5)), 20001);
    expectOk(await uploadAvatar(png(8, 8)), 20001);
    const avatar = await avatarOf('admin');
    const before = { companies: await companies(), objects: await objectsUnder(prefix) };

    await server.stop();
    try {
      const started = Date.now();
      expectError(await createCompany(png(9, 9)), 409, Code.warning, Msg.fileStoreFailed);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await companies()).toBe(before.companies);
      expectError(await uploadAvatar(png(10, 10)), 409, Code.warning, Msg.fileStoreFailed);
      expect(await avatarOf('admin')).toBe(avatar);

      // Reading a stored file says "try again", not "missing"; requests without files are served.
      expectError(await t.call('GET', stored.image, { token: admin }), 409, Code.warning, Msg.fileReadFailed);
      expectOk(await t.call('GET', '/api/auth/info', { token: admin }));
      expectOk(await t.call('GET', '/api/invoicingCompany/page/1', { token: admin }));
    } finally {
      await server.restart();
    }

    expect(await objectsUnder(prefix)).toEqual(before.objects);
    expect((await t.call('GET', stored.image, { token: admin })).status).toBe(200);
    const again = expectOk(await createCompany(png(11, 11)), 20001);
    expect(await companies()).toBe(before.companies + 1);
    expect((await t.call('GET', again.image, { token: admin })).response.rawPayload.equals(png(11, 11))).toBe(true);
  });
});
