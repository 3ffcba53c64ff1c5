/**
 * Builds the Fastify app. Tests use it through `inject` (or `listen` on a random port), `main.ts`
 * through `listen`. Each concern is a plugin; routes are thin and call domain modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import type { AppContext } from './context';
import { readTls } from './config';
import { logSerializers } from './logging';
import envelope, { clientRefusal, frameworkRefusal } from './plugins/envelope';
import htmlPages, { type HtmlPage } from './plugins/pages';
import securityHeaders, { securityHeaderSet } from './plugins/securityHeaders';
import rateLimits from './plugins/rateLimits';
import caching from './plugins/caching';
import hostCheck from './plugins/hostCheck';
import userLimits from './plugins/userLimits';
import answerDeadlines from './plugins/answerDeadlines';
import { shareSettingsChanges } from './domain/settings';
import { settingsChannel } from './sharedState';
import { LIGHT_PAGES } from '../shared/lightPages';
import auth from './plugins/auth';
import uploads, { MAX_UPLOAD_BYTES } from './plugins/uploads';
import apiDocs from './plugins/apiDocs';
import contracts from './plugins/contracts';
import authRoutes from './routes/auth';
import cataloguePriceRoutes from './routes/catalogue-prices';
import budgetRoutes from './routes/budgets';
import clientRoutes from './routes/clients';
import configurationRoutes from './routes/configuration';
import documentRoutes from './routes/documents';
import fareRoutes from './routes/fares';
import fileRoutes from './routes/files';
import itemRoutes from './routes/items';
import logisticsRoutes from './routes/logistics';
import mailTemplateRoutes from './routes/mailTemplates';
import dashboardRoutes from './routes/dashboard';
import announcementRoutes from './routes/announcements';
import orderRoutes from './routes/orders';
import productionBoardRoutes from './routes/productionBoard';
import reelRoutes from './routes/reels';
import resourceRoutes from './routes/resources';
import type { DeclaredResource } from './domain/records';
import timeRecordRoutes from './routes/timeRecords';
import userRoutes from './routes/users';

// What a schema without a message of its own says (a wrong type, a missing object) is said in Spanish too.
z.config(z.locales.es());

/** `resources`: the resources given generic endpoints; default, every one the schema index declares. */
export async function buildApp(
  ctx: AppContext,
  opts: { logger?: boolean | object; resources?: DeclaredResource[] } = {},
): Promise<FastifyInstance> {
  const headers = securityHeaderSet(SECURITY_HEADERS);
  const https = readTls(ctx.config.tls);
  const app = Fastify({
    ...(https ? { https } : {}),
    // Whatever logger a caller gives, request URLs are logged without their secrets (logging.ts).
    logger:
      opts.logger === false
        ? false
        : { level: ctx.config.logLevel, ...(typeof opts.logger === 'object' ? opts.logger : {}), serializers: logSerializers },
    trustProxy: ctx.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 2 * 1024 * 1024,
    // Our ids are numbers; keep route params strict and the request timeout under the browser's 45 s.
    requestTimeout: 44_000,
    // A connection silent this long (nothing read, nothing taken by its reader) is closed: past any
    // request's 44 s, and the board's stream beats every 20 s. Over the proxies' usual 60 s idle, the
    // keep-alive lets the proxy close first, never a socket it is reusing (docs/security.md).
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    // Refusals before any route runs are envelopes too (plugins/envelope.ts).
    frameworkErrors: frameworkRefusal(headers),
    clientErrorHandler: clientRefusal(headers),
  });

  // A request's headers must all arrive within 20 s (a client that trickles them holds a socket).
  app.server.headersTimeout = 20_000;
  await app.register(securityHeaders, { options: SECURITY_HEADERS });
  await app.register(caching);
  const { publicUrl, publicUrlSet, allowedHosts } = ctx.config;
  await app.register(hostCheck, { publicUrl, publicUrlSet, allowedHosts });
  await app.register(cookie);
  // Each upload route passes its own limits (plugins/uploads.ts); these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 20 }, throwFileSizeLimit: true });
  // Both before the rate limits: userLimits gives the writing and heavy routes their limit as they are added.
  const { writesPerMinute, heavyReadsPerMinute } = ctx.config;
  await app.register(userLimits, { writesPerMinute, heavyReadsPerMinute });
  await app.register(answerDeadlines, { limits: ctx.config.answerLimits });
  await app.register(rateLimits, { shared: ctx.shared });
  if (ctx.shared)
    shareSettingsChanges(
      ctx.db,
      settingsChannel(ctx.shared, (error) => app.log.warn({ err: error }, 'Redis: aviso de cambio de configuración no enviado')),
    );
  const spaIndex = clientHtml(ctx.config.clientDist, 'index.html');
  if (spaIndex) await app.register(fastifyStatic, { root: ctx.config.clientDist!, wildcard: false, index: false, ...STATIC_CACHING });
  await app.register(envelope);
  const noFrame = clientHtml(ctx.config.clientDist, 'no-frame.html');
  await app.register(htmlPages, {
    spaIndex,
    noFrame: noFrame && { html: noFrame, prefixes: OUTSIDE_FRAME },
    pages: pagesOf(ctx.config.clientDist),
  });
  await app.register(auth, { ctx });
  await app.register(uploads);
  await app.register(contracts, { answers: ctx.config.answerCheck });
  await app.register(apiDocs);

  await app.register(authRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(configurationRoutes, { ctx });
  await app.register(clientRoutes, { ctx });
  await app.register(fareRoutes, { ctx });
  await app.register(cataloguePriceRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(reelRoutes, { ctx });
  await app.register(itemRoutes, { ctx });
  await app.register(budgetRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(logisticsRoutes, { ctx });
  await app.register(productionBoardRoutes, { ctx });
  await app.register(mailTemplateRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(documentRoutes, { ctx });
  await app.register(announcementRoutes, { ctx });
  await app.register(timeRecordRoutes, { ctx });
  await app.register(resourceRoutes, { ctx, resources: opts.resources });
  app.addHook('onListen', async () => {
    if (!ctx.config.publicUrlSet && app.addresses().some((bound) => typeof bound === 'object' && !isLoopback(bound.address))) {
      app.log.warn(localLinksWarning(ctx.config.publicUrl));
    }
  });

  return app;
}

/**
 * Reachable from other machines but without PUBLIC_URL, mailed links (tracking, password reset) would
 * point to this server's localhost, dead for the client who opens them.
 */
export const localLinksWarning = (publicUrl: string) =>
  `PUBLIC_URL no está definida: los enlaces de los correos apuntarán a ${publicUrl}, que los clientes no pueden abrir; `
  + 'defínala con la dirección pública del servidor (https://…)';

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address === 'localhost';

/**
 * The built client's files: the brotli or gzip copy made at build time when the browser takes it,
 * and content-hashed assets (`/assets/name-hash.js`) cached for a year, as they never change under
 * their name; anything else (robots.txt) is checked again on each use.
 */
const STATIC_CACHING = {
  preCompressed: true,
  cacheControl: false,
  setHeaders: (reply: FastifyReply, file: string) => {
    const hashed = file.split(path.sep).includes('assets');
    reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
};

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  // 'wasm-unsafe-eval': «Escanear» compiles ZXing's WebAssembly (served from here) where the browser has no BarcodeDetector.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  connectSrc: ["'self'"],
  // The workshop's installed app (issue 44): its service worker (/sw.js) and web app manifest, from here only.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  // The back office is never framed by another site.
  frameAncestors: ["'self'"],
};

/** The security headers of every answer but a page's own (plugins/securityHeaders.ts). */
const SECURITY_HEADERS = { contentSecurityPolicy: { directives: CSP_DIRECTIVES }, crossOriginEmbedderPolicy: false };

/**
 * Pages with their own Vite entry, served instead of the SPA under their path prefix. The public
 * calculator is embedded in the shop's web site: any page may frame it (that page only).
 */
const HTML_PAGES: Array<{ prefix: string; file: string; embeddable?: boolean; framed?: boolean }> = [
  { prefix: '/woocommerce-calculator', file: 'calculator.html', embeddable: true },
  { prefix: '/track-order', file: 'tracking.html' },
  // The SPA's page without the app's preloads (vite.config.ts appPreloads): the sign-in stays light.
  { prefix: '/login', file: 'login.html' },
  // The light pages, drawn on a phone without the back office (src/client/LightApp.tsx): not its scripts either.
  // Drawn in the frame: a visitor without a session goes to /login without its picture, as on the SPA's pages.
  ...Object.entries(LIGHT_PAGES).map(([name, prefix]) => ({ prefix, file: `${name}.html`, framed: true })),
];

/** The SPA's pages outside the frame (App.tsx's `noLayout` routes): their index has no picture of the frame. */
const OUTSIDE_FRAME = ['/resetPassword', '/404', '/bar-code'];

function pagesOf(dist: string | undefined): HtmlPage[] {
  return HTML_PAGES.flatMap(({ prefix, file, embeddable, framed }) => {
    const html = clientHtml(dist, file);
    if (!html) return [];
    return [
      {
        prefix,
        html,
        framed,
        securityHeaders: embeddable
          ? {
              contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, frameAncestors: ['*'] } },
              frameguard: false,
              crossOriginEmbedderPolicy: false,
            }
          : undefined,
      },
    ];
  });
}

/** A built html page of the client (index.html: the SPA), when the client has been built. */
function clientHtml(dist: string | undefined, name: string) {
  const file = dist && path.join(dist, name);
  return file && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}
