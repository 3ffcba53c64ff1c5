/**
 * Mail through a durable queue, the `mail_outbox` table. Every mail is queued in the transaction of the
 * change that causes it (it leaves if and only if that change commits) and a worker sends it:
 *
 * - it claims due rows atomically with a lease (`for update skip locked`), so two workers — two
 *   instances on one PostgreSQL — never hold the same row; the rows of a worker that died are taken
 *   over once its lease runs out;
 * - a row is marked `sent` as soon as the transport has taken it; a failed attempt is retried with
 *   exponential back-off (the base doubling, at most an hour apart), and after the last one the row is
 *   `failed` and the error logged;
 * - each message has a Message-ID made from its row, the same at every attempt: should a worker die
 *   between the mail server's "250 OK" and marking the row (the one window for a second copy), the
 *   receiver drops the copy;
 * - it looks for due rows every few seconds, and at once when a queueing transaction commits (a NOTIFY
 *   sent with the row; on PostgreSQL every instance hears it).
 *
 * One code path on PGlite and PostgreSQL (no job library: it would be PostgreSQL's only).
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Db, Queryable, Tx } from '../db';
import { mail_outbox } from '../db/tables';
import type { MailMessage, Mailer } from '../mail';
import { MailTemplateMsg } from '../../shared/messages';
import { notFound, parseRowId, warning } from '../errors';
import { writeAudit } from './audit';

/** The NOTIFY channel a queueing transaction wakes the workers with. */
const CHANNEL = 'mail_outbox';

/** A message as the jsonb column holds it: the attachments' bytes in base64. */
type StoredMail = Omit<MailMessage, 'attachments'> & { attachments?: Array<{ filename: string; contentType: string; content: string }> };

type OutboxRow = typeof mail_outbox.$inferSelect;

/** Queues a mail in `tx`, the transaction of the change that causes it; returns its row's id. */
export async function queueMail(tx: Tx, message: MailMessage): Promise<number> {
  const stored: StoredMail = {
    ...message,
    attachments: message.attachments?.map((a) => ({ ...a, content: a.content.toString('base64') })),
  };
  const listed = { recipient: message.to.slice(0, 320), subject: message.subject.slice(0, 500) };
  const [row] = await tx.insert(mail_outbox).values({ message: stored, ...listed }).returning({ id: mail_outbox.id });
  // Delivered when the transaction commits, not before: a woken worker finds the row.
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
  return row.id;
}

/**
 * Takes up to `limit` due rows for `leaseSeconds`, counting the attempt. Rows another worker holds
 * (locked by its claim, or leased) are skipped, never waited for.
 */
