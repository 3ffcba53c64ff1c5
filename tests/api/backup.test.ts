/** Backup and restore round trip (issue 18: backups that stream), on PGlite or, with DATABASE_URL, PostgreSQL. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { restoreBackup, tablesInOrder, writeBackup, type Progress } from '../../src/server/backup';
import { openPostgres, usePglite, type Database, type Db } from '../../src/server/db';
import { projectRoot } from '../../src/server/config';
import { localFileStore, type FileStore } from '../../src/server/files/store';
import { adminQuery, databaseUrlFor, uniqueName } from '../support/template';
import { useTestApp, type TestApp } from '../support/app';
import { expectOk, multipart, png, rowsOf } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

/**
 * A table of the values COPY text has to escape or tell apart (no table of the schema has them all):
 * created in the source and in every empty database, it travels like any other table.
 */
const PROBE_TABLE = sql`create table if not exists backup_probe (id serial primary key, label text, note text, data jsonb,
  amount numeric(14,4), at timestamptz, day timestamp, tags text[], numbers int[])`;
const PROBE_ROWS = sql`insert into backup_probe (label, note, data, amount, at, day, tags, numbers) values
  (${'tab\there, newline\nthere, cr\r, backslash \\ and \\N and \\.'}, null,
    ${JSON.stringify({ text: 'a\tb\nc\\d "q"', list: [1, 2.5, null], nested: { ñ: 'é' } })}::jsonb, 12345678.1234,
    '2026-11-25 10:11:12.345678+01', '2026-02-28 23:59:59', ${'{"a b","c,d","e\\"f","g\\\\h",NULL,""}'}::text[], '{1,-2,3}'),
  ('', '', 'null'::jsonb, -0.0001, null, null, '{}', null),
  (${'\\.'}, ${'línea final\\'}, '[]'::jsonb, 0, 'infinity', '1970-01-01', null, '{}')`;
/** Enough rows for PGlite to read the table in several batches (10,000 rows each). */
const PROBE_MANY = sql`insert into backup_probe (label, data, amount, at, tags)
  select 'fila ' || g || E'\t' || g, jsonb_build_object('g', g), g / 7.0,
    timestamptz '2026-01-01' + g * interval '1 minute', array[g::text, null]
  from generate_series(1, 20500) g`;

/** A migrated database with nothing in it (but the probe table), of the same kind as the test run's. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  let opened: { database: Database; drop: () => Promise<void> };
  if (baseUrl) {
    const name = uniqueName('cob_restore');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    opened = {
      database: await openPostgres(databaseUrlFor(baseUrl, name)),
      drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  } else {
    opened = { database: await usePglite(await PGlite.create()), drop: async () => undefined };
  }
  await opened.database.db.execute(PROBE_TABLE);
  return opened;
}

const counts = async (db: Db) => {
  const out: Record<string, number> = {};
  for (const table of await tablesInOrder(db))
    out[table] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;
  return out;
};

/** The probe table's rows as the database prints them: any change in a value shows. */
const probeRows = async (db: Db) =>
  rowsOf<{ row: string }>(await db.execute(sql`select t::text as row from backup_probe t order by id`)).map((r) => r.row);

async function backupOf(db: Db, files: FileStore, onProgress?: (progress: Progress) => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeBackup(db, files, new Writable({ write(chunk, _encoding, done) { chunks.push(chunk); done(); } }), { onProgress });
  return Buffer.concat(chunks);
}

const restoreFrom = (database: Database, files: FileStore, archive: Buffer, opts: { replace?: boolean } = {}) =>
  restoreBackup(database.db, files, Readable.from([archive]), opts);

const emptyStore = () => localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-restore-')));

