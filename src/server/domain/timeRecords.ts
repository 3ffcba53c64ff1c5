/**
 * The working-time record in the database (rules in src/shared/timeRecords.ts): checking in and out
 * with the server's clock, a worker's month, everyone's month, corrections as new rows, and the rows
 * the reports read. `time_entries` is append-only: nothing here updates or deletes a row.
 */
import { and, asc, between, count, eq, gt, inArray, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import { ADMIN_GROUP, TALLER_GROUP } from '../../shared/roles';
import {
  ACTION_LABELS,
  CLOCK_LIMIT,
  KIND_LABELS,
  clockedSpans,
  type ClockedSpan,
  clockedTooOften,
  STATE_LABELS,
  currentState,
  effectiveEntries,
  correctionErrors,
  formatDuration,
  isMonth,
  isTimeEntryKind,
  madridInstant,
  madridTime,
  monthRange,
  nextActions,
  transitionError,
  workDays,
  workMonth,
  type CheckInStatus,
  type CorrectionInput,
  type DayView,
  type EffectiveEntry,
  type EntryView,
  type MonthView,
  type OutsideMark,
  type StoredTimeEntry,
  type TimeEntryKind,
  type WorkDay,
  type Worker,
  type WorkerTotals,
} from '../../shared/timeRecords';
import { dayAfter, madridDay, madridToday } from '../../shared/madrid';
import { invalid, notFound, parseRowId, warning } from '../errors';
import type { Queryable, Tx } from '../db';
import { order_item_steps, order_items, production_steps, time_entries, users } from '../db/tables';
import type { SessionUser } from './sessionUser';
import { writeAudit } from './audit';

const DAY_MS = 86_400_000;
/** Staff user groups: the people who check in and out. */
const STAFF_GROUPS = [ADMIN_GROUP, TALLER_GROUP];

const workerColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  username: users.username,
  active: users.active,
};
const asWorker = (u: { id: number; first_name: string; last_name: string; username: string; active: boolean }): Worker =>
  ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), username: u.username, active: u.active });

/** Every staff user (office and workshop), by name: the people the record is kept for. */
export async function staffWorkers(db: Queryable): Promise<Worker[]> {
  const rows = await db
    .select(workerColumns)
    .from(users)
    .where(inArray(users.roles, STAFF_GROUPS))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
  return rows.map(asWorker);
}

async function findWorker(db: Queryable, id: unknown, field = 'user_id'): Promise<Worker> {
  if (id === undefined || id === null || id === '') throw invalid({ [field]: Msg.timeWorker });
  const userId = parseRowId(id, field);
  const [row] = await db.select(workerColumns).from(users).where(and(eq(users.id, userId), inArray(users.roles, STAFF_GROUPS)));
  if (!row) throw invalid({ [field]: Msg.timeWorker });
  return asWorker(row);
}

/**
 * Workers' rows that count whatever the span: corrections and hand-added rows (they carry a reason), and
 * the rows corrections name, each once (the two parts are disjoint), `outside` a span already read. Read
 * through the partial index of corrections (migration 0015): a worker with years of plain check-ins costs
 * what their corrections do.
 */
function correctionRows(db: Queryable, userIds: number[], outside?: SQL) {
  const noted = or(isNotNull(time_entries.corrects_id), isNotNull(time_entries.reason));
  const corrected = db
    .select({ id: time_entries.corrects_id })
    .from(time_entries)
    .where(and(inArray(time_entries.user_id, userIds), isNotNull(time_entries.corrects_id)));
  return db
    .select()
    .from(time_entries)
    .where(and(inArray(time_entries.user_id, userIds), noted, outside))
    .unionAll(
      db
        .select()
        .from(time_entries)
        .where(and(inArray(time_entries.user_id, userIds), not(noted!), outside, inArray(time_entries.id, corrected))),
    );
}

/**
 * The rows of some workers around a span: every row within it (two days either side, for shifts past
 * midnight) plus every correction and hand-added row of theirs and the rows corrections name, so that an
 * entry moved into or out of the span is read as it stands. Disjoint parts of a union, each on its own
 * index (an OR of them read every row the workers ever wrote).
 */
