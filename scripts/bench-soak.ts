/**
 * `npm run bench:soak` (issue 45 §7): does one member who reads slowly or hammers the shared resources slow
 * everyone else down, and does memory stay flat over minutes? Not part of `npm test`: figures, not assertions.
 *
 * Two instances of the real server (`src/server/main.ts`, child processes on SOAK_PORT and the next port)
 * over one PostgreSQL database of its own, seeded by bench-seed at BENCH_SCALE, sharing Redis (a prefix of
 * their own) as production's instances do. The lists: two staff lists and two of a member, each on both
 * instances at 4 connections (c = 32 in all), with autocannon.
 *   - Phase 1, SOAK_BASELINE_SECONDS (60): the lists alone → each list's p99.
 *   - Phase 2, SOAK_SECONDS (600): the same load, while 10 % more clients read their answers at
 *     SOAK_SLOW_BYTES_PER_SECOND (300) over raw sockets (lists and CSV exports, staff and member), and
 *     another member, whose client has more budgets than a whole list may hold, hammers
 *     `GET /api/budget/all` and `GET /api/budget/csv` in tight loops on both instances.
 * Prints each list's phase-2 p99 against 2 × its phase-1 p99, the 5xx answers (the goal is none; the
 * limits' 400, 429 and 503 to the hammering member are counted apart), what the slow readers got, and
 * each instance's RSS every 10 s (first, highest, last).
 *
 *   npm run bench:soak                                          # ×1, 60 s + 600 s; PostgreSQL at DATABASE_URL, Redis at REDIS_URL
 *   SOAK_BASELINE_SECONDS=20 SOAK_SECONDS=60 npm run bench:soak  # a quick check that it runs
 *   BENCH_SCALE=100 BENCH_KEEP=1 npm run bench:soak             # ×100 (200,000 orders), seeded once into cob_soak_x100 and kept
 * DATABASE_URL is the administrator's URL (default postgres://postgres@127.0.0.1:5432/postgres): the bench
 * creates its database there and drops it at the end unless BENCH_KEEP (BENCH_DB names a kept one).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { databaseUrlFor, openDatabase } from '../src/server/db';
import { seedDemo } from '../src/server/demo/seed';
import { MAX_WHOLE_LIST_ROWS } from '../src/shared/lists';
import { BENCH_MEMBER, COUNTS, SCALE, seedScale } from './bench-seed';
import { atBenchEnd, runBench, startBenchServer } from './benchProcesses';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `cob-soak-${Date.now()}:`;
const PORT = Number(process.env.SOAK_PORT ?? 3927);
const PORTS = [PORT, PORT + 1];
const BASELINE_SECONDS = Number(process.env.SOAK_BASELINE_SECONDS ?? 60);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
/** Untimed load before phase 1: compiled code and pooled connections, as in a long run. */
const WARM_SECONDS = 5;
const CONNECTIONS = 32;
/** 10 % of the clients read slowly: added to the 32, so that phase 2's lists carry phase 1's load. */
const SLOW_READERS = Math.ceil(CONNECTIONS / 10);
/** Well under the server's floor (2 KB/s over 30 s, docs/security.md): such readers are what it must cut off. */
const SLOW_BYTES_PER_SECOND = Number(process.env.SOAK_SLOW_BYTES_PER_SECOND ?? 300);
/** The hammering member's loops: more exports at once than a user's share on each instance (2), so its limits answer. */
const HAMMER = { wholeList: 2, exports: 6 };
/** At least this many audits, so that their CSV outgrows the sockets' buffers (below). */
const SLOW_EXPORT_AUDITS = 300_000;
const RSS_EVERY_MS = 10_000;
const TARGET = { p99Ratio: 2 };
const STAFF = { identity: 'admin', password: 'admin1234' };
/** Another member than the lists' (bench-seed's socio1): its client gets more budgets than a whole list may hold. */
const HAMMERING_MEMBER = { identity: 'socio2', password: BENCH_MEMBER.password };

type Who = 'staff' | 'member' | 'hammering';

