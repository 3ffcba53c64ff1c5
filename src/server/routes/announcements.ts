/** The bulletin board's own endpoints beside the generic ones of `announcement` (issue 17 §2). */
import type { FastifyInstance } from 'fastify';
import { announcementContracts as contract } from '../../shared/contracts/announcements';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { getSettings } from '../domain/settings';
import { boardOf, markRead, readersOf, unreadCount } from '../domain/announcements';

export default async function announcementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Members read their clients' announcements, staff (office and workshop) the staff-only ones.
  route(app, contract.board, async (_input, request) => ok(await boardOf(ctx.db, request.me, (await getSettings(ctx.db)).file_secret)));

  route(app, contract.unreadCount, async (_input, request) => ok({ count: await unreadCount(ctx.db, request.me) }));

  route(app, contract.markRead, async ({ params }, request) => ok(await markRead(ctx.db, request.me, params.id)));

  route(app, contract.readers, async ({ params }) => ok(await readersOf(ctx.db, params.id)));
}
