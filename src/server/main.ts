/** `npm start`: opens the database (migrating it), seeds demo data when empty, serves API and SPA. */
import path from 'node:path';
import { buildApp } from './app';
import { settleRestores } from './backup';
import { configFromEnv } from './config';
import { openDatabase } from './db';
import { DEMO_ACCOUNTS, isEmpty, seedDemo } from './demo/seed';
import { ensureSettings } from './domain/settings';
import { buildKeptMonthsOnce } from './domain/timeRecords';
import { fileStoreFromConfig } from './files/fromConfig';
import { createMailer } from './mail';
import { startMailWorker } from './domain/mailQueue';
import { connectSharedState } from './sharedState';

/** A start that cannot go on says why in one line (a missing variable, an unreadable file) and stops. */
function stopStart(error: Error): never {
  console.error(error.message);
  process.exit(1);
}

const config = (() => {
  try {
    return configFromEnv();
  } catch (error) {
    return stopStart(error as Error);
  }
})();
// The bucket first: an unreachable one stops the start before the database is opened (and locked).
const files = await fileStoreFromConfig(config).catch(stopStart);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(stopStart);
// A restore killed after its commit leaves files to put in place, one killed before it staged files to remove:
// the database and the files agree before anything is served.
await settleRestores(database.db, files).catch(async (error: Error) => {
  await database.close();
  return stopStart(error);
});
await ensureSettings(database.db);
// A database migrated from before the kept time-record figures (migration 0023) has them worked out once.
await buildKeptMonthsOnce(database.db).catch(async (error: Error) => {
  await database.close();
  return stopStart(error);
});
const shared = config.redisUrl
  ? await connectSharedState(config.redisUrl, config.redisPrefix, (error) =>
      console.error(`Redis: ${error.message} (los límites se cuentan en cada proceso mientras no responda)`),
    )
  : undefined;
const seeded = config.seedDemo && (await isEmpty(database.db));
if (seeded) await seedDemo(database.db, files);

const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom });
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  config,
  mailer,
  files,
  sessionPolicy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
  shared,
  listen: database.listen,
}).catch(async (error: Error) => {
  await database.close();
  return stopStart(error);
});

// Sends the queued mail (domain/mailQueue.ts); on PostgreSQL each instance runs one.
const mailWorker = await startMailWorker({
  db: database.db,
  mailer,
  log: app.log,
  listen: database.listen,
  retrySeconds: config.mailRetrySeconds,
});

const shutdown = async () => {
  await app.close();
  await mailWorker.stop();
  await shared?.close();
  await database.close();
  process.exit(0);
};
// A shutdown that fails still ends the process, saying why.
const stop = () => {
  shutdown().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
console.log(
  `Cobertores: ${config.tls ? 'https' : 'http'}://localhost:${config.port} `
  + `(${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite en ${config.dataDir}/db`})`,
);
if (seeded) {
  console.log('Datos de demostración creados. Usuarios:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username} / ${account.password} (${account.role})`);
}
