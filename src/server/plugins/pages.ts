/**
 * What a browser gets for a path that is not an API route: the SPA's index for its client routes
 * (deep links, mailed links, printed bar codes), or a page of its own under its prefix; an unknown
 * API path answers the envelope's 404.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { Code } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { TOKEN_COOKIE } from './auth';

/**
 * A page of its own (a second Vite entry) served instead of the SPA under a path prefix, e.g. the
 * public calculator. `securityHeaders` replaces the app's for that page only (framing); a `framed` page
 * is drawn inside the app's frame, so a visitor without a session gets the SPA's index without the frame
 * there instead, as on the SPA's own pages (the app sends them to /login).
 */
export interface HtmlPage { prefix: string; html: Buffer; securityHeaders?: HelmetOptions; framed?: boolean }

/**
 * The SPA's index without the frame's static picture (vite.config.ts appPreloads), sent to visitors
 * without a session (the app sends them to /login) and under `prefixes`, the app's pages outside the
 * frame: the frame must not flash where it is not shown (issue 30).
 */
export interface NoFramePage { html: Buffer; prefixes: string[] }

export default fp<{ spaIndex?: Buffer; noFrame?: NoFramePage; pages?: HtmlPage[] }>(async (app, { spaIndex, noFrame, pages = [] }) => {
  const signedIn = (request: FastifyRequest) => !!request.cookies?.[TOKEN_COOKIE];
  const underPrefix = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
  const outsideFrame = (request: FastifyRequest) =>
    !signedIn(request) || !!noFrame?.prefixes.some((prefix) => underPrefix(request.url, prefix));
  for (const page of pages) {
    const prefix = page.prefix.replace(/\/$/, '');
    const options = { config: { access: 'public' as const, securityHeaders: page.securityHeaders } };
    const send = (request: FastifyRequest, reply: FastifyReply) => {
      const html = page.framed && noFrame && !signedIn(request) ? noFrame.html : page.html;
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    };
    app.get(prefix, options, send);
    app.get(`${prefix}/*`, options, send);
  }

  app.setNotFoundHandler((request, reply) => {
    // Every non-API GET is a client route of the SPA (deep links, mailed links, printed bar codes).
    if (spaIndex && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')) {
      const html = noFrame && outsideFrame(request) ? noFrame.html : spaIndex;
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    }
    return reply.code(404).send({ code: Code.error, message: Msg.routeNotFound });
  });
});
