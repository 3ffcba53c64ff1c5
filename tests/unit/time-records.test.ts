/** The working-time record's rules: check-in states, corrections that keep the original, Madrid-day totals. */
import { describe, expect, it } from 'vitest';
import {
  clockedSpans,
  currentState,
  effectiveEntries,
  formatDuration,
  madridInstant,
  madridTime,
  monthRange,
  nextActions,
  transitionError,
  workDays,
  workMonth,
  type StoredTimeEntry,
  type TimeEntryKind,
} from '../../src/shared/timeRecords';

let nextId = 1;
const at = (day: string, time: string) => madridInstant(day, time);
function row(kind: TimeEntryKind, when: Date, extra: Partial<StoredTimeEntry> = {}): StoredTimeEntry {
  return {
    id: nextId++,
    user_id: 7,
    kind,
    at: when,
    recorded_at: when,
    recorded_by: 7,
    corrects_id: null,
    voids: false,
    reason: null,
    ...extra,
  };
}
const HOUR = 3_600_000;
const MIN = 60_000;

describe('checking in and out', () => {
  it('goes in → pause start → pause end → out, the usual next step offered first', () => {
    expect(nextActions('out')).toEqual(['in']);
    expect(nextActions('in')).toEqual(['out', 'pause_start']);
    expect(nextActions('paused')).toEqual(['pause_end']);
  });

  it('refuses impossible steps with a Spanish reason', () => {
    expect(transitionError('in', 'in')).toBe('Ya ha fichado la entrada');
    expect(transitionError('paused', 'in')).toBe('Ya ha fichado la entrada');
    expect(transitionError('out', 'out')).toBe('Primero fiche la entrada');
    expect(transitionError('out', 'pause_start')).toBe('Primero fiche la entrada');
    expect(transitionError('paused', 'pause_start')).toBe('Ya está en pausa');
    expect(transitionError('in', 'pause_end')).toBe('No hay ninguna pausa iniciada');
    expect(transitionError('paused', 'out')).toBe('Finalice la pausa antes de fichar la salida');
    expect(transitionError('in', 'out')).toBeNull();
  });

  it('stands where its last entry in force leaves it', () => {
    expect(currentState([])).toBe('out');
    const entries = effectiveEntries([row('in', at('2026-11-24', '08:00')), row('pause_start', at('2026-11-24', '10:00'))]);
    expect(currentState(entries)).toBe('paused');
  });
});

describe('corrections', () => {
  it('a correction changes the time in force and keeps the original row as it was', () => {
    const original = row('in', at('2026-11-24', '08:30'));
    const correction = row('in', at('2026-11-24', '08:00'), {
      corrects_id: original.id,
      reason: 'Olvidó fichar al llegar',
      recorded_by: 1,
    });
    const [entry] = effectiveEntries([original, correction]);
    expect(entry.id).toBe(original.id);
    expect(madridTime(entry.at)).toBe('08:00');
    expect(madridTime(entry.original.at)).toBe('08:30');
    expect(entry.corrections.map((c) => c.reason)).toEqual(['Olvidó fichar al llegar']);
  });

  it('a voided entry counts for nothing but stays in the day', () => {
    const morning = row('in', at('2026-11-24', '08:00'));
    const twice = row('in', at('2026-11-24', '08:01'));
    const out = row('out', at('2026-11-24', '16:00'));
    const voiding = row('in', twice.at, { corrects_id: twice.id, voids: true, reason: 'Fichó dos veces' });
    const [day] = workDays(effectiveEntries([morning, twice, out, voiding]), at('2026-11-25', '09:00'));
    expect(day.workedMs).toBe(8 * HOUR);
    expect(day.entries.find((e) => e.id === twice.id)?.voided).toBe(true);
    expect(day.corrected).toBe(true);
  });

  it('a correction of a correction corrects the same original; the latest wins', () => {
    const original = row('out', at('2026-11-24', '15:00'));
    const first = row('out', at('2026-11-24', '16:00'), { corrects_id: original.id, reason: 'a' });
    const second = row('out', at('2026-11-24', '17:00'), { corrects_id: first.id, reason: 'b' });
    const [entry] = effectiveEntries([second, original, first]);
    expect(madridTime(entry.at)).toBe('17:00');
    expect(entry.corrections).toHaveLength(2);
  });

  it('an entry the office adds with a reason is marked as added', () => {
    const [entry] = effectiveEntries([row('out', at('2026-11-24', '17:00'), { reason: 'Olvidó fichar la salida', recorded_by: 1 })]);
    expect(entry.added).toBe(true);
  });
});