async function rowsAround(db: Queryable, userIds: number[], from: Date, to: Date): Promise<StoredTimeEntry[]> {
  if (!userIds.length) return [];
  const span = between(time_entries.at, new Date(from.getTime() - 2 * DAY_MS), new Date(to.getTime() + 2 * DAY_MS));
  return db.select().from(time_entries).where(and(inArray(time_entries.user_id, userIds), span))
    .unionAll(correctionRows(db, userIds, not(span))).orderBy(asc(time_entries.id));
}

const byUser = (rows: StoredTimeEntry[]) => {
  const map = new Map<number, StoredTimeEntry[]>();
  for (const row of rows) {
    const own = map.get(row.user_id);
    if (own) own.push(row);
    else map.set(row.user_id, [row]);
  }
  return map;
};

// ------------------------------------------------------------------------------------------ check-in

function statusOf(user: SessionUser, entries: EffectiveEntry[], now: Date): CheckInStatus {
  const state = currentState(entries);
  const live = entries.filter((e) => !e.voided);
  const last = live[live.length - 1];
  const today = workDays(entries, now).find((d) => d.day === madridToday(now.getTime()));
  return {
    state, label: STATE_LABELS[state],
    since: state === 'out' || !last ? null : last.at.toISOString(),
    actions: nextActions(state).map((kind) => ({ kind, label: ACTION_LABELS[kind] })),
    today: formatDuration(today?.workedMs ?? 0),
    // The office may not keep a record (a manager who never clocks in): it is not asked to clock in before a mark.
    clocks_in: user.roles.includes('taller') || entries.length > 0,
  };
}

async function recentEntries(db: Queryable, userId: number, now: Date) {
  return effectiveEntries(await rowsAround(db, [userId], new Date(now.getTime() - 40 * DAY_MS), now));
}

export async function checkInStatus(db: Queryable, user: SessionUser, now = new Date()): Promise<CheckInStatus> {
  return statusOf(user, await recentEntries(db, user.id, now), now);
}

/**
 * Writes the caller's next entry at the server's time. The worker's row is locked first, so that two
 * clicks at once write one entry and refuse the other («Ya ha fichado la entrada»); one who clocks too
 * often is refused (CLOCK_LIMIT).
 */
export async function checkIn(tx: Tx, user: SessionUser, kind: unknown): Promise<{ status: CheckInStatus; kind: TimeEntryKind }> {
  if (!isTimeEntryKind(kind)) throw invalid({ kind: Msg.timeKind });
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const now = new Date();
  const entries = await recentEntries(tx, user.id, now);
  const refused = transitionError(currentState(entries), kind);
  if (refused) throw warning(refused);
  const [recent] = await tx
    .select({ n: count() })
    .from(time_entries)
    .where(
      and(
        eq(time_entries.user_id, user.id),
        eq(time_entries.recorded_by, user.id),
        gt(time_entries.at, new Date(now.getTime() - CLOCK_LIMIT.minutes * 60_000)),
      ),
    );
  if (recent.n >= CLOCK_LIMIT.entries) throw warning(clockedTooOften);
  const [row] = await tx.insert(time_entries).values({ user_id: user.id, kind, at: now, recorded_by: user.id }).returning();
  await writeAudit(tx, user.id, 'timeEntry', row.id, 'create', null, row);
  return { status: await checkInStatus(tx, user, now), kind };
}

/**
 * Clocks the worker in before a production step is marked, in the mark's transaction (the scanner's «Fichar
 * entrada y marcar»: both are written or neither). Checked again here whatever the phone saw: already working
 * or on a pause, nothing is written; out, the check-in is written as «Fichar entrada» writes it (audited,
 * the same limits). Answers the check-in's time, for the mark; null when none was written.
 */
export async function checkInBeforeMark(tx: Tx, user: SessionUser): Promise<Date | null> {
  // Locked before the state is read: of two such marks at once, one checks in and the other finds it done.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  if ((await checkInStatus(tx, user)).state !== 'out') return null;
  const { status } = await checkIn(tx, user, 'in');
  return status.since ? new Date(status.since) : null;
}

