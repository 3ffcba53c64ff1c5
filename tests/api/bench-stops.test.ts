/**
 * `npm run bench` stops what it started even when it fails (issue 46): its server process (and the bench
 * database it made, on PostgreSQL) goes when the bench itself dies, rather than serving on alone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminRows } from '../support/template';

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

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
}

const benchDatabases = async (baseUrl: string) => {
  const rows = await adminRows<{ datname: string }>(baseUrl, "select datname from pg_database where datname ~ '^cob_bench_[0-9]+$'");
  return rows.map((row) => row.datname);
};

describe('the bench killed midway', () => {
  it('takes its server process (and its database) with it', async () => {
    const baseUrl = process.env.DATABASE_URL;
    const before = baseUrl ? await benchDatabases(baseUrl) : [];
    const bench = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], {
      cwd: root, env: { ...process.env, BENCH_SECONDS: '1', BENCH_ROUNDS: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    bench.stdout.on('data', (part: Buffer) => { output += part.toString(); });
    bench.stderr.on('data', (part: Buffer) => { output += part.toString(); });
    expect(await until(() => output.includes('server ready'), 120_000), output).toBe(true);
    const [server] = childrenOf(bench.pid!);
    expect(running(server)).toBe(true);
    if (baseUrl) expect((await benchDatabases(baseUrl)).length).toBe(before.length + 1);

    bench.kill('SIGKILL');
    expect(await until(() => !running(server), 30_000), `the bench server ${server} still runs`).toBe(true);
    if (baseUrl) expect(await benchDatabases(baseUrl)).toEqual(before);
  }, 180_000);
});
