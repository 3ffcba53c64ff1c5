/** The document library's own endpoint: a document's file, for those who may read the document. */
import type { FastifyInstance } from 'fastify';
import { documentContracts as contract } from '../../shared/contracts/documents';
import { attachmentDisposition } from '../../shared/documents';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { documentDownload } from '../domain/documents';

export default async function documentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Staff and client members (the schema's read roles); a member only its own documents (404 otherwise).
  route(app, contract.download, async ({ params }, request, reply) => {
    const file = await documentDownload(ctx.db, ctx.files, request.me, params.id);
    return (
      reply
        .header('content-type', file.contentType)
        // Checked on every download: a document no longer meant for a member is not served from a cache.
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    );
  });
}
