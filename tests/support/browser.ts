/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core for the browser suite.
 * One browser per test file; each test starts signed out on a blank page with no cookies nor storage
 * (useBrowser). Every test fails when the page logs a "Missing translation" warning or throws an
 * uncaught error.
 *
 *   const b = useBrowser();
 *   it('…', async () => { await b.page.goto(`${t.url}/login`); … });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Route,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import AxeBuilder from '@axe-core/playwright';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

/** How long a UI expectation may take to come true (the 2-core CI machine is slow). */
export const UI_TIMEOUT = 15_000;

/**
 * A test's browser context: a desktop screen, Spanish, and reduced motion asked for (brand.ts): dialogs and
 * menus show at once, so tests neither wait for them to grow in nor click them mid-way. The app's
 * motion itself is tried where it matters (axe-second-scan.test.ts, record-dialogs.test.ts).
 */
export const CONTEXT_DEFAULTS: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'es-ES', reducedMotion: 'reduce' };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserHarness {
  readonly browser: Browser;
  /** This test's context and its first page. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console messages and uncaught errors of every page of this test, for diagnostics. */
  readonly consoleMessages: string[];
  readonly pageErrors: string[];
  /** Another watched page in this test's context. */
  newPage(): Promise<Page>;
  /** Replaces this test's context with one made with other options (e.g. a smaller viewport). */
  newContext(options?: BrowserContextOptions): Promise<Page>;
}

/** The requests each watched page has sent and not yet seen answered, failed or cancelled, and how many it has sent. */
const inFlight = new WeakMap<Page, { pending: Set<object>; sent: number }>();

/** Starts counting the page's requests in flight (once per page: the sign-ins call it for pages of their own). */
function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const requests = { pending: new Set<object>(), sent: 0 };
  inFlight.set(page, requests);
  page.on('request', (request) => {
    // An event stream (the production board's) stays open for good: nothing to wait for.
    if (request.resourceType() === 'eventsource') return;
    requests.pending.add(request);
    requests.sent++;
  });
  page.on('requestfinished', (request) => requests.pending.delete(request));
  page.on('requestfailed', (request) => requests.pending.delete(request));
}

/**
 * Waits until the page has no request in flight and none starts while it draws and then idles: an
 * answer's rendering that asks for more (a list, then its references) is waited for, without a fixed
 * half-second of silence per wait as Playwright's 'networkidle' holds. Unlike that, which fires once per
 * document, this holds after a sign-in or a navigation inside the app. A page not watched by useBrowser
 * nor signed in by loginAs/loginThroughForm falls back to 'networkidle' (of its current document).
 */
export async function networkQuiet(page: Page, quietMs = 100) {
  const requests = inFlight.get(page);
  if (!requests) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) {
        throw new Error(`networkQuiet: still ${requests.pending.size} request(s) in flight after ${UI_TIMEOUT} ms`);
      }
      await new Promise((done) => setTimeout(done, 25));
      if (requests.pending.size > 0) quietSince = Date.now();
    }
    const sent = requests.sent;
    // Two frames and an idle moment: what the last answers rendered has run, and sent what it asks for.
    // A navigation meanwhile destroys the page's context: its document's own request is then in flight.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
      requestIdleCallback(done, { timeout: 1_000 }))))).catch(() => undefined);
    if (requests.sent === sent && requests.pending.size === 0) return;
  }
}

/**
 * Registers the hooks of a browser test file and gives access to the current test's page.
 *
 * A test that only drives `page` hands it on to the next test emptied: on a blank page, without
 * cookies, storage, permissions, routes or listeners of its own, at the file's viewport. Chromium then
 * keeps its window and its cache of the app's compiled scripts (a fresh context per test cost some
 * 0.4 s each). A test that did more than the next one could be cleaned of — reached for the context,
 * opened another page or context, added a script or a function to the page, used its clock, failed —
 * leaves a fresh context to the next.
 */
