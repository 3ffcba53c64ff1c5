/**
 * Resolves the X-Token (header or cookie) to the signed-in user and enforces each route's declared
 * access: `config: { access: 'public' | 'user' | Role[] }` (default 'user'). Also maintenance mode.
 */
import fp from 'fastify-plugin';
import { Code, Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import { ApiError, forbidden, sessionError } from '../errors';
import { isAdmin, resolveSession, type SessionUser } from '../domain/auth';
import { getSettings } from '../domain/settings';
import type { AppContext } from '../context';

export type RouteAccess = 'public' | 'user' | Role[];

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
export function fromAnotherSite(request: { headers: Record<string, string | string[] | undefined>; host: string; protocol: string }): boolean {
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
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') accessTable.push({ method, url: route.url, access: (route.config as { access?: RouteAccess } | undefined)?.access ?? 'user' });
    }
  });

  app.addHook('onRequest', async (request) => {
    // The matched route decides, never the raw URL: "/%61pi/…" and "http://host/api/…" reach the same
    // handlers as "/api/…" and get the same checks.
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const config = request.routeOptions.config ?? {};
    const access: RouteAccess = config.access ?? 'user';
    const header = request.headers[TOKEN_HEADER];
    const fromHeader = (Array.isArray(header) ? header[0] : header) || null;
    const token = fromHeader || request.cookies?.[TOKEN_COOKIE] || null;
    // Browsers send the cookie with requests other sites make too (CSRF): a change made with the cookie
    // alone must come from our own pages. The app's own calls carry the X-Token header, which another
    // site cannot set without a CORS preflight we never allow.
    if (token && !fromHeader && !SAFE_METHODS.has(request.method) && fromAnotherSite(request)) throw forbidden(Msg.crossSite);
    let failure: ApiError | null = null;
    if (token) {
      const resolved = await resolveSession(ctx.db, token, ctx.sessionPolicy);
      if (resolved instanceof ApiError) failure = resolved;
      else {
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
    if (Array.isArray(access) && !access.some((role) => request.user!.roles.includes(role))) throw forbidden();
  });
});
