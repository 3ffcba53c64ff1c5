/** PGlite is single-process: a second server on the same data dir refuses to start with a clear message. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Cobertores: http://')) { clearInterval(timer); resolve(); }
    }, 100);
    exited.then(() => { clearInterval(timer); reject(new Error(output)); });
  });
  return { child, ready, exited, output: () => output };
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data dir lock', () => {
  it('refuses a second server process on the same data dir', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-lock-'));
    dirs.push(dataDir);
    const first = startServer(dataDir);
    await first.ready;
    // The demo users are printed after the address, possibly in a later chunk.
    await expect.poll(first.output).toContain('admin / admin1234');
    const second = startServer(dataDir);
    second.ready.catch(() => undefined);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('ya está en uso por otro proceso');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 90_000);

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-lock-')), 'db');
    dirs.push(path.dirname(dir));
    fs.writeFileSync(`${dir}.lock`, '999999');
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