export function useBrowser(defaults: BrowserContextOptions = {}): BrowserHarness {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleMessages: string[] = [];
  let pageErrors: string[] = [];
  /** Whether the current context may serve the next test once emptied (see above). */
  let reusable = false;
  /** The origins the current context's pages have loaded from (their storage is cleared between tests). */
  let origins = new Set<string>();
  const options = { ...CONTEXT_DEFAULTS, ...defaults };

  const watch = (p: Page) => {
    p.setDefaultTimeout(UI_TIMEOUT);
    trackRequests(p);
    p.on('console', (message) => consoleMessages.push(`[${message.type()}] ${message.text()}`));
    p.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    p.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') origins.add(origin);
    });
    return p;
  };

  /** The harness's page, with the calls that leave something the next test could not be cleaned of marked. */
  const harnessPage = (p: Page) => {
    for (const method of ['addInitScript', 'exposeBinding', 'exposeFunction'] as const) {
      const own = p[method].bind(p) as (...args: unknown[]) => Promise<unknown>;
      (p as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        reusable = false;
        return own(...args);
      };
    }
    // The clock is the context's: a fake time installed by one test would run on in the next.
    const { clock } = p;
    Object.defineProperty(p, 'clock', {
      get: () => {
        reusable = false;
        return clock;
      },
    });
    return watch(p);
  };

  const open = async (contextOptions?: BrowserContextOptions) => {
    if (context) await context.close();
    context = await browser!.newContext({ ...options, ...contextOptions });
    // A context the test made with options of its own is not the file's.
    reusable = contextOptions === undefined;
    origins = new Set();
    page = harnessPage(await context.newPage());
    return page;
  };

  /** Empties the page and context for the next test (see useBrowser); false when it could not. */
  const emptyForNextTest = async (): Promise<boolean> => {
    if (!context || !page || !reusable || page.isClosed() || context.pages().length !== 1) return false;
    try {
      page.removeAllListeners();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto('about:blank');
      await context.clearCookies();
      await context.clearPermissions();
      const cdp = await context.newCDPSession(page);
      for (const origin of origins) {
        await cdp.send('Storage.clearDataForOrigin', {
          origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
        });
      }
      await cdp.detach();
      const size = page.viewportSize();
      if (options.viewport && (size?.width !== options.viewport.width || size?.height !== options.viewport.height))
        await page.setViewportSize(options.viewport);
      inFlight.delete(page);
      origins = new Set();
      watch(page);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  beforeEach(async () => {
    consoleMessages = [];
    pageErrors = [];
    if (!context) await open();
  });

  afterEach(async (test) => {
    const missing = consoleMessages.filter((m) => m.includes('Missing translation'));
    const errors = [...pageErrors];
    if (test.task.result?.state === 'fail' || missing.length || errors.length) reusable = false;
    // A context left mid-navigation by a failed test must not hold the next one up.
    const emptied = await Promise.race([emptyForNextTest(), new Promise<false>((done) => setTimeout(() => done(false), 10_000))]);
    if (!emptied) {
      await Promise.race([context?.close(), new Promise((done) => setTimeout(done, 10_000))]);
      context = undefined;
      page = undefined;
    }
    expect(missing, 'console messages with "Missing translation"').toEqual([]);
    expect(errors, 'uncaught page errors').toEqual([]);
  });

  return {
    get browser() { return browser!; },
    get context() {
      reusable = false;
      return context!;
    },
    get page() { return page!; },
    get consoleMessages() { return consoleMessages; },
    get pageErrors() { return pageErrors; },
    async newPage() {
      reusable = false;
      return watch(await context!.newPage());
    },
    newContext: open,
  };
}

/**
 * Signs in as `username` and waits for the signed-in app on the user's orders list. The first time per
 * test app and user this goes through the login form (loginThroughForm); later calls give the test's
 * context what that sign-in left instead — the HttpOnly X-Token cookie and the app's marker and roles in
 * localStorage (providers/token.ts) — and open the page the form landed on. The session is checked on
 * auth/info first: one the server no longer accepts (logged out, password changed), or whose roles
 * changed (another landing page), is dropped and the form is used again. Tests about signing in itself
 * call loginThroughForm.
 *
 * With `path` (e.g. '/documentos') the signed-in user then opens that page as a typed address would
 * (page.goto, nothing more awaited); a reused sign-in opens it at once, without the orders list first.
 */
export async function loginAs(page: Page, baseUrl: string, username: string, password: string, path?: string) {
  trackRequests(page);
  const key = JSON.stringify([baseUrl, username, password]);
  const kept = signedIn.get(key);
  if (kept && await reuseSignIn(page, baseUrl, kept, path)) return;
  signedIn.delete(key);
  const landing = await loginThroughForm(page, baseUrl, username, password);
  const state = await page.context().storageState();
  const cookie = state.cookies.find((c) => c.name === 'X-Token');
  const origin = state.origins.find((o) => o.origin === new URL(baseUrl).origin);
  const roles = origin?.localStorage.find((item) => item.name === ROLES_KEY)?.value;
  if (cookie && roles !== undefined) signedIn.set(key, { cookie, landing, roles });
  if (path !== undefined) await page.goto(`${baseUrl}${path}`);
}

/** localStorage keys of providers/token.ts: the signed-in marker and the roles of the last session read. */
const SESSION_KEY = 'cobertores.session';
const ROLES_KEY = 'cobertores.roles';

interface KeptSignIn {
  readonly cookie: Awaited<ReturnType<BrowserContext['cookies']>>[number];
  /** The path the login form opened (the user's orders list). */
  readonly landing: string;
  readonly roles: string;
}

/** Sign-ins made by loginAs in this test file, by test app, user and password. */
const signedIn = new Map<string, KeptSignIn>();

async function reuseSignIn(page: Page, baseUrl: string, kept: KeptSignIn, path: string | undefined): Promise<boolean> {
  const answer = await fetch(`${baseUrl}/api/auth/info`, { headers: { cookie: `X-Token=${kept.cookie.value}` } });
  // The API's envelope: a session it refuses answers a session code and no roles.
  const roles = answer.ok ? (await answer.json() as { data?: { roles?: unknown } }).data?.roles : undefined;
  if (!Array.isArray(roles) || roles.join(',') !== kept.roles) return false;
  await page.context().addCookies([kept.cookie]);
  // The app reads its marker and roles from localStorage as it starts: they are written from a blank page
  // of the app's origin, answered here and never sent (as Playwright's setStorageState does, which would
  // also empty Chromium's cache of the app's compiled scripts).
  const blank = `${new URL(baseUrl).origin}/__sign-in__`;
  const answerBlank = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<html></html>' });
  await page.route(blank, answerBlank);
  try {
    await page.goto(blank);
    await page.evaluate(([sessionKey, rolesKey, roles]) => {
      localStorage.setItem(sessionKey, '1');
      localStorage.setItem(rolesKey, roles);
    }, [SESSION_KEY, ROLES_KEY, kept.roles]);
  } finally {
    await page.unroute(blank, answerBlank);
  }
  if (path !== undefined) {
    await page.goto(`${baseUrl}${path}`);
    return true;
  }
  await page.goto(`${baseUrl}${kept.landing}`);
  await signedInAppShown(page);
  return true;
}

/**
 * Signs in through the login form and waits for the signed-in app: the login page opens the user's
 * orders list in the same document (issue 30), so this waits for the app's layout, not just for the URL.
 * Returns the path it opened.
 */
export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<string> {
  trackRequests(page);
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  const landing = new URL(page.url());
  await signedInAppShown(page);
  return `${landing.pathname}${landing.search}`;
}

async function signedInAppShown(page: Page) {
  await page.getByTestId('sidebar').waitFor({ state: 'attached' });
  // The landing list and the layout's own reads have all been answered.
  await networkQuiet(page);
}

/**
 * Opens the sidebar submenu `name` and waits for its list.
 */
export async function openSubmenu(page: Page, name: string): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  const header = menu.getByRole('button', { name, exact: true });
  if (await header.getAttribute('aria-expanded') !== 'true') await header.click();
  const submenu = menu.getByRole('list', { name });
  await submenu.waitFor();
  return submenu;
}

