/**
 * Backup and restore, the same on PGlite and PostgreSQL: every table of the public schema plus every
 * file of the file store, streamed table by table and row batch by row batch, so memory stays flat
 * whatever the size. A backup reads one consistent snapshot; a restore goes into an empty, migrated
 * database (or replaces its content), in one transaction, parents before children, moves the id
 * sequences on and rebuilds the figures the triggers keep.
 *
 * Format `cobertores-backup/2`: a gzip stream of UTF-8 lines.
 *
 *   {"format":"cobertores-backup/2","created_at":"…","migration":"<hash>","tables":{"orders":200000,…},"files":3}
 *   {"table":"orders","columns":["id","client_id",…]}       per table, parents first (derived tables left out)
 *   1\t25\t2026-11-25 10:00:00+00\t\N…                      its rows, exactly as `COPY … TO STDOUT` writes them
 *   \.                                                      COPY's own end of data (no row is this line: a
 *                                                           backslash in a value is written \\)
 *   {"rows":200000}                                         rows written, checked on restore
 *   {"file":"user/5f3a…-avatar.png","bytes":12345}          per stored file, one at a time
 *   iVBORw0KGgo…                                            its content in base64, lines of 48 KiB of data
 *   {"end":"cobertores-backup/2","tables":14,"rows":1256000,"files":3}
 *
 * The header's counts give a restore its progress; the last line tells a whole archive from a truncated
 * one (which restores nothing). Archives of format 1 (one gzipped JSON document, small by construction)
 * still restore, checked whole before anything is written.
 *
 * A restore is all or nothing, a crash included: it stores the archive's files under keys of its own
 * (STAGING) and writes, in the transaction of the rows, a journal row for each saying where it goes
 * (`restore_journal`). Nothing the rows name is touched before the commit; after it the files go in
 * place (`settleRestores`), and a restore killed before that is finished by the next start, which also
 * removes the staged files of a restore that never committed.
 */
import crypto from 'node:crypto';
import { Readable, pipeline as pipeStreams, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './db';
import { inCopySession } from './db/copy';
import { restore_journal } from './db/tables';
import { SAFE_KEY, type FileStore } from './files/store';
import { rebuildSalesFigures } from './db/salesFigures';
import { rebuildKeptMonths } from './domain/timeRecords';
import { formatInteger } from '../shared/format';

export const BACKUP_FORMAT = 'cobertores-backup/2';
const FORMAT_1 = 'cobertores-backup/1';
/** Tables the database derives from others by triggers: rebuilt on restore, not written. */
const DERIVED = new Set(['sales_summary', 'sales_by_year', 'dashboard_counts', 'production_counts', 'work_months']);
/** The restore's own bookkeeping (src/server/db/tables/restores.ts), no data of the app: never written nor restored. */
const JOURNAL = 'restore_journal';
/** The store's folder for a restore's files until its rows commit: no upload uses it, no backup reads it. */
const STAGING = 'restore-staging';
/**
 * Held by a restore's transaction and by whoever settles one: one restore at a time, and no start takes
 * the staged files of a restore under way for leftovers (across instances on PostgreSQL).
 */
const RESTORE_LOCK = sql`hashtextextended('restore', 0)`;
/** Bytes of a stored file per base64 line (64 KiB of text). */
const FILE_LINE_BYTES = 48 * 1024;
/** A first line longer than this is no header (format 1 documents are far smaller). */
const MAX_HEADER_BYTES = 256 * 1024 * 1024;
/**
 * Any other line longer than this is refused. The longest a backup writes is a row: an audit entry's
 * record before and after a change, each under the API's 2 MB body, escaped by COPY (at most twice
 * the text); a file's base64 lines are 64 KiB.
 */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

const INVALID = 'El fichero no es una copia de seguridad válida';
const NOT_OURS = 'El fichero no es una copia de seguridad de esta aplicación';
const DAMAGED = 'La copia está incompleta o dañada: no se ha restaurado nada';

export class RestoreError extends Error {}

/** A refusal naming what is wrong with the archive. */
const damaged = (what: string) => `La copia está incompleta o dañada (${what}): no se ha restaurado nada`;
const foreignTable = (table: unknown) => `La copia no corresponde a esta base de datos (tabla ${String(table)})`;

const rejectedRows = (table: string) => `La base de datos rechaza las filas de la tabla ${table} de la copia: no se ha restaurado nada`;

/** A key every store takes (the stores refuse others, in English). */
function checkFileKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !SAFE_KEY.test(key) || key.includes('..'))
    throw new RestoreError(`La copia contiene un fichero de nombre no válido (${String(key)}): no se ha restaurado nada`);
}

