/**
 * The dashboard's business rules, pure (both sides): which months it shows, how a month is named, the
 * conversion rate, and the data shapes the API answers.
 */
import { z } from 'zod';

const MONTH_NAMES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** The `count` Madrid months ending with the one of `today` ("YYYY-MM-DD"), oldest first, as "YYYY-MM". */
export function lastMonths(today: string, count = 12): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** "2026-11" → "nov 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** Accepted budgets per 100 created, one decimal; none created: no rate (not 0 %). */
export function conversionRate(created: number, accepted: number): number | null {
  return created > 0 ? Math.round((accepted / created) * 1000) / 10 : null;
}

/** One value per month, 0 where the rows have none. */
export function perMonth<T extends { month: string }>(months: string[], rows: T[], value: (row: T) => number): number[] {
  const byMonth = new Map<string, number>();
  for (const row of rows) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + value(row));
  return months.map((month) => byMonth.get(month) ?? 0);
}

const id = z.number().int();
const monthly = z.array(z.number()).describe('Un valor por mes, del más antiguo al actual');
const count = z.object({ id, label: z.string(), count: z.number().int() });
const upcomingConsignment = z.object({
  id, date: z.string().describe('aaaa-mm-dd'), carrier: z.string(), orders: z.number().int(), clients: z.string(),
});
const expiringBudgets = z.object({
  total: z.number().int(),
  first: z.array(z.object({ id, client: z.string(), buyer_name: z.string().nullable(), expires_at: z.string() })),
});

/** The staff's dashboard: the whole business. */
export const staffDashboardAnswer = z.object({
  months: z.array(z.string()).describe('Los meses, «aaaa-mm», del más antiguo al actual'),
  budgets: z.object({ created: monthly, accepted: monthly, conversion: z.number().nullable() }),
  ordersByReview: z.array(count).describe('Pedidos terminados ahora, por estado de revisión'),
  ordersPerMonth: monthly,
  salesPerMonth: monthly.describe('Ventas sin IVA, en euros, por mes'),
  salesByCompany: z.array(z.object({ id, name: z.string(), sales: monthly })).describe('Las ventas por empresa facturadora'),
  topClients: z.array(z.object({ id, name: z.string(), sales: z.number() })),
  consignments: z.array(upcomingConsignment),
  production: z.array(count).describe('Líneas de pedidos revisados sin enviar, por el paso que esperan (el último: hechas)'),
  expiringBudgets,
});
export type StaffDashboard = z.output<typeof staffDashboardAnswer>;
export type Count = z.output<typeof count>;
export type UpcomingConsignment = z.output<typeof upcomingConsignment>;
export type ExpiringBudget = z.output<typeof expiringBudgets>['first'][number];

/** A client member's dashboard: its own client. */
export const memberDashboardAnswer = z.object({
  months: z.array(z.string()),
  budgetsByStatus: z.array(count),
  expiringBudgets,
  ordersByReview: z.array(count),
  ordersPerMonth: monthly,
  salesPerMonth: monthly,
  consignments: z.array(upcomingConsignment),
  cart: z.object({ id, lines: z.number().int(), total: z.number() }).nullable(),
});
export type MemberDashboard = z.output<typeof memberDashboardAnswer>;

/** How far ahead "upcoming" looks: consignments and expiring budgets of the next 7 days. */
export const DASHBOARD_DAYS_AHEAD = 7;
/** Production progress counts the reviewed orders finished in the last 60 days (work in hand). */
export const PRODUCTION_WINDOW_DAYS = 60;
