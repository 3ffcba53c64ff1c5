/**
 * Everyone's month from the figures kept per month (`work_months`, issue 46): written the normal way — clocked
 * through the API at chosen instants (only `Date` is faked: the server's clock), corrected by the office,
 * steps marked with the phone's time — and compared with figures worked out by hand, then after a restore;
 * and a seeded random history of dozens of workers against the month worked out from the rows
 * (`everyonesMonthLive`). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { Readable, Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { restoreBackup, writeBackup } from '../../src/server/backup';
import { time_entries, users, work_months } from '../../src/server/db/tables';
import type { Role } from '../../src/shared/roles';
import {
  buildKeptMonthsOnce, checkIn, correctEntry, everyonesMonth, everyonesMonthLive, rebuildKeptMonths, workerMonth, workerMonthLive,
} from '../../src/server/domain/timeRecords';
import { markNextStep } from '../../src/server/domain/logistics';
import type { SessionUser } from '../../src/server/domain/sessionUser';
import { localFileStore } from '../../src/server/files/store';
import { emptyDatabase } from '../support/databases';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectOk, finishedOrderItem, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });
afterEach(() => { vi.useRealTimers(); });

type Row = Record<string, any>;
const HOUR = 3_600_000;

/** From here on the server's clock (and the phone's) reads `at` (UTC). */
const at = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

