/**
 * The working-time record in the database (rules in src/shared/timeRecords.ts): checking in and out
 * with the server's clock, a worker's month, everyone's month, corrections as new rows, and the rows
 * the reports read. `time_entries` is append-only: nothing here updates or deletes a row.
 */
import { and, asc, between, count, eq, gt, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
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
  madridMonth,
  madridTime,
  monthRange,
  nextActions,
  transitionError,
  workDays,
  workSessions,
  workMonth,
  type CorrectionInput,
  type EffectiveEntry,
  type StoredTimeEntry,
  type TimeEntryKind,
  type WorkDay,
  type WorkMonth,
} from '../../shared/timeRecords';
import {
  type CheckInStatus,
  type DayView,
  type DayViewBy,
  type KeptMonthView,
  type MonthView,
  type OutsideMark,
  type Worker,
  type WorkerTotals,
} from '../../shared/timeRecordAnswers';
import { dayAfter, madridDay, madridToday } from '../../shared/madrid';
import { invalid, notFound, parseRowId, warning } from '../errors';
import { isRootDb, preparedFor, type Bound, type Db, type Queryable, type Tx } from '../db';
import { order_item_steps, order_items, production_steps, time_entries, users, work_months } from '../db/tables';
import type { SessionUser } from './sessionUser';
import { writeAudit } from './audit';

const DAY_MS = 86_400_000;
/** Staff user groups: the people who check in and out. */
const STAFF_GROUPS = [ADMIN_GROUP, TALLER_GROUP];
/** The users the record is kept for: office and workshop staff. */
const isStaffUser = inArray(users.roles, STAFF_GROUPS);

const workerColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  username: users.username,
  active: users.active,
};
interface Named { id: number; first_name: string; last_name: string }
const fullName = (u: Named) => `${u.first_name} ${u.last_name}`.trim();
const asWorker = (u: Named & { username: string; active: boolean }): Worker =>
  ({ id: u.id, name: fullName(u), username: u.username, active: u.active });

/** Every staff user (office and workshop), by name: the people the record is kept for. */
export async function staffWorkers(db: Queryable): Promise<Worker[]> {
  const rows = await db
    .select(workerColumns)
    .from(users)
    .where(isStaffUser)
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
  return rows.map(asWorker);
}

const workerQuery = (db: Queryable, id: Bound<number>) =>
  db.select(workerColumns).from(users).where(and(eq(users.id, id), isStaffUser));
const preparedWorker = preparedFor((db) => workerQuery(db, sql.placeholder('id')).prepare('time_record_worker'));

/** A worker's id as a request names it: none at all is refused with the time records' own words. */
function workerIdOf(value: unknown, field = 'user_id'): number {
  if (value === undefined || value === null || value === '') throw invalid({ [field]: Msg.timeWorker });
  return parseRowId(value, field);
}

async function findWorker(db: Queryable, id: unknown, field = 'user_id'): Promise<Worker> {
  const userId = workerIdOf(id, field);
  const [row] = isRootDb(db) ? await preparedWorker(db).execute({ id: userId }) : await workerQuery(db, userId);
  if (!row) throw invalid({ [field]: Msg.timeWorker });
  return asWorker(row);
}

/**
 * Workers' rows that count whatever the span: corrections and hand-added rows (they carry a reason), and
 * the rows corrections name, each once (the two parts are disjoint), `outside` a span already read. Read
 * through the partial index of corrections (migration 0015): a worker with years of plain check-ins costs
 * what their corrections do.
 */
