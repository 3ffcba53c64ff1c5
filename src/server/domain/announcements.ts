/**
 * The bulletin board (issue 17 §2): who an announcement is addressed to, its visibility window, the
 * chosen clients written with it, read marks and "who has read it".
 */
import { announcement as announcementResource } from '../../../schemas/announcement';
import { and, asc, count, desc, eq, inArray, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ALL_CLIENTS, CHOSEN_CLIENTS, STAFF_ONLY } from '../../shared/announcements';
import { type AnnouncementReader, type BoardAnnouncement } from '../../shared/announcementAnswers';
import { madridDay, madridToday } from '../../shared/madrid';
import { ADMIN_GROUP, CLIENT_GROUP, TALLER_GROUP } from '../../shared/roles';
import { isRootDb, preparedFor, type Bound, type Db, type Queryable, type Tx } from '../db';
import { announcement_clients, announcement_reads, announcements, clients, users } from '../db/tables';
import { notFound, parseRowId } from '../errors';
import { fileUrl } from '../files/urls';
import { isAdmin } from './auth';
import type { SessionUser } from './sessionUser';
import { linkedIdsNote } from './audit';
import { chosenClients } from './chosenClients';
import type { Row } from './records';
import { inline, type Binder } from './records/binding';

const isStaff = (user: SessionUser) => user.roles.includes('admin') || user.roles.includes('taller');

/**
 * The announcements addressed to a user: a member those for all clients and those for its own client;
 * staff (office and workshop) the staff-only ones.
 */
export function addressedTo(user: SessionUser, binder: Binder = inline()): SQL {
  const reader = readerOf(user);
  // The structure differs by reader: a prepared list statement is one per kind (records/binding.ts).
  binder.shape.push(reader ?? 'nobody');
  return reader ? addressedToReader(reader, binder.bind(user.client_id ?? -1)) : sql`false`;
}

/** Whom a board is for: staff, a client's member, or nobody (a member without its client). */
type Reader = 'staff' | 'member';
const readerOf = (user: SessionUser): Reader | null =>
  isStaff(user) ? 'staff' : user.roles.includes('client') && user.client_id ? 'member' : null;

function addressedToReader(reader: Reader, clientId: Bound<number>): SQL {
  if (reader === 'staff') return eq(announcements.audience, STAFF_ONLY);
  return or(
    eq(announcements.audience, ALL_CLIENTS),
    and(
      eq(announcements.audience, CHOSEN_CLIENTS),
      inArray(
        announcements.id,
        sql`(select ${announcement_clients.announcement_id} from ${announcement_clients}
          where ${announcement_clients.client_id} = ${clientId})`,
      ),
    ),
  )!;
}

/** Shown now: from its first day to the end of its last one; a missing bound is open. */
export const visibleNow = (): SQL => and(
  or(isNull(announcements.visible_from), lte(announcements.visible_from, sql`now()`)),
  or(isNull(announcements.visible_until), gte(announcements.visible_until, sql`now()`)),
)!;

/** What a non-admin reaches through the generic endpoints: addressed to it and visible now. */
export const readerScope = (user: SessionUser, binder: Binder = inline()): SQL => and(addressedTo(user, binder), visibleNow())!;

/** The same for a reader known to be one (the board's statements, prepared per kind of reader). */
const shownTo = (reader: Reader, clientId: Bound<number>): SQL => and(addressedToReader(reader, clientId), visibleNow())!;

/** The form's days as instants: "visible from" at the Madrid day's start, "visible until" at its end. */
export function daysToInstants(data: Row): Row {
  const from = data.visible_from;
  const until = data.visible_until;
  return {
    ...data,
    visible_from: typeof from === 'string' ? madridDay(from).start : from === undefined ? undefined : null,
    visible_until: typeof until === 'string' ? madridDay(until).end : until === undefined ? undefined : null,
  };
}

const dayOf = (value: unknown) => (value == null ? null : madridToday(new Date(value as string | Date).getTime()));

/**
 * API records: the visibility bounds as the Madrid days the form edits; staff also get the chosen
 * clients (a member never learns which other clients an announcement went to) and each reader its read mark.
 */
