/**
 * The API's documentation (issue 19 §5): an OpenAPI 3.1 document built from the routes as they are
 * registered, served with the Scalar viewer at `/api/docs`. Nothing is written by hand twice: paths,
 * methods and access come from each route's own options, the generic endpoints' bodies from the
 * resource schemas (their zod validation, through zod's JSON Schema output) and the named routes' from
 * their optional `config.docs` (the zod schema the handler parses). Without a staff session the
 * document holds only the public endpoints (what the web shop embeds); staff see every route.
 *
 * The zod and schema conversion is schemas.ts, the document document.ts; this file is the plugin:
 * it collects the routes and serves the document and the viewer.
 *
 * Registered after the auth plugin, so that its onRoute hook has already given every /api route its
 * access, and before the routes, so that this one sees them all.
 */
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import Fastify from 'fastify';
import type { Role } from '../../../shared/roles';
import { openApiDocument, TITLE, type DocumentedRoute } from './document';

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
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config ?? {};
    for (const method of [route.method].flat()) {
      // HEAD answers every GET by itself; OPTIONS is never an endpoint of ours.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, access: config.access ?? 'user', docs: config.docs ?? {}, rateLimited: !!config.rateLimit });
    }
  });

  // Built once per audience (a set of roles) on first use: every route is registered by the time a request arrives.
  const documents = new Map<string, string>();
  const documentFor = (roles: readonly Role[]) => {
    const audience = [...roles].sort().join(',');
    if (!documents.has(audience)) documents.set(audience, JSON.stringify(openApiDocument(routes, roles)));
    return documents.get(audience)!;
  };

  // Public, like the calculator's endpoints, and rate-limited like them.
  const open = (summary: string, produces: string) => ({
    config: { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' }, docs: { summary, produces } },
  });

  const page = viewerPage();
  app.get(DOCS_PATH, open('Esta documentación (el visor)', 'text/html'), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));

  app.get(
    DOCUMENT_PATH,
    open('El documento OpenAPI 3.1: las operaciones que puede llamar quien lo pide (sin sesión, las públicas)', 'application/json'),
    async (request, reply) =>
      // It depends on the session: never kept by a shared cache.
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie, x-token')
        .send(documentFor(request.user?.roles ?? [])),
  );

  app.get(SCRIPT_PATH, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    const script = await loadViewerScript();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    return gzip ? reply.header('content-encoding', 'gzip').send(script.gzip) : reply.send(script.plain);
  });
}, { name: 'api-docs' });
