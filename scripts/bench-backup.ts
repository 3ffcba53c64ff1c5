/**
 * The backup and restore round trip at scale (issue 18), on PostgreSQL. Not a timed test: figures
 * beside the targets. `npm run backup` runs on the bench database and `npm run restore` into a fresh
 * one (cob_bench_restore_<time>, migrated by opening it), each a process of its own as an operator runs
 * them: wall time, the process's peak RSS, the archive's size. Then every table's row count and an
 * order-independent checksum of its rows must be identical on both sides. The processes, the fresh
 * database and the archive go when the bench ends, whichever way (benchProcesses.ts).
 *
 *   BENCH_SCALE=100 BENCH_KEEP=1 BENCH_ONLY=backup DATABASE_URL=postgres://…/test npm run bench   # after the bench's own setup
 *   DATABASE_URL=postgres://…/test npx tsx scripts/bench-backup.ts [<source database url>]         # alone (default
 * cob_bench_x<BENCH_SCALE>)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { tablesInOrder } from '../src/server/backup';
import { databaseUrlFor, openPostgres } from '../src/server/db';
import { atBenchEnd, runBench, startBenchChild } from './benchProcesses';

/** Issue 18's targets on this 2-core machine, for ×100. */
const TARGET = { seconds: 180, rssMb: 400 };

interface CliRun { seconds: number; rssMb: number; stdout: string }

/** Runs scripts/<script> as `npm run` would, for as long as the bench runs; its progress goes to our stderr. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = startBenchChild(path.join('scripts', script), {
      args, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout!.on('data', (data) => { stdout += data; });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`${script} terminó con ${code ?? signal}: ${stdout}`));
      // The script reports its own peak (process.resourceUsage().maxRSS, KB).
      const rssKb = Number(/memoria máxima: (\d+) KB/.exec(stdout)?.[1]);
      resolve({ seconds: (Date.now() - started) / 1000, rssMb: rssKb / 1024, stdout });
    });
  });
}

/** Row count and an order-independent checksum (sum of a 60-bit slice of each row's md5) of every table. */
async function fingerprints(url: string): Promise<Map<string, string>> {
  const database = await openPostgres(url);
  try {
    const out = new Map<string, string>();
    for (const table of await tablesInOrder(database.db)) {
      const [row] = (await database.query(
        `select count(*) as n, coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0) as sum from "${table}" t`,
        [],
      )) as Array<{ n: string; sum: string }>;
      out.set(table, `${row.n} rows, checksum ${row.sum}`);
    }
    return out;
  } finally {
    await database.close();
  }
}

/** The round trip of `sourceUrl`'s database; what it starts and makes goes at the bench's end (`runBench`). */
export async function benchBackup(sourceUrl: string) {
  const adminUrl = process.env.DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  atBenchEnd(() => admin.end());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-bench-backup-'));
  atBenchEnd(async () => fs.rmSync(work, { recursive: true, force: true }));
  const archive = path.join(work, 'bench.backup.gz');
  // Empty file stores: the bench database's files are none of its rows.
  const dataDir = (name: string) => {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    return dir;
  };
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const figures = (run: CliRun) =>
    `${run.seconds.toFixed(1).padStart(6)} s (target ≤ ${TARGET.seconds} s) ${mark(run.seconds <= TARGET.seconds)}   `
    + `peak RSS ${run.rssMb.toFixed(0).padStart(4)} MB (target ≤ ${TARGET.rssMb} MB) ${mark(run.rssMb <= TARGET.rssMb)}`;
  console.log(`\nbackup and restore round trip of ${new URL(sourceUrl).pathname.slice(1)} (PostgreSQL), each a process of its own`);
  const backup = await runScript('backup.ts', [archive], { DATABASE_URL: sourceUrl, DATA_DIR: dataDir('source') });
  const size = fs.statSync(archive).size;

  // The run's own: another bench's round trip may be under way beside it.
  const restored = `cob_bench_restore_${Date.now()}`;
  // WITH (FORCE): a restore still under way ends with it.
  atBenchEnd(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`)));
  await admin.query(`CREATE DATABASE ${restored}`);
  const restoredUrl = databaseUrlFor(adminUrl, restored);
  await (await openPostgres(restoredUrl)).close(); // migrated, as a new server leaves it
  const restore = await runScript('restore.ts', [archive], { DATABASE_URL: restoredUrl, DATA_DIR: dataDir('restored') });

  console.log(`  ${backup.stdout.split('\n')[0]}`);
  console.log(`  backup  ${figures(backup)}   archive ${(size / 1024 / 1024).toFixed(1)} MB`);
  console.log(`  restore ${figures(restore)}`);
  const [before, after] = [await fingerprints(sourceUrl), await fingerprints(restoredUrl)];
  const differing = [...before]
    .filter(([table, print]) => after.get(table) !== print)
    .map(([table, print]) => `${table}: ${print} → ${after.get(table) ?? 'missing'}`);
  console.log(
    `  round trip: ${before.size} tables, row count and checksum per table `
    + (differing.length ? `differ ✗\n    ${differing.join('\n    ')}` : 'identical ✓'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL (the server holding the bench database) is required');
    process.exit(1);
  }
  const source = process.argv[2] ?? databaseUrlFor(process.env.DATABASE_URL, `cob_bench_x${process.env.BENCH_SCALE ?? 1}`);
  await runBench(() => benchBackup(source));
}
