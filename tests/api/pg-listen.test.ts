/**
 * The mail worker's wake-ups on PostgreSQL (LISTEN/NOTIFY): a listening connection the server drops is
 * opened again by itself, wakes its listener once (what was notified meanwhile was lost), and hears the
 * next notifications. Runs on both test passes against the machine's PostgreSQL, which is always there.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listenPostgres } from '../../src/server/db';
import { uniqueName } from '../support/template';

const postgres = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => { await Promise.all(stops.splice(0).map((stop) => stop())); });

/** A listener on a channel of its own, counting its wake-ups. */
async function listener() {
  const channel = uniqueName('wake');
  const heard = { count: 0 };
  stops.push(await listenPostgres(postgres, channel, () => { heard.count += 1; }));
  return { channel, heard };
}

const notify = (channel: string) => query(`SELECT pg_notify('${channel}', '')`);

/** The backends listening on a channel (by the connection's name). */
async function listeners(channel: string) {
  const rows = await query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'cobertores-listen:${channel}'`);
  return rows.map((row) => row.pid);
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no llegó: ${what}`);
}

describe('LISTEN on PostgreSQL', () => {
  it('hears a notification, and is woken again after the server drops its connection', async () => {
    const { channel, heard } = await listener();
    await notify(channel);
    await until(() => heard.count === 1, 'el primer aviso');

    const [pid] = await listeners(channel);
    expect(pid).toBeGreaterThan(0);
    await query(`SELECT pg_terminate_backend(${pid})`);
    // Opened again: one wake-up for what may have been lost, on a new connection.
    await until(() => heard.count === 2, 'el aviso de la reconexión');
    await until(async () => (await listeners(channel)).some((other) => other !== pid), 'la nueva conexión');

    await notify(channel);
    await until(() => heard.count === 3, 'un aviso después de la reconexión');
  });

  it('stops for good when told, also just after the server dropped it', async () => {
    const { channel, heard } = await listener();
    const [pid] = await listeners(channel);
    await query(`SELECT pg_terminate_backend(${pid})`);
    // Depending on timing it is still waiting to reconnect, or already has (and was woken once): either
    // way, once stopped, nothing more.
    await stops.pop()!();
    const atStop = heard.count;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await listeners(channel)).toEqual([]);
    await notify(channel);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.count).toBe(atStop);
  });
});
