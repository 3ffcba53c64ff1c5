/**
 * The figures the database keeps by triggers (migration 0009): each order's `lines_cents`, the
 * monthly `sales_summary` and the `dashboard_counts`. Rebuilt from the rows themselves where rows arrive with triggers that would
 * count them twice (a restore writes the orders' stored figures and then their lines).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from './index';

/** The client id of the rows that count for the whole business (what the staff's dashboard reads). */
export const BUSINESS = 0;

export async function rebuildSalesFigures(db: Queryable) {
  await db.execute(sql`update orders o set lines_cents = coalesce(d.cents, 0)
    from orders x left join (select order_id, sum(round(vat_exclusive_item_price * 100) * quantity_purchased)::bigint as cents from order_items group by order_id) d on d.order_id = x.id
    where o.id = x.id and o.lines_cents is distinct from coalesce(d.cents, 0)`);
  await db.execute(sql`delete from sales_summary`);
  await db.execute(sql`insert into sales_summary (month, invoicing_company_id, client_id, net_cents, orders)
    select to_char(finished_at at time zone 'Europe/Madrid', 'YYYY-MM'), coalesce(invoicing_company_id, 0), client_id,
      sum(lines_cents + round(shipping_price * 100))::bigint, count(*)::int
    from orders where status_id = 1 and finished_at is not null
    group by 1, 2, 3`);
  await db.execute(sql`insert into sales_summary (month, invoicing_company_id, client_id, net_cents, orders)
    select month, invoicing_company_id, ${BUSINESS}, sum(net_cents), sum(orders) from sales_summary group by 1, 2`);
  await db.execute(sql`delete from dashboard_counts`);
  await db.execute(sql`insert into dashboard_counts (kind, client_id, key, n)
    select 'budgets_created', client_id, to_char(created_date at time zone 'Europe/Madrid', 'YYYY-MM'), count(*)::int from budgets group by 2, 3
    union all
    select 'budgets_accepted', client_id, to_char(accepted_at at time zone 'Europe/Madrid', 'YYYY-MM'), count(*)::int from budgets where accepted_at is not null group by 2, 3
    union all
    select 'orders_review', client_id, coalesce(order_review_status_id, 0)::text, count(*)::int from orders where status_id = 1 group by 2, 3`);
  await db.execute(sql`insert into dashboard_counts (kind, client_id, key, n) select kind, ${BUSINESS}, key, sum(n)::int from dashboard_counts group by 1, 3`);
}