function correctionRows(db: Queryable, whose: SQL, outside?: SQL) {
  const noted = or(isNotNull(time_entries.corrects_id), isNotNull(time_entries.reason));
  const corrected = db
    .select({ id: time_entries.corrects_id })
    .from(time_entries)
    .where(and(whose, isNotNull(time_entries.corrects_id)));
  return db
    .select()
    .from(time_entries)
    .where(and(whose, noted, outside))
    .unionAll(
      db
        .select()
        .from(time_entries)
        .where(and(whose, not(noted!), outside, inArray(time_entries.id, corrected))),
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
  const [first, last] = [new Date(from.getTime() - 2 * DAY_MS), new Date(to.getTime() + 2 * DAY_MS)];
  // One worker's (a month, the check-in's status on every page): prepared, neither built nor planned again.
  if (userIds.length === 1 && isRootDb(db)) return preparedRowsAround(db).execute({ user: userIds[0], first, last });
  return rowsAroundQuery(db, inArray(time_entries.user_id, userIds), first, last);
}

/** rowsAround's statement, for the rows `whose` picks, from `first` to `last` (the two days either side included). */
function rowsAroundQuery(db: Queryable, whose: SQL, first: Bound<Date>, last: Bound<Date>) {
  const span = between(time_entries.at, first, last);
  return db.select().from(time_entries).where(and(whose, span))
    .unionAll(correctionRows(db, whose, not(span))).orderBy(asc(time_entries.id));
}

const preparedRowsAround = preparedFor((db) =>
  rowsAroundQuery(db, eq(time_entries.user_id, sql.placeholder('user')), sql.placeholder('first'), sql.placeholder('last'))
    .prepare('time_entries_around_one'));

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
  await refreshKeptMonths(tx, user.id, [now]);
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

type EntryViewBy<Author> = DayViewBy<Author>['entries'][number];

function entryView<Author>(entry: EffectiveEntry, authorOf: (id: number) => Author): EntryViewBy<Author> {
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
      recorded_by: authorOf(c.recorded_by),
    })),
    reason: entry.added ? entry.original.reason : null,
  };
}

