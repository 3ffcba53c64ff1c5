/**
 * One connection in one transaction that streams rows out and in as PostgreSQL's COPY text format
 * (one row a line, exactly what `COPY … TO STDOUT` writes), the same on both databases:
 *   - PostgreSQL: a connection of its own from the pool, `COPY … TO STDOUT` / `COPY … FROM STDIN`
 *     through pg-copy-streams;
 *   - PGlite, which has no COPY streaming: keyset batches of rows by `id` through its `/dev/blob`
 *     device (`COPY (select …) TO '/dev/blob'`, `COPY … FROM '/dev/blob'` with the `blob` option).
 * Backups and restores run on it (src/server/backup.ts).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tables from './tables';
import type { Db, Queryable } from './index';

export interface CopySession {
  /** The ORM on this session's connection, inside its transaction. */
  db: Queryable;
  /** Every row of `table`, these columns, as COPY text: chunks of whole lines. */
  copyOut(table: string, columns: string[]): AsyncIterable<Buffer>;
  /** Writes COPY text (chunks of whole lines) into `table`, these columns. */
  copyIn(table: string, columns: string[], rows: AsyncIterable<Buffer>): Promise<void>;
}

/** `snapshot`: read only, every table from one consistent snapshot (a backup); `write`: a restore. */
export type SessionMode = 'snapshot' | 'write';

/** Rows a PGlite batch reads by `id`: small enough to keep memory flat, big enough to cost few statements. */
const PGLITE_BATCH_ROWS = 10_000;
/** Bytes of COPY text a PGlite restore hands the database at once. */
const PGLITE_BATCH_BYTES = 4 * 1024 * 1024;

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;
const copyTarget = (table: string, columns: string[]) => `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')})`;

/** Runs `run` on one connection in one transaction: committed if it returns, rolled back if it throws. */
export async function inCopySession<T>(db: Db, mode: SessionMode, run: (session: CopySession) => Promise<T>): Promise<T> {
  // The driver under the ORM: the pool, or the PGlite instance (wrapped by usePglite, still a PGlite).
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  return client instanceof PGlite ? pgliteSession(client, mode, run) : postgresSession(client, mode, run);
}

async function postgresSession<T>(pool: pg.Pool, mode: SessionMode, run: (session: CopySession) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query(mode === 'snapshot' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    const result = await run({
      db: drizzlePg(client, { schema: tables }) as unknown as Db,
      async* copyOut(table, columns) {
        yield* client.query(copyTo(`COPY ${copyTarget(table, columns)} TO STDOUT`));
      },
      async copyIn(table, columns, rows) {
        await pipeline(Readable.from(rows), client.query(copyFrom(`COPY ${copyTarget(table, columns)} FROM STDIN`)));
      },
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // A connection that failed (perhaps in the middle of a COPY) is closed, not handed to the next query.
    client.release(failed);
  }
}

async function pgliteSession<T>(client: PGlite, mode: SessionMode, run: (session: CopySession) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) => {
    if (mode === 'snapshot') await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return run({
      // The transaction holds PGlite's only connection: the ORM must go through it, not the instance.
      db: drizzlePglite(tx as unknown as PGlite, { schema: tables }) as unknown as Db,
      copyOut: (table, columns) => pgliteCopyOut(tx, table, columns),
      copyIn: (table, columns, rows) => pgliteCopyIn(tx, table, columns, rows),
    });
  });
}

async function* pgliteCopyOut(tx: PgliteTransaction, table: string, columns: string[]): AsyncGenerator<Buffer> {
  const select = `select ${columns.map(quoteIdentifier).join(', ')} from ${quoteIdentifier(table)}`;
  const copied = async (where: string[]) => {
    const result = await tx.query(`COPY (${select}${where.length ? ` where ${where.join(' and ')}` : ''}) TO '/dev/blob'`);
    return Buffer.from(await (result.blob ?? new Blob()).arrayBuffer());
  };
  // Link tables (an announcement's clients, its reads) have no id and stay small: one batch.
  if (!columns.includes('id')) {
    yield await copied([]);
    return;
  }
  let after: string | undefined;
  for (;;) {
    const from = after === undefined ? [] : [`id > ${quoteLiteral(after)}`];
    // The batch's last id, found on the primary key's index; none when fewer rows are left.
    const bound = (
      await tx.query<{ id: string }>(
        `select id::text as id from ${quoteIdentifier(table)}${from.length ? ` where ${from[0]}` : ''} `
        + `order by id offset ${PGLITE_BATCH_ROWS - 1} limit 1`,
      )
    ).rows[0];
    yield await copied(bound ? [...from, `id <= ${quoteLiteral(bound.id)}`] : from);
    if (!bound) return;
    after = bound.id;
  }
}

async function pgliteCopyIn(tx: PgliteTransaction, table: string, columns: string[], rows: AsyncIterable<Buffer>) {
  const statement = `COPY ${copyTarget(table, columns)} FROM '/dev/blob'`;
  let batch: Buffer[] = [];
  let bytes = 0;
  const flush = async () => {
    if (bytes) await tx.query(statement, [], { blob: new Blob([Buffer.concat(batch, bytes)]) });
    batch = [];
    bytes = 0;
  };
  for await (const chunk of rows) {
    batch.push(chunk);
    bytes += chunk.length;
    if (bytes >= PGLITE_BATCH_BYTES) await flush();
  }
  await flush();
}
