/**
 * `npm run backup [-- <file>]`: a copy of the database (PGlite or DATABASE_URL) and the file store
 * as one .json.gz (default backups/cobertores-<date>.json.gz). With PGlite the server must be stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createBackup } from '../src/server/backup';
import { configFromEnv, projectRoot } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { localFileStore } from '../src/server/files/store';

const config = configFromEnv();
const target = path.resolve(process.argv[2] ?? path.join(projectRoot, 'backups', `cobertores-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`));
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const archive = await createBackup(database.db, localFileStore(path.join(config.dataDir, 'files')));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, archive);
    console.log(`Copia de seguridad guardada en ${target} (${Math.round(archive.length / 1024)} KB)`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
