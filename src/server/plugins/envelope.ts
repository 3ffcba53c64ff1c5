/**
 * Every response is `{ code, message?, data?, error? }` (DESIGN §4). Routes return `ok(data)` or throw
 * an ApiError; anything else becomes a 40001 without internals.
 */
import fp from 'fastify-plugin';
import type { HelmetOptions } from 'helmet';
import type { FastifyReply } from 'fastify';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { ApiError } from '../errors';

export const ok = <T>(data?: T, message?: string) =>
  message ? { code: Code.okWithMessage, message, data } : { code: Code.ok, data };

/**
 * A page of its own (a second Vite entry) served instead of the SPA under a path prefix, e.g. the
 * public calculator. `securityHeaders` replaces the app's for that page only (framing).
 */
export interface HtmlPage { prefix: string; html: Buffer; securityHeaders?: HelmetOptions }

export default fp<{ spaIndex?: Buffer; pages?: HtmlPage[] }>(async (app, { spaIndex, pages = [] }) => {
  for (const page of pages) {
    const prefix = page.prefix.replace(/\/$/, '');
    const options = { config: { access: 'public' as const, securityHeaders: page.securityHeaders } };
    const send = (_: unknown, reply: FastifyReply) => reply.type('text/html').header('cache-control', 'no-cache').send(page.html);
    app.get(prefix, options, send);
    app.get(`${prefix}/*`, options, send);
  }

  // How long the server took (handler and serialisation), for browsers' developer tools and the benchmark.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    // Every non-API GET is a client route of the SPA (deep links, mailed links, printed bar codes).
    if (spaIndex && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(spaIndex);
    }
    return reply.code(404).send({ code: Code.error, message: Msg.routeNotFound });
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.error !== undefined) body.error = error.error;
      return reply.code(error.httpStatus).send(body);
    }
    const err = error as { statusCode?: number; code?: string; message: string };
    // Fastify's own client errors (bad JSON, body too large, rate limit) keep their status.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.statusCode === 429 ? 'Demasiadas peticiones. Espere un momento y vuelva a intentarlo'
        : err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'El archivo o los datos enviados son demasiado grandes'
        : Msg.invalidBody;
      return reply.code(err.statusCode).send({ code: err.statusCode === 429 ? Code.warning : Code.error, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: Code.error, message: Msg.internal });
  });
});
