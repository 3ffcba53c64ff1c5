/**
 * One member cannot hold what everyone shares (issue 45, M1 and M2): slow readers of exports are cut off
 * at the answer's deadline with their slots and transactions let go, and another user's export does not
 * wait for them; whole lists answer at most MAX_WHOLE_LIST_ROWS or refuse in Spanish; a member's changes
 * are rate-limited per user, with a Spanish 429 that says when to try again.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { inReadOnlyTransaction } from '../../src/server/db/heldTransaction';
import { startTestApp, useTestApp, type TestApp } from '../support/app';
import { expectError, jsonData, rowsOf } from './helpers';

// Short limits, so that the deadline passes within the test (production: 300 s, 30 s, 2 KB/s).
const DEADLINE_SECONDS = 6;
const MEMBER_WRITES = 60;
const logged: string[] = [];
let t: TestApp;
let admin: string;
let cliente: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente } = tokens); }, {
  listen: true,
  logStream: { write: (line) => logged.push(line) },
  config: {
    answerLimits: { deadlineSeconds: DEADLINE_SECONDS, slowSeconds: 60, minBytesPerSecond: 2048 },
    writesPerMinute: { member: MEMBER_WRITES, staff: 600 },
  },
});

const AGUA_AZUL = 1; // cliente's client
/** Bigger than what the loopback's socket buffers take (a few MB): its reader holds the answer. */
const MANY_BUDGETS = 25_000;

async function manyBudgets(clientId: number, count: number) {
  await t.ctx.db.execute(sql`insert into budgets
      (client_id, pool_subcategory_id, pool_cover_type_id, a, b, expires_at, "remark_OB1PCL", buyer_name, buyer_city)
    select ${clientId}, 1, 3, 8, 4, now() + interval '30 days', repeat('r', 140) || g, repeat('n', 140), repeat('c', 90)
    from generate_series(1, ${count}) g`);
}

/** A GET on a socket of its own that reads (nearly) nothing: a byte a second, after what it first takes in. */
function slowReader(base: string, path: string, token: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname, () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nx-token: ${token}\r\nConnection: close\r\n\r\n`);
  });
  socket.pause();
  let head = '';
  const status = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      const byte = socket.read(1) as Buffer | null;
      if (byte) head += byte.toString('latin1');
      if (/^HTTP\/1\.1 \d{3}/.test(head)) {
        clearInterval(timer);
        resolve(head.slice(9, 12));
      }
    }, 20);
    socket.once('close', () => { clearInterval(timer); resolve(head.slice(9, 12) || 'closed'); });
  });
  // After the status line, a byte a second.
  void status.then(() => {
    const slow = setInterval(() => socket.read(1), 1000);
    socket.once('close', () => clearInterval(slow));
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { status, closed, socket };
}

/** Transactions of this test's database left waiting for their reader (PostgreSQL). */
async function idleInTransaction() {
  const result = await t.ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and state like 'idle in transaction%'`);
  return rowsOf<{ n: number }>(result)[0].n;
}

