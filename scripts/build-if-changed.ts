/**
 * `npm start`'s build: Vite builds the client only when its sources changed since the last build this
 * script made (a full build takes tens of seconds on a small machine, at every start before). The
 * sources are hashed by content, so a checkout that only touches mtimes does not rebuild; the hash of
 * the last build is kept in `dist/client-sources.sha256`, beside the built client.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What the built client is made of: its code, the schemas and shared code it imports, the build's config with the
 * plugins it takes from scripts/, and the locked packages.
 */
export const CLIENT_SOURCES = [
  'src/client',
  'schemas',
  'src/shared',
  'vite.config.ts',
  'scripts/clientContracts.ts',
  'scripts/precompress.ts',
  'tsconfig.json',
  'package-lock.json',
];

export const STAMP_FILE = 'dist/client-sources.sha256';
const BUILT_PAGE = 'dist/client/index.html';

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs.readdirSync(full).sort().flatMap((name) => filesUnder(root, path.join(entry, name)));
}

/** One hash of every source file's path and content. */
export function clientSourcesHash(root: string, sources: readonly string[] = CLIENT_SOURCES): string {
  const hash = crypto.createHash('sha256');
  for (const file of sources.flatMap((entry) => filesUnder(root, entry))) {
    hash.update(`${file.split(path.sep).join('/')}\0`).update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether the client must be built: nothing built yet, no stamp, or sources other than the stamped ones. */
export function needsBuild(root: string, hash = clientSourcesHash(root)): boolean {
  if (!fs.existsSync(path.join(root, BUILT_PAGE))) return true;
  const stamp = path.join(root, STAMP_FILE);
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8').trim() !== hash;
}

export function writeStamp(root: string, hash: string) {
  fs.writeFileSync(path.join(root, STAMP_FILE), `${hash}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const hash = clientSourcesHash(root);
  if (!needsBuild(root, hash)) {
    console.log('Cliente sin cambios desde la última compilación: no se vuelve a compilar');
  } else {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeStamp(root, hash);
  }
}
