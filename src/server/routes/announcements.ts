/** The bulletin board's own endpoints beside the generic ones of `announcement` (issue 17 §2). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { getSettings } from '../domain/settings';
import { boardOf, markRead, readersOf, unreadCount } from '../domain/announcements';

export default async function announcementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Members read their clients' announcements, staff (office and workshop) the staff-only ones.
  const readers = { config: { access: 'signedIn' as const } };

  app.get(
    '/api/announcement/board',
    { config: { ...readers.config, docs: { summary: 'El tablón de anuncios del usuario' } } },
    async (request) => ok(await boardOf(ctx.db, request.me, (await getSettings(ctx.db)).file_secret)),
  );

  app.get(
    '/api/announcement/unreadCount',
    { config: { ...readers.config, docs: { summary: 'Cuántos anuncios no ha leído el usuario' } } },
    async (request) => ok({ count: await unreadCount(ctx.db, request.me) }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/announcement/markRead/:id',
    { config: { ...readers.config, docs: { summary: 'Marcar un anuncio como leído' } } },
    async (request) => ok(await markRead(ctx.db, request.me, request.params.id)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/announcement/readers/:id',
    { config: { docs: { summary: 'Quién ha leído un anuncio' }, access: ['admin' as const] } },
    async (request) => ok(await readersOf(ctx.db, request.params.id)),
  );
}