// ------------------------------------------------------------------------------------------ the record

const asKind = (kind: string): TimeEntryKind => (isTimeEntryKind(kind) ? kind : 'in');

function entryView(entry: EffectiveEntry, names: Map<number, string>): EntryView {
  const changed = entry.corrections.some((c) => !c.voids);
  const original = asKind(entry.original.kind);
  return {
    id: entry.id,
    kind: entry.kind,
    label: KIND_LABELS[entry.kind],
    at: entry.at.toISOString(),
    time: madridTime(entry.at),
    voided: entry.voided,
    added: entry.added,
    original: changed
      ? { kind: original, label: KIND_LABELS[original], day: madridToday(entry.original.at.getTime()), time: madridTime(entry.original.at) }
      : null,
    corrections: entry.corrections.map((c) => ({
      id: c.id,
      label: c.voids ? 'Anulado' : KIND_LABELS[asKind(c.kind)],
      day: madridToday(c.at.getTime()),
      time: madridTime(c.at),
      voids: c.voids,
      reason: c.reason ?? '',
      recorded_at: c.recorded_at.toISOString(),
      recorded_by: names.get(c.recorded_by) ?? '',
    })),
    reason: entry.added ? entry.original.reason : null,
  };
}

function dayView(day: WorkDay, names: Map<number, string>): DayView {
  return {
    day: day.day,
    entries: day.entries.map((e) => entryView(e, names)),
    stretches: day.sessions.map((s) => `${madridTime(s.start.at)}–${s.end ? madridTime(s.end.at) : s.ongoing ? 'en curso' : 'sin salida'}`),
    pauses: day.sessions.flatMap((s) =>
      s.pauses.map((p) => `${madridTime(p.start.at)}–${p.end ? madridTime(p.end.at) : s.end ? madridTime(s.end.at) : 'en curso'}`),
    ),
    worked_ms: day.workedMs,
    worked: formatDuration(day.workedMs),
    paused_ms: day.pausedMs,
    paused: formatDuration(day.pausedMs),
    incomplete: day.incomplete,
    ongoing: day.ongoing,
    corrected: day.corrected,
  };
}

/** The names of the users who wrote corrections, for the record ("por Ana López"). */
async function authorNames(db: Queryable, rows: StoredTimeEntry[]) {
  const ids = [...new Set(rows.filter((r) => r.corrects_id != null || r.reason).map((r) => r.recorded_by))];
  if (!ids.length) return new Map<number, string>();
  const found = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()]));
}

export function monthOf(value: unknown): string {
  if (!isMonth(value)) throw invalid({ month: Msg.timeMonth });
  return value;
}

/** A worker and the spans the record, as corrected, says it was clocked in. */
interface ClockedWorker { id: number; spans: ClockedSpan[] }

/**
 * The production steps workers marked in a span while not clocked in: each mark's time (the phone's for a
 * mark sent late, else the server's) is compared in the database with the spans its maker was clocked in,
 * sent as one JSON value. A forgotten check-in the office adds takes its marks off.
 */
function markedOutside(workers: ClockedWorker[], from: Date, to: Date): SQL {
  const spans = workers.flatMap(({ id, spans }) => spans.map((span) => ({ worker: id, start_at: span.start, end_at: span.end })));
  const at = order_item_steps.done_at;
  return and(
    inArray(order_item_steps.user_id, workers.map(({ id }) => id)),
    between(at, from, to),
    // The spans' columns are named apart from the table's: the columns below are the outer row's.
    sql`not exists (select 1
      from json_to_recordset(${JSON.stringify(spans)}::json) as span(worker int, start_at timestamptz, end_at timestamptz)
      where span.worker = ${order_item_steps.user_id} and ${at} >= span.start_at and (span.end_at is null or ${at} <= span.end_at))`,
  )!;
}

