/**
 * A month of the time record, everyone’s totals and a worker’s days, against
 * figures worked out by hand from the rows below: pauses (one left open, marks repeated), shifts past
 * midnight and past the month's end, the night the clocks go back (25 October 2026), a stretch left without
 * its check-out, a stray check-out, corrections (a new time, a voided entry, an entry the office added) and
 * production steps marked in and out of the clocked time. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { order_item_steps, time_entries } from '../../src/server/db/tables';
import { rebuildKeptMonths } from '../../src/server/domain/timeRecords';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectOk, finishedOrderItem } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

type Row = Record<string, any>;
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe("a month's totals", () => {
  it("everyone's month and each worker's days give the hand-worked figures", async () => {
    const a = await createUser(t, admin, { roles: 3 });
    const b = await createUser(t, admin, { roles: 3 });
    // Madrid is UTC+2 until 03:00 of Sunday 25 October 2026 (01:00 UTC), UTC+1 after: instants below are UTC.
    const rows = (worker: { id: number }, list: Array<[string, string]>) =>
      t.ctx.db.insert(time_entries)
        .values(list.map(([kind, at]) => ({ user_id: worker.id, kind, at: new Date(at), recorded_by: worker.id })))
        .returning();
    await rows(a, [
      // 30 September 22:00 to 1 October 06:00: September's, though its check-out falls in October.
      ['in', '2026-09-30T20:00:00Z'], ['out', '2026-10-01T04:00:00Z'],
      // 1 October 08:00–14:00, a pause 10:00–10:30: 5:30.
      ['in', '2026-10-01T06:00:00Z'], ['pause_start', '2026-10-01T08:00:00Z'], ['pause_end', '2026-10-01T08:30:00Z'],
      ['out', '2026-10-01T12:00:00Z'],
      // 2 October 08:00–16:00, each pause mark twice (the second of each does nothing): a pause 10:00–10:40, 7:20.
      ['in', '2026-10-02T06:00:00Z'], ['pause_start', '2026-10-02T08:00:00Z'], ['pause_start', '2026-10-02T08:10:00Z'],
      ['pause_end', '2026-10-02T08:40:00Z'], ['pause_end', '2026-10-02T08:50:00Z'], ['out', '2026-10-02T14:00:00Z'],
      // 5 October 08:00–14:00, a pause from 12:00 never ended (it ends with the check-out): 4:00.
      ['in', '2026-10-05T06:00:00Z'], ['pause_start', '2026-10-05T10:00:00Z'], ['out', '2026-10-05T12:00:00Z'],
      // Saturday 24 22:00 (summer time) to Sunday 25 06:00 (winter time): nine hours, on the 24th.
      ['in', '2026-10-24T20:00:00Z'], ['out', '2026-10-25T05:00:00Z'],
      // Sunday 25, 08:00–10:00 winter time: 2:00.
      ['in', '2026-10-25T07:00:00Z'], ['out', '2026-10-25T09:00:00Z'],
      // Saturday 31 22:00 to 1 November 03:00: five hours, October's.
      ['in', '2026-10-31T21:00:00Z'], ['out', '2026-11-01T02:00:00Z'],
    ]);
    const bRows = await rows(b, [
      // 6 October: in at 08:00, never out (the next check-in leaves it without its check-out: no time).
      ['in', '2026-10-06T06:00:00Z'],
      // 7 October 08:00–16:00: 8:00.
      ['in', '2026-10-07T06:00:00Z'], ['out', '2026-10-07T14:00:00Z'],
      // 8 October 08:00–12:00, the check-out corrected below to 14:00: 6:00.
      ['in', '2026-10-08T06:00:00Z'], ['out', '2026-10-08T10:00:00Z'],
      // 9 October 08:00–13:00 with a second check-in at 09:00 voided below: 5:00.
      ['in', '2026-10-09T06:00:00Z'], ['in', '2026-10-09T07:00:00Z'], ['out', '2026-10-09T11:00:00Z'],
      // 12 October: the check-in the office adds below at 08:00, out at 14:00: 6:00.
      ['out', '2026-10-12T12:00:00Z'],
      // 13 October: a check-out with no check-in open: a day with an entry and no time.
      ['out', '2026-10-13T10:00:00Z'],
    ]);
    // Rows of past instants, written here as a restore writes them (clocking takes the server's time): their
    // figures worked out as a restore has them worked out. The corrections below keep them through the API.
    await rebuildKeptMonths(t.ctx.db);
    const byTime = (at: string) => bRows.find((r) => r.at.toISOString() === at)!;
    const [outOfThe8th, wrongIn] = [byTime('2026-10-08T10:00:00.000Z'), byTime('2026-10-09T07:00:00.000Z')];
    const correct = async (body: Row) => expectOk(await t.call('POST', '/api/timeRecords/correct', { token: admin, body }), 20001);
    await correct({ action: 'change', entry_id: outOfThe8th.id, kind: 'out', day: '2026-10-08', time: '14:00', reason: 'Salió más tarde' });
    await correct({ action: 'void', entry_id: wrongIn.id, reason: 'Entrada repetida' });
    await correct({ action: 'add', user_id: b.id, kind: 'in', day: '2026-10-12', time: '08:00', reason: 'Olvidó fichar' });

    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    const { item } = await finishedOrderItem(t, admin, 'Mes del registro');
    const { item: other } = await finishedOrderItem(t, admin, 'Mes del registro B');
    const marked = (on: Row, n: number, worker: { id: number }, at: string) =>
      ({ order_item_id: on.id, production_step_id: steps[n].id, user_id: worker.id, done_at: new Date(at) });
    await t.ctx.db.insert(order_item_steps).values([
      marked(item, 0, a, '2026-10-01T08:15:00Z'), // in the pause of the 1st: clocked
      marked(item, 1, a, '2026-10-24T23:30:00Z'), // within the night shift: clocked
      marked(item, 2, a, '2026-10-25T10:00:00Z'), // 11:00 of the 25th, after the check-out: outside
      marked(item, 3, a, '2026-11-01T01:00:00Z'), // November's, though within October's last shift
      marked(other, 0, b, '2026-10-06T16:00:00Z'), // 18:00 of the day without a check-out: clocked to its end
      marked(other, 1, b, '2026-10-06T22:30:00Z'), // 00:30 of the 7th: outside
      marked(other, 2, b, '2026-10-13T09:00:00Z'), // the 13th, nobody clocked in: outside
      marked(other, 3, b, '2026-10-12T07:00:00Z'), // 09:00 of the 12th, in the check-in the office added: clocked
    ]);

    const everyone: Row[] = expectOk(await t.call('GET', '/api/timeRecords/month/2026-10', { token: admin }));
    const totalsOf = (worker: { id: number }) => everyone.find((row) => row.worker.id === worker.id);
    const aWorked = 5.5 * HOUR + (7 * HOUR + 20 * MINUTE) + 4 * HOUR + 9 * HOUR + 2 * HOUR + 5 * HOUR;
    expect(totalsOf(a)).toMatchObject({
      days: 6, worked_ms: aWorked, worked: '32:50', incomplete: 0, corrected: 0, outside_marks: 1,
    });
    const bWorked = 8 * HOUR + 6 * HOUR + 5 * HOUR + 6 * HOUR;
    expect(totalsOf(b)).toMatchObject({
      days: 6, worked_ms: bWorked, worked: '25:00', incomplete: 1, corrected: 3, outside_marks: 2,
    });

    // Each worker's month, day by day, says the same.
    const month = async (worker: { id: number }) =>
      expectOk(await t.call('GET', `/api/timeRecords/worker/${worker.id}/2026-10`, { token: admin })) as Row;
    const daysOf = (view: Row) => view.days.map((d: Row) => [d.day, d.worked_ms, d.incomplete, d.corrected]);
    const aMonth = await month(a);
    expect(daysOf(aMonth)).toEqual([
      ['2026-10-01', 5.5 * HOUR, false, false],
      ['2026-10-02', 7 * HOUR + 20 * MINUTE, false, false],
      ['2026-10-05', 4 * HOUR, false, false],
      ['2026-10-24', 9 * HOUR, false, false],
      ['2026-10-25', 2 * HOUR, false, false],
      ['2026-10-31', 5 * HOUR, false, false],
    ]);
    expect(aMonth.worked_ms).toBe(aWorked);
    expect(aMonth.outside_marks.map((m: Row) => m.at)).toEqual(['2026-10-25T10:00:00.000Z']);
    const bMonth = await month(b);
    expect(daysOf(bMonth)).toEqual([
      ['2026-10-06', 0, true, false],
      ['2026-10-07', 8 * HOUR, false, false],
      ['2026-10-08', 6 * HOUR, false, true],
      ['2026-10-09', 5 * HOUR, false, true],
      ['2026-10-12', 6 * HOUR, false, true],
      ['2026-10-13', 0, false, false],
    ]);
    expect(bMonth.outside_marks.map((m: Row) => m.at)).toEqual(['2026-10-06T22:30:00.000Z', '2026-10-13T09:00:00.000Z']);

    // A month with nothing: every worker listed, all naught.
    const empty: Row[] = expectOk(await t.call('GET', '/api/timeRecords/month/2026-03', { token: admin }));
    expect(empty.find((row) => row.worker.id === a.id))
      .toMatchObject({ days: 0, worked_ms: 0, incomplete: 0, corrected: 0, outside_marks: 0 });
  });

  it('counts a stretch still going on up to the moment it is asked', async () => {
    const worker = await createUser(t, admin, { roles: 3 });
    const started = Date.now() - 2 * HOUR;
    await t.ctx.db.insert(time_entries).values([
      { user_id: worker.id, kind: 'in', at: new Date(started), recorded_by: worker.id },
      { user_id: worker.id, kind: 'pause_start', at: new Date(started + HOUR), recorded_by: worker.id },
    ]);
    await rebuildKeptMonths(t.ctx.db);
    const month = new Date(started).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' }).slice(0, 7);
    const everyone: Row[] = expectOk(await t.call('GET', `/api/timeRecords/month/${month}`, { token: admin }));
    // An hour worked before the pause; the pause, still open, runs to the moment asked: whenever that is, an hour.
    expect(everyone.find((r) => r.worker.id === worker.id)).toMatchObject({ days: 1, worked_ms: HOUR, incomplete: 0 });
  });
});
