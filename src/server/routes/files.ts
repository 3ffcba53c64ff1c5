/** Serves stored files by `/api/{Entity}/file/{token}/{field}/{filename}`, checked against the token. */
import type { FastifyInstance } from 'fastify';
import { getResource } from '../../../schemas';
import { Msg } from '../../shared/messages';
import { isFileField } from '../../shared/resource';
import type { AppContext } from '../context';
import { notFound, warning } from '../errors';
import { sniffKind, MIME } from '../files/content';
import { SAFE_FILE_NAME } from '../files/store';
import { verifyFileToken } from '../files/urls';
import { getSettings } from '../domain/settings';

export default async function fileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { entity: string; token: string; field: string; filename: string } }>(
    '/api/:entity/file/:token/:field/:filename',
    { config: { access: 'public', docs: { summary: 'Un archivo guardado (imagen o PDF), por su URL firmada', produces: 'application/octet-stream' } } },
    async (request, reply) => {
      const { entity, token, field, filename } = request.params;
      const schema = getResource(entity);
      const known = schema?.fields.some((f) => f.name === field && isFileField(f));
      const { file_secret } = await getSettings(ctx.db);
      if (!known || !SAFE_FILE_NAME.test(filename) || !verifyFileToken(file_secret, entity, field, filename, token)) throw notFound('El archivo no existe');
      // A store that cannot answer (bucket down) is a "try again", not a missing file nor a 500.
      const data = await ctx.files.get(`${entity}/${filename}`).catch(() => { throw warning(Msg.fileReadFailed); });
      if (!data) throw notFound('El archivo no existe');
      const kind = sniffKind(data);
      return reply
        .header('content-type', kind ? MIME[kind] : 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