describe('backup and restore', { timeout: 180_000 }, () => {
  it('a backup restores into an empty database with every row, value, file and id sequence', async () => {
    const logo = png(24, 24, [200, 10, 10]);
    const company = expectOk(
      await t.call('POST', '/api/invoicingCompany/create', {
        token: admin,
        ...multipart({ data: JSON.stringify({ name: 'Copia S.L.', code: 'CPY' }) }, { image: { filename: 'logo.png', data: logo } }),
      }),
      20001,
    );
    await t.ctx.db.execute(PROBE_TABLE);
    await t.ctx.db.execute(PROBE_ROWS);
    await t.ctx.db.execute(PROBE_MANY);
    const progress: Progress[] = [];
    const archive = await backupOf(t.ctx.db, t.ctx.files, (p) => progress.push(p));
    const before = await counts(t.ctx.db);
    const probe = await probeRows(t.ctx.db);
    expect(probe).toHaveLength(20_503);
    // Every row counted, table by table, up to the whole.
    const last = progress.filter((p) => p.table !== 'ficheros').at(-1)!;
    expect(last.rowsDone).toBe(last.rowsTotal);
    expect(progress.find((p) => p.table === 'orders' && p.tableDone)?.rows).toBe(before.orders);
    // Derived tables are rebuilt, not carried.
    const lines = zlib.gunzipSync(archive).toString('utf8').split('\n');
    expect(JSON.parse(lines[0]).format).toBe('cobertores-backup/2');
    expect(lines.some((line) => line.startsWith('{"table":"sales_summary"'))).toBe(false);

    const { database, drop } = await emptyDatabase();
    try {
      const store = emptyStore();
      const result = await restoreFrom(database, store, archive);
      expect(result.files).toBeGreaterThan(0);
      expect(await counts(database.db)).toEqual(before);
      expect(await probeRows(database.db)).toEqual(probe);
      const [row] = rowsOf<{ name: string; image: string }>(
        await database.db.execute(sql`select name, image from invoicing_companies where id = ${company.id}`),
      );
      expect(row.name).toBe('Copia S.L.');
      expect((await store.get(row.image))?.equals(logo)).toBe(true);
      // The figures the triggers keep are the source's, rebuilt once rather than counted twice.
      const figures = (db: Db) =>
        db
          .execute(sql`select month, invoicing_company_id, client_id, net_cents::text, orders from sales_summary order by 1, 2, 3`)
          .then((r) => rowsOf(r));
      expect(await figures(database.db)).toEqual(await figures(t.ctx.db));
      // Sequences moved on: a new row takes the next id, not one already used.
      const [inserted] = rowsOf<{ id: number }>(
        await database.db.execute(sql`insert into taxes (name, tax_percentage) values ('Nuevo', 4) returning id`),
      );
      expect(inserted.id).toBeGreaterThan(before.taxes);

      // A second restore into the now full database is refused, unless it replaces it.
      await expect(restoreFrom(database, store, archive)).rejects.toThrow(/no está vacía/);
      await restoreFrom(database, store, archive, { replace: true });
      expect(await counts(database.db)).toEqual(before);
      expect(await probeRows(database.db)).toEqual(probe);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('an archive of format 1 (one gzipped JSON document) still restores', async () => {
    const [{ hash }] = rowsOf<{ hash: string }>(
      await t.ctx.db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    const tables: Record<string, unknown[]> = {};
    for (const table of await tablesInOrder(t.ctx.db)) {
      if (table === 'backup_probe') continue; // not in format 1's day
      const [row] = rowsOf<{ data: unknown[] | string }>(
        await t.ctx.db.execute(sql`select coalesce(json_agg(t), '[]'::json) as data from ${sql.identifier(table)} t`),
      );
      tables[table] = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    }
    const files: Record<string, string> = {};
    for (const key of await t.ctx.files.list()) files[key] = (await t.ctx.files.get(key))!.toString('base64');
    const archive = zlib.gzipSync(
      Buffer.from(JSON.stringify({ format: 'cobertores-backup/1', created_at: new Date().toISOString(), migration: hash, tables, files })),
    );
    const { database, drop } = await emptyDatabase();
    try {
      const result = await restoreFrom(database, emptyStore(), archive);
      expect(result.files).toBe(Object.keys(files).length);
      const { backup_probe: _, ...expected } = await counts(t.ctx.db);
      expect(await counts(database.db)).toEqual({ ...expected, backup_probe: 0 });
    } finally {
      await database.close();
      await drop();
    }
  });

  it('refuses in Spanish, before anything is written, a format 1 archive without its tables or files or of another shape', async () => {
    const key = 'user/formato-1.png';
    const stored = png(3, 3, [40, 40, 40]);
    await t.ctx.files.put(key, stored);
    const [{ hash }] = rowsOf<{ hash: string }>(
      await t.ctx.db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    const other = png(3, 3, [1, 2, 3]).toString('base64');
    const document = (fields: Record<string, unknown>) => zlib.gzipSync(
      Buffer.from(JSON.stringify({ format: 'cobertores-backup/1', created_at: new Date().toISOString(), migration: hash, ...fields })),
    );
    const damaged = (what: string) => `La copia está incompleta o dañada (${what}): no se ha restaurado nada`;
    const refusals: Array<[Record<string, unknown>, string]> = [
      // Before issue 45 this one replaced every table with nothing, then failed in English.
      [{ tables: { taxes: [] } }, damaged('no trae la lista de ficheros')],
      [{ files: { [key]: other } }, damaged('no trae la lista de tablas')],
      [{ tables: [], files: { [key]: other } }, damaged('no trae la lista de tablas')],
      [{ tables: { taxes: [] }, files: [other] }, damaged('no trae la lista de ficheros')],
      [{ tables: { taxes: { id: 1 } }, files: {} }, damaged('las filas de la tabla taxes no son registros')],
      [{ tables: { taxes: [[1, 'IVA', 21]] }, files: {} }, damaged('las filas de la tabla taxes no son registros')],
      [{ tables: { taxes: [], no_existe: [] }, files: {} }, 'La copia no corresponde a esta base de datos (tabla no_existe)'],
      [{ tables: { taxes: [] }, files: { [key]: 12 } }, damaged('el contenido del fichero user/formato-1.png no es base64')],
      [{ tables: {}, files: { [key]: other, '../fuera.png': other } },
        'La copia contiene un fichero de nombre no válido (../fuera.png): no se ha restaurado nada'],
    ];
    const before = await counts(t.ctx.db);
    const listed = await t.ctx.files.list();
    for (const [fields, message] of refusals) {
      const refusal = await restoreBackup(t.ctx.db, t.ctx.files, Readable.from([document(fields)]), { replace: true }).then(
        () => 'restaurada',
        (error: Error) => error.message,
      );
      expect(refusal).toBe(message);
      expect(await counts(t.ctx.db)).toEqual(before);
      expect((await t.ctx.files.get(key))?.equals(stored)).toBe(true);
      expect(await t.ctx.files.list()).toEqual(listed);
    }
  });

  it('refuses in Spanish a format 2 archive whose header, columns or file sizes are of the wrong type', async () => {
    const lines = zlib.gunzipSync(await backupOf(t.ctx.db, t.ctx.files)).toString('utf8').split('\n');
    const edited = (at: number, change: (entry: Record<string, unknown>) => Record<string, unknown>) => {
      const copy = [...lines];
      copy[at] = JSON.stringify(change(JSON.parse(copy[at])));
      return zlib.gzipSync(copy.join('\n'));
    };
    const taxes = lines.findIndex((line) => line.startsWith('{"table":"taxes"'));
    const file = lines.findIndex((line) => line.startsWith('{"file":'));
    expect(Math.min(taxes, file)).toBeGreaterThan(0);
    const refusals: Array<[Buffer, string]> = [
      [edited(0, ({ tables: _, ...header }) => header),
        'La copia está incompleta o dañada (su cabecera no trae las cuentas de tablas y ficheros): no se ha restaurado nada'],
      [edited(0, (header) => ({ ...header, files: 'tres' })),
        'La copia está incompleta o dañada (su cabecera no trae las cuentas de tablas y ficheros): no se ha restaurado nada'],
      [edited(taxes, (entry) => ({ ...entry, columns: 'id' })),
        'La copia está incompleta o dañada (las columnas de la tabla taxes no son una lista de nombres): no se ha restaurado nada'],
      [edited(file, (entry) => ({ ...entry, bytes: String(entry.bytes) })), 'La copia está incompleta o dañada: no se ha restaurado nada'],
    ];
    const before = await counts(t.ctx.db);
    for (const [archive, message] of refusals) {
      const refusal = await restoreBackup(t.ctx.db, t.ctx.files, Readable.from([archive]), { replace: true }).then(
        () => 'restaurada',
        (error: Error) => error.message,
      );
      expect(refusal).toBe(message);
      expect(await counts(t.ctx.db)).toEqual(before);
    }
  });

  it('refuses a file that is not a backup of this application, and a truncated one restores nothing', async () => {
    await t.ctx.files.put('user/en-la-copia.png', png(2, 2, [9, 9, 9]));
    const archive = await backupOf(t.ctx.db, t.ctx.files);
    const { database, drop } = await emptyDatabase();
    try {
      const store = emptyStore();
      await expect(restoreFrom(database, store, Buffer.from('hola'))).rejects.toThrow('El fichero no es una copia de seguridad válida');
      await expect(restoreFrom(database, store, zlib.gzipSync(Buffer.from('{"format":"otro"}')))).rejects.toThrow(
        'El fichero no es una copia de seguridad de esta aplicación',
      );
      await expect(restoreFrom(database, store, zlib.gzipSync(Buffer.from('no es json\n')))).rejects.toThrow(
        'El fichero no es una copia de seguridad válida',
      );
      const empty = await counts(database.db);
      expect(Object.values(empty).every((n) => n === 0)).toBe(true);
      // Cut in the middle of the gzip stream (a copy still being written, a disk that filled up).
      await expect(restoreFrom(database, store, archive.subarray(0, Math.floor(archive.length * 0.6)))).rejects.toThrow(
        'La copia está incompleta o dañada',
      );
      expect(await counts(database.db)).toEqual(empty);
      // A whole gzip stream that lacks the archive's last line, after its files.
      const lines = zlib.gunzipSync(archive).toString('utf8').split('\n');
      expect(lines.filter((line) => line.startsWith('{"file":')).length).toBeGreaterThan(0);
      const withoutEnd = zlib.gzipSync(lines.slice(0, -2).join('\n') + '\n');
      // A file already in the store stays; the ones the failed restore stored are removed with its rows.
      await store.put('user/ya-estaba.png', png(2, 2, [0, 0, 0]));
      await expect(restoreFrom(database, store, withoutEnd)).rejects.toThrow('La copia está incompleta o dañada');
      expect(await counts(database.db)).toEqual(empty);
      expect(await store.list()).toEqual(['user/ya-estaba.png']);
      // And the database still takes the whole archive afterwards.
      await restoreFrom(database, store, archive);
      expect((await counts(database.db)).orders).toBe((await counts(t.ctx.db)).orders);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('a failed restore leaves every stored file with its bytes, and none of the archive\'s beside them', async () => {
    // The archive holds other bytes under the key of a stored avatar, and is cut right after that file.
    const key = 'user/avatar-en-uso.png';
    const current = png(3, 3, [10, 20, 30]);
    await t.ctx.files.put(key, png(3, 3, [250, 250, 250]));
    await t.ctx.files.put('user/a-solo-en-la-copia.png', png(2, 2, [1, 1, 1]));
    const lines = zlib.gunzipSync(await backupOf(t.ctx.db, t.ctx.files)).toString('utf8').split('\n');
    await t.ctx.files.put(key, current);
    await t.ctx.files.remove('user/a-solo-en-la-copia.png');
    const before = await t.ctx.files.list();
    const file = lines.findIndex((line) => line.startsWith(`{"file":"${key}"`));
    expect(file).toBeGreaterThan(lines.findIndex((line) => line.startsWith('{"file":"user/a-solo-en-la-copia.png"')));
    const truncated = zlib.gzipSync(lines.slice(0, file + 2).join('\n') + '\n');
    const { database, drop } = await emptyDatabase();
    try {
      await expect(restoreFrom(database, t.ctx.files, truncated)).rejects.toThrow(
        'La copia está incompleta o dañada: no se ha restaurado nada',
      );
      expect(Object.values(await counts(database.db)).every((n) => n === 0)).toBe(true);
      expect((await t.ctx.files.get(key))?.equals(current)).toBe(true);
      expect(await t.ctx.files.list()).toEqual(before);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('refuses a line over 16 MB (a row or an entry) and, in Spanish, an archive the database or the store rejects', async () => {
    await t.ctx.db.execute(PROBE_TABLE);
    const archive = await backupOf(t.ctx.db, t.ctx.files);
    const lines = zlib.gunzipSync(archive).toString('utf8').split('\n');
    const sectionOf = (table: string) => lines.findIndex((line) => line.startsWith(`{"table":"${table}"`));
    const taxes = sectionOf('taxes');
    expect(taxes).toBeGreaterThan(0);
    const gzipped = (edited: string[]) => zlib.gzipSync(edited.join('\n'));
    const inserted = (at: number, line: string) => gzipped([...lines.slice(0, at), line, ...lines.slice(at)]);
    const huge = 'x'.repeat(16 * 1024 * 1024 + 1);
    const { database, drop } = await emptyDatabase();
    try {
      const store = emptyStore();
      const empty = await counts(database.db);
      // A row: its number is the one an editor shows for the gunzipped archive.
      await expect(restoreFrom(database, store, inserted(taxes + 2, huge))).rejects.toThrow(
        `La línea ${taxes + 3} de la copia es demasiado larga (más de 16 MB): no se ha restaurado nada`,
      );
      expect(await counts(database.db)).toEqual(empty);
      // An entry, after a table's end of data.
      const endOfCopy = lines.indexOf('\\.', taxes);
      await expect(restoreFrom(database, store, inserted(endOfCopy + 1, huge))).rejects.toThrow(
        `La línea ${endOfCopy + 2} de la copia es demasiado larga (más de 16 MB): no se ha restaurado nada`,
      );
      expect(await counts(database.db)).toEqual(empty);
      // A row the database rejects (too few columns), and a file key that would leave the store's folders.
      await expect(restoreFrom(database, store, inserted(taxes + 1, '999\t\\N\t4'))).rejects.toThrow(
        /^La base de datos rechaza las filas de la tabla taxes de la copia: no se ha restaurado nada$/,
      );
      expect(await counts(database.db)).toEqual(empty);
      const file = lines.findIndex((line) => line.startsWith('{"file":'));
      expect(file).toBeGreaterThan(0);
      const outside = [...lines];
      outside[file] = outside[file].replace(/"file":"[^"]+"/, '"file":"../fuera.png"');
      await expect(restoreFrom(database, store, gzipped(outside))).rejects.toThrow(
        /^La copia contiene un fichero de nombre no válido \(\.\.\/fuera\.png\): no se ha restaurado nada$/,
      );
      expect(await counts(database.db)).toEqual(empty);
      expect(await store.list()).toEqual([]);

      // A row just under the limit restores.
      const probe = sectionOf('backup_probe');
      const footer = lines.indexOf('\\.', probe) + 1;
      const long = 'y'.repeat(16 * 1024 * 1024 - 100);
      const withLong = [...lines];
      withLong.splice(probe + 1, 0, `-1\t${long}${'\t\\N'.repeat(7)}`);
      withLong[footer + 1] = JSON.stringify({ rows: JSON.parse(lines[footer]).rows + 1 });
      const end = withLong.findLastIndex((line) => line.startsWith('{"end":'));
      withLong[end] = JSON.stringify({ ...JSON.parse(withLong[end]), rows: JSON.parse(withLong[end]).rows + 1 });
      await restoreFrom(database, store, gzipped(withLong));
      const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select length(label)::int as n from backup_probe where id = -1`));
      expect(row.n).toBe(long.length);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('npm run backup and npm run restore round-trip a PGlite data dir from the command line', async () => {
    if (process.env.DATABASE_URL) return; // the PostgreSQL round trip is the first test's (and the bench's, from the command line)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-cli-'));
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-cli-restored-'));
    const file = path.join(dataDir, 'copia.backup.gz');
    try {
      // A data dir with the demo data, as the server leaves it.
      const seeded = await usePglite(await PGlite.create(path.join(dataDir, 'db')));
      const { seedDemo } = await import('../../src/server/demo/seed');
      await seedDemo(seeded.db);
      const expected = await counts(seeded.db);
      await seeded.close();
      const run = (script: string, args: string[], dir: string) =>
        spawnSync('npx', ['tsx', path.join(projectRoot, 'scripts', script), ...args], {
          cwd: projectRoot,
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: 120_000,
        });
      const backup = run('backup.ts', [file], dataDir);
      expect(backup.stdout).toMatch(/Copia de seguridad guardada .*: \d+ tablas, \d+ filas, \d+ ficheros/);
      expect(backup.stdout).toMatch(/memoria máxima: \d+ KB/);
      const restore = run('restore.ts', [file], restored);
      expect(restore.stdout).toContain('Copia restaurada');
      expect(restore.stderr).toMatch(/^orders: \d+ de \d+ filas/m);
      expect(restore.stderr).toContain('total 100 %');
      const check = await usePglite(await PGlite.create(path.join(restored, 'db')));
      expect(await counts(check.db)).toEqual(expected);
      await check.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(restored, { recursive: true, force: true });
    }
  }, 180_000);
});