interface ArchiveHeader {
  format: string;
  created_at: string;
  /** The last migration applied: a backup restores into a database at the same migration. */
  migration: string;
  /** Rows of each table, in the order they follow. */
  tables: Record<string, number>;
  files: number;
}

/** What follows the header, one JSON line each: a table, its footer, a file, the end. */
interface ArchiveEntry {
  table?: string;
  columns?: string[];
  rows?: number;
  file?: string;
  bytes?: number;
  end?: string;
  tables?: number;
  files?: number;
}

export interface BackupSummary { tables: number; rows: number; files: number }

/**
 * Where a backup or restore is: `rows` of `tableRows` of the current table (`tableDone` once it is
 * all there), `rowsDone` of `rowsTotal` of the whole archive. Files come last, as the table 'ficheros'.
 */
export interface Progress { table: string; rows: number; tableRows: number; tableDone: boolean; rowsDone: number; rowsTotal: number }
export interface ProgressOptions { onProgress?: (progress: Progress) => void }

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Tables of the public schema (but the restore journal), parents before the tables that point to them. */
export async function tablesInOrder(db: Queryable): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${JOURNAL} order by table_name`,
    ),
  ).map((r) => r.name);
  const links = rowsOf<{ child: string; parent: string }>(await db.execute(sql`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`));
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const link of links.filter((l) => l.child === table && l.parent !== table)) visit(link.parent, [...path, table]);
    ordered.push(table);
  };
  tables.forEach((t) => visit(t));
  return ordered;
}

async function lastMigration(db: Queryable): Promise<string> {
  const [row] = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  return row?.hash ?? '';
}

/** The columns a backup writes for each table, in table order (generated columns are the database's own). */
async function columnsByTable(db: Queryable): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  for (const { table, column } of rowsOf<{ table: string; column: string }>(await db.execute(sql`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`))) {
    columns.set(table, [...(columns.get(table) ?? []), column]);
  }
  return columns;
}

const jsonLine = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);
const END_OF_COPY = Buffer.from('\\.\n');

function countLines(chunk: Buffer) {
  let lines = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

/** Writes a backup of the database and the file store to `output`, gzipped, from one snapshot. */
export async function writeBackup(db: Db, files: FileStore, output: Writable, opts: ProgressOptions = {}): Promise<BackupSummary> {
  // A restore's staged files are not the app's (yet, or any more).
  const keys = (await files.list()).filter((key) => !key.startsWith(`${STAGING}/`));
  return inCopySession(db, 'snapshot', async (session) => {
    const tables = (await tablesInOrder(session.db)).filter((table) => !DERIVED.has(table));
    const columns = await columnsByTable(session.db);
    const header: ArchiveHeader = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      migration: await lastMigration(session.db),
      tables: {},
      files: keys.length,
    };
    for (const table of tables) {
      const [row] = rowsOf<{ n: number }>(await session.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
      header.tables[table] = row.n;
    }
    const rowsTotal = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
    const summary: BackupSummary = { tables: 0, rows: 0, files: 0 };
    const report = (progress: Omit<Progress, 'rowsTotal'>) => opts.onProgress?.({ ...progress, rowsTotal });

    async function* archive(): AsyncGenerator<Buffer> {
      yield jsonLine(header);
      for (const table of tables) {
        const tableColumns = columns.get(table)!;
        yield jsonLine({ table, columns: tableColumns });
        let rows = 0;
        for await (const chunk of session.copyOut(table, tableColumns)) {
          rows += countLines(chunk);
          report({ table, rows, tableRows: header.tables[table], tableDone: false, rowsDone: summary.rows + rows });
          yield chunk;
        }
        yield END_OF_COPY;
        yield jsonLine({ rows });
        report({ table, rows, tableRows: header.tables[table], tableDone: true, rowsDone: summary.rows + rows });
        summary.tables++;
        summary.rows += rows;
      }
      for (const key of keys) {
        // Removed since the listing: nothing to keep.
        const data = await files.get(key);
        if (!data) continue;
        yield jsonLine({ file: key, bytes: data.length });
        for (let at = 0; at < data.length; at += FILE_LINE_BYTES)
          yield Buffer.from(`${data.subarray(at, at + FILE_LINE_BYTES).toString('base64')}\n`);
        summary.files++;
        report({ table: 'ficheros', rows: summary.files, tableRows: keys.length, tableDone: false, rowsDone: summary.rows });
      }
      if (keys.length) report({ table: 'ficheros', rows: summary.files, tableRows: keys.length, tableDone: true, rowsDone: summary.rows });
      yield jsonLine({ end: BACKUP_FORMAT, ...summary });
    }
    await pipeline(Readable.from(archive()), zlib.createGzip(), output);
    return summary;
  });
}

/**
 * Reads a gunzipped archive as lines and COPY sections, holding no more than a chunk and a line: each
 * chunk is scanned once, and a line that spans chunks is joined once, when its end arrives, so reading
 * stays linear whatever the length of a line. A damaged or truncated gzip stream throws DAMAGED; a line
 * longer than MAX_LINE_BYTES (the header: MAX_HEADER_BYTES) is refused before it is all read.
 */
class ArchiveReader {
  private pending: Buffer = Buffer.alloc(0);
  private ended = false;
  /** Lines read so far: the number of the last one. */
  private lineNumber = 0;
  private readonly gunzip: zlib.Gunzip;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(input: Readable) {
    this.gunzip = zlib.createGunzip({ chunkSize: 64 * 1024 });
    // The input's errors (an unreadable file) reach the gunzip stream, and so the reader.
    pipeStreams(input, this.gunzip, () => undefined);
    this.chunks = this.gunzip[Symbol.asyncIterator]();
  }

  close() {
    this.gunzip.destroy();
  }

  /** Takes the next chunk as what is pending (callers have used up the last); false at the end of the stream. */
  private async more(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch {
      throw new RestoreError(DAMAGED);
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.pending = next.value;
    return true;
  }

  private tooLong(): RestoreError {
    return new RestoreError(
      `La línea ${formatInteger(this.lineNumber + 1)} de la copia es demasiado larga `
      + `(más de ${MAX_LINE_BYTES / 1024 / 1024} MB): no se ha restaurado nada`,
    );
  }

  /**
   * The next line without its \n; the last one may have none (a format 1 document); null at the end.
   * Longer than `limit`: refused, as too long, or (the header) as no archive at all.
   */
  async line(limit = MAX_LINE_BYTES): Promise<string | null> {
    const parts: Buffer[] = [];
    let length = 0;
    for (;;) {
      const end = this.pending.indexOf(10);
      if (end >= 0) {
        if (length + end > limit) throw limit === MAX_HEADER_BYTES ? new RestoreError(INVALID) : this.tooLong();
        parts.push(this.pending.subarray(0, end));
        this.pending = this.pending.subarray(end + 1);
        this.lineNumber++;
        return Buffer.concat(parts).toString('utf8');
      }
      parts.push(this.pending);
      length += this.pending.length;
      this.pending = Buffer.alloc(0);
      if (length > limit) throw limit === MAX_HEADER_BYTES ? new RestoreError(INVALID) : this.tooLong();
      if (!(await this.more())) {
        if (!length) return null;
        this.lineNumber++;
        return Buffer.concat(parts).toString('utf8');
      }
    }
  }

  /** The next line as an entry: the end of the stream or anything but JSON is a damaged archive. */
  async entry(): Promise<ArchiveEntry> {
    const line = await this.line();
    try {
      const entry = JSON.parse(line ?? '');
      if (entry && typeof entry === 'object') return entry;
    } catch { /* below */ }
    throw new RestoreError(DAMAGED);
  }

  /** A table's rows, in chunks of whole lines, up to COPY's end-of-data line (consumed). */
  async* copyRows(): AsyncGenerator<Buffer> {
    // The start of a line that has not ended yet, one part per chunk.
    let partial: Buffer[] = [];
    let partialLength = 0;
    for (;;) {
      if (partialLength) {
        const end = this.pending.indexOf(10);
        if (end < 0) {
          partial.push(this.pending);
          partialLength += this.pending.length;
          this.pending = Buffer.alloc(0);
          if (partialLength > MAX_LINE_BYTES) throw this.tooLong();
          if (!(await this.more())) throw new RestoreError(DAMAGED);
          continue;
        }
        if (partialLength + end > MAX_LINE_BYTES) throw this.tooLong();
        const line = Buffer.concat([...partial, this.pending.subarray(0, end + 1)]);
        this.pending = this.pending.subarray(end + 1);
        partial = [];
        partialLength = 0;
        this.lineNumber++;
        if (line.equals(END_OF_COPY)) return;
        yield line;
        continue;
      }
      // `pending` starts a line here: the end is `\.` at its start or after a \n.
      let end = this.pending.indexOf(END_OF_COPY);
      while (end > 0 && this.pending[end - 1] !== 10) end = this.pending.indexOf(END_OF_COPY, end + 1);
      if (end >= 0) {
        const rows = this.pending.subarray(0, end);
        this.pending = this.pending.subarray(end + END_OF_COPY.length);
        this.lineNumber += countLines(rows) + 1;
        if (end) yield rows;
        return;
      }
      const lastLine = this.pending.lastIndexOf(10) + 1;
      const rows = this.pending.subarray(0, lastLine);
      partial = lastLine < this.pending.length ? [this.pending.subarray(lastLine)] : [];
      partialLength = this.pending.length - lastLine;
      this.pending = Buffer.alloc(0);
      if (lastLine) {
        this.lineNumber += countLines(rows);
        yield rows;
      }
      if (partialLength > MAX_LINE_BYTES) throw this.tooLong();
      if (!(await this.more())) throw new RestoreError(DAMAGED);
    }
  }

  /** A stored file's content: base64 lines up to `bytes`. */
  async file(bytes: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let length = 0;
    while (length < bytes) {
      const line = await this.line();
      if (line === null) throw new RestoreError(DAMAGED);
      const part = Buffer.from(line, 'base64');
      parts.push(part);
      length += part.length;
    }
    if (length !== bytes) throw new RestoreError(DAMAGED);
    return Buffer.concat(parts);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Restores a backup into an empty database at the same migration (or, with `replace`, instead of what it holds); every row in one
 * transaction, and the files with it (see the top of this file). What earlier restores left is settled first.
 */
export async function restoreBackup(
  db: Db,
  files: FileStore,
  input: Readable,
  opts: ProgressOptions & { replace?: boolean } = {},
): Promise<BackupSummary> {
  await settleRestores(db, files);
  const archive = new ArchiveReader(input);
  try {
    let header: unknown;
    try {
      header = JSON.parse((await archive.line(MAX_HEADER_BYTES)) ?? '');
    } catch {
      throw new RestoreError(INVALID);
    }
    if (!isRecord(header)) throw new RestoreError(INVALID);
    if (header.format === FORMAT_1) return await restoreFormat1(db, files, header, opts);
    if (header.format !== BACKUP_FORMAT) throw new RestoreError(NOT_OURS);
    // The counts give the progress: checked here, so that no wrong type shows as an English error later.
    if (!isRecord(header.tables) || !Object.values(header.tables).every(isCount) || !isCount(header.files))
      throw new RestoreError(damaged('su cabecera no trae las cuentas de tablas y ficheros'));
    await checkMigration(db, header.migration);
    return await restoreTables(db, files, header as unknown as ArchiveHeader, archive, opts);
  } finally {
    archive.close();
  }
}

async function checkMigration(db: Queryable, migration: unknown) {
  if (migration !== (await lastMigration(db)))
    throw new RestoreError('La copia es de otra versión de la base de datos: restáurela con la versión de la aplicación que la hizo');
}

/** Empties every table for `replace`; otherwise refuses a database that holds any row. */
async function emptyOrRefuse(tx: Queryable, order: string[], replace = false) {
  if (replace) {
    await tx.execute(sql.raw(`truncate ${order.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    return;
  }
  for (const table of order) {
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
    if (row.n > 0) throw new RestoreError(`La base de datos no está vacía (tabla ${table}): use --replace para sustituir su contenido`);
  }
}

