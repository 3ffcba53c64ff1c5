/** The generic endpoints of docs/api.md, mounted for every schema resource. */
import type { FastifyInstance } from 'fastify';
import { resourceList } from '../../../schemas';
import type { ResourceSchema } from '../../shared/resource';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { readPayload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import {
  allRecords, createRecord, deleteRecord, dropdown, dropdownById, getRecord, listRecords, tableOf, updateRecord, useTableFor,
  type DeclaredResource,
} from '../domain/records';
import { Msg } from '../../shared/messages';
import { parseCount } from '../errors';
import { parseFilter, recordContext } from './context';

type Query = { per_page?: string; sort?: string; order?: string; filter?: string };

/** filteredDropdown's options: 50 unless the body asks for fewer, never more than 100. */
const DEFAULT_DROPDOWN_LIMIT = 50;
const MAX_DROPDOWN_LIMIT = 100;

export function mountResource(app: FastifyInstance, ctx: AppContext, schema: ResourceSchema) {
  const base = `/api/${schema.name}`;
  const context = (request: Parameters<typeof recordContext>[1]) => recordContext(ctx, request, schema);
  // Any signed-in user reaches the route; the engine then checks the schema's roles per operation.
  const read = { config: { access: 'signedIn' as const, docs: { resource: schema } } };

  app.get<{ Querystring: Query }>(`${base}/all`, read, async (request) =>
    ok(await allRecords(await context(request), schema, parseFilter(request.query.filter))));

  app.get<{ Params: { page: string }; Querystring: Query }>(`${base}/page/:page`, read, async (request) => {
    const { per_page, sort, order, filter } = request.query;
    return ok(await listRecords(await context(request), schema, {
      page: request.params.page, per_page, sort, order, filter: parseFilter(filter),
    }));
  });

  app.get(`${base}/dropdown`, read, async (request) => ok(await dropdown(await context(request), schema)));

  app.post<{ Body: { query?: unknown; limit?: unknown } }>(`${base}/filteredDropdown`, read, async (request) => {
    const query = typeof request.body?.query === 'string' ? request.body.query : '';
    // A limit past 100 is capped; one that is not a whole number from 1 is refused (parseCount).
    return ok(
      await dropdown(
        await context(request),
        schema,
        query,
        Math.min(MAX_DROPDOWN_LIMIT, parseCount(request.body?.limit, 'limit', DEFAULT_DROPDOWN_LIMIT)),
      ),
    );
  });

  app.get<{ Params: { id: string } }>(`${base}/dropdownById/:id`, read, async (request) =>
    ok(await dropdownById(await context(request), schema, request.params.id)));

  app.get<{ Params: { id: string } }>(`${base}/data/:id`, read, async (request) =>
    ok(await getRecord(await context(request), schema, request.params.id)));

  const files = { config: { access: 'signedIn' as const, ...uploadsOf(schema), docs: { resource: schema } } };
  app.post(`${base}/create`, files, async (request) =>
    ok(await createRecord(await context(request), schema, await readPayload(request)), Msg.saved));

  app.post(`${base}/update`, files, async (request) =>
    ok(await updateRecord(await context(request), schema, await readPayload(request)), Msg.saved));

  app.post<{ Body: { id?: unknown } }>(`${base}/delete`, read, async (request) =>
    ok(await deleteRecord(await context(request), schema, request.body?.id), Msg.deleted));
}

/** Every resource of the schema index, with the table `db/tables` gives it. */
export const declaredResources = (): DeclaredResource[] => resourceList.map((schema) => ({ schema, table: tableOf(schema) }));

/** Mounts the generic endpoints of the given resources: by default, every declared one. */
export default async function resourceRoutes(
  app: FastifyInstance,
  { ctx, resources = declaredResources() }: { ctx: AppContext; resources?: DeclaredResource[] },
) {
  for (const { schema, table } of resources) {
    useTableFor(schema, table);
    mountResource(app, ctx, schema);
  }
}
