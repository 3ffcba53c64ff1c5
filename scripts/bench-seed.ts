/**
 * The bench's business data at BENCH_SCALE, written by the database itself (generate_series) on top of the
 * demo data. ×1000 is years of a busy business: 50 k clients, 2 M orders, 10 M items, 500 k budgets, and
 * the tables that grow every day (issue 30): 20 M audit rows over 3 years, 1 M time records, 2 M mails,
 * 200 k consignments, 100 k tasks, 5 k announcements with their reads and 50 k documents.
 *
 * Each step runs unless its rows are already there, so a database kept by BENCH_KEEP from an older bench
 * gets the steps it lacks on its next run.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../src/server/db';
import { buildKeptMonthsOnce, rebuildKeptMonths } from '../src/server/domain/timeRecords';

/** 100 = business scale ×100 (5,000 clients, 200,000 orders, 1,000,000 items, 50,000 budgets). */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
/** Rows at BENCH_SCALE: the ×1000 figures of the issue, scaled (never below one). */
const atScale = (atThousand: number) => Math.max(1, Math.round(atThousand * SCALE / 1000));
export const COUNTS = {
  clients: 50 * SCALE, orders: 2000 * SCALE, itemsPerOrder: 5, budgets: 500 * SCALE,
  audits: atScale(20_000_000), timeEntries: atScale(1_000_000), mails: atScale(2_000_000), consignments: atScale(200_000),
  tasks: atScale(100_000), announcements: atScale(5_000), documents: atScale(50_000),
};
/** Growing tables span three years of a business, oldest first (ids grow with time, as in real life). */
const YEARS = 3;
const DAYS = 365 * YEARS + 1;
/** A working day: check in, pause, back, check out. */
const ENTRIES_PER_DAY = 4;
/**
 * Staff who check in: enough for the issue's 1 M time records at ×1000 at four a day over three years
 * (the issue's "60 workers" would write 263 k), so each worker's month holds what a real one does.
 */
export const WORKERS = Math.max(1, Math.ceil(COUNTS.timeEntries / (ENTRIES_PER_DAY * DAYS)));
/** Client members with a login (one per client, up to this): they read announcements and write orders. */
export const MEMBERS = Math.min(COUNTS.clients, atScale(5_000));
/** Orders a consignment carries. */
const ORDERS_PER_CONSIGNMENT = 3;
/** Announcements each member reads, on average; documents' categories. */
const READS_PER_ANNOUNCEMENT = 40;
const DOCUMENT_CATEGORIES = 20;
/** The price table the issue sizes: 40 covers of the reinforced type × 8 reinforcements. */
export const TABLE = { covers: 40, reinforcements: 8 };
export const REINFORCED_TYPE = 1;
/** The bench's member (its own lists) and the first worker (their time records): password as the demo's. */
export const BENCH_MEMBER = { identity: 'socio1', password: 'cliente1234' };

/** A whole number written into the statement (a parameter would leave its type to the planner's guess). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

interface Step {
  name: string;
  done: SQL;
  rows: SQL[];
  /**
   * Tables filled by millions: their secondary indexes are built and their foreign keys checked once filled
   * (one sort, one join), not row by row (minutes instead of an hour).
   */
  bulk?: string[];
  /**
   * Tables whose figure triggers (src/server/db/salesFigures.ts) stay off while the step writes: the step's rows
   * carry those figures already. Left on, the lines' statement rewrites every order it touches, and that update
   * fires the orders' own figure triggers over the same millions again (24 of the 35 minutes at ×1000).
   */
  untriggered?: string[];
}

/** An order's line `i`, before tax: the lines' statement writes it, the orders' statement sums it beforehand. */
const lineNet = (i: SQL) => sql`(10 + ${i})`;