/** The table's id sequence past its largest id: a new row takes the next one, not one already used. */
async function moveSequenceOn(tx: Queryable, table: string) {
  const [row] = rowsOf<{ seq: string | null }>(await tx.execute(sql`select pg_get_serial_sequence(${table}, 'id') as seq`));
  if (row?.seq) await tx.execute(sql`select setval(${row.seq}, (select max(id) from ${sql.identifier(table)}))`);
}

/** Switches the triggers of ours (not the foreign keys' own) of every table on or off, in the transaction. */
async function setUserTriggers(tx: Queryable, tables: string[], on: boolean) {
  for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table)} ${on ? sql`enable` : sql`disable`} trigger user`);
}

/**
 * The archive's files as a restore stores them: under keys of its own in STAGING, each with its journal
 * row in the restore's transaction. Until that commits nothing the rows name has changed; if it fails,
 * `discard` removes them (what it cannot, the next start does).
 */
function stagingArea(files: FileStore) {
  const restore = crypto.randomBytes(8).toString('hex');
  const stagedAs = new Map<string, string>();
  return {
    async put(tx: Queryable, key: unknown, data: Buffer) {
      checkFileKey(key);
      // A key that comes twice: the last bytes win, as they would in place.
      const known = stagedAs.get(key);
      const staged = known ?? `${STAGING}/${restore}-${stagedAs.size + 1}`;
      stagedAs.set(key, staged);
      try {
        await files.put(staged, data);
      } catch (error) {
        throw new RestoreError(
          `No se ha podido guardar el fichero ${key} de la copia en el almacén (${(error as Error).message}): no se ha restaurado nada`,
          { cause: error },
        );
      }
      if (!known) await tx.insert(restore_journal).values({ staged, key });
    },
    async discard() {
      for (const staged of stagedAs.values()) await files.remove(staged).catch(() => undefined);
    },
  };
}

/** One restore (or settling) at a time: waits for the one under way. */
const holdRestoreLock = (tx: Queryable) => tx.execute(sql`select pg_advisory_xact_lock(${RESTORE_LOCK})`);

/**
 * Finishes what restores left: puts the files of a committed restore in place (its journal rows), then
 * removes every other staged file (a restore that never committed). Each start runs it, server and
 * restore alike, before anything reads a file, and each restore after its commit (`wait`: after a start
 * that is settling it too). A restore under way holds the lock and settles its own: a start leaves it be.
 * Putting a file in place is a copy, then the staged one's removal, so a run stopped halfway is taken up
 * again by the next: a staged file already gone was already in place.
 */
export async function settleRestores(db: Db, files: FileStore, opts: { wait?: boolean } = {}): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (opts.wait) await holdRestoreLock(tx);
      else {
        const [row] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${RESTORE_LOCK}) as locked`));
        if (!row.locked) return;
      }
      for (const { staged, key } of await tx.select().from(restore_journal)) {
        const data = await files.get(staged);
        if (!data) continue;
        await files.put(key, data);
        await files.remove(staged);
      }
      await tx.delete(restore_journal);
      for (const staged of await files.list(STAGING)) await files.remove(staged);
    });
  } catch (error) {
    throw new RestoreError(
      `No se han podido poner en su sitio los ficheros de la última restauración (${(error as Error).message}): `
      + 'se pondrán la próxima vez que arranque el servidor o una restauración',
      { cause: error },
    );
  }
}

