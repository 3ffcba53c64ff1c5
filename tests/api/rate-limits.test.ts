/** Rate limits of the public endpoints (production grade): per address, 429 with a Spanish 30001. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';

let t: TestApp;
useTestApp((app) => { t = app; });

/** Calls until refused; returns how many answered first and the refusal. */
async function untilLimited(call: (ip: string) => ReturnType<TestApp['call']>, ip: string, max: number) {
  for (let n = 0; n <= max + 1; n++) {
    const res = await call(ip);
    if (res.status === 429) return { answered: n, res };
  }
  throw new Error(`no limit after ${max + 2} calls`);
}

describe('public endpoints are rate-limited per address', () => {
  it.each([
    [
      'forgot password',
      (ip: string) =>
        t.call('POST', '/api/external/forgotPassword', { body: { identity: 'nadie@ejemplo.es' }, headers: { 'x-forwarded-for': ip } }),
      10,
    ],
    [
      'order tracking',
      (ip: string) => t.call('GET', '/api/order/trackOrder/0123456789ABCDEF0123', { headers: { 'x-forwarded-for': ip } }),
      60,
    ],
    ['bar codes', (ip: string) => t.call('GET', '/api/traceability/barCode/NOEXISTE0000', { headers: { 'x-forwarded-for': ip } }), 120],
  ])('%s', async (_name, call, max) => {
    const { answered, res } = await untilLimited(call, '198.51.100.77', max);
    expect(answered).toBe(max);
    expect(res.body).toMatchObject({ code: Code.warning, message: 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo' });
    // Another address is not affected.
    expect((await call('198.51.100.78')).status).not.toBe(429);
  });
});