/** Orders, items, budgets: the business itself (the bench's first scale seed). */
const businessSteps = (): Step[] => [
  {
    name: 'clients, orders, items, budgets',
    bulk: ['orders', 'order_items', 'budgets', 'budget_calculus'],
    untriggered: ['order_items'],
    done: sql`select 1 from clients where name = 'Cliente 1'`,
    rows: [
      sql`insert into clients (name, "factusol_CODCLI", nif, client_fare_id, tax_id, invoicing_company_id, email, phone_number, web,
        address, postal_code, city, province, country,
        default_ship_price, free_shipping_threshold, extra_confection_price, budget_expiration_days)
      select 'Cliente ' || g, (100000 + g)::text, lpad(g::text, 8, '0'), 1 + g % 2, 1, 1 + g % 2,
        'cliente' || g || '@ejemplo.es', '600000000', 'https://ejemplo.es',
        'Calle ' || g, lpad((g % 52000)::text, 5, '0'), 'Ciudad ' || g % 300, 'Provincia ' || g % 50, 'España', 25, 600, 15, 30
      from generate_series(1, ${COUNTS.clients}) g`,
      // Each order carries the figures of the lines the next statement gives it (one of each, none past a
      // step): the orders' triggers count them into the sales and production figures, the lines' stay off.
      sql`insert into orders (client_id, status_id, order_review_status_id, track_code, invoicing_company_id, tax_percentage,
        shipping_price, customer_info, buyer_name, buyer_city, delivery_date, finished_at, created_at,
        lines_cents, items_by_steps_done)
      select 4 + (g % ${COUNTS.clients}), 1, 1 + g % 3, upper(substr(md5(g::text || 'bench'), 1, 20)), 1, 21, 25,
        'Pedido ' || g, 'Comprador ' || g, 'Ciudad ' || g % 300,
        (date '2024-01-01' + (g % 900)) :: timestamp, now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day',
        (select sum(round(${lineNet(sql`i`)} * 100)) from generate_series(1, ${n(COUNTS.itemsPerOrder)}) i),
        jsonb_build_object('0', ${n(COUNTS.itemsPerOrder)})
      from generate_series(1, ${COUNTS.orders}) g`,
      sql`insert into order_items (order_id, kind, product_name, number_of_items, quantity_purchased, quantity_to_ship,
        vat_exclusive_item_price, item_price)
      select o.id, 'item', 'Artículo ' || i, 1, 1, 1, ${lineNet(sql`i`)}, round(${lineNet(sql`i`)} * 1.21, 2)
      from orders o cross join generate_series(1, ${COUNTS.itemsPerOrder}) i where o.customer_info like 'Pedido %'`,
      sql`insert into budgets (client_id, budget_status_id, pool_subcategory_id, pool_cover_type_id, a, b, extra_distance, buyer_name,
        "remark_OB1PCL", created_date, expires_at)
      select 4 + (g % ${COUNTS.clients}), 1 + g % 3, 1, 3, 6 + g % 6, 3 + g % 3, 0.15, 'Comprador ' || g, 'Presupuesto ' || g,
        now() - (g % 400) * interval '1 day', now() + interval '30 days'
      from generate_series(1, ${COUNTS.budgets}) g`,
      sql`insert into budget_calculus (budget_id, extra_distance) select id, 0.15 from budgets where "remark_OB1PCL" like 'Presupuesto %'`,
      // The catalogue of the price-table figure, and one budget of the reinforced type to price.
      sql`insert into pool_covers (pool_cover_type_id, name, description, price_m2, weight_index)
      select ${REINFORCED_TYPE}, 'Manta Serie ' || g, 'Manta de invierno de la serie ' || g, 10 + g % 9, 0.6
      from generate_series(1, ${TABLE.covers}
        - (select count(*) from pool_covers where pool_cover_type_id = ${REINFORCED_TYPE} and show_cover)) g`,
      sql`insert into reinforcement_types (name, description, price_m2, reference)
      select 'Refuerzo serie ' || g, 'Refuerzo de la serie ' || g, 1 + g % 3, 'REF-S' || g
      from generate_series(1, ${TABLE.reinforcements} - (select count(*) from reinforcement_types)) g`,
      sql`insert into budgets (client_id, budget_status_id, pool_subcategory_id, pool_cover_type_id, a, b, extra_distance, buyer_name,
        "remark_OB1PCL", created_date, expires_at)
      values (4, 1, 1, ${REINFORCED_TYPE}, 10, 5, 0.15, 'Comprador de la tabla', 'Tabla de precios', now(), now() + interval '30 days')`,
      sql`insert into budget_calculus (budget_id, extra_distance) select id, 0.15 from budgets where "remark_OB1PCL" = 'Tabla de precios'`,
    ],
  },
];

const TIME_RECORDS = 'time records';

/** The instant of row `g` of `n` spread over the last three years, oldest first. */
const spread = (g: SQL, rows: number) => sql`now() - ${n(DAYS)} * interval '1 day' * (1 - ${g}::float8 / ${n(rows)})`;