interface Call {
  name: string;
  as: Who;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** The lists whose p99 is watched: what the office and a member open all day. */
const LISTS: Call[] = [
  {
    name: 'staff: orders p1, review state', as: 'staff', method: 'POST', path: '/api/order/getFilteredOrders',
    body: JSON.stringify({ page: 1, filters: { order_review_status_id: 2 } }),
  },
  {
    name: 'staff: budgets p1, all', as: 'staff', method: 'POST', path: '/api/budget/getBudgetList',
    body: JSON.stringify({ page: 1, filters: { budget_status_id: 0 } }),
  },
  {
    name: 'member: orders p1', as: 'member', method: 'POST', path: '/api/order/getClientFilteredOrders',
    body: JSON.stringify({ page: 1, filters: {} }),
  },
  {
    name: 'member: budgets p1', as: 'member', method: 'POST', path: '/api/budget/getBudgetList',
    body: JSON.stringify({ page: 1, filters: { budget_status_id: 0 } }),
  },
];
/** Connections of each autocannon run, one per list and instance: CONNECTIONS in all. */
const PER_RUN = Math.max(1, Math.round(CONNECTIONS / (LISTS.length * PORTS.length)));
/** What the slow readers ask for, in turn: lists, and the exports that hold a slot and a transaction while read. */
const SLOW_CALLS: Call[] = [
  LISTS[0],
  { name: 'staff: audits CSV', as: 'staff', method: 'GET', path: '/api/audit/csv' },
  LISTS[3],
  { name: 'member: budgets CSV', as: 'member', method: 'GET', path: '/api/budget/csv' },
];

// ------------------------------------------------------------------ processes, database, Redis

/** Counts of outcomes (statuses, reasons) per call. */
class Tally {
  readonly byCall = new Map<string, Map<string, number>>();

  add(call: string, outcome: string) {
    const counts = this.byCall.get(call) ?? new Map<string, number>();
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    this.byCall.set(call, counts);
  }

  count(test: (outcome: string) => boolean) {
    let total = 0;
    for (const counts of this.byCall.values()) for (const [outcome, n] of counts) if (test(outcome)) total += n;
    return total;
  }

