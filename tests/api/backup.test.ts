/** Backup and restore round trip (issue: production grade), on PGlite or, with DATABASE_URL, PostgreSQL. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createBackup, restoreBackup, tablesInOrder } from '../../src/server/backup';
import { openPostgres, usePglite, type Database } from '../../src/server/db';
import { projectRoot } from '../../src/server/config';
import { localFileStore } from '../../src/server/files/store';
import { adminQuery, databaseUrlFor, uniqueName } from '../support/template';
import { useTestApp, type TestApp } from '../support/app';
import { expectOk, multipart, png } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

/** A migrated database with nothing in it, of the same kind as the test run's. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = uniqueName('cob_restore');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    return { database: await openPostgres(databaseUrlFor(baseUrl, name)), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  return { database: await usePglite(await PGlite.create()), drop: async () => undefined };
}

const counts = async (database: Database) => {
  const out: Record<string, number> = {};
  for (const table of await tablesInOrder(database.db)) {
    const result = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`) as unknown as { rows: Array<{ n: number }> };
    out[table] = result.rows[0].n;
  }
  return out;
};

describe('backup and restore', { timeout: 180_000 }, () => {
  it('a backup restores into an empty database with every row, file and id sequence', async () => {
    const logo = png(24, 24, [200, 10, 10]);
    const company = expectOk(await t.call('POST', '/api/invoicingCompany/create', { token: admin, ...multipart({ data: JSON.stringify({ name: 'Copia S.L.', code: 'CPY' }) }, { image: { filename: 'logo.png', data: logo } }) }), 20001);
    const archive = await createBackup(t.ctx.db, t.ctx.files);
    const before = await counts({ db: t.ctx.db } as Database);

    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-restore-'));
    const { database, drop } = await emptyDatabase();
    try {
      const store = localFileStore(filesDir);
      const result = await restoreBackup(database.db, store, archive);
      expect(result.files).toBeGreaterThan(0);
      expect(await counts(database)).toEqual(before);
      const [row] = ((await database.db.execute(sql`select name, image from invoicing_companies where id = ${company.id}`)) as unknown as { rows: Array<{ name: string; image: string }> }).rows;
      expect(row.name).toBe('Copia S.L.');
      expect((await store.get(row.image))?.equals(logo)).toBe(true);
      // Sequences moved on: a new row takes the next id, not one already used.
      const inserted = (await database.db.execute(sql`insert into taxes (name, tax_percentage) values ('Nuevo', 4) returning id`)) as unknown as { rows: Array<{ id: number }> };
      expect(inserted.rows[0].id).toBeGreaterThan(before.taxes);

      // A second restore into the now full database is refused, unless it replaces it.
      await expect(restoreBackup(database.db, store, archive)).rejects.toThrow(/no está vacía/);
      await restoreBackup(database.db, store, archive, { replace: true });
      expect(await counts(database)).toEqual(before);
    } finally {
      await database.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not a backup of this application', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      const store = localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-restore-')));
      await expect(restoreBackup(database.db, store, Buffer.from('hola'))).rejects.toThrow('El fichero no es una copia de seguridad válida');
      await expect(restoreBackup(database.db, store, zlib.gzipSync(Buffer.from('{"format":"otro"}')))).rejects.toThrow('El fichero no es una copia de seguridad de esta aplicación');
    } finally {
      await database.close();
      await drop();
    }
  });

  it('npm run backup and npm run restore round-trip a PGlite data dir from the command line', async () => {
    if (process.env.DATABASE_URL) return; // the PostgreSQL round trip is the first test's
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-cli-'));
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-cli-restored-'));
    const file = path.join(dataDir, 'copia.json.gz');
    try {
      // A data dir with the demo data, as the server leaves it.
      const seeded = await usePglite(await PGlite.create(path.join(dataDir, 'db')));
      const { seedDemo } = await import('../../src/server/db/seed');
      await seedDemo(seeded.db);
      const expected = await counts(seeded);
      await seeded.close();
      const run = (script: string, args: string[], dir: string) => spawnSync('npx', ['tsx', path.join(projectRoot, 'scripts', script), ...args],
        { cwd: projectRoot, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 });
      const backup = run('backup.ts', [file], dataDir);
      expect(backup.stdout + backup.stderr).toContain('Copia de seguridad guardada');
      const restore = run('restore.ts', [file], restored);
      expect(restore.stdout + restore.stderr).toContain('Copia restaurada');
      const check = await usePglite(await PGlite.create(path.join(restored, 'db')));
      expect(await counts(check)).toEqual(expected);
      await check.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(restored, { recursive: true, force: true });
    }
  }, 180_000);
});
