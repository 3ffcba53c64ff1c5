/**
 * The bench's seed at ×1 (scripts/bench-seed.ts), on PGlite or, with DATABASE_URL, PostgreSQL: the rows it
 * adds to the demo data, and the database it leaves (its triggers back on, its keys and indexes back, the
 * figures the triggers keep matching the rows).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../src/server/demo/seed';
import { emptyDatabase } from '../support/databases';
import { rowsOf } from '../api/helpers';

/**
 * Rows the seed adds at ×1, as the seeder before issue 46's rewrite wrote them (its run over the demo data,
 * less the demo's own rows). time_entries depends on the hour (today's records up to now): checked apart.
 */
const ADDED_AT_SCALE_1: Record<string, number> = {
  announcement_clients: 0, announcement_reads: 20, announcements: 5, audits: 20_000, budget_calculus: 501, budgets: 501,
  clients: 50, consignment_orders: 600, consignments: 200, document_categories: 20, document_clients: 51, documents: 50,
  mail_outbox: 2000, order_items: 10_000, orders: 2000, pool_covers: 38, reinforcement_types: 5, tasks: 100, users: 6,
};
/** Tables whose rows follow the others (trigger-kept figures) or the clock: not counted above. */
const NOT_COUNTED = new Set([
  'dashboard_counts', 'production_counts', 'sales_by_year', 'sales_summary', 'time_entries', 'work_months',
]);

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let before: { counts: Record<string, number>; schema: string[] };
let after: { counts: Record<string, number>; schema: string[] };
let ran: string[];

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(statement));

/** Each table's row count, and the definitions of the keys, indexes and triggers with their state. */
async function snapshot() {
  const tables = await query<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = current_schema()`);
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await query<{ n: number }>(sql`select count(*) as n from ${sql.identifier(name)}`))[0].n);
  const schema = await query<{ line: string }>(sql`
    select 'key ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line from pg_constraint
      where connamespace = current_schema()::regnamespace
    union all select 'index ' || indexdef from pg_indexes where schemaname = current_schema()
    union all select 'trigger ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    order by 1`);
  return { counts, schema: schema.map(({ line }) => line) };
}

beforeAll(async () => {
  vi.stubEnv('BENCH_SCALE', '1');
  const { seedScale } = await import('../../scripts/bench-seed');
  database = await emptyDatabase('bench_seed');
  await seedDemo(database.db);
  before = await snapshot();
  ran = await seedScale(database);
  after = await snapshot();
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
  await database?.drop();
});

describe('bench seed ×1', () => {
  it('runs every step once, then none', async () => {
    expect(ran).toHaveLength(9);
    const { seedScale } = await import('../../scripts/bench-seed');
    expect(await seedScale(database)).toEqual([]);
  });

  it('adds the rows of the seeder it replaced', () => {
    const added = Object.fromEntries(
      Object.keys(after.counts)
        .filter((table) => !NOT_COUNTED.has(table) && after.counts[table] !== before.counts[table])
        .map((table) => [table, after.counts[table] - before.counts[table]]),
    );
    expect(added).toEqual(Object.fromEntries(Object.entries(ADDED_AT_SCALE_1).filter(([, n]) => n)));
    // One worker, four records a day over the three years before today, and today's up to now: none before
    // its first check-in at 07:00 UTC (a run after midnight), all four after its check-out.
    const records = after.counts.time_entries - before.counts.time_entries;
    expect(records).toBeGreaterThanOrEqual(4 * 1095);
    expect(records).toBeLessThanOrEqual(4 * 1096);
  });

  it('orders in each review state, five lines each, three to a consignment', async () => {
    expect(
      await query<{ review: number; n: number }>(sql`select order_review_status_id as review, count(*)::int as n from orders
        where customer_info like 'Pedido %' group by 1 order by 1`),
    ).toEqual([{ review: 1, n: 666 }, { review: 2, n: 667 }, { review: 3, n: 667 }]);
    expect(
      await query<{ lines: number; n: number }>(sql`select lines, count(*)::int as n from (select o.id, count(i.id)::int as lines
        from orders o left join order_items i on i.order_id = o.id where o.customer_info like 'Pedido %' group by 1) x group by 1`),
    ).toEqual([{ lines: 5, n: 2000 }]);
    expect(
      await query<{ orders: number; n: number }>(sql`select orders, count(*)::int as n from (select c.id, count(*)::int as orders
        from consignments c join consignment_orders co on co.consignment_id = c.id where c.tracking_number like 'BENCH-%' group by 1) x
        group by 1`),
    ).toEqual([{ orders: 3, n: 200 }]);
  });

  it('leaves the keys, indexes and triggers as they were', () => {
    expect(after.schema).toEqual(before.schema);
  });

  it("keeps the time-record figures everyone's month reads matching the rows", async () => {
    const { everyonesMonth, everyonesMonthLive } = await import('../../src/server/domain/timeRecords');
    const now = new Date();
    const month = new Date(now.getTime() - 400 * 86_400_000).toISOString().slice(0, 7);
    const kept = await everyonesMonth(database.db, month, now);
    expect(kept.some((row) => row.days > 15)).toBe(true);
    expect(kept).toEqual(await everyonesMonthLive(database.db, month, now));
  });

  it('leaves the figures the triggers keep matching the rows', async () => {
    const [orders] = await query<{ wrong_lines: number; wrong_steps: number; wrong_consignment: number }>(sql`select
        count(*) filter (where o.lines_cents <> coalesce(l.cents, 0))::int as wrong_lines,
        count(*) filter (where o.items_by_steps_done <> coalesce(l.by_steps, '{}'::jsonb))::int as wrong_steps,
        count(*) filter (where o.in_consignment <> exists (select 1 from consignment_orders c where c.order_id = o.id))::int
          as wrong_consignment
      from orders o left join (
        select order_id, sum(round(vat_exclusive_item_price * 100) * quantity_purchased) as cents,
          jsonb_build_object('0', count(*)) as by_steps
        from order_items i where not exists (select 1 from order_item_steps s where s.order_item_id = i.id) group by 1
      ) l on l.order_id = o.id
      where o.customer_info like 'Pedido %'`);
    expect(orders).toEqual({ wrong_lines: 0, wrong_steps: 0, wrong_consignment: 0 });
    // The whole business's review counts (client 0) are the orders' own.
    const counted = await query<{ key: string; n: number }>(sql`select key, n from dashboard_counts
      where kind = 'orders_review' and client_id = 0 order by 1`);
    const counts = await query<{ key: string; n: number }>(sql`select coalesce(order_review_status_id, 0)::text as key,
      count(*)::int as n from orders where status_id = 1 group by 1 order by 1`);
    expect(counted).toEqual(counts);
    const [sales] = await query<{ summary: string; orders: string }>(sql`select
      (select sum(net_cents) from sales_summary where client_id = 0)::text as summary,
      (select sum(lines_cents + round(shipping_price * 100)) from orders where status_id = 1 and finished_at is not null)::text as orders`);
    expect(sales.summary).toBe(sales.orders);
  });
});
