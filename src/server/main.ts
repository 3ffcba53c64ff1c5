/** `npm start`: opens the database (migrating it), seeds demo data when empty, serves API and SPA. */
import path from 'node:path';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db';
import { DEMO_ACCOUNTS, isEmpty, seedDemo } from './db/seed';
import { ensureSettings } from './domain/settings';
import { localFileStore } from './files/store';
import { createMailer } from './mail';

const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
await ensureSettings(database.db);
const seeded = config.seedDemo && (await isEmpty(database.db));
if (seeded) await seedDemo(database.db);

const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  config,
  mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom }),
  files: localFileStore(path.join(config.dataDir, 'files')),
  sessionPolicy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`Cobertores: http://localhost:${config.port} (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite en ${config.dataDir}/db`})`);
if (seeded) {
  console.log('Datos de demostración creados. Usuarios:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username} / ${account.password} (${account.role})`);
}
