/**
 * The dashboards' figures (issue 17 §1): the staff's across the business, a member's for its own client.
 * Sales come from `sales_summary` and `sales_by_year`, order values from `orders.lines_cents`, budget and
 * review counts from `dashboard_counts`, production from `production_counts`, all kept by the database's
 * triggers (migrations 0009, 0012 and 0013), so no figure counts every order, line or client; the rest
 * reads indexed ranges.
 * All statements run at once, each on its own connection where the driver has a pool.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { BudgetStatus, BUDGET_STATUSES } from '../../shared/budgets';
import { conversionRate, DASHBOARD_DAYS_AHEAD, lastMonths, perMonth, PRODUCTION_WINDOW_DAYS } from '../../shared/dashboard';
import type { Count, ExpiringBudget, MemberDashboard, StaffDashboard, UpcomingConsignment } from '../../shared/dashboardAnswers';
import { OrderStatus, REVIEW_STATUSES, ReviewStatus } from '../../shared/orders';
import { totals } from '../../shared/pricing';
import { dayAfter, madridDay, madridToday } from '../../shared/madrid';
import type { Queryable } from '../db';
import { BUSINESS } from '../db/salesFigures';
import {
  budgets,
  clients,
  consignment_orders,
  consignments,
  dashboard_counts,
  invoicing_companies,
  order_items,
  orders,
  production_counts,
  production_steps,
  sales_by_year,
  sales_summary,
  users,
} from '../db/tables';
import type { SessionUser } from './sessionUser';

const cents = (value: unknown) => Math.round(Number(value)) / 100;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The window every figure shares: the last 12 months, today and the days ahead, in Madrid time. */
function windowOf(now: Date) {
  const today = madridToday(now.getTime());
  const months = lastMonths(today);
  return {
    today, months,
    monthsStart: madridDay(`${months[0]}-01`).start,
    aheadEnd: madridDay(dayAfter(today, DASHBOARD_DAYS_AHEAD)).end,
    lastDayAhead: dayAfter(today, DASHBOARD_DAYS_AHEAD),
  };
}

type Window = ReturnType<typeof windowOf>;

/** Kept counts (dashboard_counts) of some kinds, of one client or of the whole business, per key. */
async function countsOf(db: Queryable, kinds: string[], fromKey: string | undefined, clientId = BUSINESS) {
  return db
    .select({ kind: dashboard_counts.kind, key: dashboard_counts.key, n: sql<string>`sum(${dashboard_counts.n})` })
    .from(dashboard_counts)
    .where(
      and(
        inArray(dashboard_counts.kind, kinds),
        fromKey === undefined ? undefined : gte(dashboard_counts.key, fromKey),
        eq(dashboard_counts.client_id, clientId),
      ),
    )
    .groupBy(dashboard_counts.kind, dashboard_counts.key);
}

async function budgetsPerMonth(db: Queryable, w: Window, clientId?: number) {
  const rows = await countsOf(db, ['budgets_created', 'budgets_accepted'], w.months[0], clientId);
  const series = (kind: string) =>
    perMonth(
      w.months,
      rows.filter((r) => r.kind === kind).map((r) => ({ month: r.key, n: Number(r.n) })),
      (r) => r.n,
    );
  const created = series('budgets_created');
  const accepted = series('budgets_accepted');
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return { created, accepted, conversion: conversionRate(sum(created), sum(accepted)) };
}

async function ordersByReview(db: Queryable, clientId?: number): Promise<Count[]> {
  const rows = await countsOf(db, ['orders_review'], undefined, clientId);
  return REVIEW_STATUSES.map((s) => ({ id: s.value, label: s.label, count: Number(rows.find((r) => r.key === String(s.value))?.n ?? 0) }));
}

/** Sales per month and invoicing company, of one client or of the whole business. */
async function salesRows(db: Queryable, w: Window, clientId = BUSINESS) {
  return db.select({
    month: sales_summary.month, company: sales_summary.invoicing_company_id,
    cents: sql<string>`sum(${sales_summary.net_cents})`, orders: sql<string>`sum(${sales_summary.orders})`,
  }).from(sales_summary)
    .where(and(gte(sales_summary.month, w.months[0]), eq(sales_summary.client_id, clientId)))
    .groupBy(sales_summary.month, sales_summary.invoicing_company_id);
}

