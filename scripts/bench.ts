/**
 * `npm run bench`: server-side throughput of the main endpoints, each printed beside a baseline measured
 * in the same run — a bare Fastify route running the same SQL through the same driver, without ORM,
 * envelope, auth plugin or validation. Bounded: every run lasts BENCH_SECONDS (default 5) seconds.
 *
 *   npm run bench                       # PGlite in a temporary data dir
 *   DATABASE_URL=postgres://… npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { openPostgres, usePglite, type Database } from '../src/server/db';
import { seedDemo } from '../src/server/db/seed';
import { sha256 } from '../src/server/domain/auth';
import { localFileStore } from '../src/server/files/store';
import { createMailer } from '../src/server/mail';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const EXTRA_USERS = Number(process.env.BENCH_USERS ?? 5000);

type Raw = (text: string, params: unknown[]) => Promise<unknown[]>;

async function open(): Promise<{ database: Database; raw: Raw; cleanup: () => Promise<void>; label: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-bench-'));
  if (process.env.DATABASE_URL) {
    const name = `cob_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    return {
      database, label: 'PostgreSQL',
      raw: async (text, params) => (await pool.query(text, params)).rows,
      cleanup: async () => { await pool.end(); await database.close(); await admin.query(`DROP DATABASE ${name} WITH (FORCE)`); await admin.end(); fs.rmSync(dataDir, { recursive: true, force: true }); },
    };
  }
  const client = await PGlite.create(path.join(dataDir, 'db'));
  const database = await usePglite(client);
  return {
    database, label: 'PGlite',
    raw: async (text, params) => (await client.query(text, params)).rows,
    cleanup: async () => { await database.close(); fs.rmSync(dataDir, { recursive: true, force: true }); },
  };
}

async function run(url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET', body?: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, method, body });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const { database, raw, cleanup, label } = await open();
const started = Date.now();
await seedDemo(database.db);
// Scale: many users, so the paged list and its count do real work.
const hash = (await raw('select password_hash from users where username = $1', ['admin']) as Array<{ password_hash: string }>)[0].password_hash;
await database.db.execute(sql`insert into users (username, password_hash, email, first_name, last_name, phone, roles)
  select 'usuario' || g, ${hash}, 'usuario' || g || '@example.es', 'Nombre' || g, 'Apellido' || g, '600000000', 1 from generate_series(1, ${EXTRA_USERS}) g`);
console.log(`${label}: seeded demo data + ${EXTRA_USERS} users in ${Date.now() - started} ms`);

const config = { ...configFromEnv({}), logLevel: 'error', clientDist: undefined };
const app = await buildApp({
  db: database.db, dbKind: database.kind, config,
  mailer: createMailer({ outboxDir: path.join(os.tmpdir(), 'cob-bench-outbox'), from: config.mailFrom }),
  files: localFileStore(path.join(os.tmpdir(), 'cob-bench-files')),
  sessionPolicy: { idleMinutes: 60, maxHours: 24 },
}, { logger: false });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await (await fetch(`${appUrl}/api/external/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: 'admin', password: 'admin1234' }) })).json();
const token: string = login.data.token;

// The baseline: the same statements, raw, through the same driver.
const bare = Fastify({ logger: false });
const sessionSql = `select s.id, s.last_seen_at, s.created_at, s.revoked_reason, u.id as user_id, u.roles, u.client_id, u.active
  from sessions s join users u on u.id = s.user_id where s.token_hash = $1`;
bare.get('/auth-info', async (request) => {
  const [session] = await raw(sessionSql, [sha256(String(request.headers['x-token']))]) as Array<{ user_id: number }>;
  const [user] = await raw('select * from users where id = $1', [session.user_id]);
  return user;
});
bare.get('/users-page', async (request) => {
  await raw(sessionSql, [sha256(String(request.headers['x-token']))]);
  const [items, total] = await Promise.all([
    raw('select * from users order by id asc limit 20 offset 0', []),
    raw('select count(*) from users', []),
  ]);
  return { items, total };
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const headers = { 'x-token': token };
const cases = [
  { name: 'auth/info', url: `${appUrl}/api/auth/info`, base: `${bareUrl}/auth-info` },
  { name: 'user/page/1 (5k users, exact count)', url: `${appUrl}/api/user/page/1?per_page=20`, base: `${bareUrl}/users-page` },
];

console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, ${label}\n`);
console.log('endpoint                              req/s   p50 ms  p99 ms | baseline req/s  p50  p99 | ratio');
for (const c of cases) {
  const base = await run(c.base, headers);
  const ours = await run(c.url, headers);
  console.log(`${c.name.padEnd(36)} ${ours.rps.toFixed(0).padStart(7)} ${String(ours.p50).padStart(8)} ${String(ours.p99).padStart(7)} | ${base.rps.toFixed(0).padStart(14)} ${String(base.p50).padStart(4)} ${String(base.p99).padStart(4)} | ${(ours.rps / base.rps).toFixed(2)}`);
}
const rss = process.memoryUsage().rss;
console.log(`\nprocess RSS after the runs: ${(rss / 1024 / 1024).toFixed(0)} MB (server, database${label === 'PGlite' ? ' (in-process)' : ''} and load generator)`);

await app.close();
await bare.close();
await cleanup();