function dayView<Author>(day: WorkDay, authorOf: (id: number) => Author): DayViewBy<Author> {
  return {
    day: day.day,
    entries: day.entries.map((e) => entryView(e, authorOf)),
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

/** A month laid out with its correction authors by id: as `work_months` keeps it, and as it is named for an answer. */
function keptView(record: WorkMonth): KeptMonthView {
  return { days: record.days.map((d) => dayView(d, (id) => id)), worked_ms: record.workedMs, paused_ms: record.pausedMs };
}

/** The ids of those who wrote a laid-out month's corrections. */
const authorsOf = (view: KeptMonthView) =>
  [...new Set(view.days.flatMap((d) => d.entries.flatMap((e) => e.corrections.map((c) => c.recorded_by))))];

/** The users who wrote corrections, for the record ("por Ana López"). */
async function authorsNamed(db: Queryable, ids: number[]): Promise<Named[]> {
  if (!ids.length) return [];
  return db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inArray(users.id, ids));
}

/** A laid-out month with its correction authors named as they are named now. */
function namedDays(view: KeptMonthView, authors: Named[]): DayView[] {
  const names = new Map(authors.map((u) => [u.id, fullName(u)]));
  const named = (id: number) => names.get(id) ?? '';
  return view.days.map((d) => ({
    ...d,
    entries: d.entries.map((e) => ({ ...e, corrections: e.corrections.map((c) => ({ ...c, recorded_by: named(c.recorded_by) })) })),
  }));
}

export function monthOf(value: unknown): string {
  if (!isMonth(value)) throw invalid({ month: Msg.timeMonth });
  return value;
}

/** A worker and the spans the record, as corrected, says it was clocked in. */
interface ClockedWorker { id: number; spans: ClockedSpan[] }

/**
 * The production steps workers marked in a span while not clocked in: each mark's time (the phone's for a
 * mark sent late, else the server's) is compared in the database with the spans its maker was clocked in.
 * `spans` is the FROM and WHERE of those spans, rows `span(start_at, end_at)` of the outer mark's maker: sent
 * with the statement (`sentSpans`) or kept for a month (`keptSpans`). A forgotten check-in the office adds
 * takes its marks off.
 */
function markedOutside(whose: SQL, from: Bound<Date>, to: Bound<Date>, spans: SQL): SQL {
  const at = order_item_steps.done_at;
  return and(
    whose,
    between(at, from, to),
    sql`not exists (select 1 from ${spans} and ${at} >= span.start_at and (span.end_at is null or ${at} <= span.end_at))`,
  )!;
}

/** Spans worked out here, sent as one JSON value (`spansJson`; their columns are named apart from the table's). */
function sentSpans(json: Bound<string>): SQL {
  return sql`json_to_recordset(${json}::json) as span(worker int, start_at timestamptz, end_at timestamptz)
    where span.worker = ${order_item_steps.user_id}`;
}

const spansJson = (workers: ClockedWorker[]) =>
  JSON.stringify(workers.flatMap(({ id, spans }) => spans.map((span) => ({ worker: id, start_at: span.start, end_at: span.end }))));

/** The spans `work_months` keeps for a month; for a worker without that month, those of its noted entries alone (''). */
function keptSpans(month: Bound<string>): SQL {
  const maker = order_item_steps.user_id;
  return sql`${work_months} kept cross join lateral jsonb_to_recordset(kept.spans) as span(start_at timestamptz, end_at timestamptz)
    where kept.user_id = ${maker}
      and kept.month = (select max(own.month) from ${work_months} own where own.user_id = ${maker} and own.month in (${month}, ''))`;
}

/** Those steps of one worker's, by time, with their item, order and step. */
async function outsideMarks(db: Queryable, worker: ClockedWorker, from: Date, to: Date): Promise<OutsideMark[]> {
  const spans = spansJson([worker]);
  const rows = isRootDb(db)
    ? await preparedOutsideMarks(db).execute({ worker: worker.id, from, to, spans })
    : await outsideMarksQuery(db, worker.id, from, to, spans);
  return rows.map(asMark);
}

/** A mark as read, its time a `Date` or (read as JSON) text. */
type MarkRow = { at: Date | string; barcode: string; order_id: number; step: string };
function asMark({ at, barcode, order_id, step }: MarkRow): OutsideMark {
  const instant = new Date(at);
  return { day: madridToday(instant.getTime()), time: madridTime(instant), at: instant.toISOString(), barcode, order_id, step };
}

/** The marks of `worker`'s (a value, or a column of an outer statement) outside the spans `spans` names; each use orders them. */
function marksOutsideQuery(db: Queryable, worker: Bound<number> | typeof users.id, from: Bound<Date>, to: Bound<Date>, spans: SQL) {
  const at = order_item_steps.done_at;
  return db
    .select({ at, barcode: order_items.barcode, order_id: order_items.order_id, step: production_steps.name, id: order_item_steps.id })
    .from(order_item_steps)
    .innerJoin(order_items, eq(order_items.id, order_item_steps.order_item_id))
    .innerJoin(production_steps, eq(production_steps.id, order_item_steps.production_step_id))
    .where(markedOutside(eq(order_item_steps.user_id, worker), from, to, spans));
}

function outsideMarksQuery(db: Queryable, worker: Bound<number>, from: Bound<Date>, to: Bound<Date>, spans: Bound<string>) {
  return marksOutsideQuery(db, worker, from, to, sentSpans(spans)).orderBy(asc(order_item_steps.done_at), asc(order_item_steps.id));
}

const preparedOutsideMarks = preparedFor((db) =>
  outsideMarksQuery(db, sql.placeholder('worker'), sql.placeholder('from'), sql.placeholder('to'), sql.placeholder('spans'))
    .prepare('time_record_outside_marks'));

function monthView(worker: Worker, month: string, view: KeptMonthView, authors: Named[], marks: OutsideMark[]): MonthView {
  return {
    worker,
    month,
    days: namedDays(view, authors),
    outside_marks: marks,
    worked_ms: view.worked_ms,
    worked: formatDuration(view.worked_ms),
    paused_ms: view.paused_ms,
    paused: formatDuration(view.paused_ms),
  };
}

/**
 * A staff user, with the month `work_months` keeps laid out for it, the authors it names and its marks outside the
 * kept spans: a month without a stretch going on in one statement.
 */
function keptMonthQuery(db: Queryable, id: Bound<number>, month: Bound<string>, from: Bound<Date>, to: Bound<Date>) {
  const marks = marksOutsideQuery(db, users.id, from, to, keptSpans(month)).as('mark');
  return db
    .select({
      ...workerColumns,
      view: work_months.view,
      authors: sql<Named[] | null>`(select json_agg(json_build_object('id', author.id, 'first_name', author.first_name,
        'last_name', author.last_name)) from ${users} author where author.id = any(${work_months.authors}))`,
      marks: sql<MarkRow[] | null>`(select json_agg(json_build_object('at', ${marks.at}, 'barcode', ${marks.barcode},
        'order_id', ${marks.order_id}, 'step', ${marks.step}) order by ${marks.at}, ${marks.id}) from ${marks})`,
    })
    .from(users)
    .leftJoin(work_months, and(eq(work_months.user_id, users.id), eq(work_months.month, month)))
    .where(and(eq(users.id, id), isStaffUser));
}

const preparedKeptMonth = preparedFor((db) =>
  keptMonthQuery(db, sql.placeholder('id'), sql.placeholder('month'), sql.placeholder('from'), sql.placeholder('to'))
    .prepare('time_record_kept_month'));

/**
 * One worker's month: its days with entries, corrections and totals. As `work_months` keeps it laid out when it
 * is (its figures were written with it and no stretch of it goes on), else worked out from the rows.
 */
export async function workerMonth(db: Queryable, workerId: unknown, month: unknown, now = new Date()): Promise<MonthView> {
  // Of a bad worker and a bad month, the worker is named.
  if (!isMonth(month)) await findWorker(db, workerId);
  const wanted = monthOf(month);
  const id = workerIdOf(workerId);
  const { start, end } = monthRange(wanted);
  const [kept] = isRootDb(db)
    ? await preparedKeptMonth(db).execute({ id, month: wanted, from: start, to: end })
    : await keptMonthQuery(db, id, wanted, start, end);
  if (!kept) throw invalid({ user_id: Msg.timeWorker });
  const worker = asWorker(kept);
  if (!kept.view) return workerMonthFromRows(db, worker, wanted, now);
  return monthView(worker, wanted, kept.view, kept.authors ?? [], (kept.marks ?? []).map(asMark));
}

/** One worker's month worked out from its rows, as it is whenever asked: what the kept one must equal. */
export async function workerMonthLive(db: Queryable, workerId: unknown, month: unknown, now = new Date()): Promise<MonthView> {
  return workerMonthFromRows(db, await findWorker(db, workerId), monthOf(month), now);
}

async function workerMonthFromRows(db: Queryable, worker: Worker, month: string, now: Date): Promise<MonthView> {
  const { start, end } = monthRange(month);
  const rows = await rowsAround(db, [worker.id], start, end);
  const entries = effectiveEntries(rows);
  const marks = await outsideMarks(db, { id: worker.id, spans: clockedSpans(entries, now) }, start, end);
  const view = keptView(workMonth(entries, month, now));
  return monthView(worker, month, view, await authorsNamed(db, authorsOf(view)), marks);
}

/**
 * Some workers' month totals worked out from their rows with the shared rules: what the kept figures
 * (`work_months`) must equal. The check of everyone's month against them (tests, bench) and nothing else.
 */
async function monthTotals(db: Queryable, workers: Worker[], wanted: string, now: Date): Promise<WorkerTotals[]> {
  const { start, end } = monthRange(wanted);
  const rows = byUser(await rowsAround(db, workers.map((w) => w.id), start, end));
  const months = workers.map((worker) => {
    const entries = effectiveEntries(rows.get(worker.id) ?? []);
    return { worker, record: workMonth(entries, wanted, now), clocked: { id: worker.id, spans: clockedSpans(entries, now) } };
  });
  // Everyone's steps outside their spans counted in one statement (one per worker cost a round trip each).
  const counted = workers.length
    ? await db
        .select({ worker: order_item_steps.user_id, n: count() })
        .from(order_item_steps)
        .where(markedOutside(
          inArray(order_item_steps.user_id, workers.map((w) => w.id)), start, end,
          sentSpans(spansJson(months.map(({ clocked }) => clocked))),
        ))
        .groupBy(order_item_steps.user_id)
    : [];
  const outside = new Map(counted.map((row) => [row.worker, row.n]));
  return months.map(({ worker, record }) => workerTotals(worker, totalsOf(record, 'ongoing counted'), outside.get(worker.id) ?? 0));
}

/** Every staff user's month totals worked out from their rows, as `everyonesMonth` answered before the kept figures. */
export async function everyonesMonthLive(db: Queryable, month: unknown, now = new Date()): Promise<WorkerTotals[]> {
  return monthTotals(db, await staffWorkers(db), monthOf(month), now);
}

/**
 * Every staff user's month totals (the office's overview), from the figures kept per month (`work_months`)
 * in one statement, the steps marked outside the kept spans counted in it. A stretch still going on is the one
 * figure not kept: its check-in's rows are read and it is worked out with the shared rules up to `now`, as
 * `everyonesMonthLive` does.
 */
export async function everyonesMonth(db: Queryable, month: unknown, now = new Date()): Promise<WorkerTotals[]> {
  const wanted = monthOf(month);
  const { start, end } = monthRange(wanted);
  const args = { month: wanted, from: start, to: end };
  const kept = isRootDb(db) ? await preparedEveryonesMonth(db).execute(args) : await everyonesMonthQuery(db, args);
  const open = kept.filter((row) => row.open_entry_id !== null);
  const ongoing = new Map<number, number>();
  if (open.length) {
    // Each stretch from its check-in on: the rows two days either side of that and the month's end are the month's own.
    const from = new Date(Math.min(...open.map((o) => o.open_at!.getTime())));
    const rows = byUser(await rowsAround(db, open.map((o) => o.id), from, end));
    for (const { id, open_entry_id: entry } of open) {
      const session = workSessions(effectiveEntries(rows.get(id) ?? []), now).find((s) => s.start.id === entry);
      ongoing.set(id, session?.workedMs ?? 0);
    }
  }
  return kept.map((row) => workerTotals(asWorker(row), {
    days: row.days ?? 0,
    worked_ms: (row.worked_ms ?? 0) + (ongoing.get(row.id) ?? 0),
    incomplete: row.incomplete ?? 0,
    corrected: row.corrected ?? 0,
  }, row.outside_marks));
}

/** Every staff user by name, with its kept month `month` (from `from` to `to`) and its steps marked outside the kept spans. */
function everyonesMonthQuery(db: Queryable, { month, from, to }: { month: Bound<string>; from: Bound<Date>; to: Bound<Date> }) {
  const outside = db.select({ n: count() }).from(order_item_steps)
    .where(markedOutside(eq(order_item_steps.user_id, users.id), from, to, keptSpans(month)));
  return db
    .select({
      ...workerColumns,
      days: work_months.days, worked_ms: work_months.worked_ms, incomplete: work_months.incomplete, corrected: work_months.corrected,
      open_entry_id: work_months.open_entry_id, open_at: work_months.open_at,
      outside_marks: sql<number>`(${outside})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(work_months, and(eq(work_months.user_id, users.id), eq(work_months.month, month)))
    .where(isStaffUser)
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
}

const preparedEveryonesMonth = preparedFor((db) =>
  everyonesMonthQuery(db, { month: sql.placeholder('month'), from: sql.placeholder('from'), to: sql.placeholder('to') })
    .prepare('time_record_everyones_month'));

// ------------------------------------------------------------------------------------------ kept figures

/** A correction or an entry the office added: read with every span of the worker's (rowsAround). */
const isNoted = (row: StoredTimeEntry) => row.corrects_id != null || row.reason != null;

/** The months whose computation reads a row at `at`: those within two days of it (rowsAround). */
function monthsAround(at: Date): string[] {
  const [first, last] = [madridMonth(at.getTime() - 2 * DAY_MS), madridMonth(at.getTime() + 2 * DAY_MS)];
  return first === last ? [first] : [first, last];
}

/**
 * Of a worker's rows (all, or at least rowsAround's for the month), those rowsAround reads for a month's
 * computation: the month two days either side, its noted rows and the rows they correct. '' : the noted
 * rows and those they correct alone, what a month without rows of its own reads.
 */
function monthRows(rows: StoredTimeEntry[], month: string): StoredTimeEntry[] {
  const corrected = new Set(rows.map((row) => row.corrects_id));
  const span = month ? monthRange(month) : null;
  const [from, to] = span ? [span.start.getTime() - 2 * DAY_MS, span.end.getTime() + 2 * DAY_MS] : [Infinity, -Infinity];
  return rows.filter((row) => (row.at.getTime() >= from && row.at.getTime() <= to) || isNoted(row) || corrected.has(row.id));
}

type MonthTotals = Pick<WorkerTotals, 'days' | 'worked_ms' | 'incomplete' | 'corrected'>;

/**
 * A month's days, time worked, incomplete and corrected days: the figures everyone's month shows of each worker,
 * worked out (`monthTotals`) or kept (`monthFigures`, which leaves out the stretch going on: it is counted when asked).
 */
function totalsOf(record: Pick<WorkMonth, 'days' | 'workedMs'>, ongoing: 'ongoing counted' | 'ongoing left out'): MonthTotals {
  const sessions = record.days.flatMap((d) => d.sessions);
  return {
    days: record.days.length,
    worked_ms: ongoing === 'ongoing counted' ? record.workedMs : sessions.reduce((sum, s) => sum + (s.ongoing ? 0 : s.workedMs), 0),
    incomplete: record.days.filter((d) => d.incomplete).length,
    corrected: record.days.filter((d) => d.corrected).length,
  };
}

/** A worker's line of everyone's month: its totals, the time worked as it reads, its steps marked outside its spans. */
const workerTotals = (worker: Worker, totals: MonthTotals, outsideMarks: number): WorkerTotals =>
  ({ worker, ...totals, worked: formatDuration(totals.worked_ms), outside_marks: outsideMarks });

/** A month's kept figures, worked out as `monthTotals` works the month out. */
function monthFigures(userId: number, month: string, rows: StoredTimeEntry[], now: Date) {
  const entries = effectiveEntries(monthRows(rows, month));
  const worked = month ? workMonth(entries, month, now) : null;
  const record = worked?.days ?? [];
  const ongoing = record.flatMap((d) => d.sessions).find((s) => s.ongoing);
  // Laid out unless a stretch goes on: only then does the month change with the clock rather than with a write.
  const view = worked && !ongoing ? keptView(worked) : null;
  return {
    user_id: userId,
    month,
    // Without the stretch still going on: it is counted when asked.
    ...totalsOf(worked ?? { days: [], workedMs: 0 }, 'ongoing left out'),
    spans: clockedSpans(entries, now).map((s) => ({ start_at: s.start.toISOString(), end_at: s.end?.toISOString() ?? null })),
    open_entry_id: ongoing?.start.id ?? null,
    open_at: ongoing?.start.at ?? null,
    view,
    authors: view && authorsOf(view),
  };
}

type MonthFigures = ReturnType<typeof monthFigures>;

/** Months a statement writes at once: each laid out weighs some kilobytes. */
const WRITE_BATCH = 200;

async function writeFigures(db: Queryable, months: MonthFigures[]) {
  for (let i = 0; i < months.length; i += WRITE_BATCH) await db.insert(work_months).values(months.slice(i, i + WRITE_BATCH));
}

/** Every month a worker's rows are read for, and '' (what a month without rows of its own reads) once it has noted rows. */
const monthsOfRows = (rows: StoredTimeEntry[]) =>
  [...rows.some(isNoted) ? [''] : [], ...new Set(rows.flatMap((row) => monthsAround(row.at)))];

/**
 * Works a worker's kept figures out again from its rows as they stand, with the shared rules: the months
 * that read a row at one of `at` (a check-in written then), or without `at` every month (a correction: its
 * rows are read with every month). In the transaction of the write, after it.
 */
export async function refreshKeptMonths(tx: Queryable, userId: number, at?: Date[], now = new Date()): Promise<void> {
  // One worker's refreshes one after another (checkIn holds this lock already; a correction takes it here): each
  // reads every row committed before it, and two never write the same figures at once.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!at) {
    const rows = await tx.select().from(time_entries).where(eq(time_entries.user_id, userId));
    await tx.delete(work_months).where(eq(work_months.user_id, userId));
    await writeFigures(tx, monthsOfRows(rows).map((month) => monthFigures(userId, month, rows, now)));
    return;
  }
  const months = [...new Set(at.flatMap(monthsAround))].sort();
  if (!months.length) return;
  const rows = await rowsAround(tx, [userId], monthRange(months[0]).start, monthRange(months[months.length - 1]).end);
  await tx.delete(work_months).where(and(eq(work_months.user_id, userId), inArray(work_months.month, months)));
  await writeFigures(tx, months.map((month) => monthFigures(userId, month, rows, now)));
}

/** Works every worker's kept figures out again (a restore, the seeds, a database that never had them). */
export async function rebuildKeptMonths(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(work_months);
  const users = await db.selectDistinct({ id: time_entries.user_id }).from(time_entries);
  for (const { id } of users) {
    const rows = await db.select().from(time_entries).where(eq(time_entries.user_id, id));
    await writeFigures(db, monthsOfRows(rows).map((month) => monthFigures(id, month, rows, now)));
  }
}

/**
 * Builds the kept figures once in a database that has time records and never had them (migration 0023
 * leaves them empty) or has them without the months' totals and layout (migration 0024 leaves those empty): at start,
 * before anything is served. Locked, so that of two instances starting at once one builds them and the other
 * finds them built.
 */
export async function buildKeptMonthsOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${work_months} in exclusive mode`);
    const [built] = await tx.select({ id: work_months.user_id }).from(work_months).limit(1);
    const [entry] = await tx.select({ id: time_entries.id }).from(time_entries).limit(1);
    // A month of its own keeps its totals: one without predates 0024.
    const [untotalled] = await tx.select({ id: work_months.user_id }).from(work_months)
      .where(and(not(eq(work_months.month, '')), isNull(work_months.days))).limit(1);
    if ((built && !untotalled) || !entry) return false;
    await rebuildKeptMonths(tx);
    return true;
  });
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
  // A correction or an added entry is read with every month of the worker's (rowsAround): all are worked out again.
  await refreshKeptMonths(tx, workerId);
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
    const kept: StoredTimeEntry[] = await correctionRows(db, eq(time_entries.user_id, worker.id));
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
          .map((day) => ({ worker, day: dayView(day, () => '') }));
        first = dayAfter(last, 1);
        const keepFrom = madridDay(first).start.getTime() - 2 * DAY_MS;
        read = read.filter((r) => r.at.getTime() >= keepFrom);
      }
      if (done) break;
    }
  }
}
