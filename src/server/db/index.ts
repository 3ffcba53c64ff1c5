/**
 * Opens the database: embedded PGlite in `<dataDir>/db` by default, PostgreSQL when a URL is given.
 * Both run the same committed migrations through Drizzle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { Placeholder } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../config';
import * as tables from './tables';

export type Db = PgDatabase<PgQueryResultHKT, typeof tables>;
/** A transaction handle; domain functions take `Db | Tx` as "something to run queries on". */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A statement straight through the driver, without the ORM (the benchmark's baselines); PGlite gives dates as text. */
  query(text: string, params: unknown[]): Promise<unknown[]>;
  /**
   * Calls `onNotify` on every NOTIFY of `channel`, this process's own included, once the transaction
   * that sent it has committed; resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A statement the hot paths send on every request (the session lookup), built once per database and
 * sent as a named prepared statement: neither the ORM nor PostgreSQL plans it again.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** A value a statement is sent with, or its placeholder in a statement `preparedFor` prepares. */
export type Bound<T> = T | Placeholder;

/** The database itself rather than a transaction: prepared statements belong to it, not to a transaction's connection. */
export const isRootDb = (db: Queryable): db is Db => !(db instanceof PgTransaction);

/** `logger` sees every statement the ORM sends (the benchmark records an endpoint's SQL with it). */
export interface OpenOptions { logger?: Logger }

const migrationsFolder = path.join(projectRoot, 'migrations');

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrlFor(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function openPostgres(url: string, opts: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle connection closed by the server (restart, failover) must not crash the process: the pool
  // drops it and opens another on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL: conexión perdida (${error.message})`));
  // Nor one in use: the server ends an export's session that waits past its deadline (heldTransaction.ts)
  // while the connection is checked out, out of the pool's sight; the query on it then fails instead.
  pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL: conexión en uso cerrada (${error.message})`)));
  const db = drizzlePg(pool, { schema: tables, logger: opts.logger }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    query: async (text, params) => (await pool.query(text, params)).rows,
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

/** How long a dropped LISTEN connection waits before it is opened again: doubling up to half a minute. */
const RELISTEN_MS = { first: 250, max: 30_000 };

/**
 * LISTEN holds its connection for good: one of its own, outside the pool, named so that it can be told
 * apart in pg_stat_activity. When the server drops it (a restart, a failover, an administrator), it is
 * opened again after a pause, and the listener is woken once it listens again: what was notified in
 * between was lost, and a wake-up makes it look. The first connection's failure is the caller's to handle.
 */
export async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_MS.first;

  const open = async () => {
    const client = new pg.Client({ connectionString: url, application_name: `cobertores-listen:${channel}` });
    client.on('error', (error) => console.error(`PostgreSQL: conexión de avisos perdida (${error.message})`));
    client.on('notification', (message) => { if (message.channel === channel) onNotify(); });
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      if (!stopped) reopenLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await client.end());
    current = client;
    delay = RELISTEN_MS.first;
  };

  const reopenLater = () => {
    retry = setTimeout(() => {
      open().then(() => { if (!stopped) onNotify(); }, () => {
        delay = Math.min(delay * 2, RELISTEN_MS.max);
        if (!stopped) reopenLater();
      });
    }, delay);
    retry.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end();
  };
}

/**
 * The types drizzle reads as PGlite's raw text (it parses them itself): dates, timestamps, intervals
 * and their arrays, and numeric arrays.
 */
const RAW_TYPES = [pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, pgliteTypes.DATE, 1231, 1115, 1185, 1187, 1182];
const rawText = (value: string) => value;

/**
 * Drizzle asks for those raw types with a `parsers` option on every query, and PGlite merges that
 * into a fresh copy of its whole parser table (hundreds of array types) each time: about 0.2 ms a
 * statement. The client is given them once instead, and drizzle's queries reach it without the option
 * when it asks for nothing more.
 */
function withRawTypeParsers<T extends PGlite | PgliteTransaction>(client: T): T {
  const redundant = (parsers: Record<string, unknown>) => Object.keys(parsers).every((oid) => RAW_TYPES.includes(Number(oid)));
  // Built once per client, not on every property read: drizzle reads `query` for every statement.
  const query = (text: string, params?: unknown[], options?: { parsers?: Record<string, unknown> }) => {
    if (options?.parsers && redundant(options.parsers)) {
      const { parsers: _, ...rest } = options;
      return client.query(text, params, rest);
    }
    return client.query(text, params, options as never);
  };
  const transaction = 'transaction' in client
    ? <R>(run: (tx: PgliteTransaction) => Promise<R>) => client.transaction((tx) => run(withRawTypeParsers(tx)))
    : undefined;
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction' && transaction) return transaction;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Wraps an open PGlite instance (tests hand in one loaded from a template). */
export async function usePglite(client: PGlite, opts: OpenOptions & { onClose?: () => void } = {}): Promise<Database> {
  // After PGlite's start, which sets the array types' parsers (only `refreshArrayTypes` would again).
  for (const oid of RAW_TYPES) client.parsers[oid] = rawText;
  const db = drizzlePglite(withRawTypeParsers(client), { schema: tables, logger: opts.logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows,
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    async close() {
      await client.close();
      opts.onClose?.();
    },
  };
}

/**
 * PGlite is single-process: a lock file holding our pid keeps a second process off the same data dir.
 * A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // Beside the data dir, not inside it: initdb wants an empty folder.
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(
          `La base de datos de ${dir} ya está en uso por otro proceso (pid ${pid}). `
          + 'PGlite solo admite un proceso: pare el otro servidor o use DATABASE_URL con PostgreSQL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear ${lockPath}`);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(opts: OpenOptions & { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  const dbDir = path.join(opts.dataDir, 'db');
  const unlock = lockDataDir(dbDir);
  try {
    const client = await PGlite.create(dbDir);
    return await usePglite(client, { logger: opts.logger, onClose: unlock });
  } catch (error) {
    unlock();
    throw error;
  }
}