  lines() {
    return [...this.byCall].map(([call, counts]) =>
      `  ${call}: ${[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${outcome} ×${n}`).join(', ')}`);
  }
}
/** A server that stops during the run makes the run's figures meaningless: said at the end of the phase. */
const stoppedServers: string[] = [];
/** The answers the servers ended (answerDeadlines.ts logs each with its reason), counted from their log; the rest is passed on. */
const endedAnswers = new Tally();

function watchLog(port: number, stream: NodeJS.ReadableStream) {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('answer ended')) process.stderr.write(`:${port} ${line}\n`);
      else endedAnswers.add(/"url":"([^"?]*)/.exec(line)?.[1] ?? '?', /"why":"([^"]*)"/.exec(line)?.[1] ?? '?');
    }
  });
}

/** The product's server on `port`, as production runs it; resolves once it listens. */
function startServer(port: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  return startBenchServer({
    port,
    databaseUrl,
    dataDir,
    // No client: the soak reads the API only.
    env: { CLIENT_DIST: path.join(dataDir, 'no-client'), REDIS_URL, REDIS_PREFIX, SEED_DEMO: 'false' },
    log: (stream) => watchLog(port, stream),
    onStopped: (why) => stoppedServers.push(`the server on :${port} stopped (${why})`),
  });
}

/** The bench's database at BENCH_SCALE: created and seeded, or a kept one reused (topped up with what it lacks). */
async function prepareDatabase(): Promise<{ url: string; seeded: string }> {
  const keep = Boolean(process.env.BENCH_KEEP);
  const name = keep ? (process.env.BENCH_DB ?? `cob_soak_x${SCALE}`) : `cob_soak_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  atBenchEnd(async () => {
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = databaseUrlFor(ADMIN_URL, name);
  const started = Date.now();
  const exists = keep && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  // Kept databases are seeded under another name and renamed once whole, as `npm run bench` does.
  const seeding = keep && !exists ? `${name}_seeding` : name;
  if (!exists) {
    await admin.query(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${seeding}`);
    if (keep) atBenchEnd(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`)));
  }
  const database = await openDatabase({ databaseUrl: databaseUrlFor(ADMIN_URL, seeding), dataDir: '' });
  try {
    if (!exists) await seedDemo(database.db);
    const ran = await seedScale(database, (line) => console.error(line));
    // The hammering member's client: more budgets than a whole list may hold, so `/all` meets the bound.
    const [{ budgets }] = (await database.query(
      'select count(*)::int as budgets from budgets b join users u on u.client_id = b.client_id where u.username = $1',
      [HAMMERING_MEMBER.identity],
    )) as Array<{ budgets: number }>;
    const wanted = MAX_WHOLE_LIST_ROWS + 200;
    if (budgets < wanted) {
      await database.query(
        `insert into budgets (client_id, budget_status_id, pool_subcategory_id, pool_cover_type_id, a, b, extra_distance, buyer_name,
          "remark_OB1PCL", created_date, expires_at)
        select u.client_id, 1 + g % 3, 1, 3, 6 + g % 6, 3 + g % 3, 0.15, 'Comprador ' || g, 'Soak ' || g,
          now() - (g % 400) * interval '1 day', now() + interval '30 days'
        from users u cross join generate_series(1, $2::int) g where u.username = $1`,
        [HAMMERING_MEMBER.identity, wanted - budgets],
      );
      await database.query(
        `insert into budget_calculus (budget_id, extra_distance)
        select id, 0.15 from budgets b
        where "remark_OB1PCL" like 'Soak %' and not exists (select 1 from budget_calculus c where c.budget_id = b.id)`,
        [],
      );
      await database.query('analyze budgets, budget_calculus', []);
      ran.push(`${wanted - budgets} budgets of ${HAMMERING_MEMBER.identity}`);
    }
    // The staff's export the slow readers ask for must outgrow the sockets' buffers (a few MB on the loopback), or
    // the server hands it all to the kernel at once and a slow reader holds nothing: 300,000 audits are about 20 MB.
    const [{ audits }] = (await database.query('select count(*)::int as audits from audits', [])) as Array<{ audits: number }>;
    if (audits < SLOW_EXPORT_AUDITS) {
      await database.query(
        `insert into audits (user_id, resource, record_id, action, before, after, created_at)
        select (select id from users where username = 'admin'), 'order', (1 + g % 2000)::text, 'update',
          jsonb_build_object('buyer_name', 'Comprador ' || g), jsonb_build_object('buyer_name', 'Comprador ' || g || ' bis'),
          now() - g * interval '1 minute'
        from generate_series(1, $1::int) g`,
        [SLOW_EXPORT_AUDITS - audits],
      );
      await database.query('analyze audits', []);
      ran.push(`${SLOW_EXPORT_AUDITS - audits} audits`);
    }
    await database.close();
    // Whole now: a kept database takes its name (a seeding cut short is dropped by the cleanup, under its other name).
    if (seeding !== name) await admin.query(`ALTER DATABASE ${seeding} RENAME TO ${name}`);
    const seeded = exists ? `reused ${name}${ran.length ? `, ${ran.join(', ')} added` : ''}` : `seeded ${name}`;
    return { url, seeded: `${seeded} in ${((Date.now() - started) / 1000).toFixed(1)} s` };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

async function withRedis<T>(use: (redis: Redis) => Promise<T>) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  await redis.connect();
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** Removes this run's Redis keys (the rate limits' counters): the prefix is the run's own. */
const forgetRedisKeys = () => withRedis(async (redis) => {
  for await (const keys of redis.scanStream({ match: `${REDIS_PREFIX}*`, count: 1000 }) as AsyncIterable<string[]>) {
    if (keys.length) await redis.del(...keys);
  }
});

async function serverVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ version: string }>("select current_setting('server_version') as version")).rows[0].version;
  } finally {
    await client.end();
  }
}