/** Consignments of today and the days ahead, with how many orders they carry and whose. */
async function upcomingConsignments(db: Queryable, w: Window, clientId?: number): Promise<UpcomingConsignment[]> {
  // Qualified by hand: in a one-table select the ORM writes a bare "id", which the subqueries would take for their own.
  const consignmentId = sql.raw('"consignments"."id"');
  const mine
    = clientId === undefined
      ? undefined
      : sql`exists (select 1 from ${consignment_orders} co join ${orders} o on o.id = co.order_id
          where co.consignment_id = ${consignmentId} and o.client_id = ${clientId})`;
  const ofClient = clientId === undefined ? sql`` : sql` and o.client_id = ${clientId}`;
  const rows = await db
    .select({
      id: consignments.id,
      date: consignments.date,
      carrier: consignments.carrier,
      orders: sql<number>`(select count(*)::int from ${consignment_orders} co join ${orders} o on o.id = co.order_id
        where co.consignment_id = ${consignmentId}${ofClient})`,
      clients: sql<string>`(select coalesce(string_agg(distinct c.name, ', '), '')
        from ${consignment_orders} co join ${orders} o on o.id = co.order_id join ${clients} c on c.id = o.client_id
        where co.consignment_id = ${consignmentId}${ofClient})`,
    })
    .from(consignments)
    .where(and(gte(consignments.date, `${w.today} 00:00:00`), lte(consignments.date, `${w.lastDayAhead} 23:59:59.999`), mine))
    .orderBy(asc(consignments.date), asc(consignments.id))
    .limit(20);
  return rows.map((r) => ({ ...r, orders: Number(r.orders) }));
}

/** Budgets still open (draft or accepted) whose validity ends within the days ahead. */
async function expiringBudgets(
  db: Queryable,
  now: Date,
  w: Window,
  clientId?: number,
): Promise<{ total: number; first: ExpiringBudget[] }> {
  const where = and(
    inArray(budgets.budget_status_id, [BudgetStatus.draft, BudgetStatus.accepted]),
    gte(budgets.expires_at, now),
    lte(budgets.expires_at, w.aheadEnd),
    clientId === undefined ? undefined : eq(budgets.client_id, clientId),
  );
  const [first, [{ total }]] = await Promise.all([
    db
      .select({ id: budgets.id, client: clients.name, buyer_name: budgets.buyer_name, expires_at: budgets.expires_at })
      .from(budgets)
      .innerJoin(clients, eq(clients.id, budgets.client_id))
      .where(where)
      .orderBy(asc(budgets.expires_at), asc(budgets.id))
      .limit(10),
    db.select({ total: count() }).from(budgets).where(where),
  ]);
  return { total: Number(total), first: first.map((b) => ({ ...b, expires_at: b.expires_at.toISOString() })) };
}

/**
 * Production progress: the items of reviewed orders finished in the last PRODUCTION_WINDOW_DAYS and not
 * yet in a consignment, by the step each waits for (steps are done in order), and those with every step done.
 * The database keeps them per hour of finishing (production_counts, migration 0012): the window's whole
 * hours are summed as kept, the hour it starts in is read from its own orders, so the answer is exact to
 * the instant and its cost does not grow with the work in hand.
 */
async function productionProgress(db: Queryable, now: Date): Promise<Count[]> {
  const since = new Date(now.getTime() - PRODUCTION_WINDOW_DAYS * DAY_MS);
  const firstHour = Math.floor(since.getTime() / HOUR_MS);
  const [steps, rows] = await Promise.all([
    db
      .select({ id: production_steps.id, name: production_steps.name })
      .from(production_steps)
      .orderBy(asc(production_steps.position), asc(production_steps.id)),
    db.execute(sql`select steps_done as done, sum(n)::int as n from (
        select steps_done, n from ${production_counts} where hour > ${firstHour}
        union all
        select e.key::int, e.value::int from ${orders} o cross join jsonb_each_text(o.items_by_steps_done) e
        where o.finished_at >= ${since.toISOString()} and o.finished_at < ${new Date((firstHour + 1) * HOUR_MS).toISOString()}
          and o.status_id = ${OrderStatus.finished} and o.order_review_status_id = ${ReviewStatus.reviewed} and not o.in_consignment
      ) counted
      group by 1`),
  ]);
  const counted = (rows as unknown as { rows: Array<{ done: number; n: number }> }).rows;
  const waiting = (index: number) =>
    counted.filter((r) => Math.min(Number(r.done), steps.length) === index).reduce((n, r) => n + Number(r.n), 0);
  return [
    ...steps.map((step, index) => ({ id: step.id, label: step.name, count: waiting(index) })),
    { id: 0, label: 'Terminados', count: waiting(steps.length) },
  ];
}

