/**
 * Kiosk links to the production board (issue 44): a screen on the workshop wall shows the board without a
 * personal session through a link that carries a random key. Only the key's SHA-256 is stored (the table
 * never holds a usable link); the office lists the links by name and creation date and revokes one by
 * deleting it, which stops it at once. A link reads the board and its stream of changes, nothing else.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Msg } from '../../shared/messages';
import type { BoardLink } from '../../shared/productionBoard';
import type { Queryable, Tx } from '../db';
import { board_links, users } from '../db/tables';
import { invalid, notFound, parseRowId } from '../errors';
import { writeAudit } from './audit';
import { sha256 } from './auth';
import type { SessionUser } from './sessionUser';

/** A key's shape: 32 random bytes in base64url (43 characters). Anything else is not looked up. */
const KEY = /^[A-Za-z0-9_-]{43}$/;

export async function boardLinks(db: Queryable): Promise<BoardLink[]> {
  const rows = await db
    .select({
      id: board_links.id, name: board_links.name, created_at: board_links.created_at, first: users.first_name, last: users.last_name,
    })
    .from(board_links)
    .leftJoin(users, eq(users.id, board_links.created_by))
    .orderBy(asc(board_links.created_at), asc(board_links.id));
  return rows.map((r) => ({
    id: r.id, name: r.name, created_at: r.created_at.toISOString(),
    created_by: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim(),
  }));
}

/** A new link: its row (audited without the key) and its key, which is shown this once. */
export async function createBoardLink(tx: Tx, user: SessionUser, name: unknown): Promise<{ link: BoardLink; key: string }> {
  const clean = typeof name === 'string' ? name.trim() : '';
  if (!clean || clean.length > 100) throw invalid({ name: Msg.boardLinkName });
  const key = crypto.randomBytes(32).toString('base64url');
  const [row] = await tx.insert(board_links).values({ name: clean, key_hash: sha256(key), created_by: user.id }).returning();
  await writeAudit(tx, user.id, 'boardLink', row.id, 'create', null, { id: row.id, name: row.name });
  const by = `${user.first_name} ${user.last_name}`.trim();
  return { link: { id: row.id, name: row.name, created_at: row.created_at.toISOString(), created_by: by }, key };
}

/** Revokes a link: its row goes (audited), so its key finds nothing from now on. */
export async function revokeBoardLink(tx: Tx, user: SessionUser, id: unknown): Promise<number> {
  const [row] = await tx.delete(board_links).where(eq(board_links.id, parseRowId(id))).returning();
  if (!row) throw notFound(Msg.boardLinkUnknown);
  await writeAudit(tx, user.id, 'boardLink', row.id, 'delete', { id: row.id, name: row.name }, null);
  return row.id;
}

/** The link a key opens, or null (unknown, revoked, or not a key at all). */
export async function boardLinkOfKey(db: Queryable, key: string): Promise<number | null> {
  if (!KEY.test(key)) return null;
  const [row] = await db.select({ id: board_links.id }).from(board_links).where(eq(board_links.key_hash, sha256(key)));
  return row?.id ?? null;
}

/** Whether a link still exists (a kiosk's stream checks it now and then: another instance may have revoked it). */
export async function boardLinkExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: board_links.id }).from(board_links).where(eq(board_links.id, id));
  return !!row;
}
