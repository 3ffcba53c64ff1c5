/**
 * The server side of `npm run bench`, in its own process so that the load generator does not share its
 * event loop: seeds (or reuses) a database at BENCH_SCALE, reopens it and times the app until it
 * listens, records the exact statements each measured endpoint sends, and serves beside the app the
 * baselines: bare Fastify routes replaying those statements straight through the same driver.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import Fastify from 'fastify';
import pg from 'pg';
import { resources } from '../schemas';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { databaseUrlFor, openDatabase, type Database } from '../src/server/db';
import { seedDemo } from '../src/server/demo/seed';
import { verifyPassword } from '../src/server/domain/passwords';
import { everyonesMonth, everyonesMonthLive, workerMonth, workerMonthLive } from '../src/server/domain/timeRecords';
import { localFileStore } from '../src/server/files/store';
import { createMailer } from '../src/server/mail';
import { madridDay } from '../src/shared/madrid';
import { BENCH_MEMBER, COUNTS, SCALE, seedScale, TABLE } from './bench-seed';
import { atBenchEnd, endBench, runAsBenchChild } from './benchProcesses';

export interface BenchCase {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  /** A list whose filter matches most rows: its exact count is the dear part, hence the ≥ 5 × (a) target. */
  broad?: boolean;
  /**
   * A public endpoint: requests come without a session, from many addresses (the login lockout and public rate limits count per address).
   */
  anonymous?: boolean;
  /** (a) counts millions of rows exactly (seconds): timed once, not under load (32 at once would swamp the database for the runs after). */
  countOnce?: boolean;
  /** The p99 its issue asks at c = 32, ms: 50 for every list and filter (issue 30), 250 for everyone's month (issue 46 §3). */
  p99Ms?: number;
  /** Signed in as someone else than the admin (a member, a worker). */
  token?: string;
  /** The bare replay of the endpoint's own statements; for lists, (a) page + exact count and (b) page alone. */
  baselines: Array<{ label: 'same SQL' | '(a)' | '(b)'; url: string }>;
  statements: number;
}

export interface CsvExport {
  /** What was exported, as the bench prints it. */
  label: string;
  /** Read only up to this many bytes (a download stopped part-way: the rest would take minutes). */
  cappedAt?: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  chunks: number;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
  /** The heap once collected after the download: what the export kept (the peak holds garbage not yet collected). */
  heapAfter: number;
}

export interface BenchReady {
  label: string;
  counts: typeof COUNTS;
  seeded: string;
  readyMs: number;
  token: string;
  cases: BenchCase[];
  priceTable: { options: number; bytes: number; p50: number; p99: number; roundTrip: number };
  /** The staff dashboard's data, one request at a time: server time (issue 17: ≤ 150 ms at ×100). */
  dashboard: { bytes: number; p50: number; p99: number; roundTrip: number };
  timeRecordPdf: { bytes: number; p50: number; p99: number };
  /**
   * The time-record CSV of one month, then of everyone's three years; the audits list's CSV of a month,
   * then of the whole trail: each big one's memory should rise no more than its small one's.
   */
  csvExports: CsvExport[];
  /** PostgreSQL: the bench database, for the backup round trip (scripts/bench-backup.ts). */
  databaseUrl?: string;
}

// ------------------------------------------------------------------ the database

const recording: { statements: Array<{ text: string; params: unknown[] }> | null } = { statements: null };
const logger = { logQuery: (text: string, params: unknown[]) => recording.statements?.push({ text, params }) };

/**
 * What the server opens on the bench database (the app, the baselines, its connections), closed last first: on
 * the bench's word to stop, then the database's end; else within that end, before or after the database goes as
 * its kind needs (prepareDatabase).
 */
const opened: Array<{ close: () => Promise<unknown> }> = [];
async function closeOpened() {
  for (const held of opened.splice(0).reverse()) await held.close();
}

/**
 * The bench database, seeded or reused; its end is registered first (`atBenchEnd`), so that it comes whatever
 * phase the server stops in, seeding included.
 */