describe('worked time', () => {
  it('is check-in to check-out minus the pauses, per Madrid day', () => {
    const entries = effectiveEntries([
      row('in', at('2026-11-24', '08:00')), row('pause_start', at('2026-11-24', '10:00')), row('pause_end', at('2026-11-24', '10:30')),
      row('out', at('2026-11-24', '14:00')), row('in', at('2026-11-24', '15:00')), row('out', at('2026-11-24', '17:15')),
    ]);
    const [day] = workDays(entries, at('2026-11-25', '09:00'));
    expect(day.day).toBe('2026-11-24');
    expect(day.pausedMs).toBe(30 * MIN);
    expect(formatDuration(day.workedMs)).toBe('7:45');
  });

  it('a shift past midnight counts on the day it started', () => {
    const entries = effectiveEntries([row('in', at('2026-11-24', '22:00')), row('out', at('2026-11-25', '06:00'))]);
    const days = workDays(entries, at('2026-11-26', '09:00'));
    expect(days.map((d) => [d.day, d.workedMs])).toEqual([['2026-11-24', 8 * HOUR]]);
  });

  it('days are Madrid days: 00:30 in Madrid is the previous day in UTC but today here', () => {
    const entries = effectiveEntries([row('in', at('2026-07-10', '00:30')), row('out', at('2026-07-10', '02:30'))]);
    expect(entries[0].at.toISOString()).toBe('2026-07-09T22:30:00.000Z');
    expect(workDays(entries, at('2026-07-11', '00:00'))[0].day).toBe('2026-07-10');
  });

  it('counts real elapsed time across the spring DST change (02:00 → 03:00)', () => {
    const entries = effectiveEntries([row('in', at('2026-03-29', '01:00')), row('out', at('2026-03-29', '05:00'))]);
    expect(workDays(entries, at('2026-03-30', '00:00'))[0].workedMs).toBe(3 * HOUR);
  });

  it('the stretch going on now counts up to now; a forgotten check-out counts nothing until corrected', () => {
    const now = at('2026-11-24', '12:00');
    const [today] = workDays(effectiveEntries([row('in', at('2026-11-24', '08:00'))]), now);
    expect(today.ongoing).toBe(true);
    expect(today.workedMs).toBe(4 * HOUR);
    // An entry corrected away leaves two check-ins in a row: the first is incomplete.
    const first = row('in', at('2026-11-23', '08:00'));
    const out = row('out', at('2026-11-23', '16:00'));
    const voided = row('out', out.at, { corrects_id: out.id, voids: true, reason: 'Error' });
    const days = workDays(
      effectiveEntries([first, out, voided, row('in', at('2026-11-24', '08:00')), row('out', at('2026-11-24', '09:00'))]),
      now,
    );
    expect(days.map((d) => [d.day, d.workedMs, d.incomplete])).toEqual([['2026-11-23', 0, true], ['2026-11-24', HOUR, false]]);
  });

  it('the month adds up its own days only', () => {
    const entries = effectiveEntries([
      row('in', at('2026-10-31', '08:00')), row('out', at('2026-10-31', '10:00')),
      row('in', at('2026-11-02', '08:00')), row('out', at('2026-11-02', '09:00')),
      row('in', at('2026-11-03', '08:00')), row('out', at('2026-11-03', '10:30')),
    ]);
    const month = workMonth(entries, '2026-11', at('2026-12-01', '00:00'));
    expect(month.days.map((d) => d.day)).toEqual(['2026-11-02', '2026-11-03']);
    expect(formatDuration(month.workedMs)).toBe('3:30');
  });

  it('a month runs from Madrid midnight to Madrid midnight', () => {
    const { start, end } = monthRange('2026-11');
    expect(start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T22:59:59.999Z');
  });
});

describe('clocked spans (a step marked outside them shows in the month)', () => {
  it('run from check-in to check-out with the pauses inside; ongoing, open; without check-out, to the day\'s end', () => {
    const now = at('2026-11-12', '12:00');
    const spans = clockedSpans(effectiveEntries([
      row('in', at('2026-11-10', '08:00')), row('pause_start', at('2026-11-10', '10:00')),
      row('pause_end', at('2026-11-10', '10:30')), row('out', at('2026-11-10', '14:00')),
      row('in', at('2026-11-11', '07:30')),
      row('in', at('2026-11-12', '08:15')),
    ]), now);
    expect(spans).toEqual([
      { start: new Date('2026-11-10T07:00:00Z'), end: new Date('2026-11-10T13:00:00Z') },
      // Left without its check-out (a new check-in came): clocked until 23:59:59.999 of its Madrid day.
      { start: new Date('2026-11-11T06:30:00Z'), end: new Date('2026-11-11T22:59:59.999Z') },
      { start: new Date('2026-11-12T07:15:00Z'), end: null },
    ]);
  });

  it('read the entries as corrected: a voided check-out leaves its stretch to the day\'s end', () => {
    const out = row('out', at('2026-07-01', '15:00'));
    const spans = clockedSpans(effectiveEntries([
      row('in', at('2026-07-01', '08:00')), out,
      row('out', out.at, { corrects_id: out.id, voids: true, reason: 'Mal fichado', recorded_by: 1 }),
      row('in', at('2026-07-02', '08:00')), row('out', at('2026-07-02', '09:00')),
    ]), at('2026-07-03', '09:00'));
    // Summer time: Madrid is UTC+2.
    expect(spans).toEqual([
      { start: new Date('2026-07-01T06:00:00Z'), end: new Date('2026-07-01T21:59:59.999Z') },
      { start: new Date('2026-07-02T06:00:00Z'), end: new Date('2026-07-02T07:00:00Z') },
    ]);
  });
});
