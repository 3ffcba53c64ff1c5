/**
 * The working-time record (registro de jornada, art. 34.9 ET) as pure rules, shared by the server (which
 * decides) and the screens (which name things): the check-in state machine, the entries in force after
 * corrections, and daily and monthly worked time in Madrid calendar days.
 *
 * Rows are never changed: a correction is a row of its own that names the row it corrects (a new time
 * and kind, or `voids`), so the original and every correction stay readable. A row with a reason and
 * no `corrects_id` is an entry the office added by hand (e.g. a forgotten check-out).
 */
import { madridDay, madridOffset, madridToday, madridWallClock } from './madrid';
import { pad } from './format';
import { Msg } from './messages';

export const TIME_ENTRY_KINDS = ['in', 'pause_start', 'pause_end', 'out'] as const;
export type TimeEntryKind = (typeof TIME_ENTRY_KINDS)[number];
export const isTimeEntryKind = (value: unknown): value is TimeEntryKind => (TIME_ENTRY_KINDS as readonly unknown[]).includes(value);

/** What an entry is, as the record and the reports name it. */
export const KIND_LABELS: Record<TimeEntryKind, string> = {
  in: 'Entrada',
  pause_start: 'Inicio de pausa',
  pause_end: 'Fin de pausa',
  out: 'Salida',
};
/** The button that writes each kind. */
export const ACTION_LABELS: Record<TimeEntryKind, string> = {
  in: 'Fichar entrada',
  pause_start: 'Iniciar pausa',
  pause_end: 'Finalizar pausa',
  out: 'Fichar salida',
};
/** What the server answers after each kind is written. */
export const DONE_LABELS: Record<TimeEntryKind, string> = {
  in: 'Entrada fichada',
  pause_start: 'Pausa iniciada',
  pause_end: 'Pausa finalizada',
  out: 'Salida fichada',
};

/** Where a worker stands: outside its working day, working, or on a pause. */
export type WorkState = 'out' | 'in' | 'paused';
export const STATE_LABELS: Record<WorkState, string> = { out: 'Sin fichar', in: 'Trabajando', paused: 'En pausa' };

export const TransitionMsg = {
  alreadyIn: 'Ya ha fichado la entrada',
  notIn: 'Primero fiche la entrada',
  alreadyPaused: 'Ya está en pausa',
  notPaused: 'No hay ninguna pausa iniciada',
  pauseOpen: 'Finalice la pausa antes de fichar la salida',
} as const;

/**
 * How often a worker may clock: at most `entries` of its own in `minutes`. Entries are never deleted, so a
 * stuck button or a script would otherwise fill a day past what its record can show; people clock four to
 * six times a day.
 */
export const CLOCK_LIMIT = { entries: 6, minutes: 10 } as const;
export const clockedTooOften
  = `Ha fichado ${CLOCK_LIMIT.entries} veces en ${CLOCK_LIMIT.minutes} minutos: espere unos minutos antes de volver a fichar`;

/** The state an entry of this kind leaves the worker in (none yet: outside the working day). */
export function stateAfter(kind: TimeEntryKind | undefined): WorkState {
  return kind === 'in' || kind === 'pause_end' ? 'in' : kind === 'pause_start' ? 'paused' : 'out';
}

/** What a worker may write next, the usual next step first: in → pause_start → pause_end → out. */
export function nextActions(state: WorkState): TimeEntryKind[] {
  return state === 'out' ? ['in'] : state === 'in' ? ['out', 'pause_start'] : ['pause_end'];
}

/** Why `kind` cannot follow `state` (in Spanish), or null when it can. */
export function transitionError(state: WorkState, kind: TimeEntryKind): string | null {
  if (nextActions(state).includes(kind)) return null;
  switch (kind) {
    case 'in': return TransitionMsg.alreadyIn;
    case 'pause_start': return state === 'paused' ? TransitionMsg.alreadyPaused : TransitionMsg.notIn;
    case 'pause_end': return TransitionMsg.notPaused;
    case 'out': return state === 'paused' ? TransitionMsg.pauseOpen : TransitionMsg.notIn;
  }
}

// ------------------------------------------------------------------------------------------ corrections

/** A stored row of `time_entries`. */
export interface StoredTimeEntry {
  id: number;
  user_id: number;
  kind: string;
  at: Date;
  recorded_at: Date;
  recorded_by: number;
  corrects_id: number | null;
  voids: boolean;
  reason: string | null;
}

/** An entry as it stands after its corrections (latest correction wins), with its history. */
export interface EffectiveEntry {
  /** The original row's id: corrections name it. */
  id: number;
  user_id: number;
  kind: TimeEntryKind;
  at: Date;
  /** The original row as it was written. */
  original: StoredTimeEntry;
  /** The corrections applied to it, oldest first. */
  corrections: StoredTimeEntry[];
  /** A correction annulled it: it counts for nothing but stays in the record. */
  voided: boolean;
  /** Added by the office with a reason, not checked by the worker. */
  added: boolean;
}

