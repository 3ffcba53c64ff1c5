/**
 * Helmet's security headers (CSP, framing, HSTS…) on every response. Each configuration's headers are
 * worked out once, at start-up: @fastify/helmet rebuilt them, CSP parsing included, on every request.
 * A route may carry its own configuration in `config.securityHeaders` (the framable public calculator).
 *
 * Two sets per configuration: over HTTPS (directly, or behind a TLS proxy with TRUST_PROXY and
 * X-Forwarded-Proto) the browser is told to upgrade requests and to remember HTTPS (HSTS); over plain
 * HTTP neither, since a browser that opened http://<server-ip>:3000 would then ask for every script
 * over https and show a blank page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers of one configuration, for requests that came over HTTPS and over plain HTTP. */
export interface SecurityHeaderSet { https: Record<string, string>; http: Record<string, string> }

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: HelmetOptions;
    /** The headers of `securityHeaders`, filled in when the route is added. */
    securityHeaderValues?: SecurityHeaderSet;
  }
}

/** The headers helmet sets with these options (it only ever calls setHeader and removeHeader). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => { if (error) throw error; });
  return headers;
}

/**
 * The same configuration without what only makes sense over HTTPS: `upgrade-insecure-requests`, HSTS,
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster (a browser ignores those two on an http origin other
 * than localhost, and says so in the console on every page).
 */
function overPlainHttp(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  const policy = csp && csp !== true ? csp : {};
  // Helmet's options are a union (its aliases `hsts` / `strictTransportSecurity`): the spread needs the cast.
  return {
    ...options,
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    contentSecurityPolicy: csp === false ? false : { ...policy, directives: { ...policy.directives, upgradeInsecureRequests: null } },
  } as HelmetOptions;
}

export const securityHeaderSet = (options: HelmetOptions): SecurityHeaderSet => ({
  https: helmetHeaders(options),
  http: helmetHeaders(overPlainHttp(options)),
});

export default fp<{ options: HelmetOptions }>(async (app, { options }) => {
  const everywhere = securityHeaderSet(options);
  app.addHook('onRoute', (route) => {
    if (route.config?.securityHeaders) route.config.securityHeaderValues = securityHeaderSet(route.config.securityHeaders);
  });
  app.addHook('onRequest', (request, reply, done) => {
    const set = request.routeOptions.config.securityHeaderValues ?? everywhere;
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    reply.headers(request.protocol === 'https' ? set.https : set.http);
    done();
  });
});