/** Those steps, by time, with their item, order and step. */
async function outsideMarks(db: Queryable, worker: ClockedWorker, from: Date, to: Date): Promise<OutsideMark[]> {
  const at = order_item_steps.done_at;
  const rows = await db
    .select({ at, barcode: order_items.barcode, order_id: order_items.order_id, step: production_steps.name })
    .from(order_item_steps)
    .innerJoin(order_items, eq(order_items.id, order_item_steps.order_item_id))
    .innerJoin(production_steps, eq(production_steps.id, order_item_steps.production_step_id))
    .where(markedOutside([worker], from, to))
    .orderBy(asc(at), asc(order_item_steps.id));
  return rows.map((r) => ({ ...r, day: madridToday(r.at.getTime()), time: madridTime(r.at), at: r.at.toISOString() }));
}

function monthView(
  worker: Worker, entries: EffectiveEntry[], month: string, names: Map<number, string>, marks: OutsideMark[], now: Date,
): MonthView {
  const record = workMonth(entries, month, now);
  return {
    worker,
    month,
    days: record.days.map((d) => dayView(d, names)),
    outside_marks: marks,
    worked_ms: record.workedMs,
    worked: formatDuration(record.workedMs),
    paused_ms: record.pausedMs,
    paused: formatDuration(record.pausedMs),
  };
}

/** One worker's month: its days with entries, corrections and totals. */
export async function workerMonth(db: Queryable, workerId: unknown, month: unknown, now = new Date()): Promise<MonthView> {
  const worker = await findWorker(db, workerId);
  const wanted = monthOf(month);
  const { start, end } = monthRange(wanted);
  const rows = await rowsAround(db, [worker.id], start, end);
  const entries = effectiveEntries(rows);
  const marks = await outsideMarks(db, { id: worker.id, spans: clockedSpans(entries, now) }, start, end);
  return monthView(worker, entries, wanted, await authorNames(db, rows), marks, now);
}

/** Every staff user's month totals (the office's overview). */
export async function everyonesMonth(db: Queryable, month: unknown, now = new Date()): Promise<WorkerTotals[]> {
  const wanted = monthOf(month);
  const workers = await staffWorkers(db);
  const { start, end } = monthRange(wanted);
  const rows = byUser(await rowsAround(db, workers.map((w) => w.id), start, end));
  const months = workers.map((worker) => {
    const entries = effectiveEntries(rows.get(worker.id) ?? []);
    return { worker, record: workMonth(entries, wanted, now), clocked: { id: worker.id, spans: clockedSpans(entries, now) } };
  });
  // Everyone's steps outside their spans counted in one statement (one per worker cost a round trip each).
  const counted = await db
    .select({ worker: order_item_steps.user_id, n: count() })
    .from(order_item_steps)
    .where(markedOutside(months.map(({ clocked }) => clocked), start, end))
    .groupBy(order_item_steps.user_id);
  const outside = new Map(counted.map((row) => [row.worker, row.n]));
  return months.map(({ worker, record }) => ({
    worker, days: record.days.length, worked_ms: record.workedMs, worked: formatDuration(record.workedMs),
    incomplete: record.days.filter((d) => d.incomplete).length, corrected: record.days.filter((d) => d.corrected).length,
    outside_marks: outside.get(worker.id) ?? 0,
  }));
}

// ------------------------------------------------------------------------------------------ corrections

/** A correction as it arrives: the fields of `Correction`, each checked here before use. */
export type { CorrectionInput };

/**
 * A correction, written by the office with its reason: a new row naming the entry it corrects (or, to
 * add a forgotten entry, naming the worker). The original row stays as it was; both are audited.
 */
