/**
 * `npm run bench:web`: how fast the staff app opens, beside an anchor built and served in the same run.
 *
 * The anchor (scripts/anchor/) is a bare react-admin app built by Vite from the same node_modules, with
 * react-admin's login page and one plain <List> per benched page reading the same rows with the same
 * first request. Both are served by the product's own server (two processes on one PostgreSQL database,
 * CLIENT_DIST telling each which client to serve), so that static files, compression and the API are
 * the same. Measured in Chromium (playwright-core, the browser tests' flags):
 *   - sign-in to first row: from the click on the login button to the first row of the landing list
 *     painted (the row's text reported by the Element Timing API);
 *   - five list pages, opened by URL with a session, to their first painted row;
 * each warm (the browser has the app's files cached: a second visit) and cold (a fresh profile), the
 * product and the anchor taking turns BENCH_WEB_RUNS times; medians. Then Lighthouse (mobile: simulated
 * slow 4G and a mid-range phone; desktop) on /login, the anchor's list and the public pages, and signed
 * in: a staff list and the dashboard (admin), «Escanear» (the workshop) and the member's pages, each goal
 * with ✓/✗. Not part of `npm test`: figures are measurements, not assertions.
 *
 *   npm run bench:web                              # builds both clients, PostgreSQL at DATABASE_URL (or 127.0.0.1:5432)
 *   BENCH_WEB_RUNS=9 npm run bench:web             # more turns per figure (default 5)
 *   BENCH_WEB_ONLY=timings npm run bench:web       # or lighthouse
 *   BENCH_WEB_PAGES=login,lista npm run bench:web  # Lighthouse on the pages whose name holds one of these words
 *   BENCH_WEB_LIGHTHOUSE_JSON=/tmp/lh npm run bench:web   # keeps each Lighthouse report (what it blames) there
 *   BENCH_WEB_CLIENT_DIST=/tmp/old/dist/client tsx scripts/bench-web.ts   # another build of the product's client (a before/after)
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { databaseUrlFor } from '../src/server/db';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { precompress } from './precompress';
import { ANCHOR_PAGES, type AnchorPage } from './anchor/pages';
import { atBenchEnd, runBench, startBenchServer } from './benchProcesses';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3917);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3));
const ONLY = process.env.BENCH_WEB_ONLY;
const LIGHTHOUSE_PAGES = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
const LIGHTHOUSE_JSON = process.env.BENCH_WEB_LIGHTHOUSE_JSON;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Issue 46: every figure within 1.2 × the anchor's. Lighthouse mobile: /login ≥ 95, «Escanear» ≥ 95, the
 * member's pages and the dashboard ≥ 90, a staff list at least the anchor's list in the same run; desktop:
 * every signed-in page ≥ 98.
 */
const TARGET = { ratio: 1.2, login: 95, scan: 95, memberPage: 90, dashboard: 90, desktopSignedIn: 98 };
/** The demo's users (src/server/demo/seed.ts) whose pages Lighthouse opens. */
const USERS = {
  admin: { username: 'admin', password: 'admin1234' },
  taller: { username: 'taller', password: 'taller1234' },
  cliente: { username: 'cliente', password: 'cliente1234' },
};
type UserName = keyof typeof USERS;
const CREDENTIALS = USERS.admin;
const root = path.resolve(import.meta.dirname, '..');

interface Target {
  name: 'producto' | 'ancla';
  url: string;
  /** The localStorage entry that says "signed in" to this app (the session itself is the X-Token cookie). */
  signedIn: [string, string];
}

// ------------------------------------------------------------------ servers and data

/** The product's server on `databaseUrl`, serving the client built in `clientDist`; resolves once it listens. */
function startServer(port: number, databaseUrl: string, clientDist: string, dataDir: string): Promise<ChildProcess> {
  return startBenchServer({ port, databaseUrl, dataDir, env: { CLIENT_DIST: clientDist, REDIS_URL: '' } });
}

