/**
 * Rate limits shared through Redis (REDIS_URL): two instances count the same client's requests
 * together; with Redis down each instance still serves requests and counts on its own; back up,
 * Redis counts again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { isLive } from '../../src/server/sharedState';
import { startTestApp, type TestApp } from '../support/app';
import { MACHINE_REDIS_URL, startRedisServer, type RedisServer } from '../support/redis';
import { uniqueName } from '../support/template';

/** The password-recovery form: 10 requests per address in 15 minutes. */
const RECOVERY_LIMIT = 10;
const askRecovery = (t: TestApp, ip: string) =>
  t.call('POST', '/api/external/forgotPassword', { body: { identity: 'nadie@ejemplo.es' }, headers: { 'x-forwarded-for': ip } });

const until = async (check: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('two instances on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const shared = { redisUrl: MACHINE_REDIS_URL, redisPrefix: `${uniqueName('limits')}:` };
    [a, b] = await Promise.all([startTestApp({ config: shared }), startTestApp({ config: shared })]);
    // Both connected before counting: on a loaded machine one app's start (its embedded database loading in
    // this same process) can outlast the other's 2 s connect timeout, which then reconnects a moment later
    // and counts in its own process meanwhile, as it should with Redis away; this test is about Redis up.
    await until(() => isLive(a.ctx.shared!.redis) && isLive(b.ctx.shared!.redis));
  });
  afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

  it('count one address across both: half through each, then both refuse', async () => {
    for (let n = 0; n < RECOVERY_LIMIT; n++) {
      const res = await askRecovery(n % 2 ? b : a, '198.51.100.10');
      expect(res.status, `request ${n + 1}`).toBe(200);
    }
    for (const instance of [a, b]) {
      const refused = await askRecovery(instance, '198.51.100.10');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: Code.warning, message: 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo' });
    }
    // Another address has its own count.
    expect((await askRecovery(b, '198.51.100.11')).status).toBe(200);
  });
});

describe('Redis down', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    t = await startTestApp({ config: { redisUrl: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('still serves requests and counts them in the process, then counts in Redis again when it is back', async () => {
    const connection = t.ctx.shared!.redis;
    expect(isLive(connection)).toBe(true);
    for (let n = 0; n < 3; n++) expect((await askRecovery(t, '198.51.100.20')).status).toBe(200);

    await redis.stop();
    await until(() => !isLive(connection));
    // Served, and limited per process: this instance's own count starts afresh.
    for (let n = 0; n < RECOVERY_LIMIT; n++)
      expect((await askRecovery(t, '198.51.100.20')).status, `request ${n + 1} while down`).toBe(200);
    expect((await askRecovery(t, '198.51.100.20')).status).toBe(429);
    // Other routes answer as usual.
    expect((await t.call('GET', '/api/clientFare/getTarifaWEB')).status).toBe(200);

    await redis.restart();
    await until(() => isLive(connection));
    // The restarted Redis is empty: the count starts again there, and it is Redis that counts.
    expect((await askRecovery(t, '198.51.100.21')).status).toBe(200);
    const keys = await connection.keys(`${t.ctx.config.redisPrefix}*`);
    expect(keys.some((key) => key.includes('198.51.100.21'))).toBe(true);
  });

  it('does not stop an instance from starting', async () => {
    await redis.stop();
    const late = await startTestApp({ config: { redisUrl: redis.url } });
    try {
      expect((await askRecovery(late, '198.51.100.30')).status).toBe(200);
      expect((await late.call('GET', '/api/clientFare/getTarifaWEB')).status).toBe(200);
    } finally {
      await late.close();
      await redis.restart();
    }
  });
});
