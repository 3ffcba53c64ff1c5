/**
 * `npm run restore -- <file> [--replace]`: restores a backup (format 2, or an older format 1
 * `.json.gz`) into the database (PGlite or DATABASE_URL) and the file store, in one transaction. The
 * database must be empty unless --replace is given, which replaces everything in it. Progress on
 * stderr; with PGlite the server must be stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { progressOnTerminal, restoreBackup } from '../src/server/backup';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { fileStoreFromConfig } from '../src/server/files/fromConfig';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Indique el fichero de la copia: npm run restore -- <fichero> [--replace]');
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`No existe el fichero ${path.resolve(file)}`);
  process.exit(1);
}
const config = configFromEnv();
const started = Date.now();
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await restoreBackup(database.db, await fileStoreFromConfig(config), fs.createReadStream(path.resolve(file)),
      { replace: args.includes('--replace'), onProgress: progressOnTerminal() });
    console.log(`Copia restaurada: ${result.tables} tablas, ${result.rows} filas, ${result.files} ficheros`);
    console.log(`Tiempo: ${((Date.now() - started) / 1000).toFixed(1)} s; memoria máxima: ${process.resourceUsage().maxRSS} KB`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
