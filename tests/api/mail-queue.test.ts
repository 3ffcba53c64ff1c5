/**
 * Mail through the durable queue (issue 18 §4), against a real SMTP server started here: SMTP down →
 * the request still succeeds and its mail waits; SMTP back → exactly one message arrives. Two workers
 * never send one row twice, a row held by a worker that died leaves once its lease runs out, a stopped
 * worker finishes its send and gives back the rest, and the budget's PDF travels through the queue.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the two workers really race).
 */
import net from 'node:net';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mail_outbox } from '../../src/server/db/tables';
import { claimDueMail, queueMail, startMailWorker } from '../../src/server/domain/mailQueue';
import { Texts } from '../../src/shared/codes';
import { startTestApp, type TestApp } from '../support/app';
import { expectOk, jsonData } from './helpers';

/** A port nothing listens on (yet): the mail server is "down" until started on it. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A plain SMTP server on 127.0.0.1 (no TLS, no login) keeping every message it accepts, parsed.
 * While `held` is set, it reads each message but answers only once that promise resolves.
 */
async function startSmtpServer(port: number) {
  const state = { received: [] as ParsedMail[], reading: 0, held: undefined as Promise<void> | undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      state.reading++;
      Promise.all([simpleParser(stream), state.held]).then(([mail]) => { state.received.push(mail); callback(); }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return Object.assign(state, { close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

const PUBLIC_URL = 'https://cobertores.example';
/** Short, so that retries and leases run out within a test. */
const RETRY_SECONDS = 0.5;

let t: TestApp;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
beforeAll(async () => {
  port = await freePort();
  t = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: PUBLIC_URL, mailRetrySeconds: RETRY_SECONDS } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const received = () => smtp?.received ?? [];
const receivedBy = (address: string) =>
  received().filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === address));
const newestTo = async (address: string) =>
  (
    await t.ctx.db
      .select()
      .from(mail_outbox)
      .where(sql`${mail_outbox.message}->>'to' = ${address}`)
      .orderBy(desc(mail_outbox.id))
      .limit(1)
  )[0];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A worker of "another instance" over the same database. */
const anotherWorker = () =>
  startMailWorker({ db: t.ctx.db, mailer: t.ctx.mailer, log: t.app.log, retrySeconds: RETRY_SECONDS, batchSize: 2 });

describe('the mail queue with a real SMTP server', () => {
  it('SMTP down: the password recovery still answers and its mail waits; SMTP back: exactly one message arrives', async () => {
    const res = await t.call('POST', '/api/external/forgotPassword', {
      body: { identity: 'admin' },
      headers: { 'x-forwarded-for': '198.51.100.20' },
    });
    expect(res.body).toEqual({ code: 20000, message: Texts.recoverySent, data: null });
    const waiting = await newestTo('admin@cobertores.local');
    expect(waiting).toMatchObject({ status: 'pending', sent_at: null });
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpServer(port);
    // The worker tries again by itself (back-off from RETRY_SECONDS, a poll as often).
    await expect.poll(() => receivedBy('admin@cobertores.local').length, { timeout: 15_000 }).toBe(1);
    const [mail] = receivedBy('admin@cobertores.local');
    expect(mail.subject).toBe('Restablecer la contraseña');
    expect(mail.from?.text).toContain('no-responder@cobertores.local');
    const code = new RegExp(`${PUBLIC_URL}/resetPassword/([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(expectOk(await t.call('GET', `/api/external/checkResetCode/${code}`))).toEqual({ valid: true });
    // A Message-ID of its row's, the same at every attempt.
    expect(mail.messageId).toMatch(new RegExp(`^<correo-${waiting.id}\\.[0-9a-z]+@cobertores\\.local>$`));

    // Marked once the server has said "250 OK", which can be a moment after the message arrived here.
    await expect.poll(async () => (await newestTo('admin@cobertores.local')).status).toBe('sent');
    const sent = await newestTo('admin@cobertores.local');
    expect(sent).toMatchObject({ id: waiting.id, status: 'sent', locked_until: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
    // Longer than a few retries: no second copy.
    await pause(RETRY_SECONDS * 4000);
    await t.mailSettled();
    expect(receivedBy('admin@cobertores.local')).toHaveLength(1);
  });

  it('two workers (two instances) never send one row twice', async () => {
    const [a, b] = [await anotherWorker(), await anotherWorker()];
    try {
      const addresses = Array.from({ length: 20 }, (_, i) => `lote${i}@ejemplo.es`);
      const ids = await t.ctx.db.transaction(async (tx) => {
        const queued: number[] = [];
        for (const to of addresses) queued.push(await queueMail(tx, { to, subject: `Lote ${to}`, text: 'Prueba de envío único' }));
        return queued;
      });
      // Both, and the app's own worker, claim at once.
      await Promise.all([a.drain(), b.drain(), t.mailWorker.drain()]);
      const rows = await t.ctx.db.select().from(mail_outbox).where(inArray(mail_outbox.id, ids));
      // One claim each: the attempt counts claims, so a row taken twice would say 2.
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
      const mails = received().filter((m) => m.subject?.startsWith('Lote '));
      expect(mails).toHaveLength(20);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(20);
      expect(new Set(mails.map((m) => m.subject)).size).toBe(20);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a row held by a worker that died is sent once, by another, after its lease runs out', async () => {
    const to = 'huerfano@ejemplo.es';
    const leaseSeconds = 2;
    // Queued and claimed by a "worker" that then vanishes: nobody sends it, nobody gives it back.
    const id = await t.ctx.db.transaction(async (tx) => {
      const queued = await queueMail(tx, { to, subject: 'Huérfano', text: 'Reclamado por un proceso que murió' });
      const claimed = await claimDueMail(tx, { leaseSeconds, limit: 1 });
      expect(claimed.map((row) => row.id)).toEqual([queued]);
      return queued;
    });
    const heldUntil = Date.now() + leaseSeconds * 1000;
    const successor = await anotherWorker();
    try {
      await Promise.all([successor.drain(), t.mailSettled()]);
      expect(receivedBy(to)).toHaveLength(0);
      await expect.poll(() => receivedBy(to).length, { timeout: 15_000 }).toBe(1);
      expect(Date.now()).toBeGreaterThanOrEqual(heldUntil - 100);
      const rowNow = async () => (await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0];
      // Marked once the server has said "250 OK", which can be a moment after the message arrived here.
      await expect.poll(async () => (await rowNow()).status).toBe('sent');
      expect(await rowNow()).toMatchObject({ status: 'sent', attempts: 2 });
      await pause(RETRY_SECONDS * 4000);
      expect(receivedBy(to)).toHaveLength(1);
    } finally {
      await successor.stop();
    }
  });

  it('the budget mail carries its PDF through the queue', async () => {
    const cliente = await t.login('cliente');
    const buyer = 'comprador.cola@ejemplo.es';
    const budget = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: jsonData({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, buyer_email: buyer }),
      }),
      20001,
    );
    const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).budget_calculus[0].id;
    expectOk(await t.call('POST', '/api/budget/sendDocument', { token: cliente, body: { budget_calculus_id: calculus } }), 20001);
    await expect.poll(() => receivedBy(buyer).length, { timeout: 15_000 }).toBe(1);
    const [mail] = receivedBy(buyer);
    expect(mail.subject).toContain(String(budget.id));
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `presupuesto-${budget.id}-${calculus}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const direct = await t.call('GET', `/api/budget/document/${calculus}`, { token: cliente });
    expect(pdf.content.length).toBe(direct.response.rawPayload.length);
  });

  // Last: the app's own worker is stopped here, so that one worker alone holds the rows.
  it('a stopped worker finishes the send in flight and gives back the rows it had not tried', async () => {
    await t.mailWorker.stop();
    const leaving = await anotherWorker();
    let answer!: () => void;
    smtp!.held = new Promise<void>((resolve) => { answer = resolve; });
    try {
      const ids = await t.ctx.db.transaction(async (tx) => [
        await queueMail(tx, { to: 'primero@ejemplo.es', subject: 'Primero', text: 'En vuelo al parar' }),
        await queueMail(tx, { to: 'segundo@ejemplo.es', subject: 'Segundo', text: 'Reclamado, sin intentar' }),
      ]);
      const reading = smtp!.reading;
      void leaving.drain();
      // The first one is on the wire, its server's answer held back.
      await expect.poll(() => smtp!.reading).toBe(reading + 1);
      let stopped = false;
      const stopping = leaving.stop().then(() => { stopped = true; });
      await pause(500);
      expect(stopped).toBe(false);
      answer();
      await stopping;
      const rows = async () => (await t.ctx.db.select().from(mail_outbox).where(inArray(mail_outbox.id, ids))).sort((x, y) => x.id - y.id);
      expect((await rows()).map((r) => [r.status, r.attempts, r.locked_until])).toEqual([['sent', 1, null], ['pending', 0, null]]);
      expect(receivedBy('primero@ejemplo.es')).toHaveLength(1);
      expect(receivedBy('segundo@ejemplo.es')).toHaveLength(0);

      // Given back: another worker takes it at once, no lease to wait for.
      const next = await anotherWorker();
      await next.drain();
      await next.stop();
      expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([['sent', 1], ['sent', 1]]);
      expect(receivedBy('segundo@ejemplo.es')).toHaveLength(1);
    } finally {
      smtp!.held = undefined;
      answer();
      await leaving.stop();
    }
  });
});
