/**
 * The figures the database keeps by triggers (migrations 0009 and 0012): each order's `lines_cents`,
 * `items_by_steps_done` and `in_consignment`, the monthly `sales_summary` and `sales_by_year`, the
 * `dashboard_counts` and the `production_counts`. Rebuilt from the rows themselves where rows arrive with triggers that would
 * count them twice (a restore writes the orders' stored figures and then their lines).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from './index';

/** The client id of the rows that count for the whole business (what the staff's dashboard reads). */
export const BUSINESS = 0;

export async function rebuildSalesFigures(db: Queryable) {
  await db.execute(sql`update orders o set lines_cents = coalesce(d.cents, 0)
    from orders x left join (
      select order_id, sum(round(vat_exclusive_item_price * 100) * quantity_purchased)::bigint as cents from order_items group by order_id
    ) d on d.order_id = x.id
    where o.id = x.id and o.lines_cents is distinct from coalesce(d.cents, 0)`);
  await db.execute(sql`delete from sales_summary`);
  await db.execute(sql`insert into sales_summary (month, invoicing_company_id, client_id, net_cents, orders)
    select to_char(finished_at at time zone 'Europe/Madrid', 'YYYY-MM'), coalesce(invoicing_company_id, 0), client_id,
      sum(lines_cents + round(shipping_price * 100))::bigint, count(*)::int
    from orders where status_id = 1 and finished_at is not null
    group by 1, 2, 3`);
  await db.execute(sql`insert into sales_summary (month, invoicing_company_id, client_id, net_cents, orders)
    select month, invoicing_company_id, ${BUSINESS}, sum(net_cents), sum(orders) from sales_summary group by 1, 2`);
  await db.execute(sql`delete from sales_by_year`);
  await db.execute(sql`insert into sales_by_year (year, client_id, net_cents)
    select left(month, 4), client_id, sum(net_cents)::bigint from sales_summary
    where client_id <> ${BUSINESS} group by 1, 2 having sum(net_cents) <> 0`);
  await db.execute(sql`delete from dashboard_counts`);
  await db.execute(sql`insert into dashboard_counts (kind, client_id, key, n)
    select 'budgets_created', client_id, to_char(created_date at time zone 'Europe/Madrid', 'YYYY-MM'), count(*)::int
    from budgets group by 2, 3
    union all
    select 'budgets_accepted', client_id, to_char(accepted_at at time zone 'Europe/Madrid', 'YYYY-MM'), count(*)::int
    from budgets where accepted_at is not null group by 2, 3
    union all
    select 'orders_review', client_id, coalesce(order_review_status_id, 0)::text, count(*)::int
    from orders where status_id = 1 group by 2, 3`);
  await db.execute(
    sql`insert into dashboard_counts (kind, client_id, key, n)
      select kind, ${BUSINESS}, key, sum(n)::int from dashboard_counts group by 1, 3`,
  );
  await db.execute(sql`update orders o set items_by_steps_done = coalesce(d.h, '{}'::jsonb),
      in_consignment = exists (select 1 from consignment_orders c where c.order_id = o.id)
    from orders x left join (
      select c.order_id, jsonb_object_agg(c.done, c.n) as h from (
        select i.order_id, coalesce(s.done, 0) as done, count(*) as n
        from order_items i left join (select order_item_id, count(*) as done from order_item_steps group by 1) s on s.order_item_id = i.id
        group by 1, 2
      ) c group by 1
    ) d on d.order_id = x.id
    where o.id = x.id and (o.items_by_steps_done is distinct from coalesce(d.h, '{}'::jsonb)
      or o.in_consignment <> exists (select 1 from consignment_orders c where c.order_id = o.id))`);
  await db.execute(sql`delete from production_counts`);
  await db.execute(sql`insert into production_counts (hour, steps_done, n)
    select floor(extract(epoch from o.finished_at) / 3600)::bigint, e.key::int, sum(e.value::int)::int
    from orders o cross join jsonb_each_text(o.items_by_steps_done) e
    where o.status_id = 1 and o.order_review_status_id = 3 and not o.in_consignment and o.finished_at is not null
    group by 1, 2 having sum(e.value::int) <> 0`);
}
