/**
 * README «Añadir un recurso» shows the schema file the tests add (tests/fixtures/warehouse.ts), letter
 * for letter but for its import paths: what the README promises is what the tests prove.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('README «Añadir un recurso»', () => {
  it('shows the fixture resource the tests add', () => {
    const readme = read('README.md');
    const example = /```ts\n\/\/ schemas\/warehouse\.ts\n([\s\S]*?)```/.exec(readme)?.[1];
    const fixture = read('tests/fixtures/warehouse.ts');
    const asSchemaFile = fixture
      .slice(fixture.indexOf('import '))
      .replaceAll("'../../src/", "'../src/")
      .replace("'../../schemas/table'", "'./table'")
      .replace('export const WAREHOUSE_KINDS', 'const WAREHOUSE_KINDS');
    expect(example).toBe(asSchemaFile);
  });

  it('names the steps the schemas README names, and nothing under src/', () => {
    const section = read('README.md').split('## Añadir un recurso')[1].split('\n## ')[0];
    expect(section).toContain('`schemas/index.ts`');
    expect(section).toContain('npm run db:generate -- --name');
    expect(section).toContain('nada cambia bajo `src/`');
    expect(section).not.toMatch(/src\/client\/routes\.tsx|src\/server\/resources/);
  });
});