async function restoreTables(
  db: Db,
  files: FileStore,
  header: ArchiveHeader,
  archive: ArchiveReader,
  opts: ProgressOptions & { replace?: boolean },
): Promise<BackupSummary> {
  const order = await tablesInOrder(db);
  const rowsTotal = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0 };
  const report = (progress: Omit<Progress, 'rowsTotal'>) => opts.onProgress?.({ ...progress, rowsTotal });
  const staging = stagingArea(files);
  try {
    await inCopySession(db, 'write', async (session) => {
      await holdRestoreLock(session.db);
      await emptyOrRefuse(session.db, order, opts.replace);
      // The triggers only keep derived figures (rebuilt below, once) and stamp accepted budgets (a
      // restore keeps the stamps it carries): off while the rows arrive, back on before the commit.
      // A rollback undoes both.
      await setUserTriggers(session.db, order, false);
      for (;;) {
        const entry = await archive.entry();
        if (entry.table !== undefined && entry.columns !== undefined) {
          const { table, columns } = entry;
          if (!order.includes(table) || DERIVED.has(table)) throw new RestoreError(foreignTable(table));
          if (!Array.isArray(columns) || !columns.every((column) => typeof column === 'string'))
            throw new RestoreError(damaged(`las columnas de la tabla ${table} no son una lista de nombres`));
          const tableRows = header.tables[table] ?? 0;
          let rows = 0;
          await session
            .copyIn(
              table,
              columns,
              (async function* counted() {
                for await (const chunk of archive.copyRows()) {
                  rows += countLines(chunk);
                  report({ table, rows, tableRows, tableDone: false, rowsDone: summary.rows + rows });
                  yield chunk;
                }
              })(),
            )
            .catch((error: unknown) => {
              // The database's own words (a column missing, a value of the wrong type, a broken reference) are in English: kept as the
              // cause.
              throw error instanceof RestoreError ? error : new RestoreError(rejectedRows(table), { cause: error });
            });
          if ((await archive.entry()).rows !== rows) throw new RestoreError(DAMAGED);
          if (rows && columns.includes('id')) await moveSequenceOn(session.db, table);
          report({ table, rows, tableRows, tableDone: true, rowsDone: summary.rows + rows });
          summary.tables++;
          summary.rows += rows;
        } else if (entry.file !== undefined && entry.bytes !== undefined) {
          checkFileKey(entry.file);
          if (!isCount(entry.bytes)) throw new RestoreError(DAMAGED);
          await staging.put(session.db, entry.file, await archive.file(entry.bytes));
          summary.files++;
          report({ table: 'ficheros', rows: summary.files, tableRows: header.files, tableDone: false, rowsDone: summary.rows });
        } else if (entry.end === BACKUP_FORMAT) {
          if (summary.files)
            report({ table: 'ficheros', rows: summary.files, tableRows: header.files, tableDone: true, rowsDone: summary.rows });
          // Everything the backup wrote has arrived: only now is it committed.
          if (entry.tables !== summary.tables || entry.rows !== summary.rows || entry.files !== summary.files)
            throw new RestoreError(DAMAGED);
          break;
        } else {
          throw new RestoreError(DAMAGED);
        }
      }
      await setUserTriggers(session.db, order, true);
      await rebuildSalesFigures(session.db);
      await rebuildKeptMonths(session.db);
    });
  } catch (error) {
    await staging.discard();
    throw error;
  }
  await settleRestores(db, files, { wait: true });
  return summary;
}

