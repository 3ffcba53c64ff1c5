/**
 * Two instances, one truth: two servers on one PostgreSQL database, one bucket and one Redis, as
 * behind a load balancer. Whatever one instance is told, the other knows at once. Runs on both test
 * passes: it brings its own PostgreSQL database (the machine's server), bucket (s3rver) and Redis
 * prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { isLive } from '../../src/server/sharedState';
import { startTestApp, type TestApp } from '../support/app';
import { MACHINE_REDIS_URL } from '../support/redis';
import { startS3Server, testS3Store, type S3Server } from '../support/s3';
import { seededPostgresDatabase } from '../support/databases';
import { uniqueName } from '../support/template';
import { createUser, expectError, expectOk, jsonData, login, multipart, png, tokenOf } from './helpers';

let database: Awaited<ReturnType<typeof seededPostgresDatabase>>;
let bucket: S3Server;
let a: TestApp;
let b: TestApp;
let adminOnA: string;

beforeAll(async () => {
  database = await seededPostgresDatabase('cob_two');
  bucket = await startS3Server();
  const prefix = uniqueName('files');
  const instance = () => startTestApp({
    databaseUrl: database.url,
    config: { redisUrl: MACHINE_REDIS_URL, redisPrefix: `${database.name}:` },
    wrap: () => ({ files: testS3Store(bucket.endpoint, prefix) }),
  });
  [a, b] = await Promise.all([instance(), instance()]);
  adminOnA = await a.login('admin');
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await bucket?.dispose();
  await database?.drop();
});

const waitFor = async (check: () => Promise<boolean>, ms: number) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
};

describe('two instances behind one address', () => {
  it('serve through B a file uploaded through A', async () => {
    const user = await createUser(a, adminOnA);
    const image = png(4, 3);
    const form = multipart(
      { data: JSON.stringify({ id: user.id }) },
      { image: { filename: 'avatar.png', data: image, contentType: 'image/png' } },
    );
    const row = expectOk(await a.call('POST', '/api/user/updateUserImage', { token: adminOnA, ...form }), 20001);
    const served = await b.call('GET', row.image, { token: await b.login('admin') });
    expect(served.status).toBe(200);
    expect(served.response.rawPayload.equals(image)).toBe(true);
  });

  it('end a session on B at once when it logs out on A', async () => {
    const token = await a.login('cliente');
    expectOk(await b.call('GET', '/api/auth/info', { token }));
    expectOk(await a.call('POST', '/api/auth/logout', { token }));
    expectError(await b.call('GET', '/api/auth/info', { token }), 401, Code.invalidToken);
  });

  it('end the other sessions on B at once when the password changes on A', async () => {
    const user = await createUser(a, adminOnA);
    const onA = await tokenOf(a, user.username, user.password);
    const onB = await tokenOf(b, user.username, user.password);
    const change = { id: user.id, password: 'otraClave2026', password_confirm: 'otraClave2026', current_password: user.password };
    expectOk(await a.call('POST', '/api/user/updateProfile', { token: onA, body: jsonData(change) }), 20001);
    expectError(await b.call('GET', '/api/auth/info', { token: onB }), 401, Code.sessionReplaced);
    expectOk(await b.call('GET', '/api/auth/info', { token: onA }));
  });

  it('count failed logins on both towards the lockout', async () => {
    const user = await createUser(a, adminOnA);
    // Five wrong passwords, alternating, from different addresses: the identity is locked on both.
    for (let n = 0; n < 5; n++) {
      expectError(await login(n % 2 ? b : a, user.username, 'incorrecta', `198.51.100.${40 + n}`), 401, Code.error, Msg.loginFailed);
    }
    for (const instance of [a, b]) {
      expectError(await login(instance, user.username, user.password, '198.51.100.60'), 409, Code.warning, Msg.loginLocked);
    }
  });

  it('sign in 32 concurrent right passwords of one account across both, and check 5 of 40 concurrent wrong ones', async () => {
    const user = await createUser(a, adminOnA);
    const right = await Promise.all(
      Array.from({ length: 32 }, (_, n) => login(n % 2 ? b : a, user.username, user.password, '198.51.100.70')),
    );
    expect(right.map((res) => res.status)).toEqual(Array.from({ length: 32 }, () => 200));
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, n) => login(n % 2 ? b : a, user.username, `mala-${n}`, `198.51.101.${n + 1}`)),
    );
    expect(wrong.filter((res) => res.status === 401)).toHaveLength(5);
    expect(wrong.filter((res) => res.status === 409 && res.body.message === Msg.loginLocked)).toHaveLength(35);
  });

  it('count one address\'s requests on both towards the rate limit', async () => {
    const ask = (instance: TestApp) =>
      instance.call('POST', '/api/external/forgotPassword', {
        body: { identity: 'nadie@ejemplo.es' },
        headers: { 'x-forwarded-for': '198.51.100.70' },
      });
    for (let n = 0; n < 10; n++) expect((await ask(n % 2 ? b : a)).status).toBe(200);
    expect((await ask(a)).status).toBe(429);
    expect((await ask(b)).status).toBe(429);
  });

  it('answer 90001 on B within a second of maintenance being switched on through A', async () => {
    const member = await b.login('cliente');
    // B has read the settings, and keeps that reading for a minute because it listens for changes:
    // only the announcement through Redis can make it see this one in time.
    expect(isLive(b.ctx.shared!.subscriber)).toBe(true);
    expectOk(await b.call('GET', '/api/tax/all', { token: member }));
    const setMaintenance = (on: boolean) =>
      a.call('POST', '/api/appSetting/update', { token: adminOnA, body: { data: { id: 1, maintenance_mode: on } } });
    try {
      expectOk(await setMaintenance(true), 20001);
      const refused = await waitFor(
        async () => (await b.call('GET', '/api/tax/all', { token: member })).body.code === Code.maintenance,
        1000,
      );
      expect(refused).toBe(true);
      expectError(await b.call('GET', '/api/tax/all', { token: member }), 503, Code.maintenance, Msg.maintenance);
    } finally {
      expectOk(await setMaintenance(false), 20001);
    }
    expect(await waitFor(async () => (await b.call('GET', '/api/tax/all', { token: member })).status === 200, 1000)).toBe(true);
  });

  it('show on B at once a price concept renamed on A', async () => {
    // The public calculator on B names the rounded-corners line by its concept (a cached reading).
    const pool = { pool_subcategory_id: 1, pool_cover_type_id: 1, a: 8, b: 4, extra_distance: 0.15, rounded_corners: true };
    const labelOnB = async () => {
      const { options } = expectOk(
        await b.call('POST', '/api/calculator/price', { body: pool, headers: { 'x-forwarded-for': '198.51.100.80' } }),
      );
      return options[0].lines.find((line: { key: string }) => line.key === 'rounded_corners')?.label as string;
    };
    const before = await labelOnB();
    const names = expectOk(await a.call('GET', '/api/priceName/all', { token: adminOnA })) as Array<{
      id: number;
      key: string;
      name: string;
    }>;
    const corners = names.find((n) => n.key === 'rounded_corners')!;
    expect(before).toBe(corners.name);
    expectOk(
      await a.call('POST', '/api/priceName/update', {
        token: adminOnA,
        body: jsonData({ id: corners.id, name: 'Esquinas redondeadas a medida' }),
      }),
      20001,
    );
    expect(await waitFor(async () => (await labelOnB()) === 'Esquinas redondeadas a medida', 1000)).toBe(true);
  });

  it('refuse the second of two admins saving one record on A and B (30001), keeping the first change', async () => {
    const adminOnB = await b.login('admin');
    const created = expectOk(
      await a.call('POST', '/api/tax/create', { token: adminOnA, body: jsonData({ name: 'IVA de dos', tax_percentage: 21 }) }),
      20001,
    );
    const seenOnA = expectOk(await a.call('GET', `/api/tax/data/${created.id}`, { token: adminOnA }));
    const seenOnB = expectOk(await b.call('GET', `/api/tax/data/${created.id}`, { token: adminOnB }));
    expectOk(await a.call('POST', '/api/tax/update', { token: adminOnA, body: jsonData({ ...seenOnA, tax_percentage: 10 }) }), 20001);
    expectError(
      await b.call('POST', '/api/tax/update', { token: adminOnB, body: jsonData({ ...seenOnB, tax_percentage: 4 }) }),
      409,
      Code.warning,
      Msg.recordChanged,
    );
    expect(expectOk(await b.call('GET', `/api/tax/data/${created.id}`, { token: adminOnB })).tax_percentage).toBe(10);
  });
});
