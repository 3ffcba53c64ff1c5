/**
 * The workshop's production board (issue 44): items by the step they wait for, oldest first, late ones
 * flagged, and a server-sent event stream that tells every instance's boards a step was marked.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { seededPostgresDatabase } from '../support/databases';
import { MACHINE_REDIS_URL } from '../support/redis';
import { expectError, expectOk, finishedOrderItem } from './helpers';

/** Opens the board's stream, waits until it is listening, runs `act`, and resolves with what the stream sent up to its first event. */
function eventAfter(url: string, token: string, act: () => Promise<unknown>): Promise<{ headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/traceability/board/events`, { headers: { 'x-token': token } }, (response) => {
      let text = '';
      let acted = false;
      const timer = setTimeout(() => { request.destroy(); reject(new Error(`sin evento en 2 s: ${text}`)); }, 2_000 + 1_000);
      response.setEncoding('utf8');
      response.on('data', (part: string) => {
        text += part;
        if (!acted) {
          acted = true;
          act().catch(reject);
        }
        if (text.includes('event: production')) {
          clearTimeout(timer);
          request.destroy();
          resolve({ headers: response.headers, text });
        }
      });
    });
    request.on('error', (error) => { if (!request.destroyed) reject(error); });
  });
}

describe('the production board', () => {
  let t: TestApp;
  let admin: string;
  let taller: string;
  let cliente: string;
  useTestApp((app, tokens) => ({ admin, taller, cliente } = tokens) && (t = app), { listen: true });

  let overdue: { order: Record<string, any>; item: Record<string, any> };
  let later: { order: Record<string, any>; item: Record<string, any> };

  beforeAll(async () => {
    // Only this test's orders are in production: the seeded ones go out in a consignment.
    await t.ctx.db.execute(sql`update orders set in_consignment = true where status_id = 1`);
    overdue = await finishedOrderItem(t, admin, 'tablero retrasado');
    later = await finishedOrderItem(t, admin, 'tablero a tiempo');
    await t.ctx.db.execute(sql`update orders set delivery_date = '2020-01-10 00:00:00', finished_at = '2026-01-01T08:00:00Z'
      where id = ${overdue.order.id}`);
    await t.ctx.db.execute(sql`update orders set finished_at = '2026-01-02T08:00:00Z' where id = ${later.order.id}`);
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: later.item.barcode } }), 20001);
    await t.ctx.db.execute(sql`update order_item_steps set done_at = '2026-01-03T09:30:00Z'
      where order_item_id = (select id from order_items where barcode = ${later.item.barcode})`);
  });

  it('lists each step with its count, and each item with its order, client, delivery day, wait and lateness', async () => {
    const board = expectOk(await t.call('GET', '/api/traceability/board', { token: taller }));
    expect(board.steps.map((s: any) => [s.name, s.count])).toEqual([
      ['Corte', 1], ['Soldadura', 1], ['Confección', 0], ['Control de calidad', 0], ['Embalaje', 0],
    ]);
    expect(board.steps[0].items).toEqual([{
      barcode: overdue.item.barcode, product_name: overdue.item.product_name, order_id: overdue.order.id,
      client_name: 'Piscinas Agua Azul', delivery_day: '2020-01-10',
      // Waiting at the first step since the order was finished.
      waiting_since: '2026-01-01T08:00:00.000Z', late: true, overdue: true,
    }]);
    expect(board.steps[1].items).toEqual([{
      barcode: later.item.barcode, product_name: later.item.product_name, order_id: later.order.id,
      client_name: 'Piscinas Agua Azul', delivery_day: '2037-05-20',
      // Waiting at the second step since the first was marked.
      waiting_since: '2026-01-03T09:30:00.000Z', late: false, overdue: false,
    }]);
  });

  it('puts the oldest first', async () => {
    // Now both wait at «Soldadura»: the overdue one since 2026-01-05, after the other (2026-01-03).
    expectOk(await t.call('POST', '/api/traceability/markNextStep', { token: admin, body: { code: overdue.item.barcode } }), 20001);
    await t.ctx.db.execute(sql`update order_item_steps set done_at = '2026-01-05T10:00:00Z'
      where order_item_id = (select id from order_items where barcode = ${overdue.item.barcode})`);
    const board = expectOk(await t.call('GET', '/api/traceability/board', { token: admin }));
    expect(board.steps[0].count).toBe(0);
    expect(board.steps[1].count).toBe(2);
    expect(board.steps[1].items.map((i: any) => i.barcode)).toEqual([later.item.barcode, overdue.item.barcode]);
  });

  it('streams an event within 2 s of a mark, with the headers proxies need and a retry delay', async () => {
    const started = Date.now();
    const { headers, text } = await eventAfter(t.url, taller, () =>
      t.call('POST', '/api/traceability/markNextStep', { token: taller, body: { code: later.item.barcode } }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-accel-buffering']).toBe('no');
    expect(text).toMatch(/^retry: 2000\n/);
    expect(text).toContain('event: production\ndata: {}\n\n');
  });

  it('flags as late a delivery two days ahead, not three', async () => {
    // Madrid's calendar day, read here by hand rather than through the app's own helpers.
    const madridDay = (plusDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + plusDays * 86_400_000));
    const setDelivery = (orderId: number, day: string) =>
      t.ctx.db.execute(sql`update orders set delivery_date = ${`${day} 00:00:00`} where id = ${orderId}`);
    await setDelivery(overdue.order.id, madridDay(2));
    await setDelivery(later.order.id, madridDay(3));
    const board = expectOk(await t.call('GET', '/api/traceability/board', { token: admin }));
    const cards = board.steps.flatMap((s: any) => s.items);
    const card = (barcode: string) => cards.find((c: any) => c.barcode === barcode);
    expect(card(overdue.item.barcode)).toMatchObject({ delivery_day: madridDay(2), late: true, overdue: false });
    expect(card(later.item.barcode)).toMatchObject({ delivery_day: madridDay(3), late: false, overdue: false });
  });

  it('refuses a member and an anonymous caller', async () => {
    expectError(await t.call('GET', '/api/traceability/board', { token: cliente }), 403, Code.error);
    expectError(await t.call('GET', '/api/traceability/board/events', { token: cliente }), 403, Code.error);
    expectError(await t.call('GET', '/api/traceability/board'), 401, 50008);
  });
});

// As production runs them: Redis configured too (it carries rate limits and settings; the board's events
// travel by PostgreSQL's NOTIFY, which every instance hears, docs/api.md).
describe('two instances over one PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof seededPostgresDatabase>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await seededPostgresDatabase('cob_board');
    const instance = () => startTestApp({
      databaseUrl: database.url, listen: true, config: { redisUrl: MACHINE_REDIS_URL, redisPrefix: `${database.name}:` },
    });
    [a, b] = await Promise.all([instance(), instance()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it("a mark made on A reaches B's board stream", async () => {
    const adminOnA = await a.login('admin');
    const { item } = await finishedOrderItem(a, adminOnA, 'tablero dos instancias');
    const { text } = await eventAfter(b.url, await b.login('taller'), () =>
      a.call('POST', '/api/traceability/markNextStep', { token: adminOnA, body: { code: item.barcode } }));
    expect(text).toContain('event: production');
  });
});
