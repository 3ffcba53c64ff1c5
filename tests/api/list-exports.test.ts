/**
 * Every list's «Exportar» (issue 30): GET /api/{resource}/csv writes every row the list's filters match
 * (not the first thousand), in its order, under the Spanish labels, each value as the table shows it;
 * the same role, scope and filter checks as the list; instants in the reader's zone; sent as it is read.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/codes';
import { Msg } from '../../src/shared/messages';
import { EXPORT_BATCH_ROWS } from '../../src/server/domain/records/exports';
import { inReadOnlyTransaction } from '../../src/server/db/heldTransaction';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, filterQuery, rawGet, rowsOf, tokenOf, uniq } from './helpers';

let t: TestApp;
let admin: string;
let cliente: string;
let taller: string;
useTestApp((app, tokens) => { t = app; ({ admin, cliente, taller } = tokens); }, { listen: true });

const csvLines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

describe('a list\'s CSV export', () => {
  it('writes every matching row, past a thousand, newest first, as the audits table shows them', async () => {
    const record = uniq();
    // 2,500 audit rows of one record, a minute apart from 1 July 2026 10:00 UTC (12:00 in Madrid, summer).
    await t.ctx.db.execute(sql`insert into audits (user_id, resource, record_id, action, created_at)
      select u.id, 'client', ${record}, 'update', timestamptz '2026-07-01 10:00:00+00' + g * interval '1 minute'
      from generate_series(0, 2499) g cross join (select id from users where username = 'admin') u`);
    const filter = filterQuery({ record_id: record });
    const res = await t.call('GET', `/api/audit/csv?${filter}&tz=Europe/Madrid`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.response.headers['content-disposition'])
      .toBe('attachment; filename="Auditorias.csv"; filename*=UTF-8\'\'Auditor%C3%ADas.csv');
    expect(res.response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvLines(res.response.body);
    expect(header).toBe('Id;Fecha;Usuario;Recurso;Registro;Acción');
    expect(rows).toHaveLength(2500);
    // Newest first (the list's default order); the resource and action by their Spanish names, the user by its title.
    expect(rows[0]).toMatch(new RegExp(`^\\d+;03/07/2026 05:39;admin;Cliente;${record};Modificación$`));
    expect(rows[2499]).toMatch(new RegExp(`^\\d+;01/07/2026 12:00;admin;Cliente;${record};Modificación$`));
    // The same rows in another zone, and in the order asked for.
    const canary = await t.call('GET', `/api/audit/csv?${filter}&tz=Atlantic/Canary&sort=id&order=ASC`, { token: admin });
    expect(csvLines(canary.response.body)[1]).toMatch(/;01\/07\/2026 11:00;admin;/);
  });

  it('sends the header at once and the rows a batch at a time, chunked (PostgreSQL)', async () => {
    // The embedded database writes the file first (one transaction at a time serves everyone there).
    if (t.ctx.dbKind !== 'postgres') return;
    const record = uniq();
    await t.ctx.db.execute(sql`insert into audits (resource, record_id, action)
      select 'order', ${record}, 'create' from generate_series(1, ${EXPORT_BATCH_ROWS * 2 + 10})`);
    const { head, chunks } = await rawGet(`${t.url}/api/audit/csv?${filterQuery({ record_id: record })}`, admin);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/\r\ntransfer-encoding: chunked/i);
    const parts = chunks.map((chunk) => chunk.toString());
    expect(parts[0]).toBe('\uFEFFId;Fecha;Usuario;Recurso;Registro;Acción\r\n');
    expect(parts.slice(1).map((part) => csvLines(part).length)).toEqual([EXPORT_BATCH_ROWS, EXPORT_BATCH_ROWS, 10]);
  });

  it('writes a formula as text, a reference by its title, and keeps a member to its own client', async () => {
    const tag = uniq();
    const name = `=HYPERLINK("http://evil.example";"Ver") ${tag}`;
    // As a careless import could have left it (the form refuses nothing here: a name is any text).
    await t.ctx.db.execute(sql`update clients set name = ${name} where id = 2`);
    const staff = await t.call('GET', `/api/client/csv?${filterQuery({ q: tag })}`, { token: admin });
    const [header, row] = csvLines(staff.response.body);
    expect(header.split(';').slice(0, 2)).toEqual(['Id', 'Nombre']);
    // Written as text (a quote before it), its reference by its title.
    expect(row).toMatch(new RegExp(`^2;"'=HYPERLINK\\(""http://evil\\.example"";""Ver""\\) ${tag}";.*;Tarifa General;`));

    const everyone = csvLines((await t.call('GET', '/api/client/csv', { token: admin })).response.body);
    const own = csvLines((await t.call('GET', '/api/client/csv', { token: cliente })).response.body);
    expect(everyone.length).toBeGreaterThan(3);
    expect(own).toHaveLength(2);
    expect(own[1]).toMatch(/^1;/);
  });

  it('refuses what the list refuses, in Spanish, before anything is sent', async () => {
    expectError(await t.call('GET', '/api/audit/csv', { token: taller }), 403, Code.error, Msg.forbidden);
    expectError(await t.call('GET', '/api/audit/csv', {}), 401, Code.invalidToken);
    const badDay = await t.call('GET', `/api/audit/csv?${filterQuery({ created_at_gte: 'ayer' })}`, { token: admin });
    expect(badDay.status).toBe(400);
    expect(badDay.body.code).toBe(Code.error);
    expect(badDay.body.message).toMatch(/[áéíóúñ]|no es válid/);
    expectError(
      await t.call('GET', `/api/audit/csv?${filterQuery({ q: 'x'.repeat(10_000) })}`, { token: admin }),
      400,
      Code.error,
      Msg.searchTooLong,
    );
    expectError(await t.call('GET', '/api/audit/csv?tz=Luna/Base', { token: admin }), 400, Code.error, Msg.timeZoneInvalid);
  });

  it('reads in one read-only transaction, which ends as soon as its reader stops', async () => {
    const ended: string[] = [];
    async function* batches(tx: Parameters<Parameters<typeof inReadOnlyTransaction>[1]>[0]) {
      try {
        for (let i = 1; i <= 3; i++) yield rowsOf(await tx.execute(sql`select ${i}::int as n`))[0];
      } finally {
        ended.push('produce');
      }
    }
    for await (const row of inReadOnlyTransaction(t.ctx.db, batches)) {
      expect(row).toEqual({ n: 1 });
      break;
    }
    expect(ended).toEqual(['produce']);
    // The database serves others again (the embedded one runs one transaction at a time).
    expect(rowsOf(await t.ctx.db.execute(sql`select 2 as n`))).toEqual([{ n: 2 }]);

    const writes = inReadOnlyTransaction(t.ctx.db, async function* (tx) {
      yield await tx.execute(sql`insert into audits (resource, record_id, action) values ('order', 'x', 'create')`);
    });
    const refused = await writes.next().catch((error: Error) => error);
    expect(String((refused as Error).cause)).toMatch(/read-only transaction/);
  });

  it('runs four exports at once, two a user; a fifth is told to wait, and a reader that leaves frees its place (PostgreSQL)', async () => {
    if (t.ctx.dbKind !== 'postgres') return;
    // Far more than the sockets' buffers hold: an export whose reader does not read stays under way.
    const record = 'x'.repeat(40) + uniq();
    await t.ctx.db.execute(sql`insert into audits (resource, record_id, action)
      select 'order', ${record}, 'create' from generate_series(1, 200000)`);
    const path = `/api/audit/csv?${filterQuery({ record_id: record })}`;
    const { hostname, port } = new URL(t.url);
    const other = await createUser(t, admin, { roles: 1 });
    const otherAdmin = await tokenOf(t, other.username, other.password);
    const stalled = await Promise.all([admin, admin, otherAdmin, otherAdmin].map((token) => new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nx-token: ${token}\r\n\r\n`);
        // Its first bytes are in: the export is under way; then it stops reading.
        socket.once('data', () => { socket.pause(); resolve(socket); });
      });
      socket.on('error', reject);
    })));
    const third = await createUser(t, admin, { roles: 1 });
    const busy = await t.call('GET', path, { token: await tokenOf(t, third.username, third.password) });
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({ code: Code.warning, message: Msg.exportsBusy });

    for (const socket of stalled) socket.destroy();
    await expect.poll(async () => (await t.call('GET', `/api/audit/csv?${filterQuery({ record_id: 'none' })}`, { token: admin })).status)
      .toBe(200);
    // Their transactions ended with them.
    await expect.poll(async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`))[0].n).toBe(0);
  });
});