export async function expandAnnouncements(db: Queryable, records: Row[], user?: SessionUser): Promise<Row[]> {
  const ids = records.map((r) => r.id as number).filter((id) => typeof id === 'number');
  if (!ids.length) return records.map((r) => ({ ...r, visible_from: dayOf(r.visible_from), visible_until: dayOf(r.visible_until) }));
  const links
    = user && isAdmin(user)
      ? await db
          .select()
          .from(announcement_clients)
          .where(inArray(announcement_clients.announcement_id, ids))
          .orderBy(asc(announcement_clients.client_id))
      : [];
  const reads = user
    ? await db
        .select()
        .from(announcement_reads)
        .where(and(inArray(announcement_reads.announcement_id, ids), eq(announcement_reads.user_id, user.id)))
    : [];
  return records.map((r) => ({
    ...r,
    visible_from: dayOf(r.visible_from),
    visible_until: dayOf(r.visible_until),
    ...(user && isAdmin(user) ? { client_ids: links.filter((l) => l.announcement_id === r.id).map((l) => l.client_id) } : {}),
    read_at: reads.find((read) => read.announcement_id === r.id)?.read_at.toISOString() ?? null,
  }));
}

/**
 * What `expandAnnouncements` adds, read in a list page's own statement: staff's chosen clients (a JSON array,
 * in client order) and the reader's read mark.
 */
export function listedAnnouncementDetails(user: SessionUser, binder: Binder) {
  const staff = isAdmin(user);
  const reader = binder.bind(user.id) as number;
  // A builder's conditions name their tables (a bare sql`` column would read the inner table's own "id").
  const columns = (): Record<string, SQL> => ({
    read_at: sql`(${new QueryBuilder()
      .select({ at: announcement_reads.read_at })
      .from(announcement_reads)
      .where(and(eq(announcement_reads.announcement_id, announcements.id), eq(announcement_reads.user_id, reader)))})`
      .mapWith(announcement_reads.read_at),
    // Only an announcement for chosen clients has any (syncAnnouncementClients): the others skip the lookup.
    ...(staff ? {
      client_ids: sql`case when ${announcements.audience} = ${sql.raw(String(CHOSEN_CLIENTS))} then (${new QueryBuilder()
        .select({ ids: sql`coalesce(json_agg(${announcement_clients.client_id} order by ${announcement_clients.client_id}), '[]')` })
        .from(announcement_clients)
        .where(eq(announcement_clients.announcement_id, announcements.id))}) else '[]' end`,
    } : {}),
  });
  return {
    variant: staff ? 'staff' : 'reader',
    columns,
    shape: (record: Row): Row => ({
      ...record,
      visible_from: dayOf(record.visible_from),
      visible_until: dayOf(record.visible_until),
    }),
  };
}

/** Makes the chosen clients exactly `clientIds` when the audience is "chosen clients", none otherwise; returns the change for the audit. */
export async function syncAnnouncementClients(tx: Tx, announcementId: number, audience: number, clientIds: number[]) {
  const wanted = audience === CHOSEN_CLIENTS ? await chosenClients(tx, clientIds) : [];
  const before = await tx
    .delete(announcement_clients)
    .where(eq(announcement_clients.announcement_id, announcementId))
    .returning({ id: announcement_clients.client_id });
  if (wanted.length)
    await tx.insert(announcement_clients).values(wanted.map((client_id) => ({ announcement_id: announcementId, client_id })));
  return linkedIdsNote('client_ids', before.map((row) => row.id), wanted);
}

/** The reader's board: its announcements visible now, pinned first, then newest, each with its read mark. */
export async function boardOf(db: Queryable, user: SessionUser, fileSecret: string): Promise<BoardAnnouncement[]> {
  const reader = readerOf(user);
  if (!reader) return [];
  // Asked on every page of the reader's (the bell, the board): prepared, neither built nor planned again.
  const rows = isRootDb(db)
    ? await preparedBoard[reader](db).execute({ user: user.id, client: user.client_id ?? -1 })
    : await boardQuery(db, reader, user.id, user.client_id ?? -1);
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    visible_until: dayOf(r.visible_until),
    attachment: fileUrl(fileSecret, announcementResource, 'attachment', r.attachment),
    read_at: r.read_at?.toISOString() ?? null,
  }));
}

/** How many of the reader's visible announcements it has not opened yet. */
export async function unreadCount(db: Queryable, user: SessionUser): Promise<number> {
  const reader = readerOf(user);
  if (!reader) return 0;
  const [row] = isRootDb(db)
    ? await preparedUnread[reader](db).execute({ user: user.id, client: user.client_id ?? -1 })
    : await unreadQuery(db, reader, user.id, user.client_id ?? -1);
  return Number(row.n);
}

