/**
 * Modules the client's build serves with their own copy of the libraries they use (vite.config.ts). Otherwise
 * a library's code lands in a chunk shared by all its users, holding every part that any of them needs: the
 * sign-in form's two rules in zod/mini came with the 55 kB of zod's core that the app's forms use, where on
 * their own they need 13 kB (issue 46: the landing list's JavaScript counts the sign-in page's). The parts
 * copied are loaded again, in the shared chunk, by the pages that use the rest of the library. The project's
 * own modules stay imports, shared as usual. Only the build: the dev server and the tests run the module as
 * it is.
 */
import path from 'node:path';
import { build, type RolldownPluginOption } from 'rolldown';
import type { Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/** The sign-in form's rules, which the sign-in page fetches as soon as someone types. */
const SELF_CONTAINED = ['src/shared/forms/login.ts'].map((file) => path.join(root, file));

/**
 * `resolve`: how the bundle resolves the libraries, as the app's build does (configuredZod).
 * `files`: the modules, absolute paths (SELF_CONTAINED; a test gives its own).
 */
export function selfContained(resolve: RolldownPluginOption, files: readonly string[] = SELF_CONTAINED): Plugin {
  const bundled = new Set(files);
  return {
    name: 'self-contained',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0];
      if (!bundled.has(file)) return null;
      const ownImportsStay = {
        name: 'own-imports-stay',
        // The module's relative imports are the project's: kept as written, they resolve from the module's own path.
        resolveId: (source: string, importer?: string) =>
          (importer === file && source.startsWith('.') ? { id: source, external: true } : null),
      };
      const { output } = await build({ input: file, plugins: [ownImportsStay, resolve], write: false, platform: 'browser' });
      const [chunk, ...more] = output;
      if (more.some((item) => item.type === 'chunk'))
        this.error(`${path.relative(root, file)}: no cabe en un solo módulo (¿importa algo de forma diferida?)`);
      return { code: chunk.code, moduleType: 'js' };
    },
  };
}
