/**
 * `npm run bench`: throughput of the main endpoints at business scale, each beside baselines measured in
 * the same run (scripts/bench-server.ts serves both, in a process of its own):
 *   - "same SQL": a bare Fastify route replaying the statements the endpoint was recorded sending,
 *     straight through the same driver — no ORM, envelope, plugins, validation or business code;
 *   - for lists, (a) the bare page query plus an exact count(*) and (b) the bare page query alone.
 * Prints requests/s, p50, p99 and the server's CPU time per request, the ratios and the targets.
 * Every run lasts BENCH_SECONDS; endpoint and baselines take turns BENCH_ROUNDS times.
 *
 *   npm run bench                                                 # PGlite, BENCH_SCALE=1
 *   BENCH_SCALE=100 DATABASE_URL=postgres://… npm run bench        # 5,000 clients, 200,000 orders, 1,000,000 items
 *   BENCH_SCALE=100 BENCH_DATA_DIR=/tmp/bench100 npm run bench     # PGlite, seeded once and reused
 *   BENCH_SCALE=100 BENCH_KEEP=1 DATABASE_URL=postgres://… npm run bench  # PostgreSQL, seeded once and reused
 *   BENCH_SCALE=100 BENCH_KEEP=1 BENCH_ONLY=backup DATABASE_URL=postgres://… npm run bench  # the backup/restore round trip alone
 * On PostgreSQL it ends with the backup and restore round trip (scripts/bench-backup.ts).
 */
import type { ChildProcess } from 'node:child_process';

import autocannon from 'autocannon';
import type { BenchCase, BenchReady } from './bench-server';
import { benchBackup } from './bench-backup';
import { runBench, startBenchChild } from './benchProcesses';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
/**
 * A shared 2-core VM drifts by ±20 % from one second to the next: each endpoint and its baselines take
 * turns BENCH_ROUNDS times, and each ratio is the median of the rounds' ratios (paired, so drift cancels).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Issue targets: other endpoints within 1.3 × their bare baseline; lists ≥ 0.8 × (b) and ≥ 5 × (a). */
const TARGET = {
  overhead: 1 / 1.3,
  listB: 0.8,
  listA: 5,
  priceTableMs: 5,
  readyMs: 3000,
  dashboardMs: 150,
  pdfMs: 500,
  firstByteMs: 300,
};

/** Requests/s and latency seen by the client; `cpuUs`: the server process's CPU time per request (µs). */
interface Run { rps: number; p50: number; p99: number; cpuUs: number }

// BENCH_CPU_PROF=dir writes the server's CPU profile there (where the time goes, for the next engineer).
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** The server's next answer carrying `key`; a server that stops first fails the bench. */
const fromServer = <T>(server: ChildProcess, key: string) => new Promise<T>((resolve, reject) => {
  const listener = (message: Record<string, unknown>) => {
    if (!(key in message)) return;
    forget();
    resolve(message[key] as T);
  };
  // Its channel closes after its last message: whatever it said before is read first.
  const gone = () => {
    forget();
    reject(new Error(`the bench server stopped before its ${key}`));
  };
  const forget = () => {
    server.off('message', listener);
    server.off('disconnect', gone);
  };
  server.on('message', listener);
  server.once('disconnect', gone);
});
const serverCpu = (server: ChildProcess) => {
  const answer = fromServer<number>(server, 'cpu');
  server.send({ cpu: true });
  return answer;
};

/** Loads `url` for BENCH_SECONDS, after a warm-up second the first time (compiled code and pooled connections, as in a long run). */
const warm = new Set<string>();
async function load(server: ChildProcess, url: string, c: Pick<BenchCase, 'method' | 'body' | 'anonymous'>, token: string): Promise<Run> {
  if (!warm.has(url)) { await hammer(url, c, token, 1); warm.add(url); }
  const cpuBefore = await serverCpu(server);
  const result = await hammer(url, c, token, SECONDS);
  const cpuUs = (await serverCpu(server) - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs };
}

