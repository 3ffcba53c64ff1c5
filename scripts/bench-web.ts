/**
 * `npm run bench:web`: Lighthouse (Debian's Chromium, headless) on the pages people open from outside
 * the office: the public calculator, the order tracking page and the back office's /login, on mobile
 * (Lighthouse's simulated slow 4G and mid-range phone) and on desktop. Prints the four category scores
 * and the first paints per page. Not part of `npm test`: scores are measurements, not assertions.
 *
 *   npm run bench:web                    # builds the client, starts a server on demo data, measures
 *   BENCH_WEB_RUNS=3 npm run bench:web   # median of 3 runs per page and form factor
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3917);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const base = `http://127.0.0.1:${PORT}`;

/** Starts `npm start`'s server on a fresh PGlite data dir with demo data; resolves once it listens. */
function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cobertores: http')) resolve(server);
    });
    server.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
}

/** The tracking code of a seeded order, read as staff would. */
async function aTrackCode() {
  const login = await fetch(`${base}/api/external/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: 'admin', password: 'admin1234' }) });
  const { data: { token } } = await login.json() as { data: { token: string } };
  const order = await fetch(`${base}/api/order/getById/2`, { headers: { 'x-token': token } });
  return ((await order.json()) as { data: { track_code: string } }).data.track_code;
}

type Scores = Record<typeof CATEGORIES[number], number> & { fcp: number; lcp: number; kib: number; missed: string[] };

async function measure(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Scores> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig as Config : undefined);
  if (!result) throw new Error(`Lighthouse gave nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    'performance': score('performance'), 'accessibility': score('accessibility'), 'best-practices': score('best-practices'), 'seo': score('seo'),
    'fcp': audits['first-contentful-paint']?.numericValue ?? NaN, 'lcp': audits['largest-contentful-paint']?.numericValue ?? NaN,
    'kib': (audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
    // What keeps a category under 100 (performance's metrics aside): the audits that count and failed.
    'missed': CATEGORIES.filter((id) => id !== 'performance').flatMap((id) => (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`)),
  };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cob-bench-web-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const pages = [
      { name: 'calculadora pública', url: `${base}/woocommerce-calculator/index/1` },
      { name: 'seguimiento', url: `${base}/track-order/${await aTrackCode()}` },
      { name: '/login', url: `${base}/login` },
    ];
    console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : ''} — ${CHROMIUM}\n`);
    console.log(`${'page'.padEnd(22)}${'form'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}${'KiB'.padStart(8)}`);
    for (const page of pages) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(page.url, chrome.port, formFactor));
        const pick = (key: Exclude<keyof Scores, 'missed'>) => median(runs.map((r) => r[key]));
        console.log(`${page.name.padEnd(22)}${formFactor.padEnd(9)}${CATEGORIES.map((c) => String(pick(c)).padStart(6)).join('')}`
          + `${pick('fcp').toFixed(0).padStart(9)}${pick('lcp').toFixed(0).padStart(9)}${pick('kib').toFixed(0).padStart(8)}`);
        const missed = [...new Set(runs.flatMap((r) => r.missed))];
        if (missed.length) console.log(`${''.padEnd(31)}missed: ${missed.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