/** Business data on top of the demo data (scale ×1 of `npm run bench`): full pages of orders, budgets and clients. */
async function seedPages(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`insert into clients (name, "factusol_CODCLI", nif, client_fare_id, tax_id, invoicing_company_id, email, phone_number,
      web, address, postal_code, city, province, country, default_ship_price, free_shipping_threshold, extra_confection_price,
      budget_expiration_days)
    select 'Cliente ' || g, (100000 + g)::text, lpad(g::text, 8, '0'), 1 + g % 2, 1, 1 + g % 2,
      'cliente' || g || '@ejemplo.es', '600000000', 'https://ejemplo.es',
      'Calle ' || g, lpad((g % 52000)::text, 5, '0'), 'Ciudad ' || g % 300, 'Provincia ' || g % 50, 'España', 25, 600, 15, 30
    from generate_series(1, 50) g`);
  await client.query(`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage,
      shipping_price, customer_info, buyer_name, buyer_city, delivery_date, finished_at, created_at)
    select 4 + (g % 50), 1, 1 + g % 3, upper(substr(md5(g::text || 'bench-web'), 1, 20)), 1, 21, 25,
      'Pedido ' || g, 'Comprador ' || g, 'Ciudad ' || g % 300,
      (date '2024-01-01' + (g % 900)) :: timestamp, now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day'
    from generate_series(1, 2000) g`);
  await client.query(`insert into order_items (order_id, kind, product_name, number_of_items, quantity_purchased, quantity_to_ship,
      vat_exclusive_item_price, item_price)
    select o.id, 'item', 'Artículo ' || i, 1, 1, 1, 10 + i, round((10 + i) * 1.21, 2)
    from orders o cross join generate_series(1, 5) i where o.customer_info like 'Pedido %'`);
  await client.query(`insert into budgets (client_id, budget_status_id, pool_subcategory_id, pool_cover_type_id, a, b, extra_distance,
      buyer_name, "remark_OB1PCL", created_date, expires_at)
    select 4 + (g % 50), 1 + g % 3, 1, 3, 6 + g % 6, 3 + g % 3, 0.15, 'Comprador ' || g, 'Presupuesto ' || g,
      now() - (g % 400) * interval '1 day', now() + interval '30 days'
    from generate_series(1, 500) g`);
  await client.query('vacuum analyze');
  await client.end();
}

async function tokenOf(base: string, user = CREDENTIALS) {
  const login = await fetch(`${base}/api/external/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: user.username, password: user.password }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

// ------------------------------------------------------------------ first row painted

declare global {
  interface Window { __firstRow?: { seen: number; painted: number; listCallAt: number | null; scripts: number } }
}

/**
 * Runs in every document before its scripts: watches for the first list row with text (react-admin's
 * loading rows have none), marks its cells for the Element Timing API and keeps when it was painted,
 * when the list's own request started and how many scripts had been fetched by then. A string, not a
 * function: tsx's transform would add helpers the page does not have.
 */
const watchFirstRow = (listCall: string) => `(() => {
  const listCall = ${JSON.stringify(listCall)};
  let seenAt = 0;
  function found(painted) {
    if (window.__firstRow) return;
    const resources = performance.getEntriesByType('resource');
    const call = resources.find((entry) => entry.name.includes(listCall));
    window.__firstRow = {
      seen: seenAt, painted, listCallAt: call ? call.startTime : null,
      scripts: resources.filter((entry) =>
        entry.initiatorType !== 'fetch' && /\\.js(\\?|$)/.test(entry.name) && entry.startTime < painted).length,
    };
  }
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.identifier === 'first-row');
    if (entry) found(entry.renderTime || entry.startTime);
  }).observe({ type: 'element', buffered: true });
  const observer = new MutationObserver(() => {
    const row = [...document.querySelectorAll('tbody tr.RaDatagrid-row')].find((tr) => tr.textContent.trim());
    if (!row) return;
    observer.disconnect();
    seenAt = performance.now();
    row.querySelectorAll('td, td *').forEach((cell) => cell.setAttribute('elementtiming', 'first-row'));
    // Should the paint not be reported (no text painted), a while after the row appeared stands for it.
    requestAnimationFrame(() => setTimeout(() => found(performance.now()), 500));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** The first row of the document now open, as `window.__firstRow`, once painted (the page may still be navigating). */
async function firstRowOf(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForFunction(() => !!window.__firstRow, null, { timeout: 30_000, polling: 50 });
      return await page.evaluate(() => ({ ...window.__firstRow!, origin: performance.timeOrigin }));
    } catch (error) {
      // A navigation destroyed the context mid-wait: wait in the next document.
      if (attempt > 20 || !/context was destroyed|navigat/i.test(String(error))) {
        await page.screenshot({ path: path.join(os.tmpdir(), 'bench-web-failure.png') }).catch(() => undefined);
        throw new Error(`no first row painted on ${page.url()} (screenshot: ${path.join(os.tmpdir(), 'bench-web-failure.png')})`, {
          cause: error,
        });
      }
    }
  }
}

interface Sample { ms: number; listCallAt: number | null; scripts: number }

async function newContext(browser: Browser, target: Target, page: AnchorPage, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
  await context.addInitScript({ content: watchFirstRow(page.listCall) });
  if (signedIn) {
    await context.addCookies([{ name: 'X-Token', value: token, domain: '127.0.0.1', path: '/' }]);
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), target.signedIn);
  }
  return context;
}