/**
 * The entries in force: each original row with its corrections applied in the order they were written.
 * A correction may name another correction; it then corrects the same original. Sorted by time.
 */
export function effectiveEntries(rows: StoredTimeEntry[]): EffectiveEntry[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const rootOf = (row: StoredTimeEntry): StoredTimeEntry | undefined => {
    let current: StoredTimeEntry | undefined = row;
    for (let hops = 0; current?.corrects_id != null && hops < 1000; hops++) current = byId.get(current.corrects_id);
    return current;
  };
  const entries = new Map<number, EffectiveEntry>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (row.corrects_id == null) {
      if (isTimeEntryKind(row.kind))
        entries.set(row.id, {
          id: row.id,
          user_id: row.user_id,
          kind: row.kind,
          at: row.at,
          original: row,
          corrections: [],
          voided: false,
          added: !!row.reason,
        });
      continue;
    }
    const target = entries.get(rootOf(row)?.id ?? -1);
    if (!target) continue;
    target.corrections.push(row);
    if (row.voids) target.voided = true;
    else if (isTimeEntryKind(row.kind)) Object.assign(target, { kind: row.kind, at: row.at, voided: false });
  }
  return [...entries.values()].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
}

/** Where the worker stands after its entries in force (the last one decides). */
export function currentState(entries: EffectiveEntry[]): WorkState {
  const live = entries.filter((e) => !e.voided);
  return stateAfter(live[live.length - 1]?.kind);
}

// ------------------------------------------------------------------------------------------ totals

/** One stretch of work: from a check-in to its check-out, with the pauses inside it. */
export interface WorkSession {
  start: EffectiveEntry;
  end: EffectiveEntry | null;
  pauses: Array<{ start: EffectiveEntry; end: EffectiveEntry | null }>;
  workedMs: number;
  pausedMs: number;
  /** Still going on now (the worker's last entry): counted up to now. */
  ongoing: boolean;
  /** Without its check-out (or with entries out of order) and not ongoing: counts nothing until corrected. */
  incomplete: boolean;
}

/**
 * The stretches of work in entries in force, replayed in time order. A record that corrections left out
 * of order is read as far as it makes sense: a check-in while one is open leaves the first without end
 * (incomplete), a pause without its end ends with the check-out, stray pause marks are ignored.
 */
export function workSessions(entries: EffectiveEntry[], now: Date): WorkSession[] {
  const live = entries.filter((e) => !e.voided);
  const sessions: WorkSession[] = [];
  let open: WorkSession | null = null;
  const close = (session: WorkSession, end: EffectiveEntry | null, endAt: number | null) => {
    session.end = end;
    if (endAt === null) {
      session.incomplete = true;
      session.workedMs = 0;
      session.pausedMs = 0;
      return;
    }
    session.pausedMs = session.pauses.reduce((sum, p) => sum + Math.max(0, (p.end ? p.end.at.getTime() : endAt) - p.start.at.getTime()), 0);
    session.workedMs = Math.max(0, endAt - session.start.at.getTime() - session.pausedMs);
  };
  for (const entry of live) {
    const pause: WorkSession['pauses'][number] | undefined = open?.pauses[open.pauses.length - 1];
    if (entry.kind === 'in') {
      if (open) close(open, null, null);
      open = { start: entry, end: null, pauses: [], workedMs: 0, pausedMs: 0, ongoing: false, incomplete: false };
      sessions.push(open);
    } else if (!open) {
      continue;
    } else if (entry.kind === 'pause_start') {
      if (!pause || pause.end) open.pauses.push({ start: entry, end: null });
    } else if (entry.kind === 'pause_end') {
      if (pause && !pause.end) pause.end = entry;
    } else {
      close(open, entry, entry.at.getTime());
      open = null;
    }
  }
  if (open) {
    open.ongoing = true;
    close(open, null, Math.max(now.getTime(), open.start.at.getTime()));
    open.end = null;
  }
  return sessions;
}

/** A span of time the worker was clocked in; `end` null while it goes on. */
export interface ClockedSpan { start: Date; end: Date | null }

/**
 * When the worker was clocked in, by the entries in force: each stretch from its check-in to its check-out
 * (its pauses inside: a step marked in a pause is within the clocked day), the ongoing one open-ended, and one
 * left without its check-out up to the end of the Madrid day it started (clocked in that day, not the next).
 */
export function clockedSpans(entries: EffectiveEntry[], now: Date): ClockedSpan[] {
  return workSessions(entries, now).map((session) => ({
    start: session.start.at,
    end: session.end ? session.end.at
      : session.ongoing ? null
        : madridDay(madridToday(session.start.at.getTime())).end,
  }));
}

/** A Madrid calendar day of the record, with its entries (voided ones too) and its totals. */
export interface WorkDay {
  day: string;
  entries: EffectiveEntry[];
  sessions: WorkSession[];
  workedMs: number;
  pausedMs: number;
  incomplete: boolean;
  ongoing: boolean;
  /** Some entry of the day was corrected, voided or added by the office. */
  corrected: boolean;
}

