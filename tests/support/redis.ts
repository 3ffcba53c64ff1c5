/**
 * Redis for the tests. The machine's own (127.0.0.1:6379, also on CI) serves the tests that share it
 * under a prefix of their own; a test that takes Redis down starts a private `redis-server` instead,
 * so that stopping it is a real outage (connections refused) that touches nobody else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { stopped } from './childProcess';

export const MACHINE_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  restart(): Promise<void>;
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  }).on('error', reject);
});

function runRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`redis-server did not start: ${output}`)); }, 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) { clearTimeout(timer); resolve(child); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`redis-server exited (${code}): ${output}`)); });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await runRedis(port);
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopped(child),
    async restart() {
      await stopped(child);
      child = await runRedis(port);
    },
  };
}
