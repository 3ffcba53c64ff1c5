/**
 * Faults (production grade): the server keeps serving when the mail transport or the file store fails:
 * mail waits in the queue and leaves once the transport works again; a file store failure gets a clear
 * Spanish answer with nothing half-written; a failure in the middle of a transaction leaves no
 * half-written budget or order.
 */
import { describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { mail_outbox } from '../../src/server/db/tables';
import type { Mailer } from '../../src/server/mail';
import type { FileStore } from '../../src/server/files/store';
import { useTestApp, type TestApp } from '../support/app';
import { expectError, expectOk, jsonData, multipart, png } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
const broken = { mail: false, files: false };
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); }, {
  wrap: (ctx) => {
    const mailer: Mailer = ctx.mailer;
    const files: FileStore = ctx.files;
    return {
      mailer: { send: (message, key) => (broken.mail ? Promise.reject(new Error('SMTP caído')) : mailer.send(message, key)) },
      files: { ...files, put: (key, data) => (broken.files ? Promise.reject(new Error('disco lleno')) : files.put(key, data)) },
    };
  },
  // A failed mail is tried again soon, so that the test sees it leave.
  config: { mailRetrySeconds: 0.2 },
});

const count = async (table: string) =>
  ((await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: Array<{ n: number }> })
    .rows[0].n;

/** The newest queued mail to `to`. */
const queuedTo = async (to: string) =>
  (await t.ctx.db.select().from(mail_outbox).where(sql`${mail_outbox.message}->>'to' = ${to}`).orderBy(desc(mail_outbox.id)).limit(1))[0];
const mailsTo = (to: string) => t.outbox().filter((eml) => eml.includes(`To: ${to}`));

describe('the mail transport fails', () => {
  it('password recovery answers as always (nothing says the account exists); the mail waits, leaves once the transport works', async () => {
    const before = mailsTo('admin@cobertores.local').length;
    broken.mail = true;
    try {
      const known = await t.call('POST', '/api/external/forgotPassword', {
        body: { identity: 'admin' },
        headers: { 'x-forwarded-for': '198.51.100.90' },
      });
      const unknown = await t.call('POST', '/api/external/forgotPassword', {
        body: { identity: 'nadie@ejemplo.es' },
        headers: { 'x-forwarded-for': '198.51.100.91' },
      });
      expect(known.body).toEqual(unknown.body);
      expect(known.body.code).toBe(Code.ok);
      const waiting = await queuedTo('admin@cobertores.local');
      expect(waiting).toMatchObject({ status: 'pending', last_error: 'SMTP caído' });
      expect(waiting.attempts).toBeGreaterThanOrEqual(1);
      expect(mailsTo('admin@cobertores.local')).toHaveLength(before);
    } finally {
      broken.mail = false;
    }
    expectOk(await t.call('GET', '/api/auth/info', { token: admin }));
    await expect.poll(async () => (await queuedTo('admin@cobertores.local')).status).toBe('sent');
    expect(mailsTo('admin@cobertores.local')).toHaveLength(before + 1);
    expect(mailsTo('admin@cobertores.local').at(-1)).toMatch(/\/resetPassword\//);
  });

  it('a budget mailed while the transport is down is accepted and leaves, with its PDF, once it works', async () => {
    const budget = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: jsonData({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, buyer_email: 'x@ejemplo.es' }),
      }),
      20001,
    );
    const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).budget_calculus[0].id;
    broken.mail = true;
    try {
      expectOk(await t.call('POST', '/api/budget/sendDocument', { token: cliente, body: { budget_calculus_id: calculus } }), 20001);
      expect(await queuedTo('x@ejemplo.es')).toMatchObject({ status: 'pending', last_error: 'SMTP caído' });
      expect(mailsTo('x@ejemplo.es')).toEqual([]);
    } finally {
      broken.mail = false;
    }
    await expect.poll(async () => (await queuedTo('x@ejemplo.es')).status).toBe('sent');
    expect(mailsTo('x@ejemplo.es')).toHaveLength(1);
    expect(mailsTo('x@ejemplo.es')[0]).toContain('application/pdf');
  });
});

