/**
 * Issue 44 §4, the workshop's day adds up: a step marked while not clocked in may clock in first, in the
 * same call and transaction (`check_in: true`, checked again on the server), and the office sees in the
 * worker's month the steps marked outside the clocked time.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import { order_item_steps, time_entries } from '../../src/server/db/tables';
import { useTestApp, type TestApp } from '../support/app';
import { createUser, expectError, expectOk, filterQuery, finishedOrderItem, pdfText, tokenOf } from './helpers';

let t: TestApp;
let admin: string;
useTestApp((app, tokens) => { t = app; ({ admin } = tokens); });

type Row = Record<string, any>;

const newWorker = async (roles = 3) => {
  const user = await createUser(t, admin, { roles });
  return { ...user, token: await tokenOf(t, user.username, user.password) };
};
const status = async (token: string) => expectOk(await t.call('GET', '/api/timeRecords/status', { token })) as Row;
const mark = (token: string, body: Row) => t.call('POST', '/api/traceability/markNextStep', { token, body });
const entriesOf = (userId: number) => t.ctx.db.select().from(time_entries).where(eq(time_entries.user_id, userId));
const stepsOf = (itemId: number) => t.ctx.db.select().from(order_item_steps).where(eq(order_item_steps.order_item_id, itemId));

describe('clocking in with a mark', () => {
  it('check_in: true clocks in and marks in one call, the step at the check-in\'s time, both audited', async () => {
    const worker = await newWorker();
    const { item } = await finishedOrderItem(t, admin, 'Fichar y marcar');
    expect(await status(worker.token)).toMatchObject({ state: 'out', clocks_in: true });

    const before = Date.now();
    const res = await mark(worker.token, { code: item.barcode, check_in: true });
    const view = expectOk(res, 20001);
    expect(res.body.message).toBe('Entrada fichada y paso marcado como hecho');
    expect(view.steps[0]).toMatchObject({ name: 'Corte', done_at: expect.any(String) });

    const [entry, ...others] = await entriesOf(worker.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'in', recorded_by: worker.id, reason: null });
    expect(entry.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    // The step is within the clocked day: made at the very instant of the check-in.
    expect(new Date(view.steps[0].done_at).getTime()).toBe(entry.at.getTime());
    const now = await status(worker.token);
    expect(now).toMatchObject({ state: 'in', label: 'Trabajando', since: entry.at.toISOString() });

    // The check-in is audited as «Fichar entrada» audits it, and so is the mark.
    const audits = async (resource: string) => expectOk(
      await t.call('GET', `/api/audit/page/1?${filterQuery({ resource, user_id: worker.id })}`, { token: admin }),
    ).items as Row[];
    expect((await audits('timeEntry')).map((a) => a.record_id)).toEqual([String(entry.id)]);
    expect(await audits('orderItemStep')).toHaveLength(1);

    const month = entry.at.toISOString().slice(0, 7);
    const record = expectOk(await t.call('GET', `/api/timeRecords/worker/${worker.id}/${month}`, { token: admin }));
    expect(record.outside_marks).toEqual([]);
  });

  it('checks again on the server: already working or on a pause, only the mark is written', async () => {
    const worker = await newWorker();
    const { item } = await finishedOrderItem(t, admin, 'Ya fichado');
    expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: worker.token, body: { kind: 'in' } }), 20001);
    const working = await mark(worker.token, { code: item.barcode, check_in: true });
    expect(expectOk(working, 20001).steps[0].done_at).toEqual(expect.any(String));
    expect(working.body.message).toBe('Paso marcado como hecho');
    expect(await entriesOf(worker.id)).toHaveLength(1);

    expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: worker.token, body: { kind: 'pause_start' } }), 20001);
    const paused = await mark(worker.token, { code: item.barcode, check_in: true });
    expect(paused.body.message).toBe('Paso marcado como hecho');
    expect((await entriesOf(worker.id)).map((e) => e.kind)).toEqual(['in', 'pause_start']);
    expect(await stepsOf(item.id)).toHaveLength(2);
  });

  it('a refused mark clocks nobody in; check_in must be true or false', async () => {
    const worker = await newWorker();
    const { item } = await finishedOrderItem(t, admin, 'Marca rechazada');
    const unknown = await mark(worker.token, { code: 'NOEXISTE0000', check_in: true });
    expectError(unknown, 404, Code.error, 'No existe ningún artículo con ese código');
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    expectError(
      await mark(worker.token, { code: item.barcode, step_id: steps[1].id, check_in: true }),
      409, Code.warning, 'Ese paso ya no es el siguiente de este artículo: vuelva a leer el código',
    );
    expect(await entriesOf(worker.id)).toEqual([]);
    expect((await status(worker.token)).state).toBe('out');

    const wrong = 'Indique si se ficha la entrada antes de marcar (true o false)';
    expectError(await mark(worker.token, { code: item.barcode, check_in: 'sí' }), 400, Code.error, wrong, { check_in: wrong });
    expect(await stepsOf(item.id)).toEqual([]);

    // Without check_in nothing changes: marked while out, no entry.
    expect((await mark(worker.token, { code: item.barcode })).body.message).toBe('Paso marcado como hecho');
    expect(await entriesOf(worker.id)).toEqual([]);
  });

  it('the workshop clocks in; the office only once it has clocked in lately', async () => {
    const office = await newWorker(1);
    expect(await status(office.token)).toMatchObject({ state: 'out', clocks_in: false });
    expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: office.token, body: { kind: 'in' } }), 20001);
    expectOk(await t.call('POST', '/api/timeRecords/checkIn', { token: office.token, body: { kind: 'out' } }), 20001);
    expect(await status(office.token)).toMatchObject({ state: 'out', clocks_in: true });
    expect(await status((await newWorker(3)).token)).toMatchObject({ clocks_in: true });
  });
});

describe('steps marked outside the clocked time, in the worker\'s month', () => {
  it('lists each with its day, Madrid time, item, order and step; an entry the office adds takes it off', async () => {
    const worker = await newWorker();
    const other = await newWorker();
    const steps: Row[] = expectOk(await t.call('GET', '/api/productionStep/all', { token: admin }));
    const [a, b, c] = [
      await finishedOrderItem(t, admin, 'Fuera de jornada A'),
      await finishedOrderItem(t, admin, 'Fuera de jornada B'),
      await finishedOrderItem(t, admin, 'Fuera de jornada C'),
    ];
    // Madrid is UTC+2 until 25 October 2026, UTC+1 after: every instant below is written in UTC.
    const entry = (kind: string, at: string) => ({ user_id: worker.id, kind, at: new Date(at), recorded_by: worker.id });
    await t.ctx.db.insert(time_entries).values([
      // Monday 5: 08:00–14:00 with a pause 10:00–10:30.
      entry('in', '2026-10-05T06:00:00Z'), entry('pause_start', '2026-10-05T08:00:00Z'),
      entry('pause_end', '2026-10-05T08:30:00Z'), entry('out', '2026-10-05T12:00:00Z'),
      // Wednesday 7: in at 08:00, never out (counted clocked until the day's end).
      entry('in', '2026-10-07T06:00:00Z'),
      // Tuesday 20: a night shift 22:00–06:00.
      entry('in', '2026-10-20T20:00:00Z'), entry('out', '2026-10-21T04:00:00Z'),
      // Monday 26 (winter time): 08:00–12:00.
      entry('in', '2026-10-26T07:00:00Z'), entry('out', '2026-10-26T11:00:00Z'),
    ]);
    const step = (n: number) => steps[n].id;
    const marked = (item: Row, n: number, at: string, userId = worker.id) =>
      ({ order_item_id: item.id, production_step_id: step(n), user_id: userId, done_at: new Date(at) });
    await t.ctx.db.insert(order_item_steps).values([
      marked(a.item, 0, '2026-10-05T05:55:00Z'), // 07:55, before the check-in: outside
      marked(a.item, 1, '2026-10-05T08:15:00Z'), // 10:15, in the pause: clocked
      marked(a.item, 2, '2026-10-05T11:59:00Z'), // 13:59: clocked
      marked(a.item, 3, '2026-10-05T12:00:00Z'), // 14:00, the check-out's minute: clocked
      marked(a.item, 4, '2026-10-05T12:05:00Z'), // 14:05: outside
      marked(b.item, 0, '2026-10-06T07:00:00Z'), // the 6th, no entries at all: outside
      marked(b.item, 1, '2026-10-07T16:00:00Z'), // 18:00 of the day left without its check-out: clocked
      marked(b.item, 2, '2026-10-07T22:30:00Z'), // 00:30 of the 8th: outside
      marked(b.item, 3, '2026-10-09T06:30:00Z'), // the 9th at 08:30, no entries: outside until the office adds them
      marked(b.item, 4, '2026-10-21T00:00:00Z'), // 02:00 within the night shift: clocked
      marked(c.item, 0, '2026-10-26T06:30:00Z'), // 07:30 winter time: outside
      marked(c.item, 1, '2026-09-30T21:30:00Z'), // 30 September 23:30: another month
      marked(c.item, 2, '2026-10-31T23:10:00Z'), // 1 November 00:10: another month
      marked(c.item, 3, '2026-10-12T07:00:00Z', other.id), // someone else's
    ]);

    const month = async (token = admin) =>
      expectOk(await t.call('GET', `/api/timeRecords/worker/${worker.id}/2026-10`, { token })).outside_marks as Row[];
    const expected = (day: string, time: string, at: string, item: Row, n: number) =>
      ({ day, time, at, barcode: item.barcode, order_id: item.order_id, step: steps[n].name });
    const nine = expected('2026-10-09', '08:30', '2026-10-09T06:30:00.000Z', b.item, 3);
    const rest = [
      expected('2026-10-05', '07:55', '2026-10-05T05:55:00.000Z', a.item, 0),
      expected('2026-10-05', '14:05', '2026-10-05T12:05:00.000Z', a.item, 4),
      expected('2026-10-06', '09:00', '2026-10-06T07:00:00.000Z', b.item, 0),
      expected('2026-10-08', '00:30', '2026-10-07T22:30:00.000Z', b.item, 2),
    ];
    const winter = expected('2026-10-26', '07:30', '2026-10-26T06:30:00.000Z', c.item, 0);
    expect(await month()).toEqual([...rest, nine, winter]);
    // The worker reads the same list in its own month.
    expect(expectOk(await t.call('GET', '/api/timeRecords/mine/2026-10', { token: worker.token })).outside_marks)
      .toEqual([...rest, nine, winter]);

    // The office adds the 9th's forgotten entries (08:00–15:00): its mark is within the clocked day now.
    for (const [kind, time] of [['in', '08:00'], ['out', '15:00']])
      expectOk(await t.call('POST', '/api/timeRecords/correct', {
        token: admin, body: { action: 'add', user_id: worker.id, kind, day: '2026-10-09', time, reason: 'Olvidó fichar' },
      }), 20001);
    expect(await month()).toEqual([...rest, winter]);

    // The worker's monthly PDF lists them too.
    const pdf = pdfText((await t.call('GET', `/api/timeRecords/worker/${worker.id}/2026-10/pdf`, { token: admin })).response.rawPayload);
    expect(pdf).toContain('Pasos marcados sin fichar (5)');
    expect(pdf).toContain(`05/10/2026 07:55 · Corte · artículo ${a.item.barcode} · pedido ${a.item.order_id}`);
    expect(pdf).toContain(`26/10/2026 07:30 · Corte · artículo ${c.item.barcode} · pedido ${c.item.order_id}`);

    // The office's overview of the month counts them per worker.
    const totals: Row[] = expectOk(await t.call('GET', '/api/timeRecords/month/2026-10', { token: admin }));
    const counted = (id: number) => totals.find((row) => row.worker.id === id)?.outside_marks;
    expect([counted(worker.id), counted(other.id)]).toEqual([5, 1]);

    // Another worker's mark is in its own month only.
    expect(await t.call('GET', `/api/timeRecords/worker/${other.id}/2026-10`, { token: admin }))
      .toMatchObject({ body: { data: { outside_marks: [expected('2026-10-12', '09:00', '2026-10-12T07:00:00.000Z', c.item, 3)] } } });
  });
});