export async function correctEntry(tx: Tx, user: SessionUser, input: CorrectionInput) {
  const action = input.action;
  if (action !== 'change' && action !== 'void' && action !== 'add') throw invalid({ action: Msg.timeCorrectionAction });

  let target: EffectiveEntry | undefined;
  let workerId: number;
  if (action === 'add') {
    workerId = (await findWorker(tx, input.user_id)).id;
  } else {
    const [row] = await tx.select().from(time_entries).where(eq(time_entries.id, parseRowId(input.entry_id, 'entry_id')));
    if (!row) throw notFound(Msg.timeEntryUnknown);
    workerId = row.user_id;
    const rootId = row.corrects_id ?? row.id;
    const rows = await tx
      .select()
      .from(time_entries)
      .where(
        or(
          eq(time_entries.id, rootId),
          eq(time_entries.corrects_id, rootId),
          inArray(
            time_entries.corrects_id,
            tx.select({ id: time_entries.id }).from(time_entries).where(eq(time_entries.corrects_id, rootId)),
          ),
        ),
      );
    target = effectiveEntries(rows).find((e) => e.id === rootId);
    if (!target) throw notFound(Msg.timeEntryUnknown);
  }

  // The fields' rules, shared with the dialog (which checks them before sending).
  const errors = correctionErrors(input);
  if (Object.keys(errors).length) throw invalid(errors);
  const reason = (input.reason as string).trim();
  const kind: TimeEntryKind = action === 'void' || !isTimeEntryKind(input.kind) ? target?.kind ?? 'in' : input.kind;
  const at: Date = action === 'void' ? target?.at ?? new Date() : madridInstant(input.day as string, input.time as string);

  const [row] = await tx.insert(time_entries).values({
    user_id: workerId, kind, at, recorded_by: user.id, reason,
    corrects_id: target?.id ?? null, voids: action === 'void',
  }).returning();
  const before = target ? { kind: target.kind, at: target.at.toISOString() } : null;
  await writeAudit(tx, user.id, 'timeEntry', row.id, 'create', before, row);
  return row;
}

// ------------------------------------------------------------------------------------------ reports

/** Rows of a worker read at once for the CSV export: with a few days' rows, all an export holds in memory. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Everyone's record in a span of Madrid days, day by day (the CSV export; any age). Worker by worker, their
 * rows are read EXPORT_BATCH_ROWS at a time in order of time (keyset on at, id); each batch yields the days
 * whose rows, two days either side, are all read, worked out from the same rows `rowsAround` gives for
 * those days. An export of any length holds a batch, a few days and the worker's corrections, never more;
 * the next batch is read only when the reader has taken the last (an async generator).
 */
export async function* everyonesDays(db: Queryable, from: string, to: string, now = new Date()) {
  const start = new Date(madridDay(from).start.getTime() - 2 * DAY_MS);
  const end = new Date(madridDay(to).end.getTime() + 2 * DAY_MS);
  for (const worker of await staffWorkers(db)) {
    const kept: StoredTimeEntry[] = await correctionRows(db, [worker.id]);
    let read: StoredTimeEntry[] = [];
    let first = from;
    for (let after: StoredTimeEntry | undefined; first <= to;) {
      const batch = await db.select().from(time_entries).where(and(
        eq(time_entries.user_id, worker.id), between(time_entries.at, after?.at ?? start, end),
        after && or(gt(time_entries.at, after.at), gt(time_entries.id, after.id)),
      )).orderBy(asc(time_entries.at), asc(time_entries.id)).limit(EXPORT_BATCH_ROWS);
      read.push(...batch);
      after = batch.at(-1) ?? after;
      const done = batch.length < EXPORT_BATCH_ROWS;
      // Done: every day left. Otherwise the days up to four before the last row read (a day's end plus
      // two days is then before it, even across a 25-hour day).
      const last = done || !after ? to : [dayAfter(madridToday(after.at.getTime()), -4), to].sort()[0];
      if (last >= first) {
        const upTo = madridDay(last).end.getTime() + 2 * DAY_MS;
        const byId = new Map([...read.filter((r) => r.at.getTime() <= upTo), ...kept].map((r) => [r.id, r]));
        const rows = [...byId.values()].sort((a, b) => a.id - b.id);
        const span = { first, last };
        yield workDays(effectiveEntries(rows), now)
          .filter((d) => d.day >= span.first && d.day <= span.last)
          .map((day) => ({ worker, day: dayView(day, new Map()) }));
        first = dayAfter(last, 1);
        const keepFrom = madridDay(first).start.getTime() - 2 * DAY_MS;
        read = read.filter((r) => r.at.getTime() >= keepFrom);
      }
      if (done) break;
    }
  }
}
