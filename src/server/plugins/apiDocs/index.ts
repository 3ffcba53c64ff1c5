/**
 * The API's documentation (issue 19 §5, issue 42): an OpenAPI 3.1 document written from the contracts the
 * routes were registered from (src/shared/contracts; nothing is declared twice), served with the Scalar
 * viewer at `/api/docs`. Each audience gets the operations its roles may call: without a session, the
 * public ones (what the web shop embeds).
 *
 * The zod and schema conversion is schemas.ts, the document document.ts; this file is the plugin that
 * serves the document and the viewer.
 */
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import Fastify from 'fastify';
import type { Role } from '../../../shared/roles';
import { apiDocsContracts } from '../../../shared/contracts/apiDocs';
import { route } from '../contracts';
import { openApiDocument, TITLE } from './document';

const DOCS_PATH = '/api/docs';
const DOCUMENT_PATH = `${DOCS_PATH}/openapi.json`;
/** A static asset like the SPA's own under /assets: outside the API, so no session is looked up for it. */
const SCRIPT_PATH = '/assets/scalar/api-reference.js';

// ---------------------------------------------------------------- the viewer

/**
 * The viewer's page. Scalar's standalone script mounts itself from the `#api-reference` element (its
 * HTML API), so the page carries no inline script and the app's CSP (`script-src 'self'`) holds as it
 * is; the script injects its own <style>, which the app's `style-src 'unsafe-inline'` already allows.
 */
function viewerPage(): string {
  const configuration = {
    url: DOCUMENT_PATH,
    localization: { locale: 'es' },
    // Nothing from other sites (the CSP allows only our own): no CDN fonts, no telemetry, no hosted
    // developer tools or AI agent; the tags in Spanish alphabetical order.
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    hideClientButton: true,
    hideDarkModeToggle: true,
    tagsSorter: 'alpha',
    metaData: { title: TITLE },
  };
  const attribute = JSON.stringify(configuration).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE}</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-configuration="${attribute}"></script>
    <script src="${SCRIPT_PATH}"></script>
  </body>
</html>`;
}

/**
 * Scalar's standalone script, as its Fastify plugin serves it. The plugin's own routes cannot carry
 * our route options (access, rate limit), so it runs once on a scratch instance and we serve its file
 * (and a gzip copy), loaded on the first request: the 5 MB bundle costs nothing until someone reads the docs.
 */
let viewerScript: Promise<{ plain: Buffer; gzip: Buffer }> | undefined;
function loadViewerScript() {
  viewerScript ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const scratch = Fastify({ logger: false });
    await scratch.register(scalar, { routePrefix: '/scalar', configuration: { url: DOCUMENT_PATH } });
    const response = await scratch.inject({ method: 'GET', url: '/scalar/js/scalar.js' });
    await scratch.close();
    if (response.statusCode !== 200) throw new Error(`Scalar script: ${response.statusCode}`);
    return { plain: response.rawPayload, gzip: zlib.gzipSync(response.rawPayload) };
  })();
  viewerScript.catch(() => { viewerScript = undefined; });
  return viewerScript;
}

export default fp(async (app) => {
  // Built once per audience (a set of roles) on first use: every route is registered by the time a request arrives.
  const documents = new Map<string, string>();
  const documentFor = (roles: readonly Role[]) => {
    const audience = [...roles].sort().join(',');
    if (!documents.has(audience)) documents.set(audience, JSON.stringify(openApiDocument(app.contracts, roles)));
    return documents.get(audience)!;
  };

  const page = viewerPage();
  route(app, apiDocsContracts.viewer, async (_input, _request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));

  route(app, apiDocsContracts.document, async (_input, request, reply) =>
    // It depends on the session: never kept by a shared cache.
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie, x-token')
      .send(documentFor(request.user?.roles ?? [])));

  app.get(SCRIPT_PATH, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    const script = await loadViewerScript();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    return gzip ? reply.header('content-encoding', 'gzip').send(script.gzip) : reply.send(script.plain);
  });
}, { name: 'api-docs', dependencies: ['contracts'] });