/** The board's statement: the reader's announcements visible now, pinned first, then newest, with its read marks. */
function boardQuery(db: Queryable, reader: Reader, userId: Bound<number>, clientId: Bound<number>) {
  return db.select({
    id: announcements.id, title: announcements.title, body: announcements.body, pinned: announcements.pinned,
    created_at: announcements.created_at, visible_until: announcements.visible_until, attachment: announcements.attachment,
    read_at: announcement_reads.read_at,
  }).from(announcements)
    .leftJoin(announcement_reads, and(eq(announcement_reads.announcement_id, announcements.id), eq(announcement_reads.user_id, userId)))
    .where(shownTo(reader, clientId))
    .orderBy(desc(announcements.pinned), desc(announcements.created_at), desc(announcements.id))
    .limit(200);
}

function unreadQuery(db: Queryable, reader: Reader, userId: Bound<number>, clientId: Bound<number>) {
  return db
    .select({ n: count() })
    .from(announcements)
    .where(
      and(
        shownTo(reader, clientId),
        sql`not exists (select 1 from ${announcement_reads}
          where ${announcement_reads.announcement_id} = ${announcements.id} and ${announcement_reads.user_id} = ${userId})`,
      ),
    );
}

/** Each reader's board and unread count, prepared. */
const preparedBy = <T>(statement: (db: Db, reader: Reader) => T) => ({
  staff: preparedFor((db) => statement(db, 'staff')),
  member: preparedFor((db) => statement(db, 'member')),
});
const preparedBoard = preparedBy((db, reader) =>
  boardQuery(db, reader, sql.placeholder('user'), sql.placeholder('client')).prepare(`announcement_board_${reader}`));
const preparedUnread = preparedBy((db, reader) =>
  unreadQuery(db, reader, sql.placeholder('user'), sql.placeholder('client')).prepare(`announcements_unread_${reader}`));

/**
 * Opening an announcement marks it read (once: the first opening's time stays), for one addressed to
 * the user: a member or the workshop only while it is visible (404 otherwise); staff with the admin role
 * also outside its window (they manage it), but only the staff-only ones count as addressed to them.
 */
export async function markRead(db: Queryable, user: SessionUser, rawId: unknown): Promise<{ id: number; read_at: string }> {
  const id = parseRowId(rawId);
  const [found] = await db.select({ id: announcements.id }).from(announcements)
    .where(and(eq(announcements.id, id), isAdmin(user) ? addressedTo(user) : readerScope(user)));
  if (!found) throw notFound();
  await db.insert(announcement_reads).values({ announcement_id: id, user_id: user.id }).onConflictDoNothing();
  const [read] = await db.select({ read_at: announcement_reads.read_at }).from(announcement_reads)
    .where(and(eq(announcement_reads.announcement_id, id), eq(announcement_reads.user_id, user.id)));
  return { id, read_at: read.read_at.toISOString() };
}

/**
 * "Who has read it": every active user the announcement is addressed to (members of all clients, of the
 * chosen clients, or staff), read ones first by date, then the rest by name; plus anybody who read it
 * while it was addressed to them and no longer is (their mark stays true).
 */
export async function readersOf(db: Queryable, rawId: unknown): Promise<AnnouncementReader[]> {
  const id = parseRowId(rawId);
  const [found] = await db.select({ audience: announcements.audience }).from(announcements).where(eq(announcements.id, id));
  if (!found) throw notFound();
  const addressed
    = found.audience === STAFF_ONLY
      ? inArray(users.roles, [ADMIN_GROUP, TALLER_GROUP])
      : found.audience === CHOSEN_CLIENTS
        ? and(
            eq(users.roles, CLIENT_GROUP),
            inArray(
              users.client_id,
              sql`(select ${announcement_clients.client_id} from ${announcement_clients}
                where ${announcement_clients.announcement_id} = ${id})`,
            ),
          )
        : and(eq(users.roles, CLIENT_GROUP), sql`${users.client_id} is not null`);
  const rows = await db.select({
    user_id: users.id, first_name: users.first_name, last_name: users.last_name, username: users.username,
    client_name: clients.name, read_at: announcement_reads.read_at,
  }).from(users)
    .leftJoin(clients, eq(clients.id, users.client_id))
    .leftJoin(announcement_reads, and(eq(announcement_reads.user_id, users.id), eq(announcement_reads.announcement_id, id)))
    .where(or(and(addressed, eq(users.active, true)), sql`${announcement_reads.read_at} is not null`))
    .orderBy(sql`${announcement_reads.read_at} asc nulls last`, asc(users.first_name), asc(users.last_name), asc(users.id));
  return rows.map((r) => ({
    user_id: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    username: r.username,
    client_name: r.client_name ?? null,
    read_at: r.read_at?.toISOString() ?? null,
  }));
}
