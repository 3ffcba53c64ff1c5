import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

describe('smoke', () => {
  it('logs in and lists taxes', async () => {
    const token = await t.login();
    const { body } = await t.call('GET', '/api/tax/page/1', { token });
    expect(body.code).toBe(20000);
    expect(body.data.total).toBe(3);
  });
});