async function prepareDatabase(): Promise<{ label: string; open: () => Promise<Database>; seeded: string; url?: string }> {
  if (process.env.DATABASE_URL) {
    // BENCH_KEEP=1 keeps the seeded database (cob_bench_x<scale>, or BENCH_DB) for the next run; it is renamed so only once seeded.
    const keep = Boolean(process.env.BENCH_KEEP);
    const name = keep ? (process.env.BENCH_DB ?? `cob_bench_x${SCALE}`) : `cob_bench_${Date.now()}`;
    const seeding = `${name}_seeding`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    /** What this run made and must drop: a database not kept, and one whose seeding it cut short. */
    const made = new Set<string>();
    atBenchEnd(async () => {
      // First, WITH (FORCE): whatever still runs on them (a seed, a count, an export) ends with them rather
      // than hold the end up past the 10 s bench.ts gives it.
      for (const database of made) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await closeOpened();
      await admin.end();
    });
    const at = (database: string) => databaseUrlFor(process.env.DATABASE_URL!, database);
    const open = () => openDatabase({ databaseUrl: at(name), dataDir: '', logger });
    const exists = keep && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    let seeded = `reused ${name}`;
    // A kept database from an older bench gets the tables it lacks.
    if (exists) seeded += await topUp(await openDatabase({ databaseUrl: at(name), dataDir: '', logger }));
    if (!exists) {
      await admin.query(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`);
      made.add(seeding);
      await admin.query(`CREATE DATABASE ${seeding}`);
      seeded = await seedOnce(await openDatabase({ databaseUrl: at(seeding), dataDir: '', logger }));
      if (!keep) made.add(name);
      await admin.query(`ALTER DATABASE ${seeding} RENAME TO ${name}`);
      made.delete(seeding);
    }
    return { label: 'PostgreSQL', open, seeded, url: at(name) };
  }
  // BENCH_DATA_DIR keeps a seeded PGlite data dir for the next run (seeding ×100 takes minutes).
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cob-bench-'));
  // The database runs in this process: closed first, then its folder goes.
  atBenchEnd(async () => {
    await closeOpened();
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const marker = path.join(dataDir, `bench-scale-${SCALE}`);
  const open = () => openDatabase({ dataDir, logger });
  const seeded = fs.existsSync(marker) ? `reused ${dataDir}${await topUp(await open())}` : await seedOnce(await open());
  fs.writeFileSync(marker, '');
  return { label: 'PGlite', open, seeded };
}

async function seedOnce(database: Database): Promise<string> {
  const started = Date.now();
  await seedDemo(database.db);
  await seedScale(database, (line) => console.error(line));
  await database.close();
  return `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** Seeds the steps a reused database lacks (the bench grew since it was seeded). */
async function topUp(database: Database): Promise<string> {
  const started = Date.now();
  const ran = await seedScale(database, (line) => console.error(line));
  await database.close();
  return ran.length ? `, ${ran.join(', ')} added in ${((Date.now() - started) / 1000).toFixed(1)} s` : '';
}

// ------------------------------------------------------------------ the app and the baselines

// Stopped by bench.ts (SIGTERM), by Ctrl-C, by a failure, or with bench.ts gone, in any phase: it ends as a bench
// does (benchProcesses.ts), the database's end first (prepareDatabase).
runAsBenchChild();
const prepared = await prepareDatabase();
const started = Date.now();
const database = await prepared.open();
opened.push(database);
// A kept database starts without the sign-in attempts of runs that stopped half-way (the admin signs in below).
await database.query('delete from login_failures', []);
// ANSWER_CHECK: how answers are read through their contracts (the production choice is measured both ways).
const config = { ...configFromEnv({ ANSWER_CHECK: process.env.ANSWER_CHECK }), logLevel: 'error', clientDist: undefined, trustProxy: true };
const app = await buildApp({
  db: database.db, dbKind: database.kind, config,
  mailer: createMailer({ outboxDir: path.join(os.tmpdir(), 'cob-bench-outbox'), from: config.mailFrom }),
  files: localFileStore(path.join(os.tmpdir(), 'cob-bench-files')),
  sessionPolicy: { idleMinutes: 60, maxHours: 24 },
}, { logger: false });
opened.push(app);
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const readyMs = Date.now() - started;

const call = async (url: string, init: { method: string; body?: string; token?: string }) => {
  const response = await fetch(`${appUrl}${url}`, {
    method: init.method, body: init.body,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254', ...(init.token ? { 'x-token': init.token } : {}) },
  });
  const body = await response.json() as { code: number; data: unknown };
  if (body.code >= 30000) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.data;
};
const credentials = { identity: 'admin', password: 'admin1234' };
const { token } = await call('/api/external/login', { method: 'POST', body: JSON.stringify(credentials) }) as { token: string };
const [{ id: calculusId }] = (await database.query(
  'select c.id from budget_calculus c join budgets b on b.id = c.budget_id where b."remark_OB1PCL" = \'Tabla de precios\'',
  [],
)) as Array<{ id: number }>;

/** The statements one request of the endpoint sends, recorded after a warm-up (caches as in a long run). */
async function statementsOf(url: string, method: string, body?: string, anonymous?: boolean, as = token) {
  const init = { method, body, token: anonymous ? undefined : as };
  await call(url, init);
  recording.statements = [];
  await call(url, init);
  const statements = recording.statements;
  recording.statements = null;
  return statements;
}

const bare = Fastify({ logger: false });
opened.push(bare);
/** The Madrid month `months` before this one ("YYYY-MM"). */
function monthsAgo(months: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return date.toISOString().slice(0, 7);
}
const replay = async (statements: Array<{ text: string; params: unknown[] }>) => {
  let last: unknown[] = [];
  for (const s of statements) last = await database.query(s.text, s.params);
  return last;
};

// The bare pages select what the lists' rows carry (the schemas' listRow), as the endpoints do.
const columnList = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');
// An order row also carries its total: its lines' cents, shipping and VAT rate, read with the page.
const orderRow
  = `${columnList(resources.order.listRow!)}, shipping_price, tax_percentage, `
    + '(select coalesce(sum(round(i.vat_exclusive_item_price * 100) * i.quantity_purchased), 0) '
    + 'from order_items i where i.order_id = orders.id) as lines_cents';
const budgetRow = columnList(resources.budget.listRow!);
/** Issue 30: every list and filter answers within 50 ms at p99 (c = 32), whatever the scale. */
const LIST_P99_MS = 50;
const endpoints: Array<Omit<BenchCase, 'baselines' | 'statements'> & { list?: { page: string; count: string; params: unknown[] } }> = [
  // Everyone signs in to the one admin account, as a small office sharing it does at 9:00 (domain/auth.ts).
  { name: 'login', url: '/api/external/login', method: 'POST', body: JSON.stringify(credentials), anonymous: true },
  { name: 'auth/info', url: '/api/auth/info', method: 'GET' },
  {
    name: 'getFilteredOrders p1, one client',
    p99Ms: LIST_P99_MS,
    url: '/api/order/getFilteredOrders',
    method: 'POST',
    body: JSON.stringify({ page: 1, filters: { client_id: 5 } }),
    list: {
      page: `select ${orderRow} from orders where client_id = $1 and status_id = 1 order by id desc limit 20`,
      count: 'select count(*) from orders where client_id = $1 and status_id = 1',
      params: [5],
    },
  },
  {
    name: 'getFilteredOrders p1, review state',
    p99Ms: LIST_P99_MS,
    url: '/api/order/getFilteredOrders',
    method: 'POST',
    broad: true,
    body: JSON.stringify({ page: 1, filters: { order_review_status_id: 2 } }),
    list: {
      page: `select ${orderRow} from orders where order_review_status_id = $1 order by id desc limit 20`,
      count: 'select count(*) from orders where order_review_status_id = $1',
      params: [2],
    },
  },
  {
    name: 'getBudgetList p1, all',
    p99Ms: LIST_P99_MS,
    url: '/api/budget/getBudgetList',
    method: 'POST',
    broad: true,
    body: JSON.stringify({ page: 1, filters: { budget_status_id: 0 } }),
    list: {
      page: `select ${budgetRow}, (select name from clients where clients.id = budgets.client_id) as client_name `
        + 'from budgets order by id desc limit 20',
      count: 'select count(*) from budgets',
      params: [],
    },
  },
  {
    name: `generateBudgetPrices ${TABLE.covers}×${TABLE.reinforcements}`,
    url: `/api/budgetCalculus/generateBudgetPrices/${calculusId}`,
    method: 'GET',
  },
  {
    name: 'public calculator price',
    url: '/api/calculator/price',
    method: 'POST',
    anonymous: true,
    body: JSON.stringify({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15 }),
  },
];

// The growing tables' lists (issue 30): their generic pages with the usual filters, the time records and
// the member's own lists, each beside its bare page. Who and what they read: the bench's first worker,
// member and a record, month and day in the middle of the three years.
const [{ worker, member_client: memberClient }] = (await database.query(
  "select (select id from users where username = 'trabajador1') as worker, "
  + '(select client_id from users where username = $1) as member_client',
  [BENCH_MEMBER.identity],
)) as Array<{ worker: number; member_client: number }>;
const { token: memberToken } = (await call('/api/external/login', { method: 'POST', body: JSON.stringify(BENCH_MEMBER) })) as {
  token: string;
};
const { token: workerToken } = (await call('/api/external/login', {
  method: 'POST',
  body: JSON.stringify({ identity: 'trabajador1', password: 'taller1234' }),
})) as { token: string };
const MONTH = monthsAgo(18);
const DAY = `${MONTH}-12`;
{
  // Everyone's month is timed from the figures kept per day: checked first to be the month worked out from the rows.
  const now = new Date();
  const [kept, live] = [await everyonesMonth(database.db, MONTH, now), await everyonesMonthLive(database.db, MONTH, now)];
  if (!isDeepStrictEqual(kept, live)) throw new Error(`everyone's month ${MONTH}: the kept figures differ from the rows' month`);
  // And the worker's month is timed as kept laid out: checked first to be the month worked out from its rows.
  const keptMonth = await workerMonth(database.db, worker, MONTH, now);
  const liveMonth = await workerMonthLive(database.db, worker, MONTH, now);
  if (!isDeepStrictEqual(keptMonth, liveMonth)) throw new Error(`the worker's month ${MONTH}: the kept month differs from the rows' month`);
}
const filterQuery = (filter: Record<string, unknown>) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** A bare page: what the list's rows carry, its filter, its order, 20 rows (the count: the same filter). */
const barePage = (from: string, columns: string, where: string, order: string, params: unknown[] = []) => ({
  page: `select ${columns} from ${from}${where ? ` where ${where}` : ''} order by ${order} limit 20`,
  count: `select count(*) from ${from}${where ? ` where ${where}` : ''}`, params,
});
const monthStart = madridDay(`${MONTH}-01`).start;
const monthEnd = madridDay(`${MONTH}-${String(new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5)), 0)).getUTCDate())}`).end;
const memberDocuments = 'visibility = 2 or (visibility = 3 and id in (select document_id from document_clients where client_id = $1))';
const growingLists: typeof endpoints = [
  {
    name: 'audits p1, all',
    url: '/api/audit/page/1',
    method: 'GET',
    broad: true,
    countOnce: true,
    list: barePage('audits', '*', '', 'created_at desc, id desc'),
  },
  {
    name: 'audits p1, one record',
    url: `/api/audit/page/1${filterQuery({ resource: 'order', record_id: '12345' })}`,
    method: 'GET',
    list: barePage('audits', '*', 'resource = $1 and record_id = $2', 'created_at desc, id desc', ['order', '12345']),
  },
  {
    name: 'audits p1, one user',
    url: `/api/audit/page/1${filterQuery({ user_id: worker })}`,
    method: 'GET',
    broad: true,
    list: barePage('audits', '*', 'user_id = $1', 'created_at desc, id desc', [worker]),
  },
  {
    name: 'audits p1, one month',
    url: `/api/audit/page/1${filterQuery({ created_at_gte: `${MONTH}-01`, created_at_lte: monthEnd.toISOString().slice(0, 10) })}`,
    method: 'GET',
    broad: true,
    list: barePage('audits', '*', 'created_at >= $1 and created_at <= $2', 'created_at desc, id desc', [monthStart, monthEnd]),
  },
  {
    name: 'mail outbox p1, all',
    url: '/api/mailOutbox/page/1',
    method: 'GET',
    broad: true,
    list: barePage('mail_outbox', columnList(resources.mailOutbox.listRow!), '', 'id desc'),
  },
  {
    name: 'mail outbox p1, failed',
    url: `/api/mailOutbox/page/1${filterQuery({ status: 'failed' })}`,
    method: 'GET',
    broad: true,
    list: barePage('mail_outbox', columnList(resources.mailOutbox.listRow!), 'status = $1', 'id desc', ['failed']),
  },
  {
    name: 'mail outbox p1, pending',
    url: `/api/mailOutbox/page/1${filterQuery({ status: 'pending' })}`,
    method: 'GET',
    broad: true,
    list: barePage('mail_outbox', columnList(resources.mailOutbox.listRow!), 'status = $1', 'id desc', ['pending']),
  },
  {
    name: 'consignments p1, all',
    url: '/api/consignment/page/1',
    method: 'GET',
    broad: true,
    list: barePage('consignments', '*', '', 'date desc, id desc'),
  },
  {
    name: 'consignments p1, one day',
    url: `/api/consignment/page/1${filterQuery({ date_gte: DAY, date_lte: DAY })}`,
    method: 'GET',
    list: barePage('consignments', '*', 'date >= $1 and date <= $2', 'date desc, id desc', [`${DAY} 00:00:00`, `${DAY} 23:59:59.999`]),
  },
  { name: 'tasks p1, all', url: '/api/task/page/1', method: 'GET', broad: true, list: barePage('tasks', '*', '', 'start, id') },
  {
    name: 'announcements p1, all',
    url: '/api/announcement/page/1',
    method: 'GET',
    broad: true,
    list: barePage('announcements', '*', '', 'created_at desc, id desc'),
  },
  { name: 'documents p1, all', url: '/api/document/page/1', method: 'GET', broad: true, list: barePage('documents', '*', '', 'title, id') },
  { name: 'clients p1, all', url: '/api/client/page/1', method: 'GET', broad: true, list: barePage('clients', '*', '', 'name, id') },
  { name: 'users p1, all', url: '/api/user/page/1', method: 'GET', broad: true, list: barePage('users', '*', '', 'id') },
  { name: "time records, a worker's month", url: `/api/timeRecords/worker/${worker}/${MONTH}`, method: 'GET' },
  { name: "time records, everyone's month", url: `/api/timeRecords/month/${MONTH}`, method: 'GET', p99Ms: 250 },
  { name: 'worker: own month', url: `/api/timeRecords/mine/${MONTH}`, method: 'GET', token: workerToken },
  {
    name: 'member: orders p1',
    url: '/api/order/getClientFilteredOrders',
    method: 'POST',
    body: JSON.stringify({ page: 1, filters: {} }),
    token: memberToken,
    list: barePage('orders', orderRow, 'client_id = $1 and status_id = 1', 'id desc', [memberClient]),
  },
  {
    name: 'member: budgets p1',
    url: '/api/budget/getBudgetList',
    method: 'POST',
    body: JSON.stringify({ page: 1, filters: { budget_status_id: 0 } }),
    token: memberToken,
    list: barePage('budgets', budgetRow, 'client_id = $1', 'id desc', [memberClient]),
  },
  {
    name: 'member: consignments p1',
    url: '/api/consignment/page/1',
    method: 'GET',
    token: memberToken,
    list: barePage(
      'consignments',
      '*',
      'id in (select co.consignment_id from consignment_orders co join orders o on o.id = co.order_id where o.client_id = $1)',
      'date desc, id desc',
      [memberClient],
    ),
  },
  {
    name: 'member: documents p1',
    url: '/api/document/page/1',
    method: 'GET',
    token: memberToken,
    broad: true,
    list: barePage('documents', '*', memberDocuments, 'title, id', [memberClient]),
  },
  { name: 'member: announcement board', url: '/api/announcement/board', method: 'GET', token: memberToken },
  { name: 'member: unread announcements', url: '/api/announcement/unreadCount', method: 'GET', token: memberToken },
];
endpoints.push(...growingLists.map((endpoint) => ({ ...endpoint, p99Ms: endpoint.p99Ms ?? LIST_P99_MS })));

const cases: BenchCase[] = [];
for (const [i, endpoint] of endpoints.entries()) {
  const { list, ...rest } = endpoint;
  const statements = await statementsOf(endpoint.url, endpoint.method, endpoint.body, endpoint.anonymous, endpoint.token);
  const baselines: BenchCase['baselines'] = [];
  if (endpoint.name === 'login') {
    // A login's own work besides its statements: the password check; and each session gets a new token.
    const [user] = (await database.query('select password_hash from users where username = $1', ['admin'])) as Array<{
      password_hash: string;
    }>;
    const isSessionInsert = (s: { text: string }) => s.text.startsWith('insert into "sessions"');
    const isAttemptInsert = (s: { text: string }) => s.text.startsWith('insert into "login_failures"');
    const replayLogin = async () => {
      const attempts: number[] = [];
      try {
        for (const s of statements) {
          const params = isSessionInsert(s) ? [crypto.randomBytes(32).toString('hex'), ...s.params.slice(1)] : s.params;
          const rows = await database.query(s.text, params);
          if (isAttemptInsert(s)) attempts.push(...(rows as Array<{ id: number }>).map((row) => row.id));
        }
      } finally {
        // The app deletes the attempt its insert answered; the replayed delete names the recorded one. Left,
        // the replays' attempts went stale, counted as failures and locked the bench's admin (kept databases).
        for (const id of attempts) await database.query('delete from login_failures where id = $1', [id]);
      }
    };
    bare.post(`/same-sql/${i}`, async () => {
      await verifyPassword(user.password_hash, credentials.password);
      // Replayed one by one, the statements lose the app's transaction and its advisory locks: 32 replays of
      // one account's deletes at once deadlock on PostgreSQL (×1000), where the app lets 5 check at a time.
      // A replay the database chose as the deadlock's victim runs again: the baseline pays for it.
      for (let attempt = 1; ; attempt++) {
        try {
          await replayLogin();
          return { ok: true };
        } catch (error) {
          if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
        }
      }
    });
    baselines.push({ label: 'same SQL', url: `/same-sql/${i}` });
  } else if (list) {
    // The session lookup every signed-in request makes, then the bare page (with or without its exact count).
    const session = statements[0];
    bare.route({ method: endpoint.method, url: `/page-count/${i}`, handler: async () => {
      await replay([session]);
      return Promise.all([database.query(list.page, list.params), database.query(list.count, list.params)]);
    } });
    bare.route({
      method: endpoint.method,
      url: `/page/${i}`,
      handler: async () => {
        await replay([session]);
        return database.query(list.page, list.params);
      },
    });
    baselines.push({ label: '(a)', url: `/page-count/${i}` }, { label: '(b)', url: `/page/${i}` });
  } else {
    bare.route({ method: endpoint.method, url: `/same-sql/${i}`, handler: () => replay(statements) });
    baselines.push({ label: 'same SQL', url: `/same-sql/${i}` });
  }
  cases.push({ ...rest, url: `${appUrl}${endpoint.url}`, statements: statements.length, baselines });
}
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
for (const c of cases) for (const b of c.baselines) b.url = `${bareUrl}${b.url}`;

/**
 * The price table one request at a time, as a user waits for it: the server's own time (its
 * Server-Timing header: handler and serialisation) and the round trip over HTTP.
 */
async function priceTableTime() {
  const RUNS = Number(process.env.BENCH_PRICE_TABLE_RUNS ?? 300);
  const server: number[] = [];
  const roundTrip: number[] = [];
  let options = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const response = await fetch(`${appUrl}/api/budgetCalculus/generateBudgetPrices/${calculusId}`, { headers: { 'x-token': token } });
    const body = await response.text();
    roundTrip.push(performance.now() - t0);
    server.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]));
    if (i === RUNS - 1) ({ options, bytes } = { options: JSON.parse(body).data.options.length, bytes: body.length });
  }
  const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { options, bytes, p50: median(server), p99: server[Math.floor(RUNS * 0.99)], roundTrip: median(roundTrip) };
}

