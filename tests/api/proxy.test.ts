/** Without TRUST_PROXY, a forged X-Forwarded-For gives no fresh IP for the login limits, nor X-Forwarded-Proto a Secure cookie or HSTS. */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';

let t: TestApp;
useTestApp((app) => { t = app; }, { config: { trustProxy: false } });

describe('TLS without a trusted proxy', () => {
  it('a forged X-Forwarded-Proto makes neither a Secure cookie nor HSTS', async () => {
    const res = await t.call('POST', '/api/external/login', {
      body: { identity: 'cliente', password: 'cliente1234' },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.77' },
    });
    const cookie = ([] as string[]).concat(res.response.headers['set-cookie'] ?? []).find((c) => c.startsWith('X-Token='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(res.response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('client IPs without a trusted proxy', () => {
  it('failures from one address count together, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await t.call('POST', '/api/external/login', {
        body: { identity: `nadie${i}`, password: 'mal' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.body.code).toBe(Code.error);
    }
    const locked = await t.call('POST', '/api/external/login', {
      body: { identity: 'admin', password: 'admin1234' },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(locked.body.code).toBe(Code.warning);
  });
});
