/**
 * What several instances of the app share besides the database, when REDIS_URL is set: the rate
 * limits' counters and the "settings changed" signal. Without it each instance keeps both in its own
 * process, as a single instance always can.
 *
 * Redis going down never stops a request: commands fail at once instead of queueing (no offline
 * queue), the rate limits count in the process meanwhile, and the client reconnects by itself.
 */
import { Redis } from 'ioredis';
import type { SettingsChannel } from './domain/settings';

export interface SharedState {
  /** Commands (rate-limit counters, publishing). */
  redis: Redis;
  /** A connection in subscriber mode (Redis allows nothing else on it). */
  subscriber: Redis;
  /** Every key and channel starts with it: several apps (or test runs) can share one Redis. */
  prefix: string;
  close(): Promise<void>;
}

const connectionOptions = {
  // A request never waits for a Redis that is away: the command fails and the caller falls back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // Keep trying to come back, at most every 2 s.
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  lazyConnect: true,
};

export async function connectSharedState(url: string, prefix: string, onError: (error: Error) => void): Promise<SharedState> {
  const redis = new Redis(url, connectionOptions);
  // The subscriber queues its SUBSCRIBE while reconnecting, so it resubscribes after an outage.
  const subscriber = new Redis(url, { ...connectionOptions, enableOfflineQueue: true, commandTimeout: undefined });
  let lastError = '';
  for (const connection of [redis, subscriber]) {
    // Logged once per kind of failure, not on every reconnection attempt.
    connection.on('error', (error: Error) => {
      if (error.message !== lastError) onError(error);
      lastError = error.message;
    });
    connection.on('ready', () => { lastError = ''; });
  }
  // A Redis that is away at start does not stop the app: it keeps trying, and meanwhile each
  // instance counts on its own (as while Redis is down later).
  await Promise.all([redis.connect(), subscriber.connect()]).catch(() => undefined);
  return {
    redis, subscriber, prefix,
    async close() {
      await Promise.all([redis.quit().catch(() => redis.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}

/** True while the connection can carry commands. */
export const isLive = (connection: Redis) => connection.status === 'ready';

/**
 * The "settings changed" signal over pub/sub. After the subscriber reconnects, the listener runs once
 * too: announcements sent while it was away are lost, so what it kept may be stale.
 */
export function settingsChannel(shared: SharedState, onError: (error: Error) => void): SettingsChannel {
  const channel = `${shared.prefix}settings-changed`;
  return {
    announce() {
      shared.redis.publish(channel, '1').catch(onError);
    },
    listen(listener) {
      shared.subscriber.subscribe(channel).catch(onError);
      shared.subscriber.on('message', (from: string) => { if (from === channel) listener(); });
      shared.subscriber.on('ready', listener);
    },
    listening: () => isLive(shared.subscriber),
  };
}
