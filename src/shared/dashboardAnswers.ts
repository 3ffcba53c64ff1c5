/** The data shapes the dashboards' API answers (src/shared/contracts/dashboard.ts), with their types. */
import { z } from 'zod';

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
