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
    const token = (Array.isArray(header) ? header[0] : header) || request.cookies?.[TOKEN_COOKIE] || null;
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
