/**
 * `npm run restore -- <file> [--replace]`: restores a backup into the database (PGlite or
 * DATABASE_URL) and the file store. The database must be empty unless --replace is given, which
 * replaces everything in it. With PGlite the server must be stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { restoreBackup } from '../src/server/backup';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { localFileStore } from '../src/server/files/store';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Indique el fichero de la copia: npm run restore -- <fichero> [--replace]');
  process.exit(1);
}
const config = configFromEnv();
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await restoreBackup(database.db, localFileStore(path.join(config.dataDir, 'files')), fs.readFileSync(path.resolve(file)), { replace: args.includes('--replace') });
    console.log(`Copia restaurada: ${result.tables} tablas, ${result.rows} filas, ${result.files} ficheros`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