describe('the file store fails', () => {
  it('a record with a file is not written, the answer is clear, and the next save works', async () => {
    const before = await count('invoicing_companies');
    const create = () =>
      t.call('POST', '/api/invoicingCompany/create', {
        token: admin,
        ...multipart({ data: JSON.stringify({ name: 'Fallo S.L.', code: 'FAL' }) }, { image: { filename: 'l.png', data: png(8, 8) } }),
      });
    broken.files = true;
    try {
      expectError(await create(), 409, Code.warning, 'No se han podido guardar los archivos. Inténtelo de nuevo más tarde');
      expect(await count('invoicing_companies')).toBe(before);
    } finally {
      broken.files = false;
    }
    expectOk(await create(), 20001);
    expect(await count('invoicing_companies')).toBe(before + 1);
  });
});

describe('a failure in the middle of a transaction', () => {
  /** Makes inserts into a table fail (as a crash would) until the returned function is called. */
  async function failInserts(table: string) {
    await t.ctx.db.execute(
      sql.raw(
        "create or replace function cob_test_fail() returns trigger language plpgsql as $$ begin raise exception 'fallo simulado'; end $$",
      ),
    );
    await t.ctx.db.execute(sql.raw(`create trigger cob_test_fail before insert on ${table} for each row execute function cob_test_fail()`));
    return () => t.ctx.db.execute(sql.raw(`drop trigger cob_test_fail on ${table}`));
  }

  it("turning a budget into an order writes the order, its lines and the budget's status together, or nothing", async () => {
    const budget = expectOk(
      await t.call('POST', '/api/budget/create', {
        token: cliente,
        body: jsonData({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4 }),
      }),
      20001,
    );
    const calculus = expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: cliente })).budget_calculus[0].id;
    expectOk(
      await t.call('POST', '/api/budgetCalculus/chooseCover', {
        token: cliente,
        body: { budget_calculus_id: calculus, pool_cover_id: 4, quantity: 1 },
      }),
      20001,
    );
    expectOk(
      await t.call('POST', '/api/budget/changeBudgetStatus', { token: admin, body: { budget_id: budget.id, budget_status_id: 2 } }),
      20001,
    );
    const orders = await count('orders');
    const restore = await failInserts('order_items');
    try {
      const res = await t.call('POST', '/api/budget/createOrder', {
        token: admin,
        body: { budget_id: budget.id, budget_calculus_id: calculus, pool_cover_id: 4 },
      });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Se ha producido un error interno. Inténtelo de nuevo más tarde');
    } finally {
      await restore();
    }
    expect(await count('orders')).toBe(orders);
    expect(expectOk(await t.call('GET', `/api/budget/getBudgetDetails/${budget.id}`, { token: admin }))).toMatchObject({
      budget_status_id: 2,
      order_id: null,
    });
    expectOk(
      await t.call('POST', '/api/budget/createOrder', {
        token: admin,
        body: { budget_id: budget.id, budget_calculus_id: calculus, pool_cover_id: 4 },
      }),
      20001,
    );
  });

  it('a budget is created with its first calculation, or not at all', async () => {
    const budgets = await count('budgets');
    const restore = await failInserts('budget_calculus');
    try {
      expect(
        (
          await t.call('POST', '/api/budget/create', {
            token: cliente,
            body: jsonData({ pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4 }),
          })
        ).status,
      ).toBe(500);
    } finally {
      await restore();
    }
    expect(await count('budgets')).toBe(budgets);
  });

  it('finishing a cart writes the order and its history together, or leaves the cart as it was', async () => {
    const cart = expectOk(
      await t.call('POST', '/api/orderItem/create', { token: admin, body: { client_id: 2, item_property_value_id: 1, quantity: 1 } }),
      20001,
    );
    const restore = await failInserts('order_status_history');
    const address = {
      customer_info: 'Ref',
      buyer_name: 'A',
      buyer_email: 'a@ejemplo.es',
      buyer_phone_number: '600000000',
      buyer_address_1: 'C',
      buyer_postal_code: '41001',
      buyer_city: 'Sevilla',
      buyer_province: 'Sevilla',
      buyer_country: 'España',
      ship_name: 'A',
      ship_address_1: 'C',
      ship_postal_code: '41001',
      ship_city: 'Sevilla',
      ship_province: 'Sevilla',
      ship_country: 'España',
    };
    try {
      expect(
        (
          await t.call('POST', '/api/order/finishOrderCartAndChangeOrderReviewStatus', {
            token: admin,
            body: { order_id: cart.id, ...address },
          })
        ).status,
      ).toBe(500);
    } finally {
      await restore();
    }
    expect(expectOk(await t.call('GET', `/api/order/getById/${cart.id}`, { token: admin }))).toMatchObject({
      status_id: 0,
      order_review_status_id: null,
      buyer_name: null,
    });
  });
});