/** The staff dashboard one request at a time, as the page loads it: server time and round trip. */
async function dashboardTime() {
  const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 60);
  const server: number[] = [];
  const roundTrip: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const response = await fetch(`${appUrl}/api/dashboard/staff`, { headers: { 'x-token': token } });
    bytes = (await response.text()).length;
    if (!response.ok) throw new Error(`dashboard: ${response.status}`);
    roundTrip.push(performance.now() - t0);
    server.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]));
  }
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { bytes, p50: median(server), p99: [...server].sort((a, b) => a - b)[Math.floor(RUNS * 0.99)], roundTrip: median(roundTrip) };
}

/** A worker's monthly time-record PDF one request at a time (issue 30: ≤ 500 ms at ×1000). */
async function timeRecordPdfTime() {
  const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const response = await fetch(`${appUrl}/api/timeRecords/worker/${worker}/${MONTH}/pdf`, { headers: { 'x-token': token } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`time-record PDF: ${response.status}`);
    times.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]));
  }
  times.sort((a, b) => a - b);
  return { bytes, p50: times[Math.floor(RUNS / 2)], p99: times[Math.floor(RUNS * 0.99)] };
}

/**
 * A CSV export, once: the first byte's wait, the whole download (or its first `cap` bytes) and this
 * process's memory while it streams, from a collected heap (sampled every 20 ms; issue 30: first byte
 * ≤ 300 ms, flat memory — a month's export and years' should raise it alike).
 */
