/**
 * Which requests may carry files. A route takes multipart only when it declares its file fields
 * (`config: { uploads }`), each with its own limit; every other /api route refuses multipart before
 * its body is read (415), and public routes take JSON only. `readParts` (files/payload.ts) reads the
 * declared files as streams and stops each at its field's limit, so a request never holds more than
 * what its route declared, and an anonymous caller never gets a multipart body read at all.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Msg } from '../../shared/messages';
import { isFileField, type ResourceSchema } from '../../shared/resource';
import { unsupportedMedia } from '../errors';

/** The most one uploaded file may weigh where its field sets no smaller limit. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface Uploads {
  /** File field → the most bytes one file of it may have. */
  fields: Record<string, number>;
  /** Files one field may hold (default 1). */
  perField?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The file fields this route takes; without it the route takes no multipart at all. */
    uploads?: Uploads;
  }
}

/**
 * What a resource's create/update routes take: multipart (docs/api.md: a `data` field with the JSON) with
 * a file only in each of its file fields, within the field's rule; none where it has no file field.
 */
export function uploadsOf(schema: ResourceSchema): { uploads: Uploads } {
  const fields = schema.fields.filter(isFileField).map((field) => [field.name, field.file?.maxBytes ?? MAX_UPLOAD_BYTES] as const);
  return { uploads: { fields: Object.fromEntries(fields) } };
}

export const isMultipartType = (type: string) => /^multipart\//i.test(type);

/** Whether a request says it carries a body (a length above 0 or a chunked transfer). */
function carriesBody(request: FastifyRequest) {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

export default fp(async (app) => {
  // Runs after the auth plugin's onRequest: who may call the route is settled first.
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const config = request.routeOptions.config ?? {};
    const type = String(request.headers['content-type'] ?? '');
    if (isMultipartType(type) && !config.uploads) throw unsupportedMedia(Msg.noFilesHere);
    if (config.access === 'public' && carriesBody(request) && !/^application\/json\s*(;|$)/i.test(type))
      throw unsupportedMedia(Msg.jsonOnly);
  });
});
