/**
 * The office's mail list ("Correos"): every queued mail with its recipient, subject and state, read-only
 * and for the office only; a mail that could not be sent goes back to the queue with "Reintentar", and
 * leaves again.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mail_outbox } from '../../src/server/db/tables';
import { queueMail } from '../../src/server/domain/mailQueue';
import { Code } from '../../src/shared/codes';
import { MailTemplateMsg, Msg } from '../../src/shared/messages';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); });

/** A mail queued as the product queues its own, then sent by the worker (the test app's .eml folder). */
async function sentMail(to: string, subject: string) {
  const id = await t.ctx.db.transaction((tx) => queueMail(tx, { to, subject, text: 'Hola' }));
  await t.mailSettled();
  return id;
}

/** As the worker leaves a mail after its last attempt. */
const markFailed = (id: number) =>
  t.ctx.db
    .update(mail_outbox)
    .set({ status: 'failed', attempts: 12, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
    .where(eq(mail_outbox.id, id));

const page = (token: string, filter: Record<string, unknown> = {}) =>
  t.call('GET', `/api/mailOutbox/page/1?per_page=50&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });

describe('the mail list', () => {
  it('lists every mail, newest first, with its recipient, subject and state; the office only', async () => {
    const id = await sentMail('lista@ejemplo.es', 'Su pedido nº 7 ha sido validado');
    const list = expectOk(await page(admin, { q: 'lista@ejemplo.es' }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id,
      recipient: 'lista@ejemplo.es',
      subject: 'Su pedido nº 7 ha sido validado',
      status: 'sent',
      attempts: 1,
    });
    expect(list.items[0].sent_at).toBeTruthy();
    // The message itself (its text and attachments) is not part of the list.
    expect(list.items[0]).not.toHaveProperty('message');
    for (const token of [cliente, taller]) expectError(await page(token), 403, Code.error);
    // Nobody writes a row through the generic endpoints.
    expectError(await t.call('POST', '/api/mailOutbox/delete', { token: admin, body: { id } }), 403, Code.error);
    expectError(await t.call('POST', '/api/mailOutbox/update', { token: admin, body: { id, status: 'pending' } }), 403, Code.error);
  });

  it('"Reintentar" sends again a mail that could not be sent, and is audited', async () => {
    const id = await sentMail('reintento@ejemplo.es', 'Restablecer su contraseña');
    await markFailed(id);
    const failed = expectOk(await page(admin, { status: 'failed' }));
    expect(failed.items.map((row: { id: number }) => row.id)).toContain(id);
    const before = t.outbox().length;

    const retried = await t.call('POST', `/api/mailOutbox/retry/${id}`, { token: admin });
    expect(expectOk(retried, 20001)).toMatchObject({ id });
    expect(retried.body.message).toBe(MailTemplateMsg.retried);
    // Nor does a single record carry the message (a reset link, attachments).
    expect(retried.body.data).not.toHaveProperty('message');
    // The worker took it again (the call waits for the queue): sent, attempts counted afresh.
    const [row] = await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(t.outbox().length).toBe(before + 1);
    expect(t.outbox().at(-1)).toContain('reintento@ejemplo.es');
    const audit = expectOk(
      await t.call(
        'GET',
        `/api/audit/page/1?filter=${encodeURIComponent(JSON.stringify({ resource: 'mailOutbox', record_id: String(id) }))}`,
        { token: admin },
      ),
    );
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { status: 'failed' }, after: { status: 'pending' } });
  });

  it('refuses to retry a mail that left or is still trying, an unknown one, and for anyone but the office', async () => {
    const id = await sentMail('enviado@ejemplo.es', 'Presupuesto');
    expectError(await t.call('POST', `/api/mailOutbox/retry/${id}`, { token: admin }), 409, Code.warning, MailTemplateMsg.retryOnlyFailed);
    expectError(await t.call('POST', '/api/mailOutbox/retry/999999', { token: admin }), 404, Code.error);
    expectError(await t.call('POST', '/api/mailOutbox/retry/abc', { token: admin }), 400, Code.error, Msg.idInvalid);
    await markFailed(id);
    for (const token of [cliente, taller]) expectError(await t.call('POST', `/api/mailOutbox/retry/${id}`, { token }), 403, Code.error);
    const [row] = await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.id, id));
    expect(row.status).toBe('failed');
  });
});
