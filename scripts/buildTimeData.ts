/**
 * Modules the browser gets as data (vite.config.ts, the client's build): each is loaded in Node and served as
 * its exports' values, written out as JSON. The browser then has what the module computes (each resource's
 * summary, from every schema) without the modules it computes it from (the schemas' fields and rules, zod).
 * The same module runs as it is everywhere else (the server, the dev server, the tests): same values.
 * A value JSON cannot carry whole (a function, a date, undefined inside) fails the build.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Plugin } from 'vite';
import { nodeImporter } from './nodeImporter';

const root = path.resolve(import.meta.dirname, '..');

/** The modules served as data. */
const DATA_MODULES = ['schemas/summaries.ts'].map((file) => path.join(root, file));

/** `files`: the modules served as data, absolute paths (DATA_MODULES; a test gives its own). */
export function buildTimeData(files: readonly string[] = DATA_MODULES): Plugin {
  const served = new Set(files);
  const node = nodeImporter('build-time-data');
  return {
    name: 'build-time-data',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0];
      if (!served.has(file)) return null;
      const lines = Object.entries(await node.exportsOf(file)).map(([name, value]) => {
        const json = JSON.stringify(value);
        if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value))
          this.error(`${path.relative(root, file)}: «${name}» no es un dato que JSON lleve entero`);
        return `export const ${name} = ${json};`;
      });
      return `${lines.join('\n')}\n`;
    },
    buildEnd: () => node.close(),
  };
}