async function tokenOf(port: number, credentials: { identity: string; password: string }) {
  const login = await fetch(`http://127.0.0.1:${port}/api/external/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const answer = (await login.json()) as { code: number; message?: string; data?: { token: string } };
  if (!answer.data?.token) throw new Error(`${credentials.identity} could not sign in: ${JSON.stringify(answer)}`);
  return answer.data.token;
}

// ------------------------------------------------------------------ the lists under load

interface ListFigures { requests: number; rps: number; p50: number; p99: number; non2xx: number; fivexx: number; errors: number }

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : NaN);

/** Every list on both instances for `seconds`, CONNECTIONS in all; each list's latencies over both instances. */
async function loadLists(seconds: number, tokens: Record<Who, string>): Promise<ListFigures[]> {
  return Promise.all(LISTS.map(async (list) => {
    const latencies: number[] = [];
    const results = await Promise.all(PORTS.map((port) => new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({
        url: `http://127.0.0.1:${port}${list.path}`,
        connections: PER_RUN,
        duration: seconds,
        method: list.method,
        body: list.body,
        headers: { 'content-type': 'application/json', 'x-token': tokens[list.as] },
      }, (error, result) => (error ? reject(error as Error) : resolve(result)));
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    })));
    const sorted = Float64Array.from(latencies).sort();
    return {
      requests: sorted.length,
      rps: sorted.length / seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      fivexx: results.reduce((sum, r) => sum + r['5xx'], 0),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    };
  }));
}

// ------------------------------------------------------------------ slow readers and the hammering member

const is5xx = (outcome: string) => /^5\d\d\b/.test(outcome);

/** Until `stop()`: what phase 2 adds, and how to end it. */
interface Trouble { stopped: boolean; sockets: Set<net.Socket>; requests: Set<AbortController> }

/**
 * One request over a raw socket, its answer read at SLOW_BYTES_PER_SECOND on average (each chunk read,
 * then the socket paused for as long as that chunk is worth). The outcome: the status and whether the
 * whole answer came, or the server closed the connection first (past its pace or deadline).
 */
function readSlowly(port: number, call: Call, token: string, trouble: Trouble): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    trouble.sockets.add(socket);
    const body = call.body ?? '';
    socket.on('connect', () => socket.write(
      `${call.method} ${call.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Token: ${token}\r\n`
      + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    ));
    let head = '';
    let status = 0;
    let length: number | undefined;
    let chunked = false;
    let received = 0;
    let tail = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      let text = chunk.toString('latin1');
      if (!status) {
        head += text;
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = Number(head.slice(9, 12));
        const declared = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
        length = declared === undefined ? undefined : Number(declared);
        chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
        text = head.slice(end + 4);
      }
      received += text.length;
      tail = (tail + text).slice(-5);
      socket.pause();
      timer = setTimeout(() => socket.resume(), (chunk.length / SLOW_BYTES_PER_SECOND) * 1000);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      trouble.sockets.delete(socket);
      const whole = length !== undefined ? received >= length : chunked ? tail === '0\r\n\r\n' : false;
      if (trouble.stopped && !whole) resolve('unfinished at the end');
      else if (!status) resolve('no answer');
      else resolve(whole ? `${status}` : `${status}, cut off by the server`);
    });
  });
}

async function slowReader(index: number, tokens: Record<Who, string>, trouble: Trouble, tally: Tally) {
  const port = PORTS[index % PORTS.length];
  for (let round = 0; !trouble.stopped; round++) {
    const call = SLOW_CALLS[(index + round) % SLOW_CALLS.length];
    const outcome = await readSlowly(port, call, tokens[call.as], trouble);
    tally.add(call.name, outcome);
    // A refused connection must not spin.
    if (outcome === 'no answer') await new Promise((done) => setTimeout(done, 1000));
  }
}