/** One request alone, as a run: its time is its latency and 1000 / time its rate. */
async function once(url: string, method: string, body?: string): Promise<Run> {
  const started = performance.now();
  const response = await fetch(url, { method, body, headers: { 'content-type': 'application/json' } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  return { rps: 1000 / ms, p50: Math.round(ms), p99: Math.round(ms), cpuUs: NaN };
}

/** The middle one of several, by `value`. */
const median = <T>(items: T[], value: (item: T) => number) => [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)];
const medianRun = (runs: Run[]) => median(runs, (run) => run.rps);

/** The next client address of `anonymous` requests: never the same twice in a run. */
let n = 0;
async function hammer(url: string, c: Pick<BenchCase, 'method' | 'body' | 'anonymous'>, token: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: c.method,
    body: c.body,
    headers: { 'content-type': 'application/json', ...(c.anonymous ? {} : { 'x-token': token }), 'x-forwarded-for': '10.0.0.1' },
    requests: c.anonymous
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}` },
            }),
          },
        ]
      : undefined,
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return result;
}

async function main() {
  // The server side in a process of its own, so that the load generator does not share its event loop.
  const server = startBenchChild('scripts/bench-server.ts', { execArgv: ['--expose-gc', ...profile] });
  const ready = await fromServer<BenchReady>(server, 'ready');
  const { counts } = ready;
  console.log(
    `${ready.label}, scale: ${counts.clients} clients, ${counts.orders} orders, ${counts.orders * counts.itemsPerOrder} items, `
    + `${counts.budgets} budgets (${ready.seeded})`,
  );
  console.log(
    `server ready on the existing database: ${ready.readyMs} ms (target ≤ ${TARGET.readyMs} ms) ${mark(ready.readyMs <= TARGET.readyMs)}`,
  );
  console.log(
    `price table, ${ready.priceTable.options} options (${(ready.priceTable.bytes / 1024).toFixed(0)} KB), one request at a time, `
    + `server time p50 ${ready.priceTable.p50.toFixed(2)} ms, p99 ${ready.priceTable.p99.toFixed(2)} ms, `
    + `round trip p50 ${ready.priceTable.roundTrip.toFixed(2)} ms (target < ${TARGET.priceTableMs} ms) `
    + mark(ready.priceTable.p50 < TARGET.priceTableMs),
  );
  console.log(
    `staff dashboard (${(ready.dashboard.bytes / 1024).toFixed(1)} KB), one request at a time, `
    + `server time p50 ${ready.dashboard.p50.toFixed(2)} ms, p99 ${ready.dashboard.p99.toFixed(2)} ms, `
    + `round trip p50 ${ready.dashboard.roundTrip.toFixed(2)} ms (target ≤ ${TARGET.dashboardMs} ms) `
    + mark(ready.dashboard.p50 <= TARGET.dashboardMs),
  );
  const { timeRecordPdf: pdf, csvExports: exports } = ready;
  console.log(
    `a worker's monthly time-record PDF (${(pdf.bytes / 1024).toFixed(1)} KB), one request at a time, `
    + `server time p50 ${pdf.p50.toFixed(2)} ms, p99 ${pdf.p99.toFixed(2)} ms `
    + `(target ≤ ${TARGET.pdfMs} ms) ${mark(pdf.p50 <= TARGET.pdfMs)}`,
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(Math.abs(bytes) < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  for (const csv of exports) {
    console.log(
      `${csv.label} (${mb(csv.bytes)}${csv.cappedAt ? ', stopped there' : ''} in ${csv.chunks} reads), `
      + `first byte ${csv.firstByteMs.toFixed(0)} ms (target ≤ ${TARGET.firstByteMs} ms) ${mark(csv.firstByteMs <= TARGET.firstByteMs)}, `
      + `${csv.cappedAt ? 'read' : 'whole'} ${(csv.totalMs / 1000).toFixed(1)} s, server RSS ${mb(csv.rssBefore)} before, `
      + `+${mb(csv.rssPeak - csv.rssBefore)} at most while it streamed (heap ${mb(csv.heapBefore)}, +${mb(csv.heapPeak - csv.heapBefore)} `
      + `at most, ${signedMb(csv.heapAfter - csv.heapBefore)} once collected)`,
    );
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, ${process.env.BENCH_PROFILE_OURS ? 1 : ROUNDS} rounds (medians)\n`);
  const fmt = (r: Run) =>
    `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(4)} ${String(r.p99).padStart(5)} ${r.cpuUs.toFixed(0).padStart(5)}`;
  console.log(
    `${'endpoint'.padEnd(38)} ${'SQL'.padStart(3)}  ${'req/s'.padStart(6)}  p50   p99  µs/r | `
    + 'baseline               req/s  p50   p99  µs/r | ratio  target',
  );
  /** BENCH_ONLY=text runs only the endpoints whose name contains it ("backup": the backup round trip). */
  const only = process.env.BENCH_ONLY;
  for (const c of ready.cases.filter((c) => !only || c.name.includes(only))) {
    // BENCH_PROFILE_OURS=1 loads the endpoint alone (with BENCH_CPU_PROF: a profile of our code only).
    if (process.env.BENCH_PROFILE_OURS) {
      console.log(`${c.name.padEnd(38)} ${String(c.statements).padStart(3)}  ${fmt(await load(server, c.url, c, c.token ?? ready.token))}`);
      continue;
    }
    const ours: Run[] = [];
    const bases: Run[][] = c.baselines.map(() => []);
    const underLoad = c.baselines.filter((b) => !(c.countOnce && b.label === '(a)'));
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await load(server, c.url, c, c.token ?? ready.token));
      for (const [i, baseline] of c.baselines.entries()) {
        bases[i].push(
          underLoad.includes(baseline)
            ? await load(server, baseline.url, { method: c.method, body: c.body }, ready.token)
            : await once(baseline.url, c.method, c.body),
        );
      }
    }
    for (const [i, baseline] of c.baselines.entries()) {
      const ratio = median(ours.map((run, round) => run.rps / bases[i][round].rps), (r) => r);
      const target = baseline.label === '(a)' ? TARGET.listA : baseline.label === '(b)' ? TARGET.listB : TARGET.overhead;
      // A narrow list counts a few rows: (a) costs about what the page does and is shown for reference only.
      const verdict = baseline.label === '(a)' && !c.broad ? '(narrow: count is cheap)' : `≥ ${target.toFixed(2)} ${mark(ratio >= target)}`;
      const head = i === 0 ? `${c.name.padEnd(38)} ${String(c.statements).padStart(3)}  ${fmt(medianRun(ours))}` : ''.padEnd(38 + 5 + 24);
      const answered = medianRun(ours).rps > 0;
      // No answer within the run is a miss, not a p99 of 0.
      const p99
        = c.p99Ms && i === c.baselines.length - 1
          ? `  p99 ≤ ${c.p99Ms} ms ${mark(answered && medianRun(ours).p99 <= c.p99Ms)}${answered ? '' : ' (no answer)'}`
          : '';
      const label
        = baseline.label === '(a)'
          ? c.countOnce
            ? '(a) alone, once'
            : '(a) page + count(*)'
          : baseline.label === '(b)'
            ? '(b) page alone'
            : 'same SQL, bare';
      console.log(`${head} | ${label.padEnd(20)} ${fmt(medianRun(bases[i]))} | ${ratio.toFixed(2).padStart(5)}  ${verdict}${p99}`);
    }
  }

  // The backup and restore round trip (PostgreSQL; BENCH_ONLY=backup runs it alone), before the server
  // stops: a bench database that is not kept goes with it.
  if (ready.databaseUrl && (!only || 'backup'.includes(only))) await benchBackup(ready.databaseUrl);
  else if (!only || 'backup'.includes(only)) console.log('\nbackup and restore round trip: PostgreSQL only (DATABASE_URL)');

  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  const rss = await fromServer<number>(server, 'rss');
  // It ends once it has answered (its database dropped unless kept): nothing is left for the bench's end to stop.
  await exited;
  console.log(
    `\nserver process RSS after the runs: ${(rss / 1024 / 1024).toFixed(0)} MB`
    + (ready.label === 'PGlite' ? ' (the database runs inside it)' : ''),
  );
}

function mark(ok: boolean) { return ok ? '✓' : '✗'; }

await runBench(main);
