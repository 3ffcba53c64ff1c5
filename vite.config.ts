import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_SCRIPTS_META } from './src/client/appScripts';
import { palette } from './src/client/brand';
import { LIGHT_PAGES, type LightPageName } from './src/shared/lightPages';
import { buildTimeData } from './scripts/buildTimeData';
import { clientContracts } from './scripts/clientContracts';
import { precompress } from './scripts/precompress';
import { selfContained } from './scripts/selfContained';

const client = path.resolve(import.meta.dirname, 'src/client');

/** Pages with their own entry and the most their first load may weigh (JS + CSS, gzip). */
const PAGE_BUDGETS_KB: Record<string, number | undefined> = { 'calculator.html': 100, 'tracking.html': 100 };

/** A chunk and every chunk it imports statically, at any depth: what the browser loads with it. */
function staticClosure(bundle: OutputBundle, entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== 'chunk') return;
    files.add(file);
    chunk.imports.forEach(visit);
  };
  visit(entry);
  return files;
}

/**
 * Prints what each html page loads at first (its entry chunk, the chunks it imports statically and
 * their CSS), gzip, and fails the build when a public page outgrows its budget: the calculator is
 * embedded in the shop's web site and must stay light.
 */
function pageWeights(): Plugin {
  const lines: string[] = [];
  return {
    name: 'page-weights',
    apply: 'build',
    generateBundle(_options, bundle) {
      const gzip = (code: string | Uint8Array) => zlib.gzipSync(code, { level: 9 }).length;
      const sizeOf = (file: string) => {
        const item = bundle[file];
        return !item ? 0 : gzip(item.type === 'chunk' ? item.code : item.source);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.facadeModuleId?.endsWith('.html')) continue;
        const page = path.basename(chunk.facadeModuleId);
        const files = new Set<string>();
        for (const file of staticClosure(bundle, chunk.fileName)) {
          files.add(file);
          const item = bundle[file];
          if (item?.type === 'chunk') item.viteMetadata?.importedCss.forEach((css) => files.add(css));
        }
        const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
        const budget = PAGE_BUDGETS_KB[page];
        lines.push(
          `${page.padEnd(16)} first load ${total.toFixed(2).padStart(8)} kB gzip (${files.size} files)`
          + (budget ? `, budget ${budget} kB` : ''),
        );
        if (budget && total > budget) this.error(`${page} loads ${total.toFixed(2)} kB gzip, over its ${budget} kB budget`);
      }
    },
    closeBundle() {
      if (lines.length) console.log(`\nPage weights:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
    },
  };
}

/**
 * Fails the build when Drizzle reaches the browser. Schema files declare their tables beside their
 * fields (schemas/table.ts); the bundler drops those tables only while they stay free of side effects.
 */
function noServerCodeInBrowser(): Plugin {
  return {
    name: 'no-server-code-in-browser',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const drizzle = chunk.type === 'chunk' && Object.keys(chunk.modules).find((id) => id.includes('/node_modules/drizzle-orm/'));
        if (drizzle)
          this.error(
            `${chunk.fileName} carries server code (${path.relative(import.meta.dirname, drizzle)}): `
            + 'a table in schemas/ is no longer dropped from the browser bundle',
          );
      }
    },
  };
}

/**
 * Every client import of 'zod' gets src/client/zodSetup.ts, which sets zod up for the browser and re-exports it,
 * and of 'zod/mini' src/client/zodMiniSetup.ts: zod then comes with the first module of a page that uses it,
 * set up, and with no page that does not.
 */
function configuredZod(): Plugin {
  const setups: Record<string, string> = { 'zod': path.join(client, 'zodSetup.ts'), 'zod/mini': path.join(client, 'zodMiniSetup.ts') };
  return {
    name: 'configured-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      const setup = Object.hasOwn(setups, source) ? setups[source] : undefined;
      return setup && importer && importer !== setup ? setup : null;
    },
  };
}

/**
 * The back office's scripts in index.html's first wave (issue 30). main.tsx imports the app lazily so
 * that /login stays light, so the browser found the app's chunks only once main.tsx had run. index.html
 * now lists them (modulepreload), and login.html is the same page without them: the server sends it
 * for /login (app.ts HTML_PAGES). login.html carries the sign-in card as static markup (login-shell.html)
 * in its #root: it paints with the html, before the scripts arrive; React replaces it when it mounts.
 * index.html carries a picture of the frame (top bar, side menu: app-shell.html) before its #root,
 * which React's frame removes when it mounts; no-frame.html is index.html without it, for the app's
 * pages outside the frame and visitors without a session (app.ts OUTSIDE_FRAME, plugins/pages.ts).
 * The light pages (scan.html, dashboard.html: lightPages below) carry the same picture of the frame.
 */
function appPreloads(): Plugin {
  return {
    name: 'app-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      // The chunk of main.tsx: index.html's entry, which is the sign-in page's chunk (first-load, below).
      const entry = Object.values(bundle).find(
        (chunk) => chunk.type === 'chunk' && chunk.moduleIds.includes(path.join(client, 'main.tsx')),
      );
      if (page?.type !== 'asset' || entry?.type !== 'chunk') return;
      const app = entry.dynamicImports
        .map((file) => bundle[file])
        .find((chunk) => chunk?.type === 'chunk' && chunk.moduleIds.includes(path.join(client, 'App.tsx')));
      if (app?.type !== 'chunk') return this.error('index.html no longer imports App.tsx lazily: app-preloads has nothing to preload');
      const files = staticClosure(bundle, app.fileName);
      const html = String(page.source);
      const appOnly = [...files].filter((file) => !html.includes(`/${file}"`));
      const links = appOnly.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      // A picture's file less its leading comment, the brand's icon (pool-icon.html) put in for {{pool-icon}}.
      const partial = (file: string) => fs.readFileSync(path.join(client, file), 'utf8').replace(/<!--[\s\S]*?-->\s*/, '').trim();
      const shell = (file: string) => partial(file).replaceAll('{{pool-icon}}', partial('pool-icon.html'));
      const inRoot = (page: string, file: string) => page.replace('<div id="root"></div>', `<div id="root">\n${shell(file)}\n</div>`);
      const login = inRoot(html, 'login-shell.html');
      if (login === html) return this.error('index.html has no empty <div id="root"></div> for the login card');
      // The app's scripts, for the sign-in page to fetch while the user types (appScripts.ts).
      const appScripts = `<meta name="${APP_SCRIPTS_META}" content="${appOnly.map((file) => `/${file}`).join(' ')}">`;
      const named = login.replace('</head>', `  ${appScripts}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'login.html', source: named });
      const preloaded = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'no-frame.html', source: preloaded });
      const framed = (page: string) => page.replace('<div id="root"></div>', `${shell('app-shell.html')}\n    <div id="root"></div>`);
      page.source = framed(preloaded);
      // The light pages paint the same picture of the frame: a phone draws the top bar over it (LightApp.tsx).
      for (const file of lightHtmlFiles) {
        const name = path.basename(file);
        const light = bundle[name];
        if (light?.type !== 'asset') return this.error(`${name} is no longer built: app-preloads has no frame to picture in it`);
        light.source = framed(String(light.source));
      }
    },
  };
}

/**
 * The light pages (src/shared/lightPages.ts, app.ts HTML_PAGES): each `<name>.html` is index.html with its own
 * script (src/client/<name>.tsx) and its <html> marked, so that main.tsx, whose chunk they share, leaves the
 * page to it. Made from index.html, not written again: the heads cannot drift apart.
 */
const LIGHT_HTML = Object.fromEntries(
  Object.keys(LIGHT_PAGES).map((name) => [name, path.join(client, `${name}.html`)]),
) as Record<LightPageName, string>;
const lightHtmlFiles = new Set(Object.values(LIGHT_HTML));

function lightPages(): Plugin {
  return {
    name: 'light-pages',
    enforce: 'pre',
    resolveId: (source) => (lightHtmlFiles.has(source) ? source : null),
    load(id) {
      if (!lightHtmlFiles.has(id)) return null;
      const script = `./${path.basename(id, '.html')}.tsx`;
      const index = fs.readFileSync(path.join(client, 'index.html'), 'utf8');
      const page = index
        .replace('<html lang="es">', '<html lang="es" data-page="light">')
        .replace('<script type="module" src="./main.tsx"></script>', `<script type="module" src="${script}"></script>`);
      if (!page.includes('data-page="light"') || !page.includes(script)) {
        this.error(`index.html changed: light-pages cannot make ${path.basename(id)} from it`);
      }
      return page;
    },
  };
}

/**
 * What the chunk groups below take, filled once the modules are parsed (firstScreenModules), read when
 * the chunks are made. APP_MODULES: the app's own modules that App.tsx imports statically (at any depth),
 * less those any html page's entry loads. SHARED_MODULES: the app's own modules a public page
 * (calculator, tracking) shares with the back office. INDEX_MODULES: the other own modules
 * index.html's entry loads, main.tsx among them, and those the light pages (scan.html, dashboard.html) share
 * with the back office: its top bar. The libraries the light pages load go with the sign-in page's too (they
 * are the first screen's: '$initial'), so that a phone's scanner or dashboard never loads the back office's
 * chunk, nor a list a chunk more. LIGHT_MODULES: the light pages' own modules, the rest of what they load.
 */
const APP_MODULES = new Set<string>();
const SHARED_MODULES = new Set<string>();
const INDEX_MODULES = new Set<string>();
const LIGHT_MODULES = new Set<string>();

/**
 * Vite's preload polyfill, which every html page loads. (Rolldown keeps its runtime in a chunk of its
 * own, which every page loads too: the first of their scripts.)
 */
const BUNDLER_MODULES = /vite\/modulepreload-polyfill/;

/**
 * A list opens with four scripts (issue 46: at most 6 requests before its first row, its document and
 * its call among them): rolldown's runtime, React with what every page loads, the sign-in page (its
 * modules and libraries, index.html's entry), and the back office (its own code and the libraries it
 * uses; the lazy pages' and views' are theirs). They were ten, fetched at once: the entry apart, the
 * modules the public pages share with the back office in four small chunks, the app's in two.
 */
function firstScreenModules(): Plugin {
  return {
    name: 'first-screen-modules',
    apply: 'build',
    buildEnd() {
      const closure = (ids: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        ids.forEach(visit);
        return seen;
      };
      const own = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const index = path.join(client, 'index.html');
      const app = path.join(client, 'App.tsx');
      const initial = closure(entries);
      const backOffice = closure([index, app]);
      for (const set of [APP_MODULES, SHARED_MODULES, INDEX_MODULES, LIGHT_MODULES]) set.clear();
      for (const id of closure([app])) if (own(id) && !initial.has(id)) APP_MODULES.add(id);
      for (const id of closure(entries.filter((id) => id !== index && !lightHtmlFiles.has(id))))
        if (own(id) && backOffice.has(id) && !entries.includes(id)) SHARED_MODULES.add(id);
      for (const id of closure([index]))
        if (own(id) && !SHARED_MODULES.has(id) && id !== index) INDEX_MODULES.add(id);
      // What the light pages share with the back office (the frame) loads with the sign-in page's; the rest is their own.
      // Their scripts (scan.tsx…) stay their entries': each starts its own page.
      const lightScripts = new Set([...lightHtmlFiles].flatMap((html) => this.getModuleInfo(html)?.importedIds ?? []));
      for (const id of closure([...lightHtmlFiles])) {
        if (!own(id) || SHARED_MODULES.has(id) || lightHtmlFiles.has(id) || lightScripts.has(id)) continue;
        (backOffice.has(id) ? INDEX_MODULES : LIGHT_MODULES).add(id);
      }
    },
  };
}

/**
 * The chunks (see firstScreenModules): React (every page) with the bundler's modules and what the public
 * pages share with the back office; the libraries and modules of the sign-in page (MUI's parts, zod…);
 * and the back office: its own code that App.tsx imports statically, with the libraries that code uses.
 * What only lazy pages and views use (the record dialogs and their form inputs, the filters' autocomplete,
 * the charts, calendars, scanner, file inputs…) stays out of these three, in chunks of their own that load
 * with those pages and views (issue 46: a list's first row with the least JavaScript).
 */
const CHUNK_GROUPS = [
  {
    name: 'react',
    test: (id: string) => /\/node_modules\/(react|react-dom|scheduler)\//.test(id) || SHARED_MODULES.has(id) || BUNDLER_MODULES.test(id),
    priority: 30,
  },
  {
    name: 'first-load',
    tags: ['$initial' as const],
    test: (id: string) => id.includes('/node_modules/') || INDEX_MODULES.has(id),
    priority: 20,
  },
  // The light pages' own modules in one chunk, not in the ten of a few hundred bytes each that their sharing
  // with the app's lazy pages made (issue 46 §1: a phone's requests). The app's lazy pages load it too.
  {
    name: 'light-pages',
    test: (id: string) => LIGHT_MODULES.has(id),
    priority: 15,
  },
  // With the modules they import, as the bundler links them (a barrel's re-exports only where used):
  // those an html page's entry loads are in the chunks above already, and what only lazy pages and views
  // import stays with them.
  {
    name: 'App',
    test: (id: string) => APP_MODULES.has(id),
    priority: 10,
    includeDependenciesRecursively: true,
  },
];

/**
 * The workshop's installable app (issue 44): the web app manifest and a Workbox service worker. The worker
 * precaches the app shell (the html pages, every script and style, the scanner's WebAssembly, the icons), so
 * that «Escanear» opens with no network; it never caches an API answer (private data): only the precached
 * files are served from its cache. A page is asked to the server first, as without the worker (the server
 * chooses the sign-in page, or the index without the frame's picture, by the cookie: plugins/pages.ts); only
 * with no network does the precached index.html answer, for the SPA's routes. Not for /api (the API, its
 * document, downloads), nor /assets (the API document's scripts), nor the public pages of their own.
 * The client registers it from «Escanear» (src/client/features/traceability/serviceWorker.ts).
 */
const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    // The icons come with the precache's own pattern (below), not a second time.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Cobertores',
      short_name: 'Cobertores',
      description: 'Pedidos y producción de cobertores de piscina: escanear las etiquetas en el taller.',
      lang: 'es',
      dir: 'ltr',
      start_url: '/escanear',
      scope: '/',
      display: 'standalone',
      theme_color: palette.primary.main,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,wasm,png,svg,ico,woff2}'],
      // The scanner's WebAssembly is over Workbox's 2 MiB default.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      // Hashed names change with their content: no revision needed (STATIC_CACHING in src/server/app.ts caches them a year).
      dontCacheBustURLsMatching: /^assets\//,
      // The public pages of their own (calculator, tracking) are for the shop's customers, not the workshop.
      globIgnores: ['calculator.html', 'tracking.html'],
      // The server has no directory index: «/» is the server's to answer (the index, or without a session the
      // index without the frame's picture), not index.html's precached copy. (/login is login.html's copy: the same page.)
      directoryIndex: '',
      navigateFallback: null,
      runtimeCaching: [
        {
          // The installed app opens on «Escanear» (start_url): with no network, its own page.
          // (Written out: Workbox copies the function's source into sw.js, where no constant of ours is.)
          urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/escanear(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'scan.html' } },
        },
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate'
            && !/^\/(api|assets|woocommerce-calculator|track-order)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });

export default defineConfig({
  root: client,
  plugins: [
    react(),
    configuredZod(),
    clientContracts(),
    buildTimeData(),
    selfContained(configuredZod()),
    noServerCodeInBrowser(),
    lightPages(),
    pageWeights(),
    firstScreenModules(),
    appPreloads(),
    precompress(),
    pwa(),
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: true,
    rolldownOptions: {
      // The back office, and the public pages as entries of their own (no react-admin, no MUI):
      // the woocommerce calculator (embedded in the shop's site) and the order tracking page.
      input: {
        index: path.join(client, 'index.html'),
        calculator: path.join(client, 'calculator.html'),
        tracking: path.join(client, 'tracking.html'),
        // The light pages: on a phone, «Escanear» and the dashboard in the app's top bar without the back office.
        ...LIGHT_HTML,
      },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
