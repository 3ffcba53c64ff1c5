/**
 * Serves stored files by `/api/{Entity}/file/{token}/{field}/{filename}`, checked against the token;
 * a file that is not a catalogue image also against its link's expiry and the session's current right
 * to the record that holds it (src/server/files/urls.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getResource } from '../../../schemas';
import { Code, Texts } from '../../shared/codes';
import { fileContracts as contract } from '../../shared/contracts/files';
import type { RequestOf } from '../../shared/contracts/contract';
import { Msg } from '../../shared/messages';
import { isFileField } from '../../shared/resource';
import type { AppContext } from '../context';
import { mayFetchFile } from '../domain/records';
import { getSettings } from '../domain/settings';
import { route } from '../plugins/contracts';
import { ApiError, notFound, sessionError, warning } from '../errors';
import { sniffKind, MIME } from '../files/content';
import { SAFE_FILE_NAME } from '../files/store';
import { checkFileToken } from '../files/urls';
import { resourceHooks } from '../resources';

/** How long a browser may keep a private file: short, so a right taken away soon shows. */
const PRIVATE_CACHE_SECONDS = 600;

type FileParams = RequestOf<typeof contract.file>['params'];

export default async function fileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, contract.file, async ({ params }, request, reply) => {
    try {
      return await serveFile(params, request, reply);
    } catch (error) {
      // A link opened in a tab of its own shows its refusal as a page, not as the API's JSON.
      if (!(error instanceof ApiError) || request.headers['sec-fetch-dest'] !== 'document') throw error;
      return reply
        .code(error.httpStatus)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(refusalPage(error.message));
    }
  });

  async function serveFile({ entity, token, field, filename }: FileParams, request: FastifyRequest, reply: FastifyReply) {
    const schema = getResource(entity);
    const known = schema?.fields.some((f) => f.name === field && isFileField(f));
    if (!schema || !known || !SAFE_FILE_NAME.test(filename)) throw notFound(Msg.fileMissing);
    const { file_secret } = await getSettings(ctx.db);
    const valid = checkFileToken(file_secret, schema, field, filename, token);
    if (valid === 'invalid') throw notFound(Msg.fileMissing);
    if (valid === 'expired') throw notFound(Msg.fileLinkExpired);
    const key = `${entity}/${filename}`;
    if (!schema.publicFiles) {
      if (!request.user) throw sessionError(Code.invalidToken, Texts.sessionExpired);
      const context = { db: ctx.db, user: request.user, files: ctx.files, fileSecret: file_secret, hooks: resourceHooks[schema.name] };
      if (!(await mayFetchFile(context, schema, field, key))) throw notFound(Msg.fileMissing);
    }
    // A store that cannot answer (bucket down) is a "try again", not a missing file nor a 500.
    const data = await ctx.files.get(key).catch(() => { throw warning(Msg.fileReadFailed); });
    if (!data) throw notFound(Msg.fileMissing);
    const kind = sniffKind(data);
    const cache = schema.publicFiles ? 'public, max-age=86400, immutable' : `private, max-age=${Math.min(valid, PRIVATE_CACHE_SECONDS)}`;
    return reply
      .header('content-type', kind ? MIME[kind] : 'application/octet-stream')
      .header('cache-control', cache)
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(data);
  }
}

/** Our own fixed Spanish texts only (never a file name or anything a request carried): nothing to escape. */
function refusalPage(message: string) {
  return '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>Archivo no disponible</title></head><body><main><h1>Archivo no disponible</h1><p>${message}</p>`
    + '<p><a href="/">Volver a la aplicación</a></p></main></body></html>';
}
