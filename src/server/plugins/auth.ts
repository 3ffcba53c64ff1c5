/**
 * Resolves the X-Token (header or cookie) to the signed-in user and enforces each route's declared
 * access: `config: { access: RouteAccess }` ('user' made explicit at registration when a
 * route declares nothing; a matched /api route without one is refused). Also maintenance mode.
 */
import fp from 'fastify-plugin';
import { Code, Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { mayCall, type Access } from '../../shared/contracts/contract';
import { ApiError, forbidden, sessionError } from '../errors';
import { isAdmin, resolveSession } from '../domain/auth';
import type { SessionUser } from '../domain/sessionUser';
import { getSettings } from '../domain/settings';
import type { AppContext } from '../context';

/** Who may call a route: its contract's `access` (src/shared/contracts/contract.ts says the values). */
export type RouteAccess = Access;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Answers during maintenance mode too (login, logout, password recovery). */
    allowInMaintenance?: boolean;
  }
  interface FastifyInstance {
    /** Every route with its declared access, as registered (the authorization matrix test reads it). */
    accessTable: Array<{ method: string; url: string; access: RouteAccess }>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The signed-in user; only on routes that require one. */
    me: SessionUser;
    token: string | null;
  }
}

export const TOKEN_HEADER = 'x-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the browser says the request was made by a page of another site (Sec-Fetch-Site, else Origin). */
export function fromAnotherSite(request: {
  headers: Record<string, string | string[] | undefined>;
  host: string;
  protocol: string;
}): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    // Through URL both sides: "http://localhost" and "localhost:80" are one origin.
    return new URL(origin).origin !== new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return true; // "null" (a sandboxed or file page) or garbage
  }
}
export const TOKEN_COOKIE = 'X-Token';

export default fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('me', null as unknown as SessionUser);
  app.decorateRequest('token', null);

  const accessTable: Array<{ method: string; url: string; access: RouteAccess }> = [];
  app.decorate('accessTable', accessTable);
  // Every /api route gets its access when it is registered: its own declaration, or else explicitly
  // 'user' (office staff or a client member), the meaning of a route that declares nothing. A route this hook did not
  // see (registered before this plugin) has no access in its config and is refused below.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = (route.config ?? {}) as { access?: RouteAccess };
    const access: RouteAccess = config.access ?? 'user';
    route.config = { ...config, access } as typeof route.config;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') accessTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // The matched route decides, never the raw URL: "/%61pi/…" and "http://host/api/…" reach the same
    // handlers as "/api/…" and get the same checks.
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const config = request.routeOptions.config ?? {};
    const access = config.access;
    // Fail closed: a matched /api route without a declared access is refused to everybody.
    if (!access) throw forbidden();
    const header = request.headers[TOKEN_HEADER];
    const fromHeader = (Array.isArray(header) ? header[0] : header) || null;
    const token = fromHeader || request.cookies?.[TOKEN_COOKIE] || null;
    // Browsers send the cookie with requests other sites make too (CSRF): a change made with the cookie
    // alone must come from our own pages (the browser app's calls are such changes). API clients send
    // the X-Token header, which another site cannot set without a CORS preflight we never allow.
    if (token && !fromHeader && !SAFE_METHODS.has(request.method) && fromAnotherSite(request)) throw forbidden(Msg.crossSite);
    let failure: ApiError | null = null;
    if (token) {
      const resolved = await resolveSession(ctx.db, token, ctx.sessionPolicy);
      if (resolved instanceof ApiError) {
        failure = resolved;
        // A dead session's HttpOnly cookie goes (the page's scripts cannot remove it).
        if (request.cookies?.[TOKEN_COOKIE] === token)
          reply.clearCookie(TOKEN_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: request.protocol === 'https' });
      } else {
        request.user = resolved;
        request.me = resolved;
        request.token = token;
      }
    }
    if (!config.allowInMaintenance && !isAdmin(request.user) && (await getSettings(ctx.db)).maintenance_mode) {
      throw new ApiError(Code.maintenance, 503, Msg.maintenance);
    }
    if (access === 'public') return;
    if (!request.user) throw failure ?? sessionError(Code.invalidToken, Texts.sessionExpired);
    if (!mayCall(access, request.user.roles)) throw forbidden();
  });
});
