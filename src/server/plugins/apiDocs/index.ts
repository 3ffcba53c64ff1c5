/**
 * The API's documentation (issue 19 §5, issue 42): an OpenAPI 3.1 document written from the contracts the
 * routes were registered from (src/shared/contracts; nothing is declared twice), shown at `/api/docs`
 * as a page of our own (viewer.ts). Each audience gets the operations its roles may call: without a
 * session, the public ones (what the web shop embeds).
 *
 * The zod and schema conversion is schemas.ts, the document document.ts; the page viewer.ts (its search
 * box search.ts); this file is the plugin that serves them.
 */
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../../shared/roles';
import { apiDocsContracts } from '../../../shared/contracts/apiDocs';
import { route } from '../contracts';
import { openApiDocument } from './document';
import type { Json } from './schemas';
import { SEARCH_SCRIPT } from './search';
import { apiReferencePage, SEARCH_SCRIPT_PATH } from './viewer';

/** A page, and its gzip copy for the browsers that take it (an admin's is a few hundred kilobytes of HTML). */
interface Served { plain: Buffer; gzip: Buffer }

const served = (body: string): Served => ({ plain: Buffer.from(body), gzip: zlib.gzipSync(body) });

function send(request: FastifyRequest, reply: FastifyReply, { plain, gzip }: Served) {
  const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
  return gzipped ? reply.header('content-encoding', 'gzip').send(gzip) : reply.send(plain);
}

/** Pages kept at most (audiences × the addresses the app is reached at): the Host header is the client's to choose. */
const KEPT_PAGES = 32;

export default fp(async (app) => {
  // Built once per audience (a set of roles) on first use: every route is registered by the time a request arrives.
  const documents = new Map<string, { json: string; document: Json }>();
  const audienceOf = (roles: readonly Role[]) => [...roles].sort().join(',');
  const documentFor = (roles: readonly Role[]) => {
    const audience = audienceOf(roles);
    if (!documents.has(audience)) {
      const document = openApiDocument(app.contracts, roles);
      documents.set(audience, { document, json: JSON.stringify(document) });
    }
    return documents.get(audience)!;
  };

  // The page also depends on the address it was opened at (its curl examples call that server).
  const pages = new Map<string, Served>();
  const pageFor = (roles: readonly Role[], origin: string) => {
    const key = `${audienceOf(roles)} ${origin}`;
    let page = pages.get(key);
    if (!page) {
      page = served(apiReferencePage(documentFor(roles).document, origin));
      if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
    }
    return page;
  };
  const originOf = (request: FastifyRequest) => {
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      // A Host header no address is made of (the client's to send): the examples then name no real server.
      return 'http://localhost';
    }
  };

  // Both depend on the session: never kept by a shared cache.
  const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store').header('vary', 'cookie, x-token');

  route(app, apiDocsContracts.viewer, async (_input, request, reply) =>
    send(request, privately(reply).type('text/html; charset=utf-8'), pageFor(request.user?.roles ?? [], originOf(request))));

  route(app, apiDocsContracts.document, async (_input, request, reply) =>
    privately(reply).type('application/json; charset=utf-8').send(documentFor(request.user?.roles ?? []).json));

  const script = served(SEARCH_SCRIPT);
  app.get(SEARCH_SCRIPT_PATH, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) =>
    send(request, reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600'), script));
}, { name: 'api-docs', dependencies: ['contracts'] });