async function csvExportTime(label: string, path: string, cap = Infinity): Promise<CsvExport> {
  // The bench runs this process with --expose-gc: what was left before is not counted as the export's.
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${appUrl}${path}`, { headers: { 'x-token': token } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!bytes) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    chunks++;
    if (bytes >= cap) {
      await reader.cancel();
      break;
    }
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const cappedAt = bytes >= cap ? cap : undefined;
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  return { label, cappedAt, firstByteMs, totalMs, bytes, chunks, rssBefore, rssPeak, heapBefore, heapPeak, heapAfter };
}

const timeRecordCsv = (from: string, to: string) =>
  csvExportTime(`time-record CSV of everyone ${from} to ${to}`, `/api/timeRecords/csv?from=${from}&to=${to}`);

const threeYears = {
  from: new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10),
  to: new Date().toISOString().slice(0, 10),
};
const ready: BenchReady = {
  label: prepared.label,
  counts: COUNTS,
  seeded: prepared.seeded,
  readyMs,
  token,
  cases,
  priceTable: await priceTableTime(),
  dashboard: await dashboardTime(),
  databaseUrl: prepared.url,
  timeRecordPdf: await timeRecordPdfTime(),
  csvExports: [
    await timeRecordCsv(`${MONTH}-01`, monthEnd.toISOString().slice(0, 10)),
    await timeRecordCsv(threeYears.from, threeYears.to),
    await csvExportTime(
      `audits list CSV, ${MONTH}`,
      `/api/audit/csv${filterQuery({ created_at_gte: `${MONTH}-01`, created_at_lte: monthEnd.toISOString().slice(0, 10) })}`,
    ),
    await csvExportTime(`audits list CSV, all ${COUNTS.audits.toLocaleString('en')} rows`, '/api/audit/csv', 100 * 1024 * 1024),
  ],
};
process.send!({ ready });
process.on('message', (message: { stop?: boolean; cpu?: boolean }) => {
  // The server's CPU time so far (µs): the parent divides a run's share by its requests.
  if (message.cpu) { const { user, system } = process.cpuUsage(); process.send!({ cpu: user + system }); return; }
  if (!message.stop) return;
  // Its peak memory, reported once everything is closed and a bench database that is not kept dropped; then it ends.
  const rss = process.memoryUsage().rss;
  void closeOpened().finally(endBench).then(() => {
    if (process.connected) process.send!({ rss }, () => process.exit(0));
    else process.exit(0);
  });
});