/** The tables that grow every day (issue 30), in the shapes they take. */
const growingSteps = (): Step[] => [
  {
    name: 'workers and members',
    done: sql`select 1 from users where username = 'trabajador1'`,
    rows: [
      // The demo's password hashes: the bench signs in as a member and as a worker.
      sql`insert into users (username, password_hash, email, first_name, last_name, phone, roles)
        select 'trabajador' || g, (select password_hash from users where username = 'taller'), 'trabajador' || g || '@cobertores.local',
          'Trabajador', 'Número ' || g, '600000000', 3
        from generate_series(1, ${n(WORKERS)}) g`,
      sql`insert into users (username, password_hash, email, first_name, last_name, phone, roles, client_id)
        select 'socio' || g, (select password_hash from users where username = 'cliente'), 'socio' || g || '@ejemplo.es',
          'Socio', 'del cliente ' || g, '600000000', 2, c.id
        from generate_series(1, ${n(MEMBERS)}) g join clients c on c.name = 'Cliente ' || g`,
    ],
  },
  {
    // Every write leaves one; most are orders and their lines, by the office, the workshop and members.
    name: 'audits',
    bulk: ['audits'],
    done: sql`select 1 from audits a join users u on u.id = a.user_id where u.username like 'trabajador%' limit 1`,
    rows: Array.from({ length: 10 }, (_, part) => {
      const rows = COUNTS.audits;
      const [from, to] = [Math.floor((rows * part) / 10) + 1, Math.floor((rows * (part + 1)) / 10)];
      return sql`insert into audits (user_id, resource, record_id, action, before, after, created_at)
        select u.ids[1 + g % array_length(u.ids, 1)],
          (array['order', 'orderItem', 'orderItem', 'order', 'budget', 'timeEntry', 'client', 'consignment', 'orderItemStep',
            'budgetCalculus'])[1 + g % 10],
          (1 + (g::bigint * 7919) % ${n(COUNTS.orders)})::text,
          (array['create', 'update', 'update', 'delete'])[1 + (g / 10) % 4],
          case when (g / 10) % 4 = 0 then null
            else jsonb_build_object('order_review_status_id', 1 + g % 3, 'updated_at', ${spread(sql`g`, rows)}) end,
          case when (g / 10) % 4 = 3 then null
            else jsonb_build_object('order_review_status_id', 1 + (g + 1) % 3, 'buyer_name', 'Comprador ' || g,
              'updated_at', ${spread(sql`g`, rows)}) end,
          ${spread(sql`g`, rows)}
        from generate_series(${n(from)}, ${n(to)}) g,
          (select array_agg(id order by id) as ids from users
            where username = 'admin' or username like 'trabajador%' or username like 'socio%') u`;
    }),
  },
  {
    // Every worker, every day: in at 8, a half-hour pause at 11, out at 16 (a few minutes either way).
    name: TIME_RECORDS,
    bulk: ['time_entries'],
    done: sql`select 1 from time_entries e join users u on u.id = e.user_id where u.username = 'trabajador1'`,
    rows: [
      sql`insert into time_entries (user_id, kind, at, recorded_at, recorded_by)
      select u.id, k.kind, t.at, t.at, u.id
      from users u
        cross join generate_series(1, ${n(DAYS)}) d
        cross join (values (1, 'in', interval '7 hours'), (2, 'pause_start', interval '10 hours'),
            (3, 'pause_end', interval '10 hours 30 minutes'), (4, 'out', interval '15 hours'))
          as k(n, kind, offset_)
        cross join lateral (select date_trunc('day', now()) - (${n(DAYS)} - d) * interval '1 day' + k.offset_
          + ((u.id * 7 + d) % 11) * interval '1 minute' as at) t
      where u.username like 'trabajador%' and t.at < now()
      order by t.at, u.id`,
    ],
  },
  {
    // Sent mail mostly; a few failed for good and a few still trying.
    name: 'mail outbox',
    bulk: ['mail_outbox'],
    done: sql`select 1 from mail_outbox where subject = 'Pedido 1 validado'`,
    rows: [
      sql`insert into mail_outbox (message, recipient, subject, status, attempts, next_attempt_at, last_error, sent_at, created_at)
      select jsonb_build_object('to', 'cliente' || g % ${n(COUNTS.clients)} || '@ejemplo.es', 'subject', 'Pedido ' || g || ' validado',
          'text', 'Su pedido ' || g || ' ha sido validado y entra en producción. Le avisaremos cuando salga de nuestro almacén.',
          'html', '<p>Su pedido <b>' || g || '</b> ha sido validado y entra en producción.</p>'
            || '<p>Le avisaremos cuando salga de nuestro almacén.</p>'),
        'cliente' || g % ${n(COUNTS.clients)} || '@ejemplo.es', 'Pedido ' || g || ' validado',
        s.status, case s.status when 'sent' then 1 when 'failed' then 8 else 2 end,
        ${spread(sql`g`, COUNTS.mails)} + interval '5 minutes',
        case s.status when 'sent' then null else 'connect ECONNREFUSED 127.0.0.1:25' end,
        case s.status when 'sent' then ${spread(sql`g`, COUNTS.mails)} + interval '1 second' end,
        ${spread(sql`g`, COUNTS.mails)}
      from generate_series(1, ${n(COUNTS.mails)}) g
        cross join lateral (select case when g % 100 = 0 then 'failed' when g % 100 = 1 then 'pending' else 'sent' end as status) s`,
    ],
  },
  {
    // Reviewed orders leave in threes, three days after they were finished; the last 60 days' stay in
    // production (the dashboard's production card counts them: the heavy case kept).
    name: 'consignments',
    done: sql`select 1 from consignments where tracking_number = 'BENCH-1'`,
    rows: [
      sql`insert into consignments (date, carrier, tracking_number, remark, created_at)
        select (now() - ${n(DAYS)} * interval '1 day' * (1 - g::float8 / ${n(COUNTS.consignments)}))::timestamp(0),
          (array['Transportes Levante', 'SEUR', 'MRW', 'Correos Express'])[1 + g % 4], 'BENCH-' || g,
          case when g % 5 = 0 then 'Entrega por la mañana' end,
          now() - ${n(DAYS)} * interval '1 day' * (1 - g::float8 / ${n(COUNTS.consignments)})
        from generate_series(1, ${n(COUNTS.consignments)}) g`,
      sql`insert into consignment_orders (consignment_id, order_id)
        select c.id, o.id
        from (select id, row_number() over (order by finished_at, id) - 1 as n from orders
              where order_review_status_id = 3 and status_id = 1 and finished_at < now() - interval '61 days'
                and customer_info like 'Pedido %') o
          join (select id, row_number() over (order by id) - 1 as n from consignments where tracking_number like 'BENCH-%') c
            on c.n = o.n / ${n(ORDERS_PER_CONSIGNMENT)}`,
    ],
  },
  {
    name: 'tasks',
    done: sql`select 1 from tasks where title = 'Tarea 1'`,
    rows: [
      sql`insert into tasks (title, location, attendees, start, "end", all_day, user_id)
      select 'Tarea ' || g, (array['Oficina', 'Taller', 'Valencia', 'Alicante'])[1 + g % 4], 'Ana, Luis',
        t.start, t.start + interval '90 minutes', g % 20 = 0, (select id from users where username = 'admin')
      from generate_series(1, ${n(COUNTS.tasks)}) g
        cross join lateral (
          select date_trunc('hour', now() - ${n(DAYS - 30)} * interval '1 day' * (1 - g::float8 / ${n(COUNTS.tasks)}))::timestamp as start
        ) t`,
    ],
  },
  {
    // Mostly to every client; some to chosen clients, some to staff only; each read by some members.
    name: 'announcements',
    done: sql`select 1 from announcements where title = 'Anuncio 1'`,
    rows: [
      sql`insert into announcements (title, body, audience, pinned, visible_from, visible_until, user_id, created_at)
        select 'Anuncio ' || g, 'Les informamos de **novedades** en el catálogo y los plazos de entrega de la temporada ' || g || '.',
          case when g % 10 = 0 then 2 when g % 10 = 1 then 3 else 1 end, g % 500 = 0,
          null, case when g % 3 = 0 then now() - (${n(COUNTS.announcements)} - g) * interval '4 hours' + interval '30 days' end,
          (select id from users where username = 'admin'), ${spread(sql`g`, COUNTS.announcements)}
        from generate_series(1, ${n(COUNTS.announcements)}) g`,
      sql`insert into announcement_clients (announcement_id, client_id)
        select a.id, c.id from announcements a cross join generate_series(0, 9) k
          join clients c on c.name = 'Cliente ' || (1 + (a.id * 13 + k * 97) % ${n(MEMBERS)})
        where a.audience = 2 and a.title like 'Anuncio %'
        on conflict do nothing`,
      sql`insert into announcement_reads (announcement_id, user_id, read_at)
        select a.id, m.id, a.created_at + interval '2 hours'
        from announcements a cross join generate_series(0, ${n(READS_PER_ANNOUNCEMENT - 1)}) k
          join users m on m.username = 'socio' || (1 + (a.id * 31 + k * 101) % ${n(MEMBERS)})
        where a.audience = 1 and a.title like 'Anuncio %'
        on conflict do nothing`,
    ],
  },
  {
    // Staff-only papers, papers for every client and papers for three chosen clients.
    name: 'documents',
    done: sql`select 1 from documents where title = 'Documento 1'`,
    rows: [
      sql`insert into document_categories (name, position)
        select 'Categoría ' || g, g from generate_series(1, ${n(DOCUMENT_CATEGORIES)}) g`,
      sql`insert into documents (title, document_category_id, description, file, visibility, created_at, updated_at)
        select 'Documento ' || g, c.ids[1 + g % array_length(c.ids, 1)], 'Ficha técnica ' || g, 'documents/bench-' || g || '.pdf',
          1 + g % 3, ${spread(sql`g`, COUNTS.documents)}, ${spread(sql`g`, COUNTS.documents)}
        from generate_series(1, ${n(COUNTS.documents)}) g,
          (select array_agg(id order by id) as ids from document_categories where name like 'Categoría %') c`,
      sql`insert into document_clients (document_id, client_id)
        select d.id, c.id from documents d cross join generate_series(0, 2) k
          join clients c on c.name = 'Cliente ' || (1 + (d.id * 17 + k * 89) % ${n(MEMBERS)})
        where d.visibility = 3 and d.title like 'Documento %'
        on conflict do nothing`,
    ],
  },
];