/**
 * Chooses `option` in the open popup of a select or an autocomplete and waits until it has left the
 * popup (the popup closed, or an autocomplete left out what is chosen). MUI grows a select's menu in
 * (about 250 ms) and, while the menu is open, hides the rest of the page from the accessibility tree: a
 * click that lands while the menu still grows can choose nothing on a loaded machine and leave the form
 * hidden behind it. So the click waits until the menu is fully shown, and one that chose nothing is made
 * again, as a person would.
 */
export async function chooseOption(page: Page, option: string | RegExp, { exact }: { exact?: boolean } = {}) {
  await takeFromPopup(page.getByRole('option', { name: option, exact }));
}

/** Clicks the entry `name` of the open menu (e.g. react-admin's "Añadir filtro") as chooseOption does. */
export async function chooseMenuItem(page: Page, name: string) {
  // By text: react-admin's filter entries are menuitemcheckbox, the user menu's menuitem.
  await takeFromPopup(page.getByRole('menu').getByText(name, { exact: true }));
}

async function takeFromPopup(choice: Locator) {
  await choice.waitFor();
  await expect.poll(() => choice.evaluate(fullyShown), { timeout: UI_TIMEOUT }).toBe(true);
  await choice.click();
  try {
    await choice.waitFor({ state: 'hidden', timeout: 5_000 });
  } catch {
    // Still open: the click chose nothing. If it did choose and the popup is only slow to go, this one finds nothing.
    await choice.click({ timeout: 5_000 }).catch(() => undefined);
    await choice.waitFor({ state: 'hidden' });
  }
}

