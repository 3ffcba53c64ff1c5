/**
 * The benches stop what they started even when they fail (issue 46): `npm run bench`'s server process (and the
 * bench database it made, on PostgreSQL), and the product servers `npm run bench:soak` and `npm run bench:web`
 * start, go when the bench itself dies — SIGKILL, which no handler of the bench's sees — rather than serve on alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { machinePostgres } from '../support/databases';
import { MACHINE_REDIS_URL } from '../support/redis';
import { adminQuery, adminRows } from '../support/template';

const root = path.resolve(import.meta.dirname, '../..');

/** The process ids `pid` started (Linux). */
const childrenOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** Whether `pid` still runs (a zombie waiting to be reaped has stopped). */
function running(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
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
function startBench(script: string, env: NodeJS.ProcessEnv) {
  const bench = spawn(process.execPath, ['--import', 'tsx', script], {
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
      const [server] = childrenOf(bench.pid!);
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
