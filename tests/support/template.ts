/**
 * One migrated, seeded database cloned for every test file: PGlite from a dumped data dir, PostgreSQL (when
 * DATABASE_URL is set) with CREATE DATABASE … TEMPLATE.
 *
 * Seeding takes about 35 s, so the template outlives the run while what it is made of stays the same
 * (templateKey): the PGlite dump is kept in node_modules/.cache/cobertores-template/<key>.tar, the PostgreSQL
 * template as the database cob_tpl_<key>. TEST_FRESH_TEMPLATE=1 seeds one for the run alone and leaves the
 * kept ones as they are.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { madridToday } from '../../src/shared/madrid';

export { databaseUrlFor } from '../../src/server/db';

const root = path.resolve(import.meta.dirname, '../..');

export const freshTemplateWanted = () => process.env.TEST_FRESH_TEMPLATE === '1';

export async function adminRows<Row extends pg.QueryResultRow>(baseUrl: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  await adminRows(baseUrl, sql);
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;

/** Where seeding starts: the demo data, the migrator, and this setup itself. */
const SEED_ENTRIES = ['src/server/demo/seed.ts', 'src/server/db/index.ts', 'tests/support/global-setup.ts', 'tests/support/template.ts'];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]
    .find((candidate) => fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile());
}

/** The entries and every file they import, transitively (relative imports: libraries count through package-lock.json). */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const specifiers = [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/gm), ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)];
    for (const [, specifier] of specifiers) {
      const target = resolveImport(file, specifier);
      if (target) visit(target);
    }
  };
  entries.forEach(visit);
  return [...seen];
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * What the seeded template is made of: the migrations, the seed and every source file it imports (the domain rules
 * it seeds through, the schemas), the locked library versions, and the day — the seed dates its records from today
 * (in UTC and in Madrid), so a template from yesterday is not today's.
 */
export function templateKey(now = Date.now()): string {
  const files = [...importClosure(SEED_ENTRIES), ...filesUnder('migrations'), 'package-lock.json'].sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file))).update('\0');
  hash.update(`${new Date(now).toISOString().slice(0, 10)} ${madridToday(now)}`);
  return hash.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------- PGlite: a dump file

const cacheDir = path.join(root, 'node_modules/.cache/cobertores-template');
/** Kept besides the current one, for whoever switches back and forth between two states of the sources. */
const KEPT_DUMPS = 3;

export function cachedDump(key: string): string | undefined {
  const file = path.join(cacheDir, `${key}.tar`);
  if (!fs.existsSync(file)) return undefined;
  const now = new Date();
  fs.utimesSync(file, now, now);
  return file;
}

/** Keeps a dump under its key: written aside and renamed, so a half-written file is never read. */
export function keepDump(key: string, dump: Buffer) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = path.join(cacheDir, `${uniqueName(key)}.partial`);
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, path.join(cacheDir, `${key}.tar`));
  // Each run reads its own copy (global-setup.ts), so removing an older dump never pulls one from under a run.
  const older = fs.readdirSync(cacheDir).filter((name) => name.endsWith('.tar') && name !== `${key}.tar`)
    .map((name) => ({ file: path.join(cacheDir, name), used: fs.statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { file } of older.slice(KEPT_DUMPS)) fs.rmSync(file, { force: true });
  // A run that died writing leaves its partial file; an hour on, nobody is still writing it.
  for (const name of fs.readdirSync(cacheDir).filter((entry) => entry.endsWith('.partial'))) {
    const file = path.join(cacheDir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > 3_600_000) fs.rmSync(file, { force: true });
  }
}

// ---------------------------------------------------------------- PostgreSQL: a template database

const TEMPLATE_PREFIX = 'cob_tpl_';
/** A kept template unused this long is dropped: no run lasts as long, so none is cloning it. */
const UNUSED_TEMPLATE_MS = 3 * 3_600_000;

/** Notes the last use in the database's comment (read by dropStaleTemplates). */
const markUsed = (baseUrl: string, name: string) => adminQuery(baseUrl, `COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);

export const templateName = (key: string) => `${TEMPLATE_PREFIX}${key}`;

export async function templateExists(baseUrl: string, name: string): Promise<boolean> {
  const rows = await adminRows(baseUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (rows.length === 0) return false;
  await markUsed(baseUrl, name);
  return true;
}

/** A database to seed under a name of its own, not yet the template. */
export async function createTemplateBuild(baseUrl: string): Promise<string> {
  const name = uniqueName(`${TEMPLATE_PREFIX}build`);
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  await markUsed(baseUrl, name);
  return name;
}

/**
 * The seeded build becomes the template: renamed only once complete, so a run that died seeding leaves no template
 * to reuse; closed to connections, so no test writes to it (CREATE DATABASE … TEMPLATE still copies it). When
 * another run renamed its build first, that one is used.
 */
export async function promoteTemplate(baseUrl: string, build: string, name: string) {
  await adminQuery(baseUrl, `ALTER DATABASE ${build} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  try {
    await adminQuery(baseUrl, `ALTER DATABASE ${build} RENAME TO ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error;
    await dropDatabase(baseUrl, build);
  }
  await markUsed(baseUrl, name);
}

/** A template database cannot be dropped until it is one no more. */
export async function dropDatabase(baseUrl: string, name: string) {
  await adminQuery(baseUrl, `ALTER DATABASE ${name} IS_TEMPLATE false`);
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Drops the kept templates, and the builds of runs that died seeding, once unused for hours; a database of that name
 * without a date in its comment is not ours to judge.
 */
export async function dropStaleTemplates(baseUrl: string, keep: string) {
  const rows = await adminRows<{ datname: string; used: string | null }>(baseUrl,
    `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`);
  for (const { datname, used } of rows) {
    const usedAt = used ? Date.parse(used) : Number.NaN;
    if (datname !== keep && Date.now() - usedAt > UNUSED_TEMPLATE_MS) await dropDatabase(baseUrl, datname);
  }
}
