/**
 * Loads the project's TypeScript modules in Node during the client's build (tsx), for the build plugins that
 * serve the browser a module's values computed ahead (clientContracts.ts, buildTimeData.ts).
 */
import { pathToFileURL } from 'node:url';
import { register, type NamespacedUnregister } from 'tsx/esm/api';

export function nodeImporter(name: string) {
  let loader: NamespacedUnregister | undefined;
  return {
    /** A module's exports. The loader is registered at the first module, so that a build that reads none never starts it. */
    async exportsOf(file: string): Promise<Record<string, unknown>> {
      loader ??= register({ namespace: `${name}-${process.pid}` });
      return (await loader.import(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
    },
    async close() {
      await loader?.unregister();
      loader = undefined;
    },
  };
}