/** Opens the select (or autocomplete) `combobox` and chooses `option` in it (see chooseOption). */
export async function selectOption(page: Page, combobox: Locator, option: string | RegExp, options: { exact?: boolean } = {}) {
  await combobox.click();
  await chooseOption(page, option, options);
}

/**
 * True once no ancestor of `element` is still fading or growing in: MUI's Grow ends at opacity 1 and no
 * scale. A translation is fine (popups are placed with one).
 */
function fullyShown(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const scale
      = style.transform === 'none'
        ? [1, 0, 0, 1]
        : style.transform
            .replace(/^matrix\(|\)$/g, '')
            .split(',')
            .slice(0, 4)
            .map(Number);
    if (style.opacity !== '1' || scale.join() !== '1,0,0,1') return false;
  }
  return true;
}

/** The session token the browser holds (cookie X-Token). */
export async function tokenOf(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'X-Token');
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

/** Opens `path` in the page's app without loading it again, as the app's own links do (the router follows the history). */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page's path is `pathname` (a string or a pattern). */
export async function expectPath(page: Page, pathname: string | RegExp, timeout = UI_TIMEOUT) {
  await page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)), { timeout })
    .catch(() => { throw new Error(`expected path ${pathname}, the page is at ${new URL(page.url()).pathname}`); });
}

export const expectVisible = (locator: Locator, timeout = UI_TIMEOUT) => locator.first().waitFor({ state: 'visible', timeout });
export const expectHidden = (locator: Locator, timeout = UI_TIMEOUT) => locator.first().waitFor({ state: 'hidden', timeout });

/** Polls `locator.count()` until it equals `count`. */
export const expectCount = (locator: Locator, count: number, timeout = UI_TIMEOUT) =>
  expect.poll(() => locator.count(), { timeout }).toBe(count);

