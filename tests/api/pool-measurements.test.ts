/**
 * A pool's measurements refused with their reason and limit (issue 43 §1, docs/business-rules.md «Pool shape»): on
 * a budget's creation and edit and on the public calculator's price, a side of 0 or below, a side over the largest
 * cover the business makes (the setting `max_cover_side`, 30 m by default) and an overlap over 1 m are refused
 * with 40001 and the field's Spanish reason; nothing is stored and no price is answered. The words are written
 * out here by hand.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, rowsOf } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); });

/** The demo's summer bubble cover (type 3) over an 8 × 4 m pool. */
const POOL = { pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, rounded_corners: false, stairwell: false };

const rows = async (table: 'budgets' | 'budget_calculus') =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

const REFUSED = [
  ['a side of 0', { a: 0 }, { a: 'El largo A debe ser mayor que 0 m' }],
  ['a negative side', { b: -4 }, { b: 'El ancho B debe ser mayor que 0 m' }],
  ['a side over the largest cover', { a: 31 }, { a: 'El largo A no puede superar 30 m' }],
  ['an overlap of 1.234,5 m', { extra_distance: 1234.5 }, { extra_distance: 'El solape no puede superar 1 m' }],
  ['an overlap typed «1.234,5»', { extra_distance: '1.234,5' }, { extra_distance: 'El solape no puede superar 1 m' }],
  ['a side with 3 decimals', { a: '8,555' }, { a: 'El largo A debe tener 2 decimales como máximo' }],
] as const;

describe('a budget', () => {
  it.each(REFUSED)('create: %s is refused with its reason, nothing stored', async (_what, changes, error) => {
    const [budgets, calculations] = [await rows('budgets'), await rows('budget_calculus')];
    const body = jsonData({ ...POOL, ...changes, remark_OB1PCL: 'Chalet' });
    const res = await t.call('POST', '/api/budget/create', { token: cliente, body });
    expectError(res, 400, Code.error, Object.values(error)[0], error);
    expect([await rows('budgets'), await rows('budget_calculus')]).toEqual([budgets, calculations]);
  });

  it.each(REFUSED)('update: %s is refused with its reason, the budget unchanged', async (_what, changes, error) => {
    const body = jsonData({ ...POOL, remark_OB1PCL: 'Chalet' });
    const created = expectOk(await t.call('POST', '/api/budget/create', { token: cliente, body }), 20001);
    const res = await t.call('POST', '/api/budget/update', { token: cliente, body: jsonData({ id: created.id, ...POOL, ...changes }) });
    expectError(res, 400, Code.error, Object.values(error)[0], error);
    const stored = expectOk(await t.call('GET', `/api/budget/data/${created.id}`, { token: cliente }));
    expect([Number(stored.a), Number(stored.b), Number(stored.extra_distance)]).toEqual([8, 4, 0.15]);
  });

  it('a side of exactly 30 m and an overlap of 0 are taken', async () => {
    const created = expectOk(await t.call('POST', '/api/budget/create', {
      token: cliente, body: jsonData({ ...POOL, a: 30, extra_distance: 0, remark_OB1PCL: 'Chalet' }),
    }), 20001);
    expect([Number(created.a), Number(created.extra_distance)]).toEqual([30, 0]);
  });
});

describe('the public calculator\'s price', () => {
  let address = 40;
  it.each(REFUSED)('%s is refused with its reason and no price', async (_what, changes, error) => {
    // Each call from its own address: the calculator is rate-limited per address.
    const headers = { 'x-forwarded-for': `203.0.113.${address++}` };
    const res = await t.call('POST', '/api/calculator/price', { body: { ...POOL, ...changes }, headers });
    expectError(res, 400, Code.error, Object.values(error)[0], error);
    expect(res.body.data).toBeUndefined();
  });
});

describe('the largest cover side is a setting', () => {
  const setMax = async (value: unknown) =>
    t.call('POST', '/api/appSetting/update', { token: admin, body: jsonData({ id: 1, max_cover_side: value }) });
  let from = 90;
  const price = (changes: Record<string, unknown>) =>
    t.call('POST', '/api/calculator/price', { body: { ...POOL, ...changes }, headers: { 'x-forwarded-for': `203.0.113.${from++}` } });

  it('the session carries it, for the forms', async () => {
    expect(expectOk(await t.call('GET', '/api/auth/info', { token: cliente })).user.max_cover_side).toBe(30);
  });

  it.each([
    [0, 'El lado máximo debe estar entre 1 y 50 m'],
    [51, 'El lado máximo debe estar entre 1 y 50 m'],
    ['treinta', 'Introduzca un número entero'],
  ])('%s m is refused: it goes from 1 to 50 m, whole', async (value, message) => {
    expectError(await setMax(value), 400, Code.error, message);
  });

  it('raised to 40 m: a 35 m side is taken and the refusal names 40 m; back to 30 m it is refused again', async () => {
    try {
      expectOk(await setMax(40), 20001);
      expect(expectOk(await t.call('GET', '/api/auth/info', { token: cliente })).user.max_cover_side).toBe(40);
      expectOk(await price({ a: 35 }));
      expectError(await price({ b: 40.5 }), 400, Code.error, undefined, { b: 'El ancho B no puede superar 40 m' });
      const body = jsonData({ ...POOL, a: 35, remark_OB1PCL: 'Grande' });
      expectOk(await t.call('POST', '/api/budget/create', { token: cliente, body }), 20001);
    } finally {
      expectOk(await setMax(30), 20001);
    }
    expectError(await price({ a: 35 }), 400, Code.error, undefined, { a: 'El largo A no puede superar 30 m' });
  });
});
