/**
 * One migrated, seeded database per test run, cloned for every test file: PGlite from a dumped data
 * dir, PostgreSQL (when DATABASE_URL is set) with CREATE DATABASE … TEMPLATE.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export { databaseUrlFor } from '../../src/server/db';

export async function adminQuery(baseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