/** The helper text (validation message) under a form field, found by its text. */
export const fieldError = (scope: Page | Locator, message: string) =>
  scope.locator('.MuiFormHelperText-root.Mui-error', { hasText: message });

/** Writes `bytes` to a fresh temporary file and returns its path (for file inputs). */
export function tempFile(name: string, bytes: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-upload-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A valid 8×8 opaque PNG. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMQyTuBFTEMLQkAD6hSgSmCmGMAAAAASUVORK5CYII=',
  'base64',
);

/** Decodes a quoted-printable e-mail body (soft line breaks and =XX escapes, UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Nothing on the page is wider than the screen (no sideways scrolling). `idle: false` measures at once,
 * without waiting for the network to be idle (a test holding an answer on purpose).
 */
export async function expectNoSideScroll(page: Page, { idle = true }: { idle?: boolean } = {}) {
  if (idle) await networkQuiet(page);
  // Against the screen, not window.innerWidth: a phone widens its layout viewport to fit wider content.
  const width = page.viewportSize()!.width;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `${new URL(page.url()).pathname} is ${scroll}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}

/**
 * Waits until no CSS transition or animation that ends is still running: MUI's dialogs and menus fade
 * and grow in, its collapses unfold. Endless ones (a spinner, a skeleton's pulse) are not waited for.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Waits until the page has drawn twice (so that what a resize or a media query changed is rendered) and
 * then for its animations (see animationsSettled).
 */
export async function layoutSettled(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await animationsSettled(page);
}

/**
 * Waits until every CSS transition or animation running now that ends has ended (a colour caught
 * mid-change), the page has drawn twice since, and none started meanwhile is still running.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    // A cancelled one rejects `finished`: it has stopped all the same.
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await animationsSettled(page);
}

/**
 * axe-core's critical, serious and moderate findings on the page once it is idle, one line each (rule,
 * element, html); `include` limits them to a part of the page (a selector, e.g. an open dialog's);
 * `idle: false` does not wait for the network (a test holding an answer on purpose).
 */
export async function violationsOf(page: Page, { include, idle = true }: { include?: string; idle?: boolean } = {}): Promise<string[]> {
  if (idle) await networkQuiet(page);
  // Entry animations (dialogs, menus) settle before colours are measured.
  await animationsSettled(page);
  const scan = async () => {
    const builder = new AxeBuilder({ page });
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  };
  let violations = await scan();
  // A colour caught mid-change (a transition that started after the wait above) is not the page's colour:
  // a contrast finding counts only if a second scan, once the page has stood still, finds it again.
  if (violations.some((v) => v.id === 'color-contrast')) {
    await transitionsEnded(page);
    violations = await scan();
  }
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => {
      const nodes = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${measured(n)} ${n.html.slice(0, 160)}`);
      return `${v.id} (${v.impact}): ${nodes.join(' | ')}`;
    });
}

/** What axe measured on a node, when it says (a contrast's colours and ratio), to tell a flake from a fault. */
function measured(node: { any: Array<{ data?: unknown }> }) {
  const data = node.any.find((check) => check.data && typeof check.data === 'object')?.data as Record<string, unknown> | undefined;
  return data && 'contrastRatio' in data ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
}

declare global {
  interface Window { __layoutShifts?: Array<{ value: number; hadRecentInput: boolean; sources: string[] }> }
}

/** Every document of the context keeps its layout shifts (each with what moved) from its first paint. */
export async function recordLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__layoutShifts = [];
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        window.__layoutShifts!.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((source) => `${source.node?.nodeName ?? '?'}: ${source.node?.textContent?.slice(0, 60) ?? ''}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts the page made by itself (a shift right after the user's input does not count, as in CLS). */
export const unpromptedShifts = (page: Page) =>
  page.evaluate(() => (window.__layoutShifts ?? []).filter((shift) => !shift.hadRecentInput));
