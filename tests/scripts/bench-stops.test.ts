/**
 * The benches stop what they started even when they fail (issue 46): `npm run bench`'s server process (and the
 * bench database it made, on PostgreSQL), its backup round trip's processes and database, the product servers
 * `npm run bench:soak` and `npm run bench:web` start and the web bench's Chromium go when the bench fails, is
 * stopped (SIGINT) or dies — SIGKILL, which no handler of the bench's sees — rather than run on alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db';
import { machinePostgres } from '../support/databases';
import { MACHINE_REDIS_URL } from '../support/redis';
import { adminQuery, adminRows, databaseUrlFor, uniqueName } from '../support/template';

const root = path.resolve(import.meta.dirname, '../..');

/** The process ids `pid` started, from any of its threads (Chromium starts its helpers from one of its own), on Linux. */
function childrenOf(pid: number) {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    // It has stopped.
  }
  return tasks.flatMap((task) => read(`/proc/${pid}/task/${task}/children`).trim().split(/\s+/).filter(Boolean).map(Number));
}

/** Whether `pid` still runs (a zombie waiting to be reaped has stopped). */
function running(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Every process `pid` started, and theirs, as they are now (Linux). */
function descendantsOf(pid: number): number[] {
  const children = running(pid) ? childrenOf(pid) : [];
  return [...children, ...children.flatMap(descendantsOf)];
}

/** A process's command line and environment, as the kernel holds them (empty once it has stopped). */
function procText(pid: number, file: 'cmdline' | 'environ') {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
}

const benchDatabases = async (baseUrl: string) => {
  const rows = await adminRows<{ datname: string }>(baseUrl, "select datname from pg_database where datname ~ '^cob_bench_[0-9]+$'");
  return rows.map((row) => row.datname);
};

/** Whether a port on the loopback takes connections. */
const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = net.connect(port, '127.0.0.1');
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

/** A free port whose next one is free too (the benches take SOAK_PORT / BENCH_WEB_PORT and the next one). */
async function freePortPair(): Promise<number> {
  const take = (port: number) => new Promise<net.Server | undefined>((resolve) => {
    const server = net.createServer().once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
  for (;;) {
    const first = (await take(0))!;
    const port = (first.address() as net.AddressInfo).port;
    const second = await take(port + 1);
    await Promise.all([first, second].map((server) => new Promise((done) => (server ? server.close(done) : done(undefined)))));
    if (second) return port;
  }
}

/** Runs `script` with `env` as `npm run` does (minus npm), its output kept for the failure messages. */
function startBench(script: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const bench = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { bench, output: '' };
  bench.stdout.on('data', (part: Buffer) => { run.output += part.toString(); });
  bench.stderr.on('data', (part: Buffer) => { run.output += part.toString(); });
  return run;
}

/** The product servers (src/server/main.ts) `bench` started and still runs. */
const serversOf = (bench: ChildProcess) =>
  childrenOf(bench.pid!).filter((pid) => procText(pid, 'cmdline').includes('src/server/main.ts'));

/** A bench that starts two product servers, on a port and the next one, over a database of its own. */
interface ServerBench {
  script: string;
  /** The variable that gives it its first port. */
  portVariable: string;
  /** Its database is named `<prefix>_<time>`. */
  databasePrefix: string;
  env: NodeJS.ProcessEnv;
  /** Removes what else a run killed since `since` leaves behind. */
  leftovers?: (since: number) => Promise<void>;
}

/**
 * Starts the bench, waits until both its servers answer, kills the bench with SIGKILL and expects both servers
 * gone. Whatever happens, nothing is left running, and what the dead bench could not remove (its database, its
 * folder, `leftovers`) is removed.
 */
async function killMidway({ script, portVariable, databasePrefix, env, leftovers }: ServerBench) {
  const since = Date.now();
  const port = await freePortPair();
  const adminUrl = machinePostgres();
  const run = startBench(script, { DATABASE_URL: adminUrl, [portVariable]: String(port), ...env });
  let servers: number[] = [];
  let dataDir: string | undefined;
  try {
    const bothAnswer = async () => run.bench.exitCode === null && (await listening(port)) && listening(port + 1);
    expect(await until(bothAnswer, 150_000), run.output).toBe(true);
    servers = serversOf(run.bench);
    expect(servers, run.output).toHaveLength(2);
    // Each server's DATA_DIR is a folder below the bench's own, which the bench would have removed.
    const serverDir = procText(servers[0], 'environ').find((entry) => entry.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
    dataDir = serverDir && path.dirname(serverDir);

    run.bench.kill('SIGKILL');
    for (const server of servers) expect(await until(() => !running(server), 30_000), `the server ${server} still runs`).toBe(true);
    expect(await listening(port)).toBe(false);
    expect(await listening(port + 1)).toBe(false);
  } finally {
    run.bench.kill('SIGKILL');
    for (const server of servers) if (running(server)) process.kill(server, 'SIGKILL');
    await dropDatabasesSince(adminUrl, databasePrefix, since);
    await leftovers?.(since);
    if (dataDir?.startsWith(os.tmpdir())) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Removes the soak's Redis keys (the servers' rate-limit counters) of the runs since `since`: their prefix is cob-soak-<time>:. */
async function forgetSoakKeys(since: number) {
  const redis = new Redis(MACHINE_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: 'cob-soak-*', count: 1000 }) as AsyncIterable<string[]>) {
      const ours = keys.filter((key) => Number(/^cob-soak-(\d+):/.exec(key)?.[1]) >= since);
      if (ours.length) await redis.del(...ours);
    }
  } finally {
    redis.disconnect();
  }
}

/** Drops the databases named `<prefix>_<time>` created since `since` (a run of the bench names its own so). */
async function dropDatabasesSince(baseUrl: string, prefix: string, since: number) {
  const rows = await adminRows<{ datname: string }>(baseUrl, `select datname from pg_database where datname ~ '^${prefix}_[0-9]+$'`);
  for (const { datname } of rows) {
    if (Number(datname.slice(prefix.length + 1)) >= since) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

describe('the bench killed midway', () => {
  it('takes its server process (and its database) with it', async () => {
    const baseUrl = process.env.DATABASE_URL;
    const before = baseUrl ? await benchDatabases(baseUrl) : [];
    const run = startBench('scripts/bench.ts', { BENCH_SECONDS: '1', BENCH_ROUNDS: '1' });
    const { bench } = run;
    try {
      expect(await until(() => run.output.includes('server ready'), 120_000), run.output).toBe(true);
      const [server] = childrenOf(bench.pid!).filter((pid) => procText(pid, 'cmdline').some((arg) => arg.endsWith('bench-server.ts')));
      expect(running(server)).toBe(true);
      if (baseUrl) expect((await benchDatabases(baseUrl)).length).toBe(before.length + 1);

      bench.kill('SIGKILL');
      expect(await until(() => !running(server), 30_000), `the bench server ${server} still runs`).toBe(true);
      if (baseUrl) expect(await benchDatabases(baseUrl)).toEqual(before);
    } finally {
      bench.kill('SIGKILL');
    }
  }, 180_000);

  const serverBenches: Array<ServerBench & { name: string }> = [
    {
      name: 'bench:soak',
      script: 'scripts/bench-soak.ts',
      portVariable: 'SOAK_PORT',
      databasePrefix: 'cob_soak',
      env: { REDIS_URL: MACHINE_REDIS_URL, SOAK_BASELINE_SECONDS: '1', SOAK_SECONDS: '1' },
      leftovers: forgetSoakKeys,
    },
    {
      name: 'bench:web',
      script: 'scripts/bench-web.ts',
      portVariable: 'BENCH_WEB_PORT',
      databasePrefix: 'cob_bench_web',
      // No product client is needed to start the servers: a folder with none.
      env: { BENCH_WEB_CLIENT_DIST: path.join(os.tmpdir(), 'cob-bench-stops-no-client'), BENCH_WEB_ONLY: 'timings', BENCH_WEB_RUNS: '1' },
    },
  ];
  it.each(serverBenches)('$name takes its two servers with it', (bench) => killMidway(bench), 240_000);
});

/** A process as the kernel knows it: its id and when it started (an id is given again once its process is gone). */
interface Proc { pid: number; startedAt: string }

/** `pid`'s process, unless it has stopped (a zombie waiting to be reaped has). */
function procOf(pid: number): Proc | undefined {
  try {
    // After the command's closing parenthesis: the state, then from the 20th field on, the start time.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return fields[0] === 'Z' ? undefined : { pid, startedAt: fields[19] };
  } catch {
    return undefined;
  }
}

/** Whether `proc` still runs: its id answers signal 0, and is still its own. */
function stillRuns(proc: Proc) {
  try {
    process.kill(proc.pid, 0);
  } catch {
    return false;
  }
  return procOf(proc.pid)?.startedAt === proc.startedAt;
}

/** The databases whose name `pattern` matches with, as its first group, a time (ms) since `since`: those a run made since. */
async function databasesSince(baseUrl: string, pattern: RegExp, since: number) {
  const rows = await adminRows<{ datname: string }>(baseUrl, 'select datname from pg_database');
  return rows.map((row) => row.datname).filter((name) => Number(pattern.exec(name)?.[1]) >= since);
}

interface Ending {
  script: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
  /** The point the bench is stopped at: true once reached. Unset: it fails on its own. */
  at?: (run: ReturnType<typeof startBench>, since: number) => Promise<boolean>;
  signal?: 'SIGINT' | 'SIGHUP' | 'SIGKILL';
  /** Its databases: the pattern's first group is the time the run made each. */
  databases: RegExp;
}

/**
 * Runs the bench until `at`, sends it `signal` (or lets it fail) and expects it to end, and every process it
 * started (seen every 100 ms while it ran) to be gone. Whatever happens, nothing it started is left running nor
 * any database of its left behind. Resolves to the databases of its that were there once it had ended, and its output.
 */
async function endBenchAt({ script, args = [], env, at, signal, databases }: Ending) {
  const since = Date.now();
  const adminUrl = machinePostgres();
  const run = startBench(script, { DATABASE_URL: adminUrl, ...env }, args);
  const started = new Map<string, Proc>();
  const look = () => {
    for (const proc of descendantsOf(run.bench.pid!).map(procOf)) if (proc) started.set(`${proc.pid} ${proc.startedAt}`, proc);
  };
  const watch = setInterval(look, 100);
  const ended = () => run.bench.exitCode !== null || run.bench.signalCode !== null;
  try {
    if (at) {
      expect(await until(async () => !ended() && (await at(run, since)), 240_000), run.output).toBe(true);
      look();
      if (signal) run.bench.kill(signal);
    }
    expect(await until(ended, 240_000), `the bench still runs\n${run.output}`).toBe(true);
    clearInterval(watch);
    expect(started.size, run.output).toBeGreaterThan(0);
    if (!signal) expect(run.bench.exitCode, run.output).not.toBe(0);
    const survivors = () => [...started.values()].filter(stillRuns);
    expect(await until(() => survivors().length === 0, 60_000), `still running: ${survivors().map((proc) => proc.pid)}\n${run.output}`)
      .toBe(true);
    return { left: await databasesSince(adminUrl, databases, since), output: run.output };
  } finally {
    clearInterval(watch);
    run.bench.kill('SIGKILL');
    for (const proc of started.values()) if (stillRuns(proc)) process.kill(proc.pid, 'SIGKILL');
    for (const name of await databasesSince(adminUrl, databases, since)) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
}

/** A descendant of `run`'s bench whose command line has an argument ending so. */
const descendantRunning = (run: ReturnType<typeof startBench>, ending: string) =>
  descendantsOf(run.bench.pid!).find((pid) => procText(pid, 'cmdline').some((arg) => arg.endsWith(ending)));

describe('npm run bench on PostgreSQL', () => {
  // ×1, one short round, each one-at-a-time figure once.
  const env = {
    BENCH_SCALE: '1', BENCH_SECONDS: '1', BENCH_ROUNDS: '1', BENCH_PRICE_TABLE_RUNS: '1', BENCH_DASHBOARD_RUNS: '1', BENCH_PDF_RUNS: '1',
  };
  /** Its database (not kept), and the name it is seeded under. */
  const databases = /^cob_bench_(\d+)(?:_seeding)?$/;
  /**
   * Its server is seeding: the database it seeds is there under its seeding name, which it keeps until seeded.
   * (Not "a statement runs on it": a fast machine runs the statements of a ×1 seed between two looks.)
   */
  const seeding = async (_run: unknown, since: number) =>
    (await databasesSince(machinePostgres(), /^cob_bench_(\d+)_seeding$/, since)).length > 0;

  it.each(['SIGINT', 'SIGHUP', 'SIGKILL'] as const)('stopped with %s while its server seeds, its server stops and drops the database',
    async (signal) => {
      // ×10 seeds for long enough, even on a fast machine, to be stopped midway.
      const seedingEnv = { ...env, BENCH_SCALE: '10' };
      const { left, output } = await endBenchAt({ script: 'scripts/bench.ts', env: seedingEnv, at: seeding, signal, databases });
      expect(left).toEqual([]);
      // Ended by its own handler, not by the signal's default (which ends it as SIGKILL does).
      if (signal !== 'SIGKILL') expect(output).toContain(`${signal}: stopping what the bench started`);
    }, 300_000);

  it('failing at its first load, its server stops and drops the database', async () => {
    // No connections: autocannon refuses the first load, once the server is ready.
    const { left, output } = await endBenchAt({ script: 'scripts/bench.ts', env: { ...env, BENCH_CONNECTIONS: '0' }, databases });
    expect(output).toContain('server ready');
    expect(output).toMatch(/connections/);
    expect(left).toEqual([]);
  }, 300_000);

  it('failing with a kept database (BENCH_KEEP, BENCH_DB), leaves that database', async () => {
    const kept = `cob_bench_kept_${Date.now()}`;
    try {
      const { output } = await endBenchAt({
        script: 'scripts/bench.ts', env: { ...env, BENCH_CONNECTIONS: '0', BENCH_KEEP: '1', BENCH_DB: kept }, databases,
      });
      expect(output).toContain('seeded in');
      const names = (await adminRows<{ datname: string }>(machinePostgres(), 'select datname from pg_database')).map((row) => row.datname);
      expect(names).toContain(kept);
      expect(names).not.toContain(`${kept}_seeding`);
    } finally {
      await adminQuery(machinePostgres(), `DROP DATABASE IF EXISTS ${kept} WITH (FORCE)`);
      await adminQuery(machinePostgres(), `DROP DATABASE IF EXISTS ${kept}_seeding WITH (FORCE)`);
    }
  }, 300_000);
});

describe('the backup round trip (scripts/bench-backup.ts)', () => {
  it.each(['SIGINT', 'SIGKILL'] as const)('stopped with %s while restore.ts runs, restore.ts stops', async (signal) => {
    // The source: a migrated database of the test's own, small enough for the round trip to take seconds.
    const source = uniqueName('cob_bench_stops_source');
    await adminQuery(machinePostgres(), `CREATE DATABASE ${source}`);
    let holder: pg.Client | undefined;
    let work: string | undefined;
    try {
      await (await openPostgres(databaseUrlFor(machinePostgres(), source))).close();
      /** restore.ts is running, held by the test at its first table: the lock this test takes on them all. */
      const restoreHeld = async (run: ReturnType<typeof startBench>) => {
        const restore = descendantRunning(run, 'scripts/restore.ts');
        if (!restore) return false;
        const url = procText(restore, 'environ').find((entry) => entry.startsWith('DATABASE_URL='))!.slice('DATABASE_URL='.length);
        work = path.dirname(procText(restore, 'cmdline').filter(Boolean).at(-1)!);
        if (!holder) {
          holder = new pg.Client({ connectionString: url });
          // Its database is dropped under it, WITH (FORCE).
          holder.on('error', () => undefined);
          await holder.connect();
          const [{ tables }] = (await holder.query<{ tables: string }>(
            "select string_agg(format('%I', tablename), ', ') as tables from pg_tables where schemaname = 'public'",
          )).rows;
          await holder.query(`begin; lock table ${tables} in access exclusive mode`);
        }
        // Asked on another connection: within the holder's transaction the view would stay as it first read it.
        const waiting = await adminRows(
          machinePostgres(),
          `select 1 from pg_stat_activity where datname = '${new URL(url).pathname.slice(1)}' and wait_event_type = 'Lock'`,
        );
        return waiting.length > 0;
      };
      const { left } = await endBenchAt({
        script: 'scripts/bench-backup.ts', args: [databaseUrlFor(machinePostgres(), source)], env: {}, at: restoreHeld, signal,
        databases: /^cob_bench_restore_(\d+)$/,
      });
      // Killed, the bench cannot drop it: its children, though, stopped on their own.
      if (signal === 'SIGINT') {
        expect(left).toEqual([]);
        expect(work && fs.existsSync(work), work).toBe(false);
      }
    } finally {
      await holder?.end().catch(() => undefined);
      await adminQuery(machinePostgres(), `DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      if (work?.startsWith(os.tmpdir())) fs.rmSync(work, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('npm run bench:web during Lighthouse', () => {
  it.each(['SIGINT', 'SIGKILL'] as const)('stopped with %s, its Chromium and servers stop', async (signal) => {
    const port = await freePortPair();
    const lighthouseChromium = async (run: ReturnType<typeof startBench>) =>
      descendantsOf(run.bench.pid!).some((pid) => procText(pid, 'cmdline').some((arg) => arg.startsWith('--remote-debugging-port=')));
    const { left } = await endBenchAt({
      script: 'scripts/bench-web.ts',
      env: {
        BENCH_WEB_PORT: String(port), BENCH_WEB_ONLY: 'lighthouse', BENCH_WEB_PAGES: 'login', BENCH_WEB_LIGHTHOUSE_RUNS: '1',
        // No product client is needed: a folder with none.
        BENCH_WEB_CLIENT_DIST: path.join(os.tmpdir(), 'cob-bench-stops-no-client'),
      },
      at: lighthouseChromium,
      signal,
      databases: /^cob_bench_web_(\d+)$/,
    });
    if (signal === 'SIGINT') expect(left).toEqual([]);
  }, 300_000);
});
