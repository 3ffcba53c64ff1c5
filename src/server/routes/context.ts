import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/validation';
import type { PagedBody } from '../../shared/contracts/paged';
import { invalid } from '../errors';
import type { ResourceSchema } from '../../shared/resource';
import type { AppContext } from '../context';
import type { RecordContext } from '../domain/records';
import type { Notifier } from '../domain/mailNotices';
import { getSettings } from '../domain/settings';
import { resourceHooks } from '../resources';

/** The engine's context for the signed-in user of a request. */
export async function recordContext(app: AppContext, request: FastifyRequest, schema: ResourceSchema): Promise<RecordContext> {
  const settings = await getSettings(app.db);
  return {
    db: app.db, user: request.me, files: app.files, fileSecret: settings.file_secret, hooks: resourceHooks[schema.name],
    notifier: notifierOf(app, request),
  };
}

/** Queues a request's mail notices; one that cannot be composed is logged with the request. */
export function notifierOf(app: AppContext, request: FastifyRequest): Notifier {
  return { publicUrl: app.config.publicUrl, onFailure: (error) => request.log.error({ err: error }, 'mail notice not queued') };
}

/**
 * A request body checked by its zod schema (the form's own): the parsed data, typed as the schema's
 * output, or 40001 with each field's Spanish message.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** Parses the `filter` query parameter (a JSON object); anything else is no filter. */
export function parseFilter(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || !raw) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export type { PagedBody };

/** The `{page, filter|filters}` bodies of the named list endpoints: an object filters by fields, a string searches. */
export function pagedQuery(body: PagedBody | undefined) {
  const raw = body?.filters ?? body?.filter;
  const filter = parseFilter(raw);
  if (typeof raw === 'string' && raw && !Object.keys(filter).length) filter.q = raw;
  return { page: body?.page, per_page: body?.per_page, sort: body?.sort, order: body?.order, filter };
}
