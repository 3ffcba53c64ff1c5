/**
 * Modules served with their own copy of the libraries they use (scripts/selfContained.ts): the sign-in form's
 * rules carry the part of zod/mini they need, so that the sign-in page does not load the core the app's forms
 * share, and keep importing the project's own modules.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleFixtures } from '../support/moduleFixtures';
import { selfContained } from '../../scripts/selfContained';

type Served = { code: string; moduleType: string } | null;
type Hook = (this: unknown, id: string) => Promise<Served>;
const fails = (message: string) => { throw new Error(message); };

const fixtures = moduleFixtures('self-contained');
const fixture = fixtures.write;
fixture('message.js', 'export const required = "Introduzca el nombre de usuario";\n');
const rules = fixture('rules.ts', [
  "import { object, string, minLength } from 'zod/mini';",
  "import { required } from './message.js';",
  'export const form = object({ username: string({ error: required }).check(minLength(1, required)) });',
  '',
].join('\n'));
const lazy = fixture('lazy.ts', "export const later = () => import('zod/mini');\n");

const signInRules = path.resolve(import.meta.dirname, '../../src/shared/forms/login.ts');
/** zod/mini from the project's node_modules, wherever the module is (the build maps it to its set-up copy). */
const zodMini = {
  name: 'zod-mini',
  resolveId: (source: string) => (source === 'zod/mini' ? fileURLToPath(import.meta.resolve('zod/mini')) : null),
};
const plugin = selfContained(zodMini, [signInRules, rules, lazy]);
const served = (file: string) => (plugin.load as Hook).call({ error: fails }, file);
const libraryImports = /from\s*["'](?!\.)|import\(\s*["'](?!\.)/;

afterAll(() => fixtures.remove());

describe('the sign-in form’s rules as the browser gets them', () => {
  it('carry zod/mini in the module and import the project’s messages as before', async () => {
    const { code, moduleType } = (await served(signInRules))!;
    expect(moduleType).toBe('js');
    expect(code).not.toMatch(libraryImports);
    expect(code).toMatch(/from\s*["']\.\.\/messages["']/);
    expect(code).toContain('Msg.loginPassword');
  });
});

describe('a module with a library and a module of its own', () => {
  it('runs as written: the library within, its own module imported from beside it', async () => {
    const { code } = (await served(rules))!;
    expect(code).not.toMatch(libraryImports);
    const copy = fixture('rules.served.js', code);
    type Parsed = { success: boolean; error?: { issues: { message: string }[] } };
    const { form } = (await import(pathToFileURL(copy).href)) as { form: { safeParse: (value: unknown) => Parsed } };
    expect(form.safeParse({ username: 'ana' }).success).toBe(true);
    expect(form.safeParse({ username: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Introduzca el nombre de usuario']);
    expect(form.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Introduzca el nombre de usuario']);
  });

  it('fails the build when it loads a part later, which one module cannot hold', async () => {
    await expect(served(lazy)).rejects.toThrow('lazy.ts: no cabe en un solo módulo');
  });
});

describe('any other module', () => {
  it('is left to the build', async () => {
    expect(await served(path.resolve(import.meta.dirname, '../../src/shared/messages.ts'))).toBeNull();
  });
});
