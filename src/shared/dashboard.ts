/**
 * The dashboard's business rules, pure (both sides): which months it shows, how a month is named, the
 * conversion rate. Free of zod, as the other rule modules: the dashboard's page takes its month names from
 * here, and the data shapes the API answers are in dashboardAnswers.ts.
 */

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

/** How far ahead "upcoming" looks: consignments and expiring budgets of the next 7 days. */
export const DASHBOARD_DAYS_AHEAD = 7;
/** Production progress counts the reviewed orders finished in the last 60 days (work in hand). */
export const PRODUCTION_WINDOW_DAYS = 60;
