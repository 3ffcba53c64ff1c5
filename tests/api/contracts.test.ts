/**
 * The guard of issue 42 §6: every route the server registers under /api has a contract, and every contract
 * declared in src/shared/contracts has its route. What is declared is read here from the contract files
 * themselves (every exported group of contracts), what is registered from the auth plugin's table of every
 * /api route and from Fastify's own route tree, not from the plugin that registers them.
 */
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schemas';
import type { Contract } from '../../src/shared/contracts/contract';
import { useTestApp, type TestApp } from '../support/app';

let t: TestApp;
useTestApp((app) => { t = app; });

const isContract = (value: unknown): value is Contract =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'access' in value && 'summary' in value;

/** Every contract the files of src/shared/contracts export, in groups (`{ name: contract }`). */
const declared: Contract[] = Object.values(import.meta.glob('../../src/shared/contracts/*.ts', { eager: true }))
  .flatMap((module) => Object.values(module as Record<string, unknown>))
  .flatMap((group) => (group && typeof group === 'object' && !isContract(group) ? Object.values(group).filter(isContract) : []));

const key = (method: string, path: string) => `${method} ${path}`;

describe('one contract per endpoint', () => {
  it('reads the declared contracts: the named routes of every area', () => {
    expect(declared.length).toBeGreaterThan(100);
    for (const path of ['/api/calculator/price', '/api/external/login', '/api/dashboard/staff', '/api/docs/openapi.json'])
      expect(declared.map((c) => c.path)).toContain(path);
  });

  it('gives every /api route the server registers a contract: none outside them', () => {
    const routes = t.app.accessTable.map(({ method, url }) => key(method, url));
    const contracted = t.app.contracts.map((c) => key(c.method, c.path));
    expect(routes.length).toBeGreaterThan(resourceList.length * 10);
    expect(routes.filter((route) => !contracted.includes(route)), 'routes without a contract').toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('registers every declared contract, and only declared ones or the generic ones of a resource', () => {
    const registered = new Set(t.app.contracts);
    expect(declared.filter((c) => !registered.has(c)).map((c) => key(c.method, c.path)), 'declared, never registered').toEqual([]);
    const strays = t.app.contracts.filter((c) => !declared.includes(c) && !c.resource);
    expect(strays.map((c) => key(c.method, c.path)), 'registered, declared nowhere').toEqual([]);
    // Every resource of the schema index has its ten generic endpoints.
    for (const schema of resourceList) {
      expect(t.app.contracts.filter((c) => c.resource === schema).length, schema.name).toBe(10);
    }
  });

  it("finds every route in Fastify's own route tree among the contracts", () => {
    const contracted = new Set(t.app.contracts.flatMap((c) => {
      const optional = /\/:([A-Za-z0-9_]+)\?$/.exec(c.path);
      return optional ? [key(c.method, c.path.replace(optional[0], '')), key(c.method, c.path.replace('?', ''))] : [key(c.method, c.path)];
    }));
    const tree = t.app.printRoutes({ commonPrefix: false, method: undefined as never });
    // Each leaf of the tree that is a route under /api names its methods in parentheses.
    const stack: string[] = [];
    const missing: string[] = [];
    for (const line of tree.split('\n')) {
      const at = line.search(/[├└]── /);
      if (at < 0) continue;
      const match = /^(\S+)(?: \(([^)]+)\))?$/.exec(line.slice(at + 4).trim());
      if (!match) continue;
      stack.length = at / 4;
      stack.push(match[1]);
      const path = stack.join('');
      if (!match[2] || !path.startsWith('/api/')) continue;
      for (const method of match[2].split(', ')) {
        if (method !== 'HEAD' && !contracted.has(key(method, path))) missing.push(key(method, path));
      }
    }
    expect(missing).toEqual([]);
  });
});