/** What a bulk load sets aside on some tables and puts back once they are filled, as statements. */
interface SetAside {
  drop: SQL;
  restore: SQL;
}

/** The foreign keys and the indexes but the primary keys of some tables: keys first out, last back in. */
async function setAside(tx: Queryable, tables: string[]): Promise<SetAside[]> {
  if (!tables.length) return [];
  const names = sql.join(tables.map((t) => sql`${t}`), sql`, `);
  const keys = await tx.execute(sql`select c.conrelid::regclass::text as "table", c.conname as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
      and c.conrelid::regclass::text in (${names})`);
  const indexes = await tx.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${names})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  type Row = { table: string; name: string; definition: string };
  const rows = (result: unknown) => (result as { rows: Row[] }).rows;
  return [
    ...rows(keys).map(({ table, name, definition }) => ({
      drop: sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`,
      restore: sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} ${sql.raw(definition)}`,
    })),
    ...rows(indexes).map(({ name, definition }) => ({ drop: sql`drop index ${sql.identifier(name)}`, restore: sql.raw(definition) })),
  ];
}

/** Seeds what is missing; returns the names of the steps it ran. */
export async function seedScale(database: Database, log: (line: string) => void = () => {}): Promise<string[]> {
  const ran: string[] = [];
  for (const step of [...businessSteps(), ...growingSteps()]) {
    if ((await database.db.execute(step.done) as unknown as { rows: unknown[] }).rows.length) continue;
    const started = Date.now();
    // One transaction a step: a step cut short leaves nothing, and runs again next time.
    await database.db.transaction(async (tx) => {
      const asides = await setAside(tx, step.bulk ?? []);
      const untriggered = step.untriggered ?? [];
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const { drop } of asides) await tx.execute(drop);
      for (const table of untriggered) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
      for (const statement of step.rows) await tx.execute(statement);
      for (const table of untriggered) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
      for (const { restore } of [...asides].reverse()) await tx.execute(restore);
      // Statistics for the next steps' plans (the consignments' reads millions of orders): vacuum runs at the end.
      for (const table of step.bulk ?? []) await tx.execute(sql`analyze ${sql.identifier(table)}`);
    });
    log(`seeded ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    ran.push(step.name);
  }
  // The time records are written by the statement, not clocked: everyone's month reads figures worked out from them
  // (a database kept from before those figures gets them too).
  const started = Date.now();
  const kept = ran.includes(TIME_RECORDS)
    ? await database.db.transaction(async (tx) => { await rebuildKeptMonths(tx); return true; })
    : await buildKeptMonthsOnce(database.db);
  if (kept) log(`kept time-record figures in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // As a database that has lived: statistics and visibility maps up to date.
  if (ran.length) await database.db.execute(sql`vacuum analyze`);
  return ran;
}
