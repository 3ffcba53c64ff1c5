import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { defineResource } from '../src/shared/resource';
import { ACCESS } from '../src/shared/roles';
import { MAIL_STATUSES } from '../src/shared/mailTemplates';
import { table } from './table';

/**
 * The mail the product has sent or is sending (the outbox), for the office to see what left, what is
 * still trying and what could not be sent, and to send that again. Read-only: only the mail queue
 * (src/server/domain/mailQueue.ts) writes rows, and "Reintentar" is its own endpoint.
 */
export const mailOutbox = defineResource({
  name: 'mailOutbox',
  label: { one: 'Correo', many: 'Correos' },
  titleField: 'subject',
  defaultSort: { field: 'id', order: 'DESC' },
  search: ['recipient', 'subject'],
  access: { ...ACCESS.officeOnly, create: [], update: [], delete: [] },
  answer: (r) => ({
    locked_until: r.z.string().nullable().optional()
      .describe('Hasta cuándo lo retiene un envío en curso; no viene en las filas de una página'),
  }),
  fields: [
    { name: 'id', label: 'Id', type: 'integer' },
    { name: 'created_at', label: 'Fecha', type: 'datetime', list: true },
    { name: 'recipient', label: 'Para', type: 'text', list: true },
    { name: 'subject', label: 'Asunto', type: 'text', list: true },
    { name: 'status', label: 'Estado', type: 'select', list: true, filter: true, choices: [...MAIL_STATUSES] },
    { name: 'attempts', label: 'Intentos', type: 'integer', list: true },
    { name: 'sent_at', label: 'Enviado', type: 'datetime' },
    { name: 'next_attempt_at', label: 'Próximo intento', type: 'datetime' },
    { name: 'last_error', label: 'Último error', type: 'textarea' },
    // Never sent to the browser: it holds password-reset links and the attachments' bytes.
    { name: 'message', label: 'Mensaje', type: 'json', writeOnly: true },
  ],
  // A list row is what the list shows, not the message with its attachments.
  listRow: ['id', 'created_at', 'recipient', 'subject', 'status', 'attempts', 'sent_at', 'next_attempt_at', 'last_error'],
});

/**
 * Mail waiting to leave, and what left: written in the transaction of the change that causes it, sent
 * by the mail worker, which claims a row with a lease so that two instances never send it twice, and
 * retries with back-off while the mail server is down. The recipient and subject are copied out of the
 * message for the list.
 */
export const mail_outbox = table('mail_outbox', (t) => ({
  id: t.serial('id').primaryKey(),
  /** To, subject, text, html and attachments (base64) as the mailer takes them. */
  message: t.jsonb('message').notNull(),
  recipient: t.varchar('recipient', { length: 320 }).notNull().default(''),
  subject: t.varchar('subject', { length: 500 }).notNull().default(''),
  /** pending → sent, or failed after the last attempt. */
  status: t.varchar('status', { length: 10 }).notNull().default('pending'),
  attempts: t.integer('attempts').notNull().default(0),
  next_attempt_at: t.timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** A worker holds the row until then; past it, another may take it over. */
  locked_until: t.timestamp('locked_until', { withTimezone: true }),
  last_error: t.text('last_error'),
  sent_at: t.timestamp('sent_at', { withTimezone: true }),
  created_at: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}), (t) => [
  index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`status = 'pending'`),
  // The outbox page by state (failed, pending), newest first.
  index('mail_outbox_status_idx').on(t.status, t.id),
]);
