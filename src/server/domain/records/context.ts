/** What every engine function is given: the database, who asks, the file store, the resource's hooks. */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FormMode } from '../../../shared/resource';
import type { Db, Queryable, Tx } from '../../db';
import type { Binder } from './binding';
import type { FileStore } from '../../files/store';
import type { SessionUser } from '../sessionUser';
import type { Notifier } from '../mailNotices';

export type Row = Record<string, unknown>;

/** What a write's hook adds to the record's audit row, before and after (values not kept in its own columns). */
export interface AuditNote { before?: Row; after?: Row }

/** Per-resource server behaviour beyond the declaration (hashing, derived columns, extra checks). */
export interface ResourceHooks {
  /** Turns validated form values into column values. */
  beforeWrite?(args: { ctx: RecordContext; tx: Tx; data: Row; mode: FormMode; existing?: Row }): Promise<Row> | Row;
  /**
   * Runs in the write's transaction; `data` is the validated input (with non-column values such as child
   * rows). What it returns joins the record's audit row (related rows it wrote, e.g. chosen clients).
   */
  afterWrite?(args: {
    ctx: RecordContext;
    tx: Tx;
    mode: FormMode | 'delete';
    before?: Row;
    after?: Row;
    data?: Row;
  }): Promise<AuditNote | void> | AuditNote | void;
  /** Values from other tables every list row carries (a budget's client name), read in the page's own statement. */
  listColumns?: Record<string, SQL>;
  /** Shapes a list row from what `listColumns` read (e.g. an order's total from its lines' cents). */
  listRow?(row: Row): Row;
  /** Adds related rows to API records (e.g. a reel's sizes), for every read and write answer; `user` is who reads. */
  expand?(db: Queryable, records: Row[], user?: SessionUser): Promise<Row[]>;
  /**
   * What `expand` adds, read for a list page in the page's own statement (correlated subqueries, one round
   * trip) instead of in statements after it. `variant` names the columns' structure (the page's statement is
   * prepared once per variant: who reads may change the columns, e.g. chosen clients for staff only); values
   * go through `binder` (the reader's id) on every call; `columns` builds the SQL only when the statement is
   * (once per variant: building it on every request cost a list tens of µs). `shape` turns a listed row, as
   * `toApi` left it, into the record `expand` would have made.
   */
  listRelated?(user: SessionUser, binder: Binder): { variant: string; columns(): Record<string, SQL>; shape(row: Row): Row };
  beforeDelete?(args: { ctx: RecordContext; tx: Tx; existing: Row }): Promise<void> | void;
  /**
   * Unique index name → the field and message to show, for keys a field's own `unique` message cannot
   * name (several columns, a child table's).
   */
  uniqueErrors?: Record<string, { field: string; message: string }>;
  /** Filter keys that are not columns (e.g. an article's category), as SQL conditions. */
  filters?: Record<string, (value: unknown) => SQL>;
  /**
   * Extra row filter for non-admins, beyond `clientScope`. Its values go through `binder`: a list's statement
   * is prepared once per structure, so a value written into the SQL itself would be read for every member.
   */
  scope?(user: SessionUser, binder: Binder): SQL | undefined;
  /** Rows whose files a user may fetch even without the right to read the resource (one's own avatar). */
  ownFiles?(user: SessionUser, table: PgTable): SQL;
}

export interface RecordContext {
  db: Db;
  user: SessionUser;
  files: FileStore;
  fileSecret: string;
  hooks?: ResourceHooks;
  /** Queues the mail notices a write triggers (absent: none are sent). */
  notifier?: Notifier;
}