/**
 * The record by Madrid day: a stretch of work counts on the day it started (a shift past midnight stays
 * on its day); other entries on their own day. Days without entries are left out.
 */
export function workDays(entries: EffectiveEntry[], now: Date): WorkDay[] {
  const days = new Map<string, WorkDay>();
  const dayOf = (key: string) => {
    let day = days.get(key);
    if (!day)
      days.set(
        key,
        (day = { day: key, entries: [], sessions: [], workedMs: 0, pausedMs: 0, incomplete: false, ongoing: false, corrected: false }),
      );
    return day;
  };
  const placed = new Map<number, string>();
  for (const session of workSessions(entries, now)) {
    const day = dayOf(madridToday(session.start.at.getTime()));
    day.sessions.push(session);
    day.workedMs += session.workedMs;
    day.pausedMs += session.pausedMs;
    day.incomplete ||= session.incomplete;
    day.ongoing ||= session.ongoing;
    for (const entry of [session.start, ...session.pauses.flatMap((p) => [p.start, p.end]), session.end])
      if (entry) placed.set(entry.id, day.day);
  }
  for (const entry of entries) {
    const day = dayOf(placed.get(entry.id) ?? madridToday(entry.at.getTime()));
    day.entries.push(entry);
    day.corrected ||= entry.added || entry.corrections.length > 0;
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A month of the record: its days with entries and the month's totals. */
export interface WorkMonth { month: string; days: WorkDay[]; workedMs: number; pausedMs: number }

export function workMonth(entries: EffectiveEntry[], month: string, now: Date): WorkMonth {
  const days = workDays(entries, now).filter((d) => d.day.startsWith(`${month}-`));
  return {
    month, days,
    workedMs: days.reduce((sum, d) => sum + d.workedMs, 0),
    pausedMs: days.reduce((sum, d) => sum + d.pausedMs, 0),
  };
}

// ------------------------------------------------------------------------------------------ Madrid time

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (value: unknown): value is string => typeof value === 'string' && MONTH.test(value);

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "2026-11" → "noviembre de 2026". */
export function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1]} de ${year}`;
}

/** Every day of a month, "2026-11-01" … "2026-11-30". */
export function daysOfMonth(month: string): string[] {
  const [year, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${pad(i + 1)}`);
}

/** The first and last instants of a month in Madrid. */
export function monthRange(month: string): { start: Date; end: Date } {
  const days = daysOfMonth(month);
  return { start: madridDay(days[0]).start, end: madridDay(days[days.length - 1]).end };
}

/** The Madrid month ("2026-11") of an instant. */
export const madridMonth = (instant = Date.now()) => madridToday(instant).slice(0, 7);

/** The Madrid wall-clock time of an instant: "08:05". */
export function madridTime(at: Date): string {
  return new Date(madridWallClock(at.getTime())).toISOString().slice(11, 16);
}

/** The instant of a Madrid day and wall-clock time ("2026-03-29", "10:30"), right across DST changes. */
export function madridInstant(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi);
  return new Date(wall - madridOffset(wall - madridOffset(wall)));
}

/** A wall-clock time "HH:mm" (00:00 to 23:59). */
export const isClockTime = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The fields of a correction as it arrives (a request body: anything may be in it). */
export type CorrectionInput = { [Field in keyof Correction]?: unknown };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with the fields of a correction, by field, in Spanish: the server's rules, checked by the
 * dialog too before sending. A reason (at most 500 characters); unless it annuls an entry, a kind, a
 * real day and a wall-clock time "hh:mm" that is not later than `now`.
 */
export function correctionErrors(input: CorrectionInput, now = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) errors.reason = Msg.timeReason;
  else if (reason.length > 500) errors.reason = Msg.timeReasonLong;
  if (input.action === 'void') return errors;
  if (!isTimeEntryKind(input.kind) && (input.action === 'add' || input.kind != null)) errors.kind = Msg.timeKind;
  if (typeof input.day !== 'string' || !DAY.test(input.day) || Number.isNaN(madridDay(input.day).start.getTime()))
    errors.day = Msg.dateInvalid;
  if (!isClockTime(input.time)) errors.time = Msg.timeClock;
  if (!errors.day && !errors.time && madridInstant(input.day as string, input.time as string).getTime() > now)
    errors.time = Msg.timeInFuture;
  return errors;
}

/** A duration as hours and minutes, whole minutes down: 27_900_000 ms → "7:45". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

// ------------------------------------------------------------------------------------------ what the API answers

/**
 * A correction the office sends (change: a new time and kind for an entry; void: annul it; add: an entry
 * the worker did not write). Shared so the dialog and the route name the same fields.
 */
export interface Correction {
  action: 'change' | 'void' | 'add';
  entry_id?: number;
  user_id?: number;
  kind?: TimeEntryKind;
  day?: string;
  time?: string;
  reason: string;
}
