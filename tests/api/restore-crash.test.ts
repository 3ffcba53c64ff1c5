/**
 * A restore killed with SIGKILL (issue 45, L1) leaves, once the server has started again, either the old
 * rows and the old files or the new rows and the new files: killed after its first file is written, every
 * stored file keeps its old bytes; killed after its commit, while it puts the files in place, every file
 * has the archive's. The restore runs as `npm run restore` does, in a child process stopped at the chosen
 * write (support/stoppedRestore.ts); then the real server starts on the same data. PGlite and the local
 * folder, or with DATABASE_URL and TEST_FILE_STORE=s3 PostgreSQL and a bucket.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { writeBackup } from '../../src/server/backup';
import { openDatabase, type Db } from '../../src/server/db';
import { localFileStore, type FileStore } from '../../src/server/files/store';
import { seededPostgresDatabase } from '../support/databases';
import { S3_REGION, S3RVER_CREDENTIALS, TEST_BUCKET, testS3Store } from '../support/s3';
import { restoreKilledAfter } from '../support/stoppedRestore';
import { uniqueName } from '../support/template';
import { png, rowsOf } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A data dir, a database and a file store of the test's own, and the environment that names them to a child process. */
async function ownData() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-crash-'));
  const postgres = process.env.DATABASE_URL ? await seededPostgresDatabase('cob_crash') : null;
  const s3 = inject('s3Endpoint');
  const prefix = uniqueName('crash');
  cleanups.push(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    FILE_STORE_URL: s3 ? `s3://${TEST_BUCKET}/${prefix}` : '',
    S3_ENDPOINT: s3 ?? '',
    S3_REGION,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  };
  const files: FileStore = s3 ? testS3Store(s3, prefix) : localFileStore(path.join(dataDir, 'files'));
  const open = () => openDatabase({ databaseUrl: postgres?.url, dataDir });
  return { dataDir, env, files, open };
}

/** Starts the server (src/server/main.ts) on that data and stops it once it serves: its start settles what the restore left. */
async function startAndStopServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('Cobertores: http://');
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return output;
}

const TAX = 'IVA solo en la copia';
const taxesNamed = async (db: Db) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from taxes where name = ${TAX}`))[0].n;
const journalRows = async (db: Db) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from restore_journal`))[0].n;

const KEYS = ['user/crash-uno.png', 'user/crash-dos.png'];
const archived = [png(4, 4, [200, 0, 0]), png(4, 4, [0, 200, 0])];
const current = [png(5, 5, [0, 0, 200]), png(5, 5, [90, 90, 90])];

/**
 * The archive: a tax and two files with bytes that only it has. Then the present: the same keys with other
 * bytes, the tax gone. Returns the archive's path and what the store lists now.
 */
async function archiveAndPresent(data: Awaited<ReturnType<typeof ownData>>) {
  const database = await data.open();
  try {
    await database.db.execute(sql`insert into taxes (name, tax_percentage) values (${TAX}, 7)`);
    for (const [i, key] of KEYS.entries()) await data.files.put(key, archived[i]);
    const archive = path.join(data.dataDir, 'copia.backup.gz');
    const summary = await writeBackup(database.db, data.files, fs.createWriteStream(archive));
    await database.db.execute(sql`delete from taxes where name = ${TAX}`);
    for (const [i, key] of KEYS.entries()) await data.files.put(key, current[i]);
    return { archive, archivedFiles: summary.files, listed: await data.files.list() };
  } finally {
    await database.close();
  }
}

const bytesOf = (files: FileStore) => Promise.all(KEYS.map((key) => files.get(key)));

describe('a restore killed with SIGKILL', { timeout: 240_000 }, () => {
  it('after its first file is written: the old rows and every file with its old bytes once the server has started', async () => {
    const data = await ownData();
    const { archive, listed } = await archiveAndPresent(data);

    const written = await restoreKilledAfter(archive, 1, data.env);
    // The one file it wrote is not one the rows name: it waits aside, for a commit that never came.
    expect(KEYS).not.toContain(written);
    expect(await data.files.get(written)).not.toBeNull();
    expect(await bytesOf(data.files)).toEqual(current);

    await startAndStopServer(data.env);
    expect(await bytesOf(data.files)).toEqual(current);
    // Nothing left over: the file it wrote aside is gone.
    expect(await data.files.list()).toEqual(listed);
    const database = await data.open();
    try {
      expect(await taxesNamed(database.db)).toBe(0);
      expect(await journalRows(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('after its commit, one file in place: the new rows and every file with the archive\'s bytes once the server has started', async () => {
    const data = await ownData();
    const { archive, archivedFiles, listed } = await archiveAndPresent(data);
    expect(archivedFiles).toBe(listed.length);

    // Each of the archive's files written aside, then the first one put in place.
    const written = await restoreKilledAfter(archive, archivedFiles + 1, data.env);
    expect(KEYS).toContain(written);
    const half = await bytesOf(data.files);
    expect(half.filter((bytes, i) => bytes?.equals(archived[i])).length).toBe(1);

    await startAndStopServer(data.env);
    expect(await bytesOf(data.files)).toEqual(archived);
    expect(await data.files.list()).toEqual(listed);
    const database = await data.open();
    try {
      expect(await taxesNamed(database.db)).toBe(1);
      expect(await journalRows(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
