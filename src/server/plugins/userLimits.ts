/**
 * Each user's changes are rate-limited (issue 45, M2: a member made 200 budgets in 2.4 s). Every route whose
 * contract `writes` gets a per-user limit a minute on that endpoint: a member's (`writesPerMinute.member`,
 * 60: a budget a second, far past anybody typing) and staff's (600: generous, for an office importing by
 * hand, but present). The counts live in the rate-limit plugin's store, Redis when shared, so instances add
 * up each other's. Past it: 429 with `Retry-After` and a Spanish message that says when to try again.
 *
 * Registered before the rate-limit plugin: its own onRoute hook then finds the limit in the route's config.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import type { Config } from '../config';
import { ApiError } from '../errors';

export default fp<{ perMinute: Config['writesPerMinute'] }>(async (app, { perMinute }) => {
  const limit = {
    timeWindow: '1 minute',
    // After the session is read (auth's onRequest): counted per user, on the endpoint's own counter.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.me.id}`,
    max: (request: FastifyRequest) => (request.me.roles.includes('client') ? perMinute.member : perMinute.staff),
    // An ApiError: the envelope sends its own message (Fastify's other 429s get the generic one).
    errorResponseBuilder: (_request: FastifyRequest, { ttl }: { ttl: number }) =>
      new ApiError(Code.warning, 429, Msg.writesTooFast(Math.max(1, Math.ceil(ttl / 1000)))),
  };
  app.addHook('onRoute', (route) => {
    const contract = route.config?.contract;
    if (!contract?.writes || route.config?.rateLimit) return;
    route.config = { ...route.config, rateLimit: limit };
  });
}, { name: 'write-limits' });