describe('exports shared fairly', () => {
  it('a member\'s three slow exports leave another user\'s export free, and end by the deadline', async () => {
    await manyBudgets(AGUA_AZUL, MANY_BUDGETS);
    const started = Date.now();
    const readers = [1, 2, 3].map(() => slowReader(t.url, '/api/budget/csv', cliente));
    try {
      await memberExportsEndByDeadline(readers, started);
    } finally {
      // Whatever failed, the next test does not start with this one's exports still holding their slots.
      for (const reader of readers) reader.socket.destroy();
    }
  }, 60_000);

  async function memberExportsEndByDeadline(readers: Array<ReturnType<typeof slowReader>>, started: number) {
    const statuses = await Promise.all(readers.map((reader) => reader.status));
    // Two are under way; the third is the member's one too many, told in Spanish.
    expect(statuses.sort()).toEqual(['200', '200', '429']);

    // Meanwhile the office's export starts at once (it waited for the member's today: 503 for 75 s).
    const before = Date.now();
    const taxes = await fetch(`${t.url}/api/tax/csv`, { headers: { 'x-token': admin } });
    expect(taxes.status).toBe(200);
    await taxes.text();
    expect(Date.now() - before).toBeLessThan(3000);

    // Held meanwhile: on PostgreSQL, each in its transaction, waiting for its reader (polled: on a busy machine
    // an export may still be running its first page's statement, 'active' rather than idle).
    if (t.ctx.dbKind === 'postgres') await expect.poll(idleInTransaction, { timeout: 3000 }).toBe(2);

    // The deadline ends the member's answers on the server's side (the client still has bytes to read):
    // their slots free and, on PostgreSQL, no transaction of theirs stays open.
    await new Promise((resolve) => setTimeout(resolve, started + (DEADLINE_SECONDS + 1.5) * 1000 - Date.now()));
    expect(logged.filter((line) => line.includes('answer ended')).length).toBe(2);
    if (t.ctx.dbKind === 'postgres') expect(await idleInTransaction()).toBe(0);
    const again = await t.call('GET', `/api/budget/csv?filter=${encodeURIComponent('{"id":[1]}')}`, { token: cliente });
    expect(again.status).toBe(200);
  }

  it('on PostgreSQL, the export\'s transaction ends by the server\'s own clock, even if this process stops reading', async () => {
    if (t.ctx.dbKind !== 'postgres') return;
    const read = inReadOnlyTransaction(t.ctx.db, async function* (tx) {
      yield 1;
      await tx.execute(sql`select 1`);
      yield 2;
    }, { timeoutMs: 1000 });
    expect((await read.next()).value).toBe(1);
    await expect.poll(idleInTransaction, { timeout: 3000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await idleInTransaction()).toBe(0);
    await expect(read.next()).rejects.toThrow();
    // The pool goes on with a new connection.
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it('tells a member over its share of exports in Spanish', async () => {
    const refused = slowReader(t.url, '/api/budget/csv', cliente);
    const others = [slowReader(t.url, '/api/budget/csv', cliente), slowReader(t.url, '/api/budget/csv', cliente)];
    try {
      const statuses = await Promise.all([refused, ...others].map((reader) => reader.status));
      expect(statuses.sort()).toEqual(['200', '200', '429']);
      const answer = await t.call('GET', '/api/client/csv', { token: cliente });
      expectError(answer, 429, Code.warning, 'Ya tiene 2 exportaciones en curso: espere a que terminen para pedir otra');
    } finally {
      for (const reader of [refused, ...others]) reader.socket.destroy();
      await Promise.all([refused, ...others].map((reader) => reader.closed));
    }
  }, 60_000);
});

describe('a slow reader', () => {
  it('is cut off once it reads under the least pace while bytes wait for it; a fast one never is', async () => {
    const lines: string[] = [];
    const paced = await startTestApp({
      listen: true,
      logStream: { write: (line) => lines.push(line) },
      config: { answerLimits: { deadlineSeconds: 120, slowSeconds: 1, minBytesPerSecond: 2048 } },
    });
    try {
      const member = await paced.login('cliente');
      await paced.ctx.db.execute(sql`insert into budgets
          (client_id, pool_subcategory_id, pool_cover_type_id, a, b, expires_at, "remark_OB1PCL", buyer_name, buyer_city)
        select ${AGUA_AZUL}, 1, 3, 8, 4, now() + interval '30 days', repeat('r', 140) || g, repeat('n', 140), repeat('c', 90)
        from generate_series(1, ${MANY_BUDGETS}) g`);
      // Read whole at the loopback's pace: never cut off, however long the server took to start.
      const whole = await fetch(`${paced.url}/api/budget/csv`, { headers: { 'x-token': member } });
      expect((await whole.text()).split('\r\n').length).toBeGreaterThan(MANY_BUDGETS);
      const reader = slowReader(paced.url, '/api/budget/csv', member);
      expect(await reader.status).toBe('200');
      const sent = Date.now();
      while (!lines.some((line) => line.includes('slow reader')) && Date.now() - sent < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Within two windows of a second (the check runs once a window), not at the 120 s deadline.
      expect(Date.now() - sent).toBeLessThan(4000);
      expect(lines.filter((line) => line.includes('answer ended'))).toHaveLength(1);
      reader.socket.destroy();
    } finally {
      await paced.close();
    }
  }, 60_000);
});

describe('whole lists are bounded', () => {
  it('refuses /all and /dropdown past 1.000 rows in Spanish, naming the call to use', async () => {
    // The member's client has the budgets of the export test above (25,000), and more than 1,000 in any case.
    const count = sql`select count(*)::int as n from budgets where client_id = ${AGUA_AZUL}`;
    const [{ n }] = rowsOf<{ n: number }>(await t.ctx.db.execute(count));
    if (n <= 1000) await manyBudgets(AGUA_AZUL, 1001 - n);
    const started = Date.now();
    expectError(await t.call('GET', '/api/budget/all', { token: cliente }), 400, Code.error,
      'La lista tiene más de 1.000 filas: use la lista paginada (GET /api/budget/page/1?per_page=100) o filtre la lista');
    expectError(await t.call('GET', '/api/budget/dropdown', { token: cliente }), 400, Code.error,
      'La lista tiene más de 1.000 filas: use la búsqueda (POST /api/budget/filteredDropdown con el texto en query) o filtre la lista');
    expect(Date.now() - started).toBeLessThan(5000);
    // A list within the bound is whole.
    const few = await t.call('GET', `/api/budget/all?filter=${encodeURIComponent('{"id":[1,2]}')}`, { token: cliente });
    expect(few.status).toBe(200);
    expect(few.body.data.length).toBeLessThanOrEqual(2);
  });
});

describe('members\' changes are rate-limited per user', () => {
  const budget = (n: number, clientId?: number) => jsonData({
    ...(clientId ? { client_id: clientId } : {}),
    pool_subcategory_id: 1, pool_cover_type_id: 3, a: 8, b: 4, extra_distance: 0.15, remark_OB1PCL: `Límite ${n}`,
  });

  it('answers the 61st budget of a minute with a Spanish 429 that says when to try again', async () => {
    for (let n = 1; n <= MEMBER_WRITES; n++) {
      const res = await t.call('POST', '/api/budget/create', { token: cliente, body: budget(n) });
      expect(res.status, `budget ${n}`).toBe(200);
    }
    const refused = await t.call('POST', '/api/budget/create', { token: cliente, body: budget(MEMBER_WRITES + 1) });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(Code.warning);
    expect(refused.body.message).toMatch(/^Demasiadas operaciones seguidas: vuelva a intentarlo dentro de \d+ s$/);
    const seconds = Number(/dentro de (\d+) s/.exec(refused.body.message)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.response.headers['retry-after']).toBe(String(seconds));
    // Counted per user: the office's budgets and the member's other changes go on.
    expect((await t.call('POST', '/api/budget/create', { token: admin, body: budget(0, 2) })).status).toBe(200);
  }, 60_000);
});
