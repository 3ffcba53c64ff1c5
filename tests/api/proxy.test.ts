/** Without TRUST_PROXY, a forged X-Forwarded-For does not give a caller a fresh IP for the login limits. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';

let t: TestApp;
useTestApp((app) => { t = app; }, { config: { trustProxy: false } });

describe('client IPs without a trusted proxy', () => {
  it('failures from one address count together, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await t.call('POST', '/api/external/login', { body: { identity: `nadie${i}`, password: 'mal' }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(res.body.code).toBe(Code.error);
    }
    const locked = await t.call('POST', '/api/external/login', { body: { identity: 'admin', password: 'admin1234' }, headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(locked.body.code).toBe(Code.warning);
  });
});
