/**
 * The browser's contracts (scripts/clientContracts.ts): the build serves each contract module as its endpoints'
 * methods and paths, read from the real module, and leaves everything else out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientContracts } from '../../scripts/clientContracts';
import { resourceList } from '../../schemas';
import { resourceContracts } from '../../src/shared/contracts/records';
import { recordCalls } from '../../src/shared/contracts/recordCalls';

const dir = path.resolve(import.meta.dirname, '../../src/shared/contracts');
const plugin = clientContracts();
type Hook = (this: unknown, id: string) => Promise<string | null> | string | null;
const served = (file: string) => (plugin.load as Hook).call({}, path.join(dir, file)) as Promise<string | null>;
/** A served module, run: it imports nothing but the generic calls, written as an absolute path. */
const run = async (code: string) => (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;

afterAll(async () => {
  await (plugin.buildEnd as (this: unknown) => Promise<void>).call({});
});

const isContract = (value: unknown): value is { method: string; path: string } =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

describe('the contract modules as the browser gets them', () => {
  const modules = fs.readdirSync(dir).filter((file) => !['contract.ts', 'recordCalls.ts', 'records.ts'].includes(file));

  it.each(modules)('%s: every map of contracts, each as its method and path, and nothing else', async (file) => {
    const code = await served(file);
    expect(code).not.toBeNull();
    expect(code).not.toMatch(/zod|import /);
    const browser = await run(code!);
    const real = (await import(path.join(dir, file))) as Record<string, unknown>;
    const isMap = (value: unknown) =>
      typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isContract);
    const maps = Object.entries(real).filter(([, value]) => isMap(value));
    expect(Object.keys(browser).sort()).toEqual(maps.map(([name]) => name).sort());
    for (const [name, map] of maps) {
      const calls = Object.fromEntries(
        Object.entries(map as Record<string, { method: string; path: string }>).map(([key, { method, path }]) => [key, { method, path }]),
      );
      expect(browser[name], name).toEqual(calls);
    }
  });

  it('writes the sign-in call as the server mounts it', async () => {
    const { authContracts } = (await run((await served('auth.ts'))!)) as { authContracts: Record<string, unknown> };
    expect(authContracts.login).toEqual({ method: 'POST', path: '/api/external/login' });
  });

  it('leaves out what is not a contract: the answers, the constants, a schema', async () => {
    const [fares, users, budgets] = await Promise.all(
      ['fares.ts', 'users.ts', 'budgets.ts'].map(async (file) => run((await served(file))!)),
    );
    expect(fares).not.toHaveProperty('CONFECTION');
    expect(fares).not.toHaveProperty('fareKind');
    expect(users).not.toHaveProperty('profileSchema');
    expect(budgets).not.toHaveProperty('lineRequest');
  });

  it('serves the generic endpoints\' contracts as their zod-free calls', async () => {
    const calls = JSON.stringify(path.join(dir, 'recordCalls.ts'));
    expect(await served('records.ts')).toBe(`export { recordCalls as resourceContracts } from ${calls};\n`);
  });

  it('leaves the contract shape and the modules of other folders as they are', async () => {
    expect(await served('contract.ts')).toBeNull();
    expect(await served('recordCalls.ts')).toBeNull();
    expect(await (plugin.load as Hook).call({}, path.resolve(dir, '../listPage.ts'))).toBeNull();
  });
});

describe('the generic calls', () => {
  it.each(resourceList)(
    '$name: one per generic endpoint, each the contract\'s method and path',
    (schema) => {
      const contracts = resourceContracts(schema);
      const calls = recordCalls(schema);
      expect(Object.keys(calls).sort()).toEqual(Object.keys(contracts).sort());
      for (const [operation, contract] of Object.entries(contracts)) {
        expect(calls[operation as keyof typeof calls]).toEqual({ method: contract.method, path: contract.path });
      }
      expect(calls.page.path).toBe(`/api/${schema.name}/page/:page`);
    },
  );
});
