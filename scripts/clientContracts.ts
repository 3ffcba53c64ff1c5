/**
 * The browser's contracts (vite.config.ts, the client's build). A contract module (src/shared/contracts) declares
 * each endpoint with zod: what it takes, what it answers, for the server's checks, the API document and the
 * tests. The browser calls an endpoint by its method and path alone (`call` in src/client/providers/http.ts), so
 * the build serves each contract module as its contracts reduced to those two: no zod comes with a page for
 * its calls. The types still come from the real modules, which TypeScript reads.
 *
 * The real module is loaded in Node (tsx) and each exported contract, or map of contracts, is written out with
 * its method and path. Anything else a module exports is left out: a client file that imports it at run time
 * fails the build as a missing export, so nothing is lost silently. A function that makes contracts is served
 * as its zod-free counterpart (CALLS_OF).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { nodeImporter } from './nodeImporter';

const root = path.resolve(import.meta.dirname, '..');
const contractsDir = path.join(root, 'src/shared/contracts');

/** Modules of the contracts' folder the browser takes as they are: the contract's shape and `pathOf`, and the generic calls. */
const AS_THEY_ARE = new Set(['contract.ts', 'recordCalls.ts'].map((file) => path.join(contractsDir, file)));

/** Functions that make contracts, each served as the one that makes their method and path: [module, its export]. */
const CALLS_OF: Record<string, [file: string, name: string]> = {
  resourceContracts: ['recordCalls.ts', 'recordCalls'],
};

interface Call { method: string; path: string }

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null
  && typeof (value as Call).method === 'string' && typeof (value as Call).path === 'string';

const callOf = ({ method, path }: Call): Call => ({ method, path });

/** An exported value as the browser gets it, or undefined when it is neither a contract nor a map of them. */
function reduced(value: unknown): string | undefined {
  if (isCall(value)) return JSON.stringify(callOf(value));
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value);
  if (!entries.length || !entries.every(([, item]) => isCall(item))) return undefined;
  return JSON.stringify(Object.fromEntries(entries.map(([key, item]) => [key, callOf(item as Call)])));
}

/** The module the browser gets for a contract module: its contracts' methods and paths. */
function browserModule(exports: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    const calls = typeof value === 'function' ? CALLS_OF[name] : undefined;
    if (calls) {
      lines.push(`export { ${calls[1]} as ${name} } from ${JSON.stringify(path.join(contractsDir, calls[0]))};`);
      continue;
    }
    const data = reduced(value);
    if (data) lines.push(`export const ${name} = ${data};`);
  }
  return `${lines.join('\n')}\n`;
}

export function clientContracts(): Plugin {
  const node = nodeImporter('client-contracts');
  return {
    name: 'client-contracts',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0];
      if (path.dirname(file) !== contractsDir || AS_THEY_ARE.has(file) || !file.endsWith('.ts')) return null;
      return browserModule(await node.exportsOf(file));
    },
    buildEnd: () => node.close(),
  };
}
