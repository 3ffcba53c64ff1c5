/** The dashboards (issue 17 §1): the staff's whole business, a member's own client. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { memberDashboard, staffDashboard } from '../domain/dashboard';

export default async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/dashboard/staff', { config: { docs: { summary: 'El panel del personal' }, access: ['admin'] } }, async () =>
    ok(await staffDashboard(ctx.db)),
  );

  app.get(
    '/api/dashboard/member',
    { config: { docs: { summary: 'El panel de un miembro de cliente' }, access: ['client'] } },
    async (request) => ok(await memberDashboard(ctx.db, request.me)),
  );
}
