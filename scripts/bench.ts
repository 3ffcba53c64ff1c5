/**
 * `npm run bench`: server-side throughput of the main endpoints at business scale, each printed beside
 * baselines measured in the same run — bare Fastify routes running the same SQL through the same driver,
 * without ORM, envelope, auth plugin or validation. List endpoints get two baselines: (a) the page plus
 * an exact count(*), (b) the page alone. Bounded: every run lasts BENCH_SECONDS seconds.
 *
 *   npm run bench                                    # PGlite, BENCH_SCALE=1 (1/100 of business scale ×100)
 *   BENCH_SCALE=100 DATABASE_URL=postgres://… npm run bench   # 5,000 clients, 200,000 orders, 1,000,000 items, 50,000 budgets
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** 100 = business scale ×100 (issue: 5,000 clients, 200,000 orders, 1,000,000 items, 50,000 budgets). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COUNTS = { clients: 50 * SCALE, orders: 2000 * SCALE, itemsPerOrder: 5, budgets: 500 * SCALE };

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

/** Business data at scale, written by the database itself (generate_series), on top of the demo data. */
async function seedScale(database: Database) {
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  await run(sql`insert into clients (name, "factusol_CODCLI", nif, client_fare_id, tax_id, invoicing_company_id, email, phone_number, web, address, postal_code, city, province, country,
      default_ship_price, free_shipping_threshold, extra_confection_price, budget_expiration_days)
    select 'Cliente ' || g, (100000 + g)::text, lpad(g::text, 8, '0'), 1 + g % 2, 1, 1 + g % 2, 'cliente' || g || '@ejemplo.es', '600000000', 'https://ejemplo.es',
      'Calle ' || g, lpad((g % 52000)::text, 5, '0'), 'Ciudad ' || g % 300, 'Provincia ' || g % 50, 'España', 25, 600, 15, 30
    from generate_series(1, ${COUNTS.clients}) g`);
  await run(sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage, shipping_price, customer_info,
      buyer_name, buyer_city, delivery_date, finished_at, created_at)
    select 4 + (g % ${COUNTS.clients}), 1, 1 + g % 3, upper(substr(md5(g::text || 'bench'), 1, 20)), 1, 21, 25, 'Pedido ' || g, 'Comprador ' || g, 'Ciudad ' || g % 300,
      (date '2024-01-01' + (g % 900)) :: timestamp, now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day'
    from generate_series(1, ${COUNTS.orders}) g`);
  await run(sql`insert into order_items (order_id, kind, product_name, number_of_items, quantity_purchased, quantity_to_ship, vat_exclusive_item_price, item_price)
    select o.id, 'item', 'Artículo ' || i, 1, 1, 1, 10 + i, round((10 + i) * 1.21, 2)
    from orders o cross join generate_series(1, ${COUNTS.itemsPerOrder}) i where o.customer_info like 'Pedido %'`);
  await run(sql`insert into budgets (client_id, budget_status_id, pool_subcategory_id, pool_cover_type_id, a, b, extra_distance, buyer_name, "remark_OB1PCL", created_date, expires_at)
    select 4 + (g % ${COUNTS.clients}), 1 + g % 3, 1, 3, 6 + g % 6, 3 + g % 3, 0.15, 'Comprador ' || g, 'Presupuesto ' || g, now() - (g % 400) * interval '1 day', now() + interval '30 days'
    from generate_series(1, ${COUNTS.budgets}) g`);
  await run(sql`insert into budget_calculus (budget_id, extra_distance) select id, 0.15 from budgets where "remark_OB1PCL" like 'Presupuesto %'`);
  await run(sql`analyze`);
}

async function load(url: string, opts: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string }) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'content-type': 'application/json', ...opts.headers }, method: opts.method ?? 'GET', body: opts.body });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const { database, raw, cleanup, label } = await open();
let started = Date.now();
await seedDemo(database.db);
await seedScale(database);
console.log(`${label}: demo data + ${COUNTS.clients} clients, ${COUNTS.orders} orders, ${COUNTS.orders * COUNTS.itemsPerOrder} items, ${COUNTS.budgets} budgets in ${Date.now() - started} ms`);

const config = { ...configFromEnv({}), logLevel: 'error', clientDist: undefined, trustProxy: true };
started = Date.now();
const app = await buildApp({
  db: database.db, dbKind: database.kind, config,
  mailer: createMailer({ outboxDir: path.join(os.tmpdir(), 'cob-bench-outbox'), from: config.mailFrom }),
  files: localFileStore(path.join(os.tmpdir(), 'cob-bench-files')),
  sessionPolicy: { idleMinutes: 60, maxHours: 24 },
}, { logger: false });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`server ready in ${Date.now() - started} ms (app built and listening, database already open)`);
const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
const token: string = (await post(`${appUrl}/api/external/login`, { identity: 'admin', password: 'admin1234' })).data.token;
const calculusId = ((await raw('select id from budget_calculus order by id limit 1', [])) as Array<{ id: number }>)[0].id;

// The baselines: the same statements, raw, through the same driver.
const bare = Fastify({ logger: false });
const sessionSql = `select s.id, s.last_seen_at, s.created_at, s.revoked_reason, u.id as user_id, u.roles, u.client_id, u.active
  from sessions s join users u on u.id = s.user_id where s.token_hash = $1`;
const session = (request: { headers: Record<string, unknown> }) => raw(sessionSql, [sha256(String(request.headers['x-token']))]);
bare.post('/login', async () => raw('select * from users where lower(username) = $1', ['admin']));
bare.get('/auth-info', async (request) => {
  const [s] = await session(request) as Array<{ user_id: number }>;
  return (await raw('select * from users where id = $1', [s.user_id]))[0];
});
const ordersPage = `select * from orders where client_id = $1 and status_id = 1 order by id desc limit 20`;
bare.post('/orders-count', async (request) => { await session(request); return Promise.all([raw(ordersPage, [5]), raw('select count(*) from orders where client_id = $1 and status_id = 1', [5])]); });
bare.post('/orders-page', async (request) => { await session(request); return raw(ordersPage, [5]); });
const budgetsPage = `select * from budgets order by id desc limit 20`;
bare.post('/budgets-count', async (request) => { await session(request); return Promise.all([raw(budgetsPage, []), raw('select count(*) from budgets', [])]); });
bare.post('/budgets-page', async (request) => { await session(request); return raw(budgetsPage, []); });
bare.get('/prices', async (request) => {
  await session(request);
  return Promise.all([raw('select * from budget_calculus c join budgets b on b.id = c.budget_id where c.id = $1', [calculusId]), raw('select * from pool_covers where pool_cover_type_id = 3', []), raw('select * from reinforcement_types', [])]);
});
bare.post('/calculator', async () => raw('select * from pool_covers where pool_cover_type_id = 3 and show_cover', []));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const auth = { 'x-token': token };
const pool = JSON.stringify({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15 });
const cases = [
  { name: 'login', url: `${appUrl}/api/external/login`, method: 'POST' as const, body: JSON.stringify({ identity: 'admin', password: 'admin1234' }), base: [`${bareUrl}/login`] },
  { name: 'auth/info', url: `${appUrl}/api/auth/info`, base: [`${bareUrl}/auth-info`] },
  { name: 'getFilteredOrders p1, client filter', url: `${appUrl}/api/order/getFilteredOrders`, method: 'POST' as const, body: JSON.stringify({ page: 1, filters: { client_id: 5 } }), base: [`${bareUrl}/orders-count`, `${bareUrl}/orders-page`] },
  { name: 'getBudgetList p1', url: `${appUrl}/api/budget/getBudgetList`, method: 'POST' as const, body: JSON.stringify({ page: 1, filters: { budget_status_id: 0 } }), base: [`${bareUrl}/budgets-count`, `${bareUrl}/budgets-page`] },
  { name: 'generateBudgetPrices', url: `${appUrl}/api/budgetCalculus/generateBudgetPrices/${calculusId}`, base: [`${bareUrl}/prices`] },
  { name: 'public calculator price', url: `${appUrl}/api/calculator/price`, method: 'POST' as const, body: pool, base: [`${bareUrl}/calculator`] },
];

console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, ${label}, scale ${SCALE}\n`);
console.log('endpoint                               req/s  p50  p99 | baseline (a) page+count  | (b) page alone   | ratio a  ratio b');
for (const c of cases) {
  // The login lockout and the public rate limit would refuse a load run: each request comes from its own address.
  let n = 0;
  const headers = { ...auth, 'x-forwarded-for': '10.0.0.1' };
  const ours = await autocannon({
    url: c.url, connections: CONNECTIONS, duration: SECONDS, method: c.method ?? 'GET', body: c.body,
    headers: { 'content-type': 'application/json', ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}` } }) }],
  });
  if (ours.non2xx) throw new Error(`${c.name}: ${ours.non2xx} non-2xx responses`);
  const bases = [];
  for (const url of c.base) bases.push(await load(url, { headers: auth, method: url.includes('/auth-info') || url.includes('/prices') ? 'GET' : 'POST', body: '{}' }));
  const [a, b] = bases;
  const fmt = (r?: { rps: number; p50: number; p99: number }) => (r ? `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(4)} ${String(r.p99).padStart(4)}` : ''.padStart(16));
  console.log(`${c.name.padEnd(36)} ${fmt({ rps: ours.requests.average, p50: ours.latency.p50, p99: ours.latency.p99 })} | ${fmt(a).padEnd(24)} | ${fmt(b).padEnd(16)} | ${(ours.requests.average / a.rps).toFixed(2).padStart(7)} ${b ? (ours.requests.average / b.rps).toFixed(2).padStart(8) : ''}`);
}
const rss = process.memoryUsage().rss;
console.log(`\nprocess RSS after the runs: ${(rss / 1024 / 1024).toFixed(0)} MB (server, database${label === 'PGlite' ? ' (in-process)' : ''} and load generator)`);

await app.close();
await bare.close();
await cleanup();
