/**
 * A restore's journal of files (src/server/backup.ts): the archive's files are first stored under keys
 * of their own, and each row, written in the restore's transaction, says where one of them goes. The
 * rows commit with the restored rows or not at all: rows left at a start are a committed restore whose
 * files had not all been put in place yet, and that start puts them there. Not data of the app: no
 * backup carries it.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';

export const restore_journal = pgTable('restore_journal', {
  /** Where the restore stored the file meanwhile. */
  staged: text('staged').primaryKey(),
  /** The file's own key, the one the restored rows name. */
  key: text('key').notNull(),
});
