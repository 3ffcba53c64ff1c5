/**
 * `npm run backup [-- <file>]`: a copy of the database (PGlite or DATABASE_URL) and the file store (the
 * local folder or the FILE_STORE_URL bucket),
 * streamed to one gzipped archive (default backups/cobertores-<date>.backup.gz; format in
 * src/server/backup.ts). Progress on stderr; with PGlite the server must be stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { progressOnTerminal, writeBackup } from '../src/server/backup';
import { configFromEnv, projectRoot } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { fileStoreFromConfig } from '../src/server/files/fromConfig';

const config = configFromEnv();
const target = path.resolve(
  process.argv[2] ?? path.join(projectRoot, 'backups', `cobertores-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`),
);
const started = Date.now();
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const summary = await writeBackup(database.db, await fileStoreFromConfig(config), fs.createWriteStream(target), {
      onProgress: progressOnTerminal(),
    });
    console.log(
      `Copia de seguridad guardada en ${target} (${Math.round(fs.statSync(target).size / 1024)} KB): `
      + `${summary.tables} tablas, ${summary.rows} filas, ${summary.files} ficheros`,
    );
    console.log(`Tiempo: ${((Date.now() - started) / 1000).toFixed(1)} s; memoria máxima: ${process.resourceUsage().maxRSS} KB`);
  } catch (error) {
    // Half an archive is no backup.
    fs.rmSync(target, { force: true });
    throw error;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
