/**
 * Helmet's security headers (CSP, framing, HSTS…) on every response. Each configuration's headers are
 * worked out once, at start-up: @fastify/helmet rebuilt them, CSP parsing included, on every request.
 * A route may carry its own configuration in `config.securityHeaders` (the framable public calculator).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: HelmetOptions;
    /** The headers of `securityHeaders`, filled in when the route is added. */
    securityHeaderValues?: Record<string, string>;
  }
}

/** The headers helmet sets with these options (it only ever calls setHeader and removeHeader). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); }, removeHeader: () => undefined };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => { if (error) throw error; });
  return headers;
}

export default fp<{ options: HelmetOptions }>(async (app, { options }) => {
  const everywhere = helmetHeaders(options);
  app.addHook('onRoute', (route) => {
    if (route.config?.securityHeaders) route.config.securityHeaderValues = helmetHeaders(route.config.securityHeaders);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaderValues ?? everywhere);
    done();
  });
});
