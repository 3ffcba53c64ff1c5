/**
 * The mail transport: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file to
 * the outbox folder. Nothing but the mail worker (domain/mailQueue.ts) sends through it: the rest of
 * the app queues its mail, and the worker retries what the transport fails to send.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}
export interface Mailer {
  /**
   * Sends one message. `key` names it for good (the queue row's): its Message-ID is made from it, the
   * same at every attempt, so a receiver drops a second copy should one ever leave twice.
   */
  send(message: MailMessage, key: string): Promise<void>;
}

/**
 * Bounds on one SMTP conversation, well inside the worker's lease (a send that outlived its lease could
 * be taken over and sent again by another worker). Nodemailer's defaults wait up to 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (!opts.smtpUrl) return createOutboxFolder(opts.outboxDir, opts.from);
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message, key) {
      await transport.sendMail({ from: opts.from, messageId: messageId(key, opts.from), ...message });
    },
  };
}

/** Each message as an .eml file in a folder (the default without SMTP_URL). */
function createOutboxFolder(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, key) {
      const info = await transport.sendMail({ from, messageId: messageId(key, from), ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${key}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}

/** `<key@domain of the sender>`: "correo-42-…" from "Cobertores <no-responder@cobertores.local>" → `<correo-42-…@cobertores.local>`. */
function messageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}
