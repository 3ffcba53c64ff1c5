/** The document library: categories, documents and the clients they are for. */
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../../../../schemas/client';
import { createdAt, updatedAt } from './columns';

/** Document library categories (the category dialog: name, order). */
export const document_categories = pgTable('document_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  position: integer('position').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Library documents: visibility 1 staff only, 2 all clients, 3 chosen clients (document_clients). */
export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  document_category_id: integer('document_category_id').notNull().references(() => document_categories.id),
  description: text('description'),
  file: text('file'),
  visibility: integer('visibility').notNull().default(1),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('documents_category_idx').on(t.document_category_id), index('documents_title_idx').on(t.title, t.id)]);

export const document_clients = pgTable('document_clients', {
  document_id: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('document_clients_key').on(t.document_id, t.client_id), index('document_clients_client_idx').on(t.client_id)]);
