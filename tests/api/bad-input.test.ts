/**
 * Bad input, property-based (fast-check): random bodies on every create and update endpoint, and random
 * sort/filter values on every list, never give a 500, always answer in Spanish, and a refused write
 * leaves no row behind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resourceList } from '../../schemas';
import { tableOf } from '../../src/server/domain/records';
import { getTableName } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../support/app';
import { expectNoInternals, jsonData } from './helpers';

/** A fixed seed keeps CI repeatable; FC_SEED=<n> (or random) explores other inputs. */
const seed = process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 20261122);
fc.configureGlobal({ seed });

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

type Res = Awaited<ReturnType<TestApp['call']>>;

/** Any JSON value a careless or hostile client could send in a field. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(''),
  fc.constantFrom('1', '-1', '0', '1.999', '99999999999999999999', '2026-02-30', '<script>', "'; drop table users; --", 'ñandú €', '#zzzzzz'),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const ENGLISH = /\b(invalid|expected|required|received|must be|too (small|big))\b/i;

/** A well-formed envelope: no 500, a known code, Spanish field messages, nothing internal. */
function expectSpanishAnswer(res: Res, context: string) {
  expect(res.status, `${context}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect([20000, 20001, 30001, 40001], context).toContain(res.body?.code);
  if (res.body.code === 40001 && res.body.error && typeof res.body.error === 'object') {
    for (const message of Object.values(res.body.error)) {
      expect(typeof message, context).toBe('string');
      expect(message as string, context).not.toMatch(ENGLISH);
    }
  }
  expectNoInternals(res);
}

const rows = async (name: string) =>
  ((await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(getTableName(tableOf(resourceList.find((s) => s.name === name)!)))}`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;

describe('random bodies on every create and update endpoint', () => {
  for (const schema of resourceList.filter((s) => s.access.create.includes('admin') || s.access.update.includes('admin'))) {
    const names = schema.fields.map((f) => f.name).filter((n) => n !== 'id');
    const body = fc.dictionary(fc.constantFrom(...names), anyValue, { maxKeys: names.length });

    it(`${schema.name}: never a 500, Spanish answers, nothing written when refused`, async () => {
      const [first] = (await t.call('GET', `/api/${schema.name}/page/1?per_page=1`, { token: admin })).body.data?.items ?? [];
      await fc.assert(fc.asyncProperty(body, fc.boolean(), async (data, asUpdate) => {
        const update = asUpdate && first && schema.access.update.includes('admin');
        if (!update && !schema.access.create.includes('admin')) return;
        const before = await rows(schema.name);
        const res = await t.call('POST', `/api/${schema.name}/${update ? 'update' : 'create'}`, { token: admin, body: jsonData(update ? { ...data, id: first.id } : data) });
        expectSpanishAnswer(res, `${schema.name} ${update ? 'update' : 'create'} ${JSON.stringify(data)}`);
        if (res.body.code !== 20001 && !update) expect(await rows(schema.name)).toBe(before);
      }), { numRuns: 12 });
    }, 120_000);
  }
});

describe('names that every JavaScript object has', () => {
  it('a filter or a migration state named like an Object method is just an unknown name', async () => {
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await t.call('GET', `/api/item/page/1?filter=${encodeURIComponent(JSON.stringify({ [key]: ' ' }))}`, { token: admin });
      expectSpanishAnswer(res, key);
      expect(res.body.code).toBe(20000);
    }
  });
});

describe('random sorting and filtering on every list', () => {
  it('sort and filter keys are whitelisted: odd ones are ignored or refused in Spanish, never run', async () => {
    const query = fc.record({
      sort: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('id;drop table users', 'password_hash', 'file_secret', 'name')),
      order: fc.constantFrom('ASC', 'DESC', 'sideways', ''),
      filter: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('id', 'q', 'password_hash', 'created_at_gte', 'client_id')), anyValue, { maxKeys: 3 }),
    });
    for (const schema of resourceList.filter((s) => s.access.list.includes('admin'))) {
      await fc.assert(fc.asyncProperty(query, async ({ sort, order, filter }) => {
        const url = `/api/${schema.name}/page/1?sort=${encodeURIComponent(sort)}&order=${order}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
        const res = await t.call('GET', url, { token: admin });
        expectSpanishAnswer(res, `${schema.name} ${url}`);
        if (res.body.code === 20000) expect(JSON.stringify(res.body.data)).not.toMatch(/password_hash|file_secret/);
      }), { numRuns: 8 });
    }
  }, 180_000);
});
