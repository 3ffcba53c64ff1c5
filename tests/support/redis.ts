/**
 * Redis for the tests. The machine's own (127.0.0.1:6379, also on CI) serves the tests that share it
 * under a prefix of their own; a test that takes Redis down starts a private `redis-server` instead,
 * so that stopping it is a real outage (connections refused) that touches nobody else.
 */
import net from 'node:net';
import { restartable, spawnServer } from './childProcess';

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

const runRedis = async (port: number) => (await spawnServer('redis-server', [
  '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
], /Ready to accept connections/, 10_000)).child;

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const server = restartable(await runRedis(port), () => runRedis(port));
  return { url: `redis://127.0.0.1:${port}`, stop: server.stop, restart: server.restart };
}