export async function staffDashboard(db: Queryable, now = new Date()): Promise<StaffDashboard> {
  const w = windowOf(now);
  const year = w.today.slice(0, 4);
  const [budgetFigures, byReview, sales, companies, top, upcoming, production, expiring] = await Promise.all([
    budgetsPerMonth(db, w),
    ordersByReview(db),
    salesRows(db, w),
    db
      .select({ id: invoicing_companies.id, name: invoicing_companies.name })
      .from(invoicing_companies)
      .orderBy(asc(invoicing_companies.name)),
    // The ten first of the year as kept (the first rows of an index), then their names.
    db.execute(sql`select best.client_id as id, c.name, best.net_cents as cents from (
        select client_id, net_cents from ${sales_by_year} where year = ${year} and net_cents > 0 order by net_cents desc, client_id limit 10
      ) best join ${clients} c on c.id = best.client_id order by best.net_cents desc, best.client_id`),
    upcomingConsignments(db, w),
    productionProgress(db, now),
    expiringBudgets(db, now, w),
  ]);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const companyIds = [...new Set(sales.map((r) => r.company))].sort((a, b) =>
    (companyName.get(a) ?? '').localeCompare(companyName.get(b) ?? '', 'es'),
  );
  return {
    months: w.months,
    budgets: budgetFigures,
    ordersByReview: byReview,
    ordersPerMonth: perMonth(w.months, sales, (r) => Number(r.orders)),
    salesPerMonth: perMonth(w.months, sales, (r) => cents(r.cents)).map((v) => Math.round(v * 100) / 100),
    salesByCompany: companyIds.map((id) => ({
      id,
      name: companyName.get(id) ?? 'Sin empresa de facturación',
      sales: perMonth(
        w.months,
        sales.filter((r) => r.company === id),
        (r) => cents(r.cents),
      ).map((v) => Math.round(v * 100) / 100),
    })),
    topClients: (top as unknown as { rows: Array<{ id: number; name: string; cents: string }> }).rows.map((c) => ({
      id: c.id,
      name: c.name,
      sales: cents(c.cents),
    })),
    consignments: upcoming,
    production,
    expiringBudgets: expiring,
  };
}

/** A member's cart: its lines and total with VAT, as the cart shows it; none when it has no open cart. */
async function memberCart(db: Queryable, user: SessionUser): Promise<MemberDashboard['cart']> {
  const [cart] = await db.select({
    id: orders.id, lines_cents: orders.lines_cents, shipping: orders.shipping_price, tax: orders.tax_percentage,
    lines: sql<number>`(select count(*)::int from ${order_items} i where i.order_id = ${orders.id})`,
  }).from(users).innerJoin(orders, eq(orders.id, users.current_cart_order_id))
    .where(and(eq(users.id, user.id), eq(orders.status_id, OrderStatus.cart), isNotNull(users.current_cart_order_id)));
  if (!cart) return null;
  const total = totals({
    lines: [{ cents: Number(cart.lines_cents) }],
    shipPrice: Number(cart.shipping),
    freeShippingThreshold: null,
    taxPercentage: Number(cart.tax),
  }).total;
  return { id: cart.id, lines: Number(cart.lines), total };
}

export async function memberDashboard(db: Queryable, user: SessionUser, now = new Date()): Promise<MemberDashboard> {
  const w = windowOf(now);
  const clientId = user.client_id ?? -1;
  const [byStatus, expiring, byReview, sales, upcoming, cart] = await Promise.all([
    // A client's own budgets are few: counted as they are.
    db
      .select({ status: budgets.budget_status_id, n: count() })
      .from(budgets)
      .where(eq(budgets.client_id, clientId))
      .groupBy(budgets.budget_status_id),
    expiringBudgets(db, now, w, clientId),
    ordersByReview(db, clientId),
    salesRows(db, w, clientId),
    upcomingConsignments(db, w, clientId),
    memberCart(db, user),
  ]);
  return {
    months: w.months,
    budgetsByStatus: BUDGET_STATUSES.map((s) => ({
      id: s.value,
      label: s.label,
      count: Number(byStatus.find((r) => r.status === s.value)?.n ?? 0),
    })),
    expiringBudgets: expiring,
    ordersByReview: byReview,
    ordersPerMonth: perMonth(w.months, sales, (r) => Number(r.orders)),
    salesPerMonth: perMonth(w.months, sales, (r) => cents(r.cents)).map((v) => Math.round(v * 100) / 100),
    consignments: upcoming,
    cart,
  };
}
