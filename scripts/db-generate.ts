/**
 * `npm run db:generate -- --name add_vehicles`: drizzle-kit's generate, with the migration's name
 * required. Without one drizzle-kit makes one up (`0012_demonic_firedrake.sql`), which says nothing
 * of what the migration does in the folder listing nor in review.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** How to call it, in the one line a refusal prints. */
export const USAGE = 'npm run db:generate -- --name add_vehicles';

/** The migration name given as `--name x` or `--name=x`, or why the call is refused (one line). */
export function migrationName(args: readonly string[]): { name: string } | { refusal: string } {
  const at = args.findIndex((arg) => arg === '--name' || arg.startsWith('--name='));
  const name = at < 0 ? undefined : args[at].startsWith('--name=') ? args[at].slice('--name='.length) : args[at + 1];
  if (!name || name.startsWith('-')) {
    return { refusal: `Falta el nombre de la migración (migration name required): ${USAGE}` };
  }
  if (!/^[a-z0-9_]+$/.test(name)) {
    return { refusal: `El nombre de la migración va en minúsculas, cifras y _ (lowercase, digits, _): ${USAGE}` };
  }
  return { name };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const checked = migrationName(args);
  if ('refusal' in checked) {
    console.error(checked.refusal);
    process.exit(1);
  }
  const passed = args.some((arg) => arg === '--name')
    ? args
    : [...args.filter((arg) => !arg.startsWith('--name=')), '--name', checked.name];
  const run = spawnSync('drizzle-kit', ['generate', ...passed], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(run.status ?? 1);
}
