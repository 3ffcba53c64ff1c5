/** `npm run db:generate` refuses to make up a migration's name (scripts/db-generate.ts). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { migrationName, USAGE } from '../../scripts/db-generate';

describe('db:generate', () => {
  it('takes the name as --name x or --name=x', () => {
    expect(migrationName(['--name', 'add_vehicles'])).toEqual({ name: 'add_vehicles' });
    expect(migrationName(['--name=add_vehicles'])).toEqual({ name: 'add_vehicles' });
  });

  it('refuses no name, an empty one, a flag in its place and one that is no file name', () => {
    for (const args of [[], ['--name'], ['--name='], ['--name', '--verbose'], ['--name', 'Añadir vehículos']]) {
      const checked = migrationName(args);
      expect(checked).toEqual({ refusal: expect.stringContaining(USAGE) });
    }
  });

  it('stops the script with one line naming the command, before drizzle-kit runs', () => {
    const run = spawnSync('npm', ['run', '--silent', 'db:generate'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`Falta el nombre de la migración (migration name required): ${USAGE}`]);
  });
});
