import type { Config } from './config';
import type { Database, Db } from './db';
import type { SessionPolicy } from './domain/auth';
import type { FileStore } from './files/store';
import type { Mailer } from './mail';
import type { SharedState } from './sharedState';

/** What routes and domain modules need from the running app. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  /** The mail transport; only the mail worker sends through it (the app queues mail: domain/mailQueue.ts). */
  mailer: Mailer;
  files: FileStore;
  sessionPolicy: SessionPolicy;
  /** Redis, when several instances share rate limits and settings signals (REDIS_URL). */
  shared?: SharedState;
  /** The database's LISTEN (the production board's live updates); without it the board is read on demand only. */
  listen?: Database['listen'];
}
