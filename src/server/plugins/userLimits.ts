/**
 * Each user's changes and costly reads are rate-limited (issue 45, M2: a member made 200 budgets in 2.4 s;
 * the soak's member looping on its exports took the CPU that everyone's lists needed). Every route whose
 * contract `writes` gets a per-user limit a minute on that endpoint (`writesPerMinute`: a member's 60, a
 * budget a second, far past anybody typing; staff's 600, generous for an office importing by hand, but
 * present), and every route whose contract is `heavy` (whole lists, exports, PDFs) its own
 * (`heavyReadsPerMinute`, the same figures: nobody reads 60 exports of one list a minute). The counts live
 * in the rate-limit plugin's store, Redis when shared, so instances add up each other's. Past a limit: 429
 * with `Retry-After` and a Spanish message that says when to try again.
 *
 * Registered before the rate-limit plugin: its own onRoute hook then finds the limit in the route's config.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import type { Config, PerUserMinute } from '../config';
import { ApiError } from '../errors';

function perUserLimit(perMinute: PerUserMinute) {
  return {
    timeWindow: '1 minute',
    // After the session is read (auth's onRequest): counted per user, on the endpoint's own counter.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.me.id}`,
    max: (request: FastifyRequest) => (request.me.roles.includes('client') ? perMinute.member : perMinute.staff),
    // An ApiError: the envelope sends its own message (Fastify's other 429s get the generic one).
    errorResponseBuilder: (_request: FastifyRequest, { ttl }: { ttl: number }) =>
      new ApiError(Code.warning, 429, Msg.tooManyInARow(Math.max(1, Math.ceil(ttl / 1000)))),
  };
}

type Options = Pick<Config, 'writesPerMinute' | 'heavyReadsPerMinute'>;

export default fp<Options>(async (app, options) => {
  const writes = perUserLimit(options.writesPerMinute);
  const heavyReads = perUserLimit(options.heavyReadsPerMinute);
  app.addHook('onRoute', (route) => {
    const contract = route.config?.contract;
    if (!contract || route.config?.rateLimit) return;
    const limit = contract.writes ? writes : contract.heavy ? heavyReads : undefined;
    if (limit) route.config = { ...route.config, rateLimit: limit };
  });
}, { name: 'user-limits' });
