/**
 * Databases of a test's own, beside the cloned template every test file gets (support/app.ts): an empty
 * migrated one, for what must start from nothing, and a seeded PostgreSQL one, for several instances over
 * one database as behind a load balancer.
 */
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, usePglite, type Database } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { adminQuery, databaseUrlFor, uniqueName } from './template';

/** The machine's PostgreSQL: the run's own when DATABASE_URL is set, else the one CI and this machine start. */
export const machinePostgres = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A new database on `baseUrl` named after `prefix`; `drop` removes it, connections and all. */
async function createDatabase(baseUrl: string, prefix: string) {
  const name = uniqueName(prefix);
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  return { name, url: databaseUrlFor(baseUrl, name), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** An empty database of the kind the run uses (PostgreSQL when DATABASE_URL is set), migrated, no demo data. */
export async function emptyDatabase(prefix: string): Promise<Database & { drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { ...(await usePglite(await PGlite.create())), drop: async () => undefined };
  const created = await createDatabase(baseUrl, prefix);
  return { ...(await openPostgres(created.url)), drop: created.drop };
}

/** A PostgreSQL database with the demo data, for instances to share by its `url` (on both test passes). */
export async function seededPostgresDatabase(prefix: string) {
  const created = await createDatabase(machinePostgres(), prefix);
  const seeding = await openPostgres(created.url);
  try {
    await seedDemo(seeding.db);
  } finally {
    await seeding.close();
  }
  return created;
}