/** Opens `page` by its URL with a session; warm: after a first visit in the same profile. */
async function openList(browser: Browser, target: Target, listPage: AnchorPage, warm: boolean): Promise<Sample> {
  const context = await newContext(browser, target, listPage, true);
  try {
    const page = await context.newPage();
    if (warm) {
      await page.goto(`${target.url}${listPage.path}`);
      await firstRowOf(page);
    }
    await page.goto(`${target.url}${listPage.path}`);
    const row = await firstRowOf(page);
    return { ms: row.painted, listCallAt: row.listCallAt, scripts: row.scripts };
  } finally {
    await context.close();
  }
}

/** Signs in on /login and times the click on the button to the landing list's first painted row; warm: the app was open before. */
async function signIn(browser: Browser, target: Target, warm: boolean): Promise<Sample> {
  const landing = ANCHOR_PAGES[0];
  const context = await newContext(browser, target, landing, false);
  try {
    const page = await context.newPage();
    if (warm) {
      await context.addCookies([{ name: 'X-Token', value: token, domain: '127.0.0.1', path: '/' }]);
      await page.goto(`${target.url}/login`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), target.signedIn);
      await page.goto(`${target.url}${landing.path}`);
      await firstRowOf(page);
      await context.clearCookies();
      await page.evaluate(([key]) => localStorage.removeItem(key), target.signedIn);
    }
    await page.goto(`${target.url}/login`);
    await page.locator('input[name=username]').fill(CREDENTIALS.username);
    await page.locator('input[name=password]').fill(CREDENTIALS.password);
    await page.locator('button[type=submit]').waitFor();
    const clickedAt = await page.evaluate(() => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      return at;
    });
    await page.waitForURL((url) => url.pathname === landing.path);
    const row = await firstRowOf(page);
    return {
      ms: row.origin + row.painted - clickedAt,
      listCallAt: row.listCallAt === null ? null : row.origin + row.listCallAt - clickedAt,
      scripts: row.scripts,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const mark = (ok: boolean) => (ok ? '✓' : '✗');

async function timings(targets: Target[]) {
  // Ctrl-C and `timeout` are the bench's to handle (runBench): Playwright's own handlers would end this process
  // once the browser closed, before the servers stop and the database goes. It kills the browser as this process
  // exits, and the browser quits once its pipe to this process closes, should this process be killed.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  });
  const figures = [
    { name: 'entrar → primera fila', run: (target: Target, warm: boolean) => signIn(browser, target, warm) },
    ...ANCHOR_PAGES.map((listPage) => ({
      name: listPage.name,
      run: (target: Target, warm: boolean) => openList(browser, target, listPage, warm),
    })),
  ];
  try {
    // Once untimed: the servers' first answers (compiled code, pooled connections), as in a long run.
    for (const figure of figures) for (const target of targets) await figure.run(target, false);
    console.log(`\nFirst row painted, ms (median of ${RUNS}; product and anchor take turns) — ${CHROMIUM_PATH}, ${os.cpus().length} cores`);
    console.log(
      `${'figure'.padEnd(24)}${'cache'.padEnd(6)}${'product'.padStart(9)}${'anchor'.padStart(9)}${'ratio'.padStart(8)}  `
      + `${'list call at'.padStart(14)}${'JS files'.padStart(10)}`,
    );
    for (const figure of figures) {
      for (const warm of [true, false]) {
        const samples = new Map<Target, Sample[]>(targets.map((t) => [t, []]));
        for (let i = 0; i < RUNS; i++) for (const target of targets) samples.get(target)!.push(await figure.run(target, warm));
        const [product, anchor] = targets.map((t) => samples.get(t)!);
        const ms = (s: Sample[]) => median(s.map((x) => x.ms));
        const callAt = (s: Sample[]) => {
          const at = s.map((x) => x.listCallAt).filter((x) => x !== null);
          return at.length ? median(at).toFixed(0) : '—';
        };
        const ratio = ms(product) / ms(anchor);
        console.log(
          `${figure.name.padEnd(24)}${(warm ? 'warm' : 'cold').padEnd(6)}`
          + `${ms(product).toFixed(0).padStart(9)}${ms(anchor).toFixed(0).padStart(9)}`
          + `${`${ratio.toFixed(2)}×`.padStart(8)} ${mark(ratio <= TARGET.ratio)}${`${callAt(product)} / ${callAt(anchor)}`.padStart(14)}`
          + `${`${median(product.map((x) => x.scripts))} / ${median(anchor.map((x) => x.scripts))}`.padStart(10)}`,
        );
      }
    }
    console.log(
      `goal: each ratio ≤ ${TARGET.ratio} ×; "list call at": when the list's own request started (ms, product / anchor); `
      + '"JS files": scripts fetched before the first row',
    );
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------------ Lighthouse

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** A category Lighthouse could not score (a metric of it failed in that run) is NaN, never 0; `unscored` says why. */
type Scores = Record<typeof CATEGORIES[number], number> & {
  fcp: number; lcp: number; tbt: number; kib: number; missed: string[]; unscored: string[];
};

/** A figure as the table prints it: '—' where Lighthouse gave none. */
const shown = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));

async function measure(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Scores> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig as Config : undefined);
  if (!result) throw new Error(`Lighthouse gave nothing for ${url}`);
  if (LIGHTHOUSE_JSON) {
    fs.mkdirSync(LIGHTHOUSE_JSON, { recursive: true });
    const name = `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${formFactor}-${Date.now()}.json`;
    fs.writeFileSync(path.join(LIGHTHOUSE_JSON, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => {
    const value = categories[id]?.score;
    return value === null || value === undefined ? NaN : Math.round(value * 100);
  };
  return {
    'performance': score('performance'),
    'accessibility': score('accessibility'),
    'best-practices': score('best-practices'),
    'seo': score('seo'),
    'fcp': audits['first-contentful-paint']?.numericValue ?? NaN,
    'lcp': audits['largest-contentful-paint']?.numericValue ?? NaN,
    'tbt': audits['total-blocking-time']?.numericValue ?? NaN,
    'kib': (audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
    // What keeps a category under 100 (performance's metrics aside): the audits that count and failed.
    'missed': CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    ),
    'unscored': (categories.performance?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.errorMessage)
      .map((ref) => `${ref.id}: ${audits[ref.id].errorMessage}`),
  };
}

/**
 * The profile signed in as `sessionToken` on each of `targets`: Lighthouse keeps cookies and localStorage
 * between its runs. The cookie is replaced, so that the next pages are another user's.
 */
async function signInProfile(port: number, targets: Target[], sessionToken: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  await context.clearCookies();
  // The anchor's mark goes as a cookie (scripts/anchor/main.tsx) and the anchor is never opened here: opened
  // signed out to write a localStorage mark, it ran react-admin's failed check, whose logout could remove the
  // mark after it was written, and Lighthouse then scored the anchor's login page as its list.
  const [anchors, others] = [targets.filter((t) => t.name === 'ancla'), targets.filter((t) => t.name !== 'ancla')];
  await context.addCookies([
    { name: 'X-Token', value: sessionToken, domain: '127.0.0.1', path: '/' },
    ...anchors.map((target) => ({ name: target.signedIn[0], value: target.signedIn[1], domain: '127.0.0.1', path: '/' })),
  ]);
  const page = await context.newPage();
  for (const target of others) {
    await page.goto(`${target.url}/404`);
    // The last user's hints (its roles, its counts: providers/token.ts) go with its session.
    await page.evaluate(([key, value]) => {
      localStorage.clear();
      localStorage.setItem(key, value);
    }, target.signedIn);
  }
  await page.close();
  await browser.close();
}

/** A page Lighthouse opens, as whom (signed out when not said), and the score each form must reach. */
interface LighthousePage {
  name: string;
  url: string;
  forms: ReadonlyArray<'mobile' | 'desktop'>;
  as?: UserName;
  /** The least performance score, by form: a number, or another page of the same run (measured before). */
  goal?: Partial<Record<'mobile' | 'desktop', number | { sameAs: string }>>;
}

/** The pages of the run, in order: signed out first (a session would send /login on to the list), then user by user. */
async function lighthousePages([product, anchor]: Target[]): Promise<LighthousePage[]> {
  const memberToken = await tokenOf(product.url, USERS.cliente);
  const member = await fetch(`${product.url}/api/auth/info`, { headers: { 'x-token': memberToken } });
  const memberClient = ((await member.json()) as { data: { client_id: number } }).data.client_id;
  const both = ['mobile', 'desktop'] as const;
  const signedIn = (mobile: number | { sameAs: string }) => ({ mobile, desktop: TARGET.desktopSignedIn });
  const anchorList = 'ancla: su lista';
  return [
    { name: '/login', url: `${product.url}/login`, forms: both, goal: { mobile: TARGET.login } },
    { name: 'ancla: su login', url: `${anchor.url}/login`, forms: ['mobile'] },
    { name: 'calculadora pública', url: `${product.url}/woocommerce-calculator/index/1`, forms: both },
    { name: 'seguimiento', url: `${product.url}/track-order/${await aTrackCode(product.url)}`, forms: both },
    { name: anchorList, url: `${anchor.url}${ANCHOR_PAGES[0].path}`, forms: ['mobile'], as: 'admin' },
    {
      name: `lista (${ANCHOR_PAGES[0].name})`, url: `${product.url}${ANCHOR_PAGES[0].path}`, forms: both, as: 'admin',
      goal: signedIn({ sameAs: anchorList }),
    },
    { name: 'panel de control', url: `${product.url}/dashboard`, forms: both, as: 'admin', goal: signedIn(TARGET.dashboard) },
    { name: 'escanear (taller)', url: `${product.url}/escanear`, forms: both, as: 'taller', goal: signedIn(TARGET.scan) },
    ...[
      { name: 'miembro: presupuestos', path: '/budget-list/client-budgets' },
      { name: 'miembro: carrito', path: '/order-cart' },
      { name: 'miembro: calculadora', path: `/client-calculator/${memberClient}/index` },
      { name: 'miembro: pedidos', path: '/client-orders/index' },
    ].map(({ name, path }) => ({
      name, url: `${product.url}${path}`, forms: both, as: 'cliente' as const, goal: signedIn(TARGET.memberPage),
    })),
  ];
}

/** A port nothing listens on now, as the system picks it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function lighthouseScores(targets: Target[]) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    port: await freePort(),
    // Its own Ctrl-C handler would end this process at once, before the servers stop and the database goes.
    handleSIGINT: false,
    // «Escanear» as on the workshop's phones, where the camera is allowed: a fake camera, no prompt. The pipe, which
    // nothing uses, ties the browser to this process: it quits once the pipe closes, even should this process be
    // killed; Lighthouse drives it through its port.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--remote-debugging-pipe'],
  });
  atBenchEnd(async () => chrome.kill());
  console.log(`\nLighthouse (median of ${LIGHTHOUSE_RUNS}) — ${CHROMIUM_PATH}`);
  console.log(`${'page'.padEnd(28)}${'form'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}`
    + `${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'KiB'.padStart(8)}`);
  const performance = new Map<string, number>();
  const missedGoals: string[] = [];
  let signedInAs: UserName | undefined;
  for (const page of await lighthousePages(targets)) {
    if (LIGHTHOUSE_PAGES && !LIGHTHOUSE_PAGES.some((word) => page.name.includes(word))) continue;
    if (page.as && page.as !== signedInAs) {
      // The anchor has the staff's list only.
      await signInProfile(chrome.port, page.as === 'admin' ? targets : [targets[0]], await tokenOf(targets[0].url, USERS[page.as]));
      signedInAs = page.as;
    }
    for (const formFactor of page.forms) {
      // A run Lighthouse could not score is run again, up to as many times more: a median over a 0 it never
      // measured would read as a page slower than any (and an anchor of 0 as a goal met by anything).
      const runs: Scores[] = [];
      const unscored: string[] = [];
      while (runs.length < LIGHTHOUSE_RUNS && unscored.length < LIGHTHOUSE_RUNS) {
        const run = await measure(page.url, chrome.port, formFactor);
        if (Number.isNaN(run.performance)) unscored.push(run.unscored.join('; ') || 'no performance score');
        else runs.push(run);
      }
      const pick = (key: Exclude<keyof Scores, 'missed' | 'unscored'>) => (runs.length ? median(runs.map((r) => r[key])) : NaN);
      if (formFactor === 'mobile') performance.set(page.name, pick('performance'));
      const wanted = page.goal?.[formFactor];
      const least = typeof wanted === 'object' ? performance.get(wanted.sameAs) : wanted;
      let goalText = '';
      if (least !== undefined) {
        // Without a score on either side the goal is not known to be met.
        const met = pick('performance') >= least;
        goalText = `  ≥ ${shown(least)}${typeof wanted === 'object' ? ` (${wanted.sameAs})` : ''} ${mark(met)}`;
        if (!met) missedGoals.push(`${page.name} ${formFactor} ${shown(pick('performance'))} < ${shown(least)}`);
      }
      console.log(
        `${page.name.padEnd(28)}${formFactor.padEnd(9)}${CATEGORIES.map((c) => shown(pick(c)).padStart(6)).join('')}`
        + `${shown(pick('fcp')).padStart(9)}${shown(pick('lcp')).padStart(9)}${shown(pick('tbt')).padStart(9)}`
        + `${shown(pick('kib')).padStart(8)}${goalText}`,
      );
      const missed = [...new Set(runs.flatMap((r) => r.missed))];
      if (missed.length) console.log(`${''.padEnd(37)}missed: ${missed.join(', ')}`);
      if (unscored.length) {
        const why = [...new Set(unscored)].join(' | ');
        console.log(`${''.padEnd(37)}runs without a performance score, run again: ${unscored.length} (${why})`);
      }
    }
  }
  console.log(missedGoals.length ? `Lighthouse goals missed: ${missedGoals.join('; ')}` : 'Lighthouse goals: all met ✓');
}

/** The tracking code of a seeded order, read as staff would. */
async function aTrackCode(base: string) {
  const order = await fetch(`${base}/api/order/getById/2`, { headers: { 'x-token': token } });
  return ((await order.json()) as { data: { track_code: string } }).data.track_code;
}

// ------------------------------------------------------------------ the run

let token = '';

async function main() {
  // The anchor, into dist/anchor, compressed as the product's assets are; never part of the product's build.
  await build({
    configFile: false, root: path.join(root, 'scripts/anchor'), logLevel: 'warn', plugins: [react(), precompress()],
    build: { outDir: path.join(root, 'dist/anchor'), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const name = `cob_bench_web_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  atBenchEnd(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const databaseUrl = databaseUrlFor(ADMIN_URL, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-bench-web-'));
  atBenchEnd(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const productClient = process.env.BENCH_WEB_CLIENT_DIST ?? path.join(root, 'dist/client');
  await startServer(PORT, databaseUrl, productClient, path.join(dataDir, 'product'));
  await seedPages(databaseUrl);
  await startServer(PORT + 1, databaseUrl, path.join(root, 'dist/anchor'), path.join(dataDir, 'anchor'));
  const targets: Target[] = [
    { name: 'producto', url: `http://127.0.0.1:${PORT}`, signedIn: ['cobertores.session', '1'] },
    { name: 'ancla', url: `http://127.0.0.1:${PORT + 1}`, signedIn: ['anchor.signedIn', '1'] },
  ];
  token = await tokenOf(targets[0].url);
  if (ONLY !== 'lighthouse') await timings(targets);
  if (ONLY !== 'timings') await lighthouseScores(targets);
}

await runBench(main);
