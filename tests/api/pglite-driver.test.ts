/**
 * On PGlite drizzle's dates and timestamps come through as the database's text, which the client is
 * given once (src/server/db, withRawTypeParsers) rather than with every query: values read alike in
 * and out of transactions, by typed selects and by raw SQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePglite, type Database } from '../../src/server/db';
import { sessions, users } from '../../src/server/db/tables';

let database: Database;
beforeAll(async () => { database = await usePglite(await PGlite.create()); }, 60_000);
afterAll(() => database?.close());

const moment = '2026-03-04T05:06:07.089Z';

describe('PGlite driver', () => {
  it('reads timestamps as Dates and raw SQL dates as text, in and out of a transaction', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({
        username: 'fechas',
        email: 'fechas@ejemplo.es',
        password_hash: 'x',
        first_name: 'F',
        last_name: 'F',
        phone: '600000000',
        roles: 1,
      })
      .returning();
    const [session] = await db
      .insert(sessions)
      .values({ token_hash: 'h'.repeat(64), user_id: user.id, last_seen_at: new Date(moment) })
      .returning();
    expect(session.last_seen_at).toEqual(new Date(moment));

    const read = async (q: typeof db) => {
      const [row] = await q.select({ seen: sessions.last_seen_at }).from(sessions).where(eq(sessions.id, session.id));
      const raw = await q.execute(
        sql`select ${sessions.last_seen_at} as seen, date '2026-03-04' as day, interval '1 day' as span
          from ${sessions} where ${sessions.id} = ${session.id}`,
      );
      return { typed: row.seen, raw: (raw as unknown as { rows: unknown[] }).rows[0] };
    };
    const outside = await read(db);
    const inside = await db.transaction((tx) => read(tx as unknown as typeof db));
    for (const { typed, raw } of [outside, inside]) {
      expect(typed).toBeInstanceOf(Date);
      expect(typed.toISOString()).toBe(moment);
      expect(raw).toEqual({ seen: '2026-03-04 05:06:07.089+00', day: '2026-03-04', span: '1 day' });
    }
  });
});
