/**
 * Backup and restore, the same on PGlite and PostgreSQL: every table of the public schema as JSON
 * (read and written by the database itself: `json_agg` / `json_populate_recordset`, so types round-trip)
 * plus every file of the file store, in one gzipped JSON document. A restore goes into an empty,
 * migrated database, in one transaction, parents before children, and moves the id sequences on.
 */
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './db';
import type { FileStore } from './files/store';
import { rebuildSalesFigures } from './db/salesFigures';

export const BACKUP_FORMAT = 'cobertores-backup/1';
/** Tables the database derives from others by triggers: rebuilt on restore, not written twice. */
const DERIVED = new Set(['sales_summary', 'dashboard_counts']);

export interface Backup {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  /** The last migration applied: a backup restores into a database at the same migration. */
  migration: string;
  tables: Record<string, unknown[]>;
  files: Record<string, string>;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Tables of the public schema, parents before the tables that point to them. */
export async function tablesInOrder(db: Queryable): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).map((r) => r.name);
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

async function lastMigration(db: Db): Promise<string> {
  const [row] = rowsOf<{ hash: string }>(await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`));
  return row?.hash ?? '';
}

export async function createBackup(db: Db, files: FileStore): Promise<Buffer> {
  const backup: Backup = { format: BACKUP_FORMAT, created_at: new Date().toISOString(), migration: await lastMigration(db), tables: {}, files: {} };
  await db.transaction(async (tx) => {
    // One snapshot of every table.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const withId = new Set(rowsOf<{ name: string }>(await tx.execute(sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'id'`)).map((r) => r.name));
    for (const table of await tablesInOrder(tx)) {
      // Link tables (an announcement's clients, its reads) have no id of their own.
      const order = withId.has(table) ? sql`order by t.id` : sql``;
      const [row] = rowsOf<{ data: unknown[] }>(await tx.execute(sql`select coalesce(json_agg(t ${order}), '[]'::json) as data from ${sql.identifier(table)} t`));
      backup.tables[table] = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    }
  });
  for (const key of await files.list()) {
    const data = await files.get(key);
    if (data) backup.files[key] = data.toString('base64');
  }
  return zlib.gzipSync(Buffer.from(JSON.stringify(backup)));
}

export class RestoreError extends Error {}

/** Restores a backup into an empty database at the same migration; every row in one transaction. */
export async function restoreBackup(db: Db, files: FileStore, archive: Buffer, opts: { replace?: boolean } = {}) {
  let backup: Backup;
  try {
    backup = JSON.parse(zlib.gunzipSync(archive).toString('utf8'));
  } catch {
    throw new RestoreError('El fichero no es una copia de seguridad válida');
  }
  if (backup.format !== BACKUP_FORMAT) throw new RestoreError('El fichero no es una copia de seguridad de esta aplicación');
  if (backup.migration !== (await lastMigration(db))) throw new RestoreError('La copia es de otra versión de la base de datos: restáurela con la versión de la aplicación que la hizo');
  const order = await tablesInOrder(db);
  await db.transaction(async (tx) => {
    if (opts.replace) {
      await tx.execute(sql.raw(`truncate ${order.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    } else {
      for (const table of order) {
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
        if (row.n > 0) throw new RestoreError(`La base de datos no está vacía (tabla ${table}): use --replace para sustituir su contenido`);
      }
    }
    for (const table of order) {
      const rows = backup.tables[table] ?? [];
      if (!rows.length || DERIVED.has(table)) continue;
      await tx.execute(sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`);
      const [hasId] = rowsOf<{ seq: string | null }>(await tx.execute(sql`select pg_get_serial_sequence(${table}, 'id') as seq`));
      if (hasId?.seq) await tx.execute(sql`select setval(${hasId.seq}, (select max(id) from ${sql.identifier(table)}))`);
    }
    // The triggers counted the rows a second time as they arrived.
    await rebuildSalesFigures(tx);
  });
  for (const [key, data] of Object.entries(backup.files)) await files.put(key, Buffer.from(data, 'base64'));
  return { tables: Object.keys(backup.tables).length, rows: Object.values(backup.tables).reduce((n, rows) => n + rows.length, 0), files: Object.keys(backup.files).length };
}