describe("everyone's month from the kept figures", () => {
  it('gives the hand-worked figures after check-ins, corrections and marks, and after a restore', { timeout: 180_000 }, async () => {
    const newWorker = async () => {
      const user = await createUser(t, admin, { roles: 3 });
      return { ...user, token: await tokenOf(t, user.username, user.password) };
    };
    const [a, b] = [await newWorker(), await newWorker()];
    const items = [await finishedOrderItem(t, admin, 'Cifras A'), await finishedOrderItem(t, admin, 'Cifras B')].map((o) => o.item);
    const entriesOf = async (worker: { id: number }) =>
      t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, worker.id));
    const clock = async (worker: { token: string }, instant: string, kind: string) => {
      at(instant);
      expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: worker.token, body: { kind } }), 20001);
    };
    const mark = async (worker: { token: string }, item: Row, instant: string, body: Row = {}) => {
      at(instant);
      const sent = { token: worker.token, body: { code: item.barcode, ...body } };
      expectOk(await t.call('POST', '/api/traceability/markNextStep', sent), 20001);
    };
    const correct = async (instant: string, body: Row) => {
      at(instant);
      expectOk(await t.call('POST', '/api/timeRecords/correct', { token: admin, body }), 20001);
    };
    const entryAt = async (worker: { id: number }, instant: string) =>
      (await entriesOf(worker)).find((row) => row.at.toISOString() === instant)!;
    const october = async (instant: string) => {
      at(instant);
      const all: Row[] = expectOk(await t.call('GET', '/api/timeRecords/month/2026-10', { token: admin }));
      return [a, b].map((worker) => all.find((row) => row.worker.id === worker.id));
    };

    // Madrid is UTC+2 until 25 October 2026, UTC+1 after: the instants are UTC, the comments Madrid's.
    // A, Thursday 1: 08:00–14:00, a pause 10:00–10:30 (5:30); a step at 09:15 (clocked); one made at 15:00
    // and sent the next morning with the phone's time (outside).
    await clock(a, '2026-10-01T06:00:00.000Z', 'in');
    await mark(a, items[0], '2026-10-01T07:15:00.000Z', { made_at: '2026-10-01T07:15:00.000Z' });
    await clock(a, '2026-10-01T08:00:00.000Z', 'pause_start');
    await clock(a, '2026-10-01T08:30:00.000Z', 'pause_end');
    await clock(a, '2026-10-01T12:00:00.000Z', 'out');
    await mark(a, items[0], '2026-10-02T06:00:00.000Z', { made_at: '2026-10-01T13:00:00.000Z' });
    // Friday 2, 22:00 to Saturday 3, 06:00 (8:00, the 2nd's), a step at 05:00 of the 3rd within it.
    await clock(a, '2026-10-02T20:00:00.000Z', 'in');
    await mark(a, items[0], '2026-10-03T03:00:00.000Z', { made_at: '2026-10-03T03:00:00.000Z' });
    await clock(a, '2026-10-03T04:00:00.000Z', 'out');
    // Thursday 8, 09:00–17:00; the office moves the check-out to 01:00 of the 9th: 16:00 on the 8th, corrected.
    await clock(a, '2026-10-08T07:00:00.000Z', 'in');
    await clock(a, '2026-10-08T15:00:00.000Z', 'out');
    const outOfThe8th = await entryAt(a, '2026-10-08T15:00:00.000Z');
    await correct('2026-10-09T09:00:00.000Z',
      { action: 'change', entry_id: outOfThe8th.id, kind: 'out', day: '2026-10-09', time: '01:00', reason: 'Salió de madrugada' });
    // Monday 12, a step at 07:00, then 08:00–14:00; the office moves the check-in to Sunday 11 at 20:00: the
    // 12th has no entries left, the 11th 18:00 (corrected), and the step falls within it.
    await mark(a, items[0], '2026-10-12T05:00:00.000Z', { made_at: '2026-10-12T05:00:00.000Z' });
    await clock(a, '2026-10-12T06:00:00.000Z', 'in');
    await clock(a, '2026-10-12T12:00:00.000Z', 'out');
    const inOfThe12th = await entryAt(a, '2026-10-12T06:00:00.000Z');
    await correct('2026-10-13T09:00:00.000Z',
      { action: 'change', entry_id: inOfThe12th.id, kind: 'in', day: '2026-10-11', time: '20:00', reason: 'Entró el domingo' });

    // B, Thursday 15: 08:00–16:00 with a pause 12:00–12:30 whose start the office voids: 8:00, corrected.
    await clock(b, '2026-10-15T06:00:00.000Z', 'in');
    await clock(b, '2026-10-15T10:00:00.000Z', 'pause_start');
    await clock(b, '2026-10-15T10:30:00.000Z', 'pause_end');
    await clock(b, '2026-10-15T14:00:00.000Z', 'out');
    const pauseOfThe15th = await entryAt(b, '2026-10-15T10:00:00.000Z');
    await correct('2026-10-15T15:00:00.000Z', { action: 'void', entry_id: pauseOfThe15th.id, reason: 'Pausa marcada por error' });
    // Friday 16: in at 08:00, a step at 14:00, the check-out at 15:00 added by the office: 7:00, corrected.
    await clock(b, '2026-10-16T06:00:00.000Z', 'in');
    await mark(b, items[1], '2026-10-16T12:00:00.000Z', { made_at: '2026-10-16T12:00:00.000Z' });
    await correct('2026-10-16T18:00:00.000Z',
      { action: 'add', user_id: b.id, kind: 'out', day: '2026-10-16', time: '15:00', reason: 'Olvidó fichar la salida' });
    // Monday 19, 08:00–12:00 (4:00); Wednesday 21, 08:00–14:00 (6:00); a step on Thursday 22 at 10:00 (outside);
    // then the office adds a check-in on Tuesday 20 at 08:00 with no check-out: the 20th without its check-out.
    await clock(b, '2026-10-19T06:00:00.000Z', 'in');
    await clock(b, '2026-10-19T10:00:00.000Z', 'out');
    await clock(b, '2026-10-21T06:00:00.000Z', 'in');
    await clock(b, '2026-10-21T12:00:00.000Z', 'out');
    await mark(b, items[1], '2026-10-22T08:00:00.000Z', { made_at: '2026-10-22T08:00:00.000Z' });
    await correct('2026-10-22T09:00:00.000Z',
      { action: 'add', user_id: b.id, kind: 'in', day: '2026-10-20', time: '08:00', reason: 'Olvidó fichar la entrada' });
    // Monday 26 (winter time): a step at 08:00 that clocks in first, out at 14:00: 6:00.
    await mark(b, items[1], '2026-10-26T07:00:00.000Z', { check_in: true });
    await clock(b, '2026-10-26T13:00:00.000Z', 'out');

    // A, Saturday 31 at 22:00, still working at 01:30 of 1 November: 3:30 so far, October's.
    await clock(a, '2026-10-31T21:00:00.000Z', 'in');
    const aClosed = 5.5 * HOUR + 8 * HOUR + 16 * HOUR + 18 * HOUR;
    const bFigures = { days: 6, worked_ms: 31 * HOUR, worked: '31:00', incomplete: 1, corrected: 3, outside_marks: 1 };
    expect(await october('2026-11-01T00:30:00.000Z')).toMatchObject([
      { days: 5, worked_ms: aClosed + 3.5 * HOUR, worked: '51:00', incomplete: 0, corrected: 2, outside_marks: 1 },
      bFigures,
    ]);
    // Out at 02:00: 4:00.
    await clock(a, '2026-11-01T01:00:00.000Z', 'out');
    const aFigures = { days: 5, worked_ms: aClosed + 4 * HOUR, worked: '51:30', incomplete: 0, corrected: 2, outside_marks: 1 };
    expect(await october('2026-11-01T09:00:00.000Z')).toMatchObject([aFigures, bFigures]);
    // November: A's last stretch is October's (the day it started), nothing of B's.
    at('2026-11-01T09:00:00.000Z');
    const november: Row[] = expectOk(await t.call('GET', '/api/timeRecords/month/2026-11', { token: admin }));
    expect([a, b].map((worker) => november.find((row) => row.worker.id === worker.id)))
      .toMatchObject([{ days: 0, worked_ms: 0, outside_marks: 0 }, { days: 0, worked_ms: 0, outside_marks: 0 }]);

    // Restored into an empty database: the figures worked out again from the restored rows.
    vi.useRealTimers();
    const chunks: Buffer[] = [];
    await writeBackup(t.ctx.db, t.ctx.files, new Writable({ write(chunk, _encoding, done) { chunks.push(chunk); done(); } }));
    const restored = await emptyDatabase('cob_kept');
    try {
      const store = localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'cob-kept-')));
      await restoreBackup(restored.db, store, Readable.from([Buffer.concat(chunks)]));
      const totals = await everyonesMonth(restored.db, '2026-10', new Date('2026-11-01T09:00:00.000Z'));
      expect([a, b].map((worker) => totals.find((row) => row.worker.id === worker.id))).toMatchObject([aFigures, bFigures]);
    } finally {
      await restored.close();
      await restored.drop();
    }
  });
});