/** One loop of the hammering member: `call` again and again, on each instance in turn, each answer read whole. */
async function hammerLoop(index: number, call: Call, token: string, trouble: Trouble, tally: Tally) {
  for (let round = index; !trouble.stopped; round++) {
    const port = PORTS[round % PORTS.length];
    // A signal of its own: fetch leaves its listener on the signal it is given, thousands of them on a shared one.
    const request = new AbortController();
    trouble.requests.add(request);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${call.path}`, { headers: { 'x-token': token }, signal: request.signal });
      await response.arrayBuffer();
      tally.add(call.name, `${response.status}`);
    } catch {
      if (!trouble.stopped) tally.add(call.name, 'connection error');
    } finally {
      trouble.requests.delete(request);
    }
  }
}

// ------------------------------------------------------------------ memory and transactions

/** Every 10 s: each instance's RSS, and the longest transaction open on the bench's database (an export a slow reader holds shows here). */
interface Sample { phase: 1 | 2; mb: number[]; oldestTransaction: number }

/** The process's resident memory in MB, as the kernel counts it. */
function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

// ------------------------------------------------------------------ the run

const ms = (value: number) => value.toFixed(0).padStart(6);
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

async function main() {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-soak-'));
  atBenchEnd(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Without Redis the instances would each count on their own: not what production runs.
  await withRedis((redis) => redis.ping());
  atBenchEnd(forgetRedisKeys);
  const database = await prepareDatabase();
  const instances: ChildProcess[] = [];
  for (const port of PORTS) instances.push(await startServer(port, database.url, path.join(dataDir, String(port))));
  const tokens: Record<Who, string> = {
    staff: await tokenOf(PORTS[0], STAFF),
    member: await tokenOf(PORTS[1], BENCH_MEMBER),
    hammering: await tokenOf(PORTS[0], HAMMERING_MEMBER),
  };
  const version = await serverVersion(database.url);
  console.log(
    `PostgreSQL ${version}, ×${SCALE} (${COUNTS.orders} orders, ${COUNTS.budgets} budgets, ${COUNTS.audits} audits; ${database.seeded}), `
    + `instances :${PORTS.join(' and :')}, Redis ${REDIS_URL} (prefix ${REDIS_PREFIX}), ${os.cpus().length} cores, load ${load()}`,
  );

  const watcher = new pg.Client({ connectionString: database.url });
  await watcher.connect();
  atBenchEnd(() => watcher.end());
  const samples: Sample[] = [];
  let phase: 1 | 2 = 1;
  const sample = async () => {
    const mb = instances.map((server) => (server.pid ? rssOf(server.pid) : NaN));
    const { rows: [{ seconds }] } = await watcher.query<{ seconds: number }>(
      `select coalesce(max(extract(epoch from now() - xact_start)), 0)::float8 as seconds from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
    );
    samples.push({ phase, mb, oldestTransaction: seconds });
  };

  await loadLists(WARM_SECONDS, tokens);
  console.log(
    `\nphase 1: ${BASELINE_SECONDS} s, ${LISTS.length} lists × ${PORTS.length} instances × ${PER_RUN} connections (load ${load()})`,
  );
  await sample();
  const sampler = setInterval(() => void sample().catch((error: unknown) => console.error(`sampling: ${String(error)}`)), RSS_EVERY_MS);
  try {
    const quiet = await loadLists(BASELINE_SECONDS, tokens);
    if (stoppedServers.length) throw new Error(stoppedServers.join('; '));

    phase = 2;
    await sample();
    console.log(
      `phase 2: ${SOAK_SECONDS} s, the same + ${SLOW_READERS} slow readers at ${SLOW_BYTES_PER_SECOND} B/s + ${HAMMERING_MEMBER.identity} `
      + `hammering /api/budget/all (${HAMMER.wholeList} loops) and /api/budget/csv (${HAMMER.exports} loops) (load ${load()})`,
    );
    const trouble: Trouble = { stopped: false, sockets: new Set(), requests: new Set() };
    const slow = new Tally();
    const hammered = new Tally();
    const wholeList: Call = { name: 'GET /api/budget/all', as: 'hammering', method: 'GET', path: '/api/budget/all' };
    const exports: Call = { name: 'GET /api/budget/csv', as: 'hammering', method: 'GET', path: '/api/budget/csv' };
    const background = [
      ...Array.from({ length: SLOW_READERS }, (_, i) => slowReader(i, tokens, trouble, slow)),
      ...Array.from({ length: HAMMER.wholeList }, (_, i) => hammerLoop(i, wholeList, tokens.hammering, trouble, hammered)),
      ...Array.from({ length: HAMMER.exports }, (_, i) => hammerLoop(i, exports, tokens.hammering, trouble, hammered)),
    ];
    let soaked: ListFigures[];
    try {
      soaked = await loadLists(SOAK_SECONDS, tokens);
    } finally {
      trouble.stopped = true;
      for (const request of trouble.requests) request.abort();
      for (const socket of trouble.sockets) socket.destroy();
      await Promise.all(background);
    }
    await sample();
    const loadAtEnd = load();
    if (stoppedServers.length) throw new Error(stoppedServers.join('; '));

    console.log(`\n${'list'.padEnd(32)}${'phase 1: req/s'.padStart(15)}${'p50'.padStart(6)}${'p99'.padStart(6)}`
      + `${'phase 2: req/s'.padStart(16)}${'p50'.padStart(6)}${'p99'.padStart(6)}   p99 ≤ ${TARGET.p99Ratio} × phase 1`);
    for (const [i, list] of LISTS.entries()) {
      const [a, b] = [quiet[i], soaked[i]];
      const ratio = b.p99 / a.p99;
      console.log(
        `${list.name.padEnd(32)}${ms(a.rps).padStart(15)}${ms(a.p50)}${ms(a.p99)}${ms(b.rps).padStart(16)}${ms(b.p50)}${ms(b.p99)}`
        + `   ${ratio.toFixed(2)} × ${mark(ratio <= TARGET.p99Ratio)}`,
      );
    }
    const listTrouble = [...quiet, ...soaked].reduce(
      (sum, f) => ({ non2xx: sum.non2xx + f.non2xx, errors: sum.errors + f.errors, fivexx: sum.fivexx + f.fivexx }),
      { non2xx: 0, errors: 0, fivexx: 0 },
    );
    const fivexx = { lists: listTrouble.fivexx, slow: slow.count(is5xx), hammering: hammered.count(is5xx) };
    const all5xx = fivexx.lists + fivexx.slow + fivexx.hammering;
    console.log(
      `\n5xx answers: ${all5xx} ${mark(all5xx === 0)} `
      + `(lists ${fivexx.lists}, slow readers ${fivexx.slow}, hammering member ${fivexx.hammering}); `
      + `the lists' other non-2xx ${listTrouble.non2xx - listTrouble.fivexx}, connection errors and timeouts ${listTrouble.errors}`,
    );
    console.log(
      `the hammering member (${HAMMERING_MEMBER.identity}, ${MAX_WHOLE_LIST_ROWS + 200} budgets; `
      + '400 = over the bound, 429/503 = export slots):',
    );
    for (const line of hammered.lines()) console.log(line);
    console.log(`the slow readers (${SLOW_READERS} at ${SLOW_BYTES_PER_SECOND} B/s, one request a connection):`);
    for (const line of slow.lines()) console.log(line);
    console.log('the answers the servers ended (answerDeadlines.ts, from their log):');
    for (const line of endedAnswers.lines()) console.log(line);

    console.log(`\nRSS, MB, every ${RSS_EVERY_MS / 1000} s: first / highest / last`);
    const ofPhase = (p: 1 | 2) => samples.filter((s) => s.phase === p);
    const range = (mb: number[]) => `${mb[0].toFixed(0)} / ${Math.max(...mb).toFixed(0)} / ${mb.at(-1)!.toFixed(0)}`;
    for (const [i, port] of PORTS.entries()) {
      const mb = (p: 1 | 2) => ofPhase(p).map((s) => s.mb[i]);
      console.log(`  instance :${port}: phase 1 ${range(mb(1))}, phase 2 ${range(mb(2))}`);
      console.log(`    every sample: ${mb(1).map((x) => x.toFixed(0)).join(' ')} | ${mb(2).map((x) => x.toFixed(0)).join(' ')}`);
    }
    const longest = (p: 1 | 2) => Math.max(...ofPhase(p).map((s) => s.oldestTransaction)).toFixed(1);
    console.log(`longest transaction open on the database when sampled, s: phase 1 ${longest(1)}, phase 2 ${longest(2)}`);
    console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all; load average at the end of phase 2: ${loadAtEnd}`);
  } finally {
    clearInterval(sampler);
  }
}

await runBench(main);
