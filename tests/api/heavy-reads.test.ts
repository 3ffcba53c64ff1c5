/**
 * A member looping on costly reads cannot take everybody's CPU (issue 45 §7: in the soak a member ran 20
 * exports a second and everyone's lists slowed to three times their p99). Whole lists, exports and PDFs are
 * counted per user and endpoint a minute, like changes; past the bound a Spanish 429 says when to try again.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';

// Small bounds, so that the test reaches them (production: 60 a member, 600 staff).
const MEMBER_HEAVY = 4;
const STAFF_HEAVY = 6;
let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); }, {
  config: { heavyReadsPerMinute: { member: MEMBER_HEAVY, staff: STAFF_HEAVY } },
});

const TOO_MANY = /^Demasiadas operaciones seguidas: vuelva a intentarlo dentro de (\d+) s$/;

async function callTimes(times: number, path: string, token: string) {
  const statuses: number[] = [];
  for (let n = 0; n < times; n++) statuses.push((await t.call('GET', path, { token })).status);
  return statuses;
}

describe('costly reads are counted per user and endpoint', () => {
  it('answers a member\'s export past the bound with a Spanish 429 and Retry-After', async () => {
    expect(await callTimes(MEMBER_HEAVY, '/api/budget/csv', cliente)).toEqual(Array(MEMBER_HEAVY).fill(200));
    const refused = await t.call('GET', '/api/budget/csv', { token: cliente });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(Code.warning);
    const seconds = Number(TOO_MANY.exec(refused.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.response.headers['retry-after']).toBe(String(seconds));
    // Private, like every signed-in answer.
    expect(refused.response.headers['cache-control']).toBe('no-store');
  });

  it('keeps each endpoint and each user on a counter of its own', async () => {
    // The member's whole list and its dropdown have their own counts, untouched by its exports above.
    expect(await callTimes(MEMBER_HEAVY, '/api/budget/all', cliente)).toEqual(Array(MEMBER_HEAVY).fill(200));
    expect((await t.call('GET', '/api/budget/all', { token: cliente })).status).toBe(429);
    expect((await t.call('GET', '/api/poolCoverType/dropdown', { token: cliente })).status).toBe(200);
    // The office's export of the same list goes on, to staff's own bound.
    expect(await callTimes(STAFF_HEAVY, '/api/budget/csv', admin)).toEqual(Array(STAFF_HEAVY).fill(200));
    expect((await t.call('GET', '/api/budget/csv', { token: admin })).status).toBe(429);
    // Pages of a list are not costly reads: they answer whatever the exports' counts.
    expect((await t.call('GET', '/api/budget/page/1', { token: cliente })).status).toBe(200);
  });

  it('counts PDFs too', async () => {
    const [{ id }] = (await t.call('GET', '/api/order/page/1', { token: admin })).body.data.items as Array<{ id: number }>;
    const pdfs = await callTimes(STAFF_HEAVY + 1, `/api/order/document/${id}`, admin);
    expect(pdfs.slice(0, STAFF_HEAVY)).toEqual(Array(STAFF_HEAVY).fill(200));
    expect(pdfs[STAFF_HEAVY]).toBe(429);
  });
});
