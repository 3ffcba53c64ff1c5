/** The dashboards (issue 17 §1): the staff's whole business, a member's own client. */
import type { FastifyInstance } from 'fastify';
import { dashboardContracts as contract } from '../../shared/contracts/dashboard';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { memberDashboard, staffDashboard } from '../domain/dashboard';

export default async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, contract.staff, async () => ok(await staffDashboard(ctx.db)));
  route(app, contract.member, async (_input, request) => ok(await memberDashboard(ctx.db, request.me)));
}
