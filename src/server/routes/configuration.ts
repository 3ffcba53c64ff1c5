/** Named endpoints of docs/api.md for taxes, country taxes and fares. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { resources } from '../../../schemas';
import { configurationContracts as contract } from '../../shared/contracts/configuration';
import type { ResourceSchema } from '../../shared/resource';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { notFound } from '../errors';
import { getRecord, listRecords, toApi } from '../domain/records';
import { getSettings } from '../domain/settings';
import { client_fares, clients } from '../db/tables';
import { pagedQuery, recordContext } from './context';

export default async function configurationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const paged = (endpoint: typeof contract.filteredTaxes | typeof contract.filteredCountryTaxes | typeof contract.filteredFares,
    schema: ResourceSchema) =>
    route(app, endpoint, async ({ body }, request) =>
      ok(await listRecords(await recordContext(ctx, request, schema), schema, pagedQuery(body))));

  paged(contract.filteredTaxes, resources.tax);
  paged(contract.filteredCountryTaxes, resources.countryTax);
  paged(contract.filteredFares, resources.clientFare);

  /** The web fare prices the public calculator, so its id is public (docs/business-rules.md). */
  route(app, contract.webFare, async () => {
    const settings = await getSettings(ctx.db);
    if (!settings.web_fare_id) return ok(null);
    const [fare] = await ctx.db
      .select({ id: client_fares.id, name: client_fares.name })
      .from(client_fares)
      .where(eq(client_fares.id, settings.web_fare_id));
    return ok(fare ?? null);
  });

  route(app, contract.fareWithClients, async ({ params }, request) => {
    const context = await recordContext(ctx, request, resources.clientFare);
    const fare = await getRecord(context, resources.clientFare, params.id);
    if (!fare) throw notFound();
    const rows = await ctx.db
      .select()
      .from(clients)
      .where(eq(clients.client_fare_id, fare.id as number))
      .orderBy(clients.name);
    return ok({ ...fare, clients: rows.map((row) => toApi(resources.client, row, context.fileSecret)) });
  });
}