// ------------------------------------------------------------------------------------------ a random history

/** A small seeded generator (mulberry32): the same history on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the kept figures against the rows', () => {
  it("everyone's month equals the month worked out from the rows, for a seeded random history", { timeout: 600_000 }, async () => {
    const next = random(46);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    // Who calls the domain functions, as a session resolves them (domain/auth.ts).
    const sessionUser = (user: { id: number; username: string }, roles: Role[]): SessionUser =>
      ({ id: user.id, sessionId: 0, username: user.username, first_name: 'Prueba', last_name: '', email: '', roles, client_id: null });
    const workers: SessionUser[] = [];
    for (let i = 0; i < 24; i++) workers.push(sessionUser(await createUser(t, admin, { roles: 3 }), ['taller']));
    const [adminRow] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const office = sessionUser(adminRow, ['admin']);
    const items = [];
    for (let i = 0; i < 8; i++) items.push((await finishedOrderItem(t, admin, `Historia ${i}`)).item);

    // Three weeks across the end of September, each worker's plan: most days a shift (some at night, past
    // midnight), some pauses, some days away (a few in a row: a stretch left open then runs on), some forgotten
    // check-outs; steps marked now and then, some sent late; the office corrects now and then.
    type Event = { at: number; worker: SessionUser; act: 'clock' | 'mark' | 'correct'; kind?: string; madeAt?: number };
    const events: Event[] = [];
    const first = Date.parse('2026-09-17T00:00:00Z');
    for (const worker of workers) {
      let away = 0;
      for (let day = 0; day < 21; day++) {
        if (away > 0 || next() < 0.1) { away = away > 0 ? away - 1 : Math.floor(next() * 4); continue; }
        const start = first + day * 24 * HOUR + (next() < 0.15 ? 19 : 5) * HOUR + Math.floor(next() * 120) * 60_000;
        const length = (4 + next() * 6) * HOUR;
        events.push({ at: start, worker, act: 'clock', kind: 'in' });
        if (next() < 0.5) {
          const pause = start + length * (0.3 + next() * 0.3);
          events.push({ at: pause, worker, act: 'clock', kind: 'pause_start' });
          if (next() < 0.9) events.push({ at: pause + Math.floor(next() * 60) * 60_000 + 60_000, worker, act: 'clock', kind: 'pause_end' });
        }
        if (next() < 0.9) events.push({ at: start + length, worker, act: 'clock', kind: 'out' });
        for (let n = Math.floor(next() * 3); n > 0; n--) {
          const made = start + (next() * 1.4 - 0.2) * length;
          events.push({ at: made + (next() < 0.2 ? Math.floor(next() * 40) * HOUR : 0), worker, act: 'mark', madeAt: made });
        }
        if (next() < 0.15) events.push({ at: start + length + (1 + next() * 30) * HOUR, worker, act: 'correct' });
      }
    }
    events.sort((x, y) => x.at - y.at);

    const marks = items.flatMap((item) => Array.from({ length: 5 }, () => item));
    const rowsOf = (worker: SessionUser) => t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, worker.id));
    for (const event of events) {
      at(new Date(event.at).toISOString());
      if (event.act === 'clock') {
        // A refused entry (a pause while out, an in while in) is refused as the button would be: nothing written.
        await t.ctx.db.transaction((tx) => checkIn(tx, event.worker, event.kind)).catch(() => undefined);
      } else if (event.act === 'mark') {
        const item = marks.shift();
        if (!item) continue;
        await t.ctx.db.transaction((tx) => markNextStep(tx, event.worker, { code: item.barcode, madeAt: new Date(event.madeAt!) }))
          .catch(() => undefined);
      } else {
        const rows = (await rowsOf(event.worker)).filter((row) => row.at.getTime() < event.at);
        if (!rows.length) continue;
        const target = pick(rows);
        // A new time up to a day and a half either side (never later than now), another kind, a void or an added entry.
        const moved = new Date(Math.min(event.at - 60_000, target.at.getTime() + (next() * 3 - 1.5) * 24 * HOUR));
        const day = moved.toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
        const time = moved.toLocaleTimeString('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' });
        const choice = next();
        const other = pick(['in', 'pause_start', 'pause_end', 'out']);
        const kind = next() < 0.7 ? target.kind : other;
        const input = choice < 0.3 ? { action: 'void', entry_id: target.id, reason: 'Anulado' }
          : choice < 0.7 ? { action: 'change', entry_id: target.id, kind, day, time, reason: 'Corregido' }
            : { action: 'add', user_id: event.worker.id, kind: other, day, time, reason: 'Añadido' };
        await t.ctx.db.transaction((tx) => correctEntry(tx, office, input));
      }
    }

    // Asked at the end (some still clocked in) and at a moment of their own, for each month the history touches.
    const ids = new Set(workers.map((w) => w.id));
    const ours = (totals: Row[]) => totals.filter((row) => ids.has(row.worker.id));
    vi.useRealTimers();
    const asked = [new Date(events[events.length - 1].at + HOUR), new Date('2027-01-01T00:00:00Z')];
    let compared = 0;
    for (const now of asked)
      for (const month of ['2026-08', '2026-09', '2026-10', '2026-11']) {
        const live = ours(await everyonesMonthLive(t.ctx.db, month, now));
        expect(ours(await everyonesMonth(t.ctx.db, month, now)), `${month} at ${now.toISOString()}`).toEqual(live);
        compared += live.filter((row) => row.days || row.outside_marks).length;
      }
    // The history is what it says: many workers' months with days, some open, incomplete, corrected or with marks.
    const september = ours(await everyonesMonthLive(t.ctx.db, '2026-09', asked[0]));
    expect(compared).toBeGreaterThan(40);
    expect(september.filter((row) => row.incomplete).length).toBeGreaterThan(2);
    expect(september.filter((row) => row.corrected).length).toBeGreaterThan(5);
    expect(september.filter((row) => row.outside_marks).length).toBeGreaterThan(2);
    // And stretches still going on when asked (the last check-in without its check-out), worked out then.
    expect(await t.ctx.db.$count(work_months, isNotNull(work_months.open_entry_id))).toBeGreaterThan(0);

    // Each worker's month as kept laid out equals the month worked out from the rows, correction authors named as
    // they are called now.
    await t.ctx.db.update(users).set({ first_name: 'Oficina', last_name: 'Renombrada' }).where(eq(users.id, office.id));
    const sameMonths = async () => {
      let named = 0;
      for (const now of asked)
        for (const month of ['2026-08', '2026-09', '2026-10', '2026-11'])
          for (const worker of workers) {
            const live = await workerMonthLive(t.ctx.db, worker.id, month, now);
            expect(await workerMonth(t.ctx.db, worker.id, month, now), `${worker.id} ${month} at ${now.toISOString()}`).toEqual(live);
            const corrections = live.days.flatMap((d) => d.entries.flatMap((e) => e.corrections));
            named += corrections.filter((c) => c.recorded_by === 'Oficina Renombrada').length;
          }
      return named;
    };
    expect(await sameMonths()).toBeGreaterThan(10);
    // Most months are read laid out; those with a stretch going on are worked out when asked.
    const laid = await t.ctx.db.$count(work_months, isNotNull(work_months.view));
    expect(laid).toBeGreaterThan(40);

    // Worked out again from nothing (a restore's rebuild), the same.
    await rebuildKeptMonths(t.ctx.db);
    for (const month of ['2026-09', '2026-10'])
      expect(ours(await everyonesMonth(t.ctx.db, month, asked[0]))).toEqual(ours(await everyonesMonthLive(t.ctx.db, month, asked[0])));
    // A database migrated from before the months' totals and layout (migration 0024) has them at start, once.
    await t.ctx.db.update(work_months).set({ days: null, worked_ms: null, incomplete: null, corrected: null, view: null, authors: null });
    expect(await buildKeptMonthsOnce(t.ctx.db)).toBe(true);
    expect(await buildKeptMonthsOnce(t.ctx.db)).toBe(false);
    expect(await t.ctx.db.$count(work_months, isNotNull(work_months.view))).toBe(laid);
    await sameMonths();
    // A database migrated from before the kept figures (empty tables beside the rows) has them built at start, once.
    await t.ctx.db.delete(work_months);
    expect(await buildKeptMonthsOnce(t.ctx.db)).toBe(true);
    expect(await buildKeptMonthsOnce(t.ctx.db)).toBe(false);
    const built = ours(await everyonesMonth(t.ctx.db, '2026-09', asked[0]));
    expect(built).toEqual(ours(await everyonesMonthLive(t.ctx.db, '2026-09', asked[0])));
  });
});