export async function claimDueMail(db: Queryable, { leaseSeconds, limit }: { leaseSeconds: number; limit: number }): Promise<OutboxRow[]> {
  const due = db.select({ id: mail_outbox.id }).from(mail_outbox)
    .where(and(
      eq(mail_outbox.status, 'pending'),
      lte(mail_outbox.next_attempt_at, sql`now()`),
      or(isNull(mail_outbox.locked_until), lt(mail_outbox.locked_until, sql`now()`)),
    ))
    .orderBy(asc(mail_outbox.id)).limit(limit).for('update', { skipLocked: true });
  const claimed = await db.update(mail_outbox)
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${mail_outbox.attempts} + 1` })
    .where(inArray(mail_outbox.id, due))
    .returning();
  // Oldest first: `returning` keeps no order.
  return claimed.sort((a, b) => a.id - b.id);
}

/** The longest wait between two attempts. */
const MAX_RETRY_SECONDS = 3600;

/** Seconds before the next attempt after `attempts` failed ones: the base, doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number, baseSeconds: number) => Math.min(baseSeconds * 2 ** (attempts - 1), MAX_RETRY_SECONDS);

/** What the worker logs through (the app's logger). */
interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  /** The transport (mail.ts): SMTP or the .eml folder. */
  mailer: Mailer;
  log: Log;
  /** Wakes the worker when mail is queued (Database.listen); without it, the worker only polls. */
  listen?: Database['listen'];
  /** Wait before the second attempt (MAIL_RETRY_SECONDS); it doubles at each further one. */
  retrySeconds: number;
  /** After this many attempts a mail is `failed`. */
  maxAttempts?: number;
  /**
   * How long a claim holds its rows. It must outlast sending a whole batch (each SMTP conversation is
   * bounded in mail.ts), else another worker could take a row over while it is being sent.
   */
  leaseSeconds?: number;
  /** Rows taken per claim. */
  batchSize?: number;
}

export interface MailWorker {
  /** Sends every mail due now; resolves when none is left (those put off by a failure wait their turn). */
  drain(): Promise<void>;
  /** Stops looking for mail, waits for the send in flight and gives back the rows it claimed and did not try. */
  stop(): Promise<void>;
}

/**
 * "Reintentar" on the office's mail list: a mail that could not be sent goes back to the queue with its
 * attempts counted afresh, and the workers are woken at commit. One that left or is still trying is left
 * as it is (30001).
 */
export async function retryMail(tx: Tx, userId: number, id: unknown): Promise<void> {
  const numeric = parseRowId(id);
  const [row] = await tx
    .select({ id: mail_outbox.id, status: mail_outbox.status })
    .from(mail_outbox)
    .where(eq(mail_outbox.id, numeric))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'failed') throw warning(MailTemplateMsg.retryOnlyFailed);
  await tx
    .update(mail_outbox)
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, locked_until: null })
    .where(eq(mail_outbox.id, row.id));
  await writeAudit(tx, userId, 'mailOutbox', row.id, 'update', { status: 'failed' }, { status: 'pending' });
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

/** How often a worker looks for due mail besides the wake-ups (more often if the retry base is shorter). */
const POLL_SECONDS = 5;

export async function startMailWorker(opts: MailWorkerOptions): Promise<MailWorker> {
  const { db, mailer, log, retrySeconds, maxAttempts = 12, leaseSeconds = 600, batchSize = 5 } = opts;
  let stopped = false;
  /** The round of sending under way, if any; `again` asks it for one more look once it is done. */
  let round: Promise<void> | null = null;
  let again = false;

  async function deliver(row: OutboxRow) {
    try {
      await mailer.send(storedToMessage(row.message as StoredMail), `correo-${row.id}.${row.created_at.getTime().toString(36)}`);
    } catch (error) {
      await putOff(row, error as Error);
      return;
    }
    await db.update(mail_outbox).set({ status: 'sent', sent_at: sql`now()`, locked_until: null })
      .where(and(eq(mail_outbox.id, row.id), eq(mail_outbox.status, 'pending')));
  }

  /** A failed attempt: the next one after the back-off, or `failed` after the last. */
  async function putOff(row: OutboxRow, error: Error) {
    const lastError = String(error.message ?? error).slice(0, 2000);
    const details = { err: error, mailId: row.id, to: (row.message as StoredMail).to, attempts: row.attempts };
    const stillPending = and(eq(mail_outbox.id, row.id), eq(mail_outbox.status, 'pending'));
    if (row.attempts >= maxAttempts) {
      log.error(details, `mail ${row.id} failed after ${row.attempts} attempts; it will not be sent`);
      await db.update(mail_outbox).set({ status: 'failed', locked_until: null, last_error: lastError }).where(stillPending);
      return;
    }
    const delay = retryDelaySeconds(row.attempts, retrySeconds);
    log.warn(details, `mail ${row.id} not sent; next attempt in ${delay} s`);
    await db.update(mail_outbox)
      .set({ next_attempt_at: sql`now() + make_interval(secs => ${delay})`, locked_until: null, last_error: lastError })
      .where(stillPending);
  }

  async function sendDue() {
    for (;;) {
      const claimed = await claimDueMail(db, { leaseSeconds, limit: batchSize });
      if (!claimed.length) return;
      for (const [index, row] of claimed.entries()) {
        if (stopped) {
          // Untried: back to the queue at once, for another worker, as if never claimed.
          const untried = claimed.slice(index).map((r) => r.id);
          await db.update(mail_outbox).set({ locked_until: null, attempts: sql`${mail_outbox.attempts} - 1` })
            .where(and(inArray(mail_outbox.id, untried), eq(mail_outbox.status, 'pending')));
          return;
        }
        await deliver(row);
      }
    }
  }

  function wake(): Promise<void> {
    if (stopped) return round ?? Promise.resolve();
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          // The database is down or closing: the rows stay queued for the next round.
          log.error({ err: error }, 'mail queue: could not send the due mail');
        }
      } while (again && !stopped);
      // In the same step as the last look: a wake-up after it starts a round of its own.
      round = null;
    })();
    return round;
  }

  const poll = setInterval(() => void wake(), Math.max(0.1, Math.min(POLL_SECONDS, retrySeconds)) * 1000);
  poll.unref();
  const unlisten = await opts.listen?.(CHANNEL, () => void wake()).catch((error: Error) => {
    log.warn({ err: error }, 'mail queue: no wake-ups from the database; polling only');
    return undefined;
  });
  // Mail left queued by an earlier run (or another instance) leaves now.
  void wake();

  let stopping: Promise<void> | undefined;
  return {
    drain: wake,
    stop() {
      stopped = true;
      clearInterval(poll);
      stopping ??= (async () => {
        await unlisten?.().catch(() => undefined);
        await round;
      })();
      return stopping;
    },
  };
}

function storedToMessage(stored: StoredMail): MailMessage {
  return { ...stored, attachments: stored.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })) };
}