/** Format 1: one JSON document, each table as the database wrote it with `json_agg`, files in base64. */
interface BackupFormat1 {
  format: typeof FORMAT_1;
  migration: string;
  tables: Record<string, Array<Record<string, unknown>>>;
  files: Record<string, string>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A format 1 document, checked whole before anything is written: its tables (each one of this schema,
 * its rows records) and its files (good keys, base64 content). A refusal says what is wrong, in Spanish.
 */
function checkFormat1(backup: Record<string, unknown>, order: string[]): BackupFormat1 {
  const { tables, files } = backup;
  if (!isRecord(tables)) throw new RestoreError(damaged('no trae la lista de tablas'));
  if (!isRecord(files)) throw new RestoreError(damaged('no trae la lista de ficheros'));
  for (const [table, rows] of Object.entries(tables)) {
    if (!order.includes(table)) throw new RestoreError(foreignTable(table));
    if (!Array.isArray(rows) || !rows.every(isRecord)) throw new RestoreError(damaged(`las filas de la tabla ${table} no son registros`));
  }
  for (const [key, data] of Object.entries(files)) {
    checkFileKey(key);
    if (typeof data !== 'string' || !BASE64.test(data)) throw new RestoreError(damaged(`el contenido del fichero ${key} no es base64`));
  }
  return backup as unknown as BackupFormat1;
}

async function restoreFormat1(
  db: Db,
  files: FileStore,
  document: Record<string, unknown>,
  opts: { replace?: boolean },
): Promise<BackupSummary> {
  const order = await tablesInOrder(db);
  const backup = checkFormat1(document, order);
  await checkMigration(db, backup.migration);
  const staging = stagingArea(files);
  try {
    await db.transaction(async (tx) => {
      await holdRestoreLock(tx);
      await emptyOrRefuse(tx, order, opts.replace);
      for (const table of order) {
        const rows = Object.hasOwn(backup.tables, table) ? backup.tables[table] : [];
        if (!rows.length || DERIVED.has(table)) continue;
        await tx
          .execute(
            sql`insert into ${sql.identifier(table)}
              select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
          )
          .catch((error: unknown) => {
            throw new RestoreError(rejectedRows(table), { cause: error });
          });
        if ('id' in rows[0]) await moveSequenceOn(tx, table);
      }
      await rebuildSalesFigures(tx);
      await rebuildKeptMonths(tx);
      for (const [key, data] of Object.entries(backup.files)) await staging.put(tx, key, Buffer.from(data, 'base64'));
    });
  } catch (error) {
    await staging.discard();
    throw error;
  }
  await settleRestores(db, files, { wait: true });
  return {
    tables: Object.keys(backup.tables).length,
    rows: Object.values(backup.tables).reduce((n, rows) => n + rows.length, 0),
    files: Object.keys(backup.files).length,
  };
}

/**
 * Progress for the command line, on stderr, with the share of all the archive's rows: a line per
 * finished table; the current table rewritten in place 4 times a second on a terminal, a line every
 * 10 s in a log.
 */
export function progressOnTerminal(stream: NodeJS.WriteStream = process.stderr): (progress: Progress) => void {
  let shownAt = Date.now();
  const every = stream.isTTY ? 250 : 10_000;
  return (p) => {
    const now = Date.now();
    if (!p.tableDone && now - shownAt < every) return;
    shownAt = now;
    const share = p.rowsTotal ? Math.min(100, Math.floor((p.rowsDone / p.rowsTotal) * 100)) : 100;
    const unit = p.table === 'ficheros' ? 'ficheros' : 'filas';
    const line = `${p.table}: ${formatInteger(p.rows)} de ${formatInteger(p.tableRows)} ${unit} · total ${share} %`;
    stream.write(stream.isTTY ? `\r\x1b[K${line}${p.tableDone ? '\n' : ''}` : `${line}\n`);
  };
}
