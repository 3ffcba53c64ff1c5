/**
 * Modules the browser gets as data (scripts/buildTimeData.ts): the build loads the module in Node and serves
 * its exports' values, so the browser has every resource's summary without the schemas they come from.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleFixtures } from '../support/moduleFixtures';
import { buildTimeData } from '../../scripts/buildTimeData';
import { resourceSummaries } from '../../schemas/summaries';

type Hook = (this: unknown, id: string) => Promise<string | null> | string | null;
const fails = (message: string) => { throw new Error(message); };

const fixtures = moduleFixtures('build-time-data');
const fixture = fixtures.write;
const withFunction = fixture('withFunction.ts', 'export const choices = [1, 2];\nexport const pick = (n: number) => n + 1;\n');
const withUndefined = fixture('withUndefined.ts', 'export const page = { group: "/configuracion", icon: undefined };\n');

const summaries = path.resolve(import.meta.dirname, '../../schemas/summaries.ts');
const plugin = buildTimeData([summaries, withFunction, withUndefined]);
const served = (file: string) => (plugin.load as Hook).call({ error: fails }, file) as Promise<string | null>;
/** A served module, run. */
const run = async (code: string) => (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;

afterAll(async () => {
  await (plugin.buildEnd as (this: unknown) => Promise<void>).call({});
  fixtures.remove();
});

describe('schemas/summaries.ts as the browser gets it', () => {
  it('imports nothing and holds every resource’s summary, as the module computes it', async () => {
    const code = (await served(summaries))!;
    expect(code).not.toMatch(/import|zod/);
    const browser = await run(code);
    expect(Object.keys(browser)).toEqual(['resourceSummaries']);
    expect(browser.resourceSummaries).toEqual(resourceSummaries);
  });

  it('says of a resource its name, labels, title, access and page: what schemas/tax.ts declares, no field', async () => {
    const { resourceSummaries: browser } = (await run((await served(summaries))!)) as { resourceSummaries: Record<string, unknown> };
    const everyone = ['admin', 'client'];
    expect(browser.tax).toEqual({
      name: 'tax',
      label: { one: 'Impuesto', many: 'Impuestos' },
      titleField: 'name',
      access: { list: everyone, read: everyone, create: ['admin'], update: ['admin'], delete: ['admin'] },
      page: { group: '/configuracion', path: 'taxes', icon: 'Percent' },
    });
  });
});

describe('a module JSON cannot carry whole', () => {
  it('fails the build, naming the module and the export: a function', async () => {
    await expect(served(withFunction)).rejects.toThrow('withFunction.ts: «pick» no es un dato que JSON lleve entero');
  });

  it('fails the build on an undefined inside a value, which JSON would drop', async () => {
    await expect(served(withUndefined)).rejects.toThrow('withUndefined.ts: «page» no es un dato que JSON lleve entero');
  });
});

describe('any other module', () => {
  it('is left to the build', async () => {
    expect(await served(path.resolve(import.meta.dirname, '../../schemas/tax.ts'))).toBeNull();
  });
});
