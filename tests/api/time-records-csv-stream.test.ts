/**
 * The time-record CSV of years of everyone's records is sent as it is read (issue 30): over real HTTP, the
 * answer is chunked, the header row leaves first on its own, and the rows follow a batch of a worker's
 * rows at a time (never more than EXPORT_BATCH_ROWS of them); put together, the parts are the CSV the
 * export always wrote.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, rawGet } from './helpers';
import { EXPORT_BATCH_ROWS } from '../../src/server/domain/timeRecords';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); }, { listen: true });

const HEADER = '\uFEFFTrabajador;Usuario;Día;Entradas y salidas;Pausas;Tiempo de pausa (h:mm);Tiempo trabajado (h:mm);Observaciones\r\n';

describe('the time-record CSV export', () => {
  it('streams years of everyone\'s records: chunked, the header first, then a worker\'s year at a time', async () => {
    const workers = [];
    for (let i = 0; i < 3; i++) workers.push(await createUser(t, admin, { roles: 3, first_name: `Operario${i}`, last_name: 'Del Taller' }));
    // Two years of working days, straight in SQL (as years of check-ins would leave them).
    await t.ctx.db.execute(sql`insert into time_entries (user_id, kind, at, recorded_by)
      select u.id, k.kind, (d.day + k.offset_) at time zone 'Europe/Madrid', u.id
      from users u
        cross join (select g::date as day from generate_series(date '2023-01-02', date '2024-12-31', interval '1 day') g) d
        cross join (values ('in', interval '8 hours'), ('out', interval '16 hours')) k(kind, offset_)
      where u.id in (${sql.join(workers.map((w) => sql`${w.id}`), sql`, `)}) and extract(isodow from d.day) < 6`);

    const { head, chunks } = await rawGet(`${t.url}/api/timeRecords/csv?from=2023-01-01&to=2024-12-31`, admin);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/\r\ntransfer-encoding: chunked/i);
    expect(head).not.toMatch(/\r\ncontent-length:/i);
    const parts = chunks.map((c) => c.toString());
    expect(parts[0]).toBe(HEADER);
    // Three workers, two years each: at least six parts of rows after the header, none holding two workers.
    const rowParts = parts.slice(1).filter((p) => p.includes('Del Taller'));
    expect(rowParts.length).toBeGreaterThanOrEqual(6);
    for (const part of rowParts) expect(new Set(part.trim().split('\r\n').map((line) => line.split(';')[1])).size).toBe(1);

    // Put together, the parts are the same bytes the whole answer carries.
    const whole = await t.call('GET', '/api/timeRecords/csv?from=2023-01-01&to=2024-12-31', { token: admin });
    expect(Buffer.concat(chunks).equals(whole.response.rawPayload)).toBe(true);
    const lines = whole.response.body.split('\r\n');
    expect(lines).toContain(`Operario0 Del Taller;${workers[0].username};02/01/2023;08:00–16:00;;0:00;8:00;`);
    expect(lines).toContain(`Operario2 Del Taller;${workers[2].username};31/12/2024;08:00–16:00;;0:00;8:00;`);
  });

  it('reads a worker\'s rows a batch at a time: no part carries more days than a batch of rows holds', async () => {
    const worker = await createUser(t, admin, { roles: 3, first_name: 'Turno', last_name: 'Completo' });
    // Every day of a year and a half, four entries a day: far more rows than a batch.
    await t.ctx.db.execute(sql`insert into time_entries (user_id, kind, at, recorded_by)
      select ${worker.id}, k.kind, (d.day + k.offset_) at time zone 'Europe/Madrid', ${worker.id}
      from (select g::date as day from generate_series(date '2023-01-01', date '2024-06-30', interval '1 day') g) d
        cross join (values ('in', interval '8 hours'), ('pause_start', interval '11 hours'),
          ('pause_end', interval '11 hours 30 minutes'), ('out', interval '16 hours')) k(kind, offset_)`);

    const { chunks } = await rawGet(`${t.url}/api/timeRecords/csv?from=2023-01-01&to=2024-06-30`, admin);
    const days = chunks
      .slice(1)
      .map(
        (c) =>
          c
            .toString()
            .trim()
            .split('\r\n')
            .filter((line) => line.includes('Turno Completo')).length,
      )
      .filter(Boolean);
    expect(days.reduce((sum, n) => sum + n, 0)).toBe(547);
    for (const n of days) expect(n).toBeLessThanOrEqual(EXPORT_BATCH_ROWS / 4);
  });
});
