/**
 * Rate limits (each route declares its own in `config.rateLimit`; none is global). With shared state
 * the counters live in Redis, so every instance counts the same requests; while Redis is away each
 * instance counts in its own process instead of letting everything through.
 */
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The package's own stores, combined below; it ships no types for them.
// @ts-expect-error no declaration file
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
// @ts-expect-error no declaration file
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Code } from '../../shared/codes';
import { isLive, type SharedState } from '../sharedState';

type StoreCtor = new (...args: unknown[]) => FastifyRateLimitStore;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Redis while it answers, this process's counters while it does not. */
class RedisOrLocalStore implements FastifyRateLimitStore {
  constructor(private shared: SharedState, private redisStore: FastifyRateLimitStore, private localStore: FastifyRateLimitStore) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
    if (!isLive(this.shared.redis)) return this.localStore.incr(key, callback, timeWindow, max);
    this.redisStore.incr(key, (error, result) => {
      if (error) this.localStore.incr(key, callback, timeWindow, max);
      else callback(null, result);
    }, timeWindow, max);
  }

  child(routeOptions: RouteOptions) {
    return new RedisOrLocalStore(this.shared, this.redisStore.child(routeOptions), this.localStore.child(routeOptions));
  }
}

function sharedStore(shared: SharedState): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const { continueExceeding, exponentialBackoff } = options;
      return new RedisOrLocalStore(
        shared,
        new (RedisStore as StoreCtor)(continueExceeding, exponentialBackoff, shared.redis, `${shared.prefix}rate-limit:`),
        new (LocalStore as StoreCtor)(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

export default fp<{ shared?: SharedState }>(async (app, { shared }) => {
  await app.register(rateLimit, {
    global: false,
    store: shared ? sharedStore(shared) : undefined,
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: Code.warning,
      message: 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo',
    }),
  });
}, { name: 'rate-limits' });
