import type { Config } from './config';
import type { Db } from './db';
import type { SessionPolicy } from './domain/auth';
import type { FileStore } from './files/store';
import type { Mailer } from './mail';

/** What routes and domain modules need from the running app. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  mailer: Mailer;
  files: FileStore;
  sessionPolicy: SessionPolicy;
}
