/** The bulletin board: announcements, the clients they are for, and who read them. */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Bulletin board: audience 1 all clients, 2 chosen clients (announcement_clients), 3 staff only. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  body: text('body').notNull(),
  audience: integer('audience').notNull().default(1),
  pinned: boolean('pinned').notNull().default(false),
  visible_from: timestamp('visible_from', { withTimezone: true }),
  visible_until: timestamp('visible_until', { withTimezone: true }),
  attachment: text('attachment'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  // The board's order (pinned first, then newest) and the staff list's (newest first): each page read from
  // its index in order, not sorted from every announcement (issue 46 §3).
  index('announcements_listing_idx').on(t.pinned, t.created_at),
  index('announcements_newest_idx').on(t.created_at, t.id),
]);

export const announcement_clients = pgTable(
  'announcement_clients',
  {
    announcement_id: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('announcement_clients_key').on(t.announcement_id, t.client_id),
    index('announcement_clients_client_idx').on(t.client_id),
  ],
);

/** Who opened an announcement, and when. */
export const announcement_reads = pgTable('announcement_reads', {
  announcement_id: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('announcement_reads_key').on(t.announcement_id, t.user_id), index('announcement_reads_user_idx').on(t.user_id)]);
