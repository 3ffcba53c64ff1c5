/** Named endpoints of docs/api.md for taxes, country taxes and fares. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { resources } from '../../../schemas';
import { webFareAnswer } from '../../shared/publicAnswers';
import type { ResourceSchema } from '../../shared/resource';
import type { AppContext } from '../context';
import { ok, okAs } from '../plugins/envelope';
import { notFound } from '../errors';
import { getRecord, listRecords, toApi } from '../domain/records';
import { getSettings } from '../domain/settings';
import { client_fares, clients } from '../db/tables';
import { pagedQuery, recordContext, type PagedBody } from './context';

export default async function configurationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The route declares the list roles of its schema (taxes are listed by members too: budgets and carts show VAT).
  const paged = (path: string, schema: ResourceSchema) =>
    app.post<{ Body: PagedBody }>(
      path,
      { config: { access: schema.access.list, docs: { summary: `${schema.label.many}: una página filtrada` } } },
      async (request) => ok(await listRecords(await recordContext(ctx, request, schema), schema, pagedQuery(request.body))),
    );

  paged('/api/tax/getFilteredTaxes', resources.tax);
  paged('/api/countryTax/getCountriesPaginatedWithFilters', resources.countryTax);
  paged('/api/clientFare/getFilteredClientFares', resources.clientFare);

  /** The web fare prices the public calculator, so its id is public (docs/business-rules.md). */
  app.get(
    '/api/clientFare/getTarifaWEB',
    {
      config: {
        access: 'public',
        docs: { summary: 'La tarifa web (id y nombre), la que precia la calculadora pública', answer: webFareAnswer },
      },
    },
    async () => {
      const settings = await getSettings(ctx.db);
      if (!settings.web_fare_id) return okAs(webFareAnswer, null);
      const [fare] = await ctx.db
        .select({ id: client_fares.id, name: client_fares.name })
        .from(client_fares)
        .where(eq(client_fares.id, settings.web_fare_id));
      return okAs(webFareAnswer, fare ?? null);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/clientFare/getClientFareWithClients/:id',
    { config: { docs: { summary: 'Una tarifa con los clientes que la tienen' }, access: ['admin'] } },
    async (request) => {
      const context = await recordContext(ctx, request, resources.clientFare);
      const fare = await getRecord(context, resources.clientFare, request.params.id);
      if (!fare) throw notFound();
      const rows = await ctx.db
        .select()
        .from(clients)
        .where(eq(clients.client_fare_id, fare.id as number))
        .orderBy(clients.name);
      return ok({ ...fare, clients: rows.map((row) => toApi(resources.client, row, context.fileSecret)) });
    },
  );
}
