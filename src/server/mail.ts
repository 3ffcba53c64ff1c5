/** Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file to the outbox. */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}
export interface Mailer { send(message: MailMessage): Promise<void> }

export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  const outbox = createOutbox(opts.outboxDir, opts.from);
  if (!opts.smtpUrl) return outbox;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: opts.from, ...message });
      } catch (error) {
        // Nothing is lost: the message waits in the outbox for staff to resend it.
        await outbox.send(message).catch(() => undefined);
        throw error;
      }
    },
  };
}

/** Each message as an .eml file in a folder (the default without SMTP_URL, and the fallback when SMTP fails). */
function createOutbox(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
