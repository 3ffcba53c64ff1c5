/**
 * A restore that stops dead after its n-th write to the file store, for a test to kill there with SIGKILL
 * (a crash at a chosen moment): `npm run restore -- <archive> --replace` as scripts/restore.ts runs it,
 * the store from the same environment, wrapped. Run as a child process by `restoreStoppedAfter`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { restoreBackup } from '../../src/server/backup';
import { configFromEnv } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { fileStoreFromConfig } from '../../src/server/files/fromConfig';
import type { FileStore } from '../../src/server/files/store';

const STOPPED = 'parada tras escribir ';

/**
 * Starts the restore of `archive` with `env` (DATA_DIR, DATABASE_URL, FILE_STORE_URL…); resolves, with the
 * key it wrote last, once it has written `writes` files and stopped, and kills it then with SIGKILL.
 */
export function restoreKilledAfter(archive: string, writes: number, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, archive, String(writes)], { env });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const at = output.indexOf(STOPPED);
      if (at >= 0 && output.endsWith('\n')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk; });
    // Resolved once it is gone: its PGlite data dir lock is stale then, not another process's.
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      const at = output.indexOf(STOPPED);
      if (signal === 'SIGKILL' && at >= 0) resolve(output.slice(at + STOPPED.length).split('\n')[0]);
      else reject(new Error(`the restore did not stop where asked (${signal ?? 'exit'}): ${output}`));
    });
  });
}

/** Passes everything on, and blocks the whole process (no timer, no I/O runs again) after the n-th put. */
function stoppingAfter(store: FileStore, writes: number): FileStore {
  let done = 0;
  return {
    ...store,
    async put(key, data) {
      await store.put(key, data);
      if (++done < writes) return;
      fs.writeSync(1, `${STOPPED}${key}\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [archive, writes] = process.argv.slice(2);
  const config = configFromEnv();
  const files = stoppingAfter(await fileStoreFromConfig(config), Number(writes));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await restoreBackup(database.db, files, fs.createReadStream(archive), { replace: true });
  await database.close();
  console.log('restaurada sin parar');
}
