/** Client endpoints of docs/api.md beyond the generic ones, and the public cover types by season. */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { resources } from '../../../schemas';
import { SEASONS } from '../../shared/catalogue';
import { coverTypesAnswer } from '../../shared/publicAnswers';
import type { AppContext } from '../context';
import { ok, okAs } from '../plugins/envelope';
import { invalid, parseRowId } from '../errors';
import { Msg } from '../../shared/messages';
import { canonicalRowId } from '../../shared/validation';
import { allRecords, dropdown, getRecord, listRecords } from '../domain/records';
import { pool_cover_types, taxes } from '../db/tables';
import { pagedQuery, recordContext, type PagedBody } from './context';

export default async function clientRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const schema = resources.client;

  app.post<{ Body: PagedBody }>(
    '/api/client/getClientsPaginatedWithFilters',
    { config: { docs: { summary: 'Clientes: una página filtrada' } } },
    async (request) => ok(await listRecords(await recordContext(ctx, request, schema), schema, pagedQuery(request.body))),
  );

  /** The client with its tax (id, name, tax_percentage), for VAT in budgets and carts. */
  app.get<{ Params: { id: string } }>(
    '/api/client/getClientDataWithTax/:id',
    { config: { docs: { summary: 'Los datos de un cliente para el carrito (dirección e impuesto)' } } },
    async (request) => {
      const client = await getRecord(await recordContext(ctx, request, schema), schema, request.params.id);
      const [tax] = await ctx.db
        .select({ id: taxes.id, name: taxes.name, tax_percentage: taxes.tax_percentage })
        .from(taxes)
        .where(eq(taxes.id, client.tax_id as number));
      return ok({ ...client, tax: tax ? { ...tax, tax_percentage: Number(tax.tax_percentage) } : null });
    },
  );

  /** A dropdown of the given clients (e.g. those of the orders on screen). */
  app.post<{ Body: { clients_ids?: unknown } }>(
    '/api/client/getDropdownByOrders',
    { config: { docs: { summary: 'Los nombres de los clientes de una lista de pedidos (clients_ids)' } } },
    async (request) => {
      const ids = request.body?.clients_ids;
      if (!Array.isArray(ids)) throw invalid({ clients_ids: Msg.invalidBody });
      const context = await recordContext(ctx, request, schema);
      const rows = await allRecords(context, schema, { id: ids.map((id) => parseRowId(id, 'clients_ids')) });
      return ok(rows.map((row) => ({ label: String(row.name), value: row.id, extra: row.nif })));
    },
  );

  app.get<{ Params: { id: string } }>('/api/client/getById/:id', { config: { docs: { summary: 'Un cliente' } } }, async (request) =>
    ok(await getRecord(await recordContext(ctx, request, schema), schema, request.params.id)));

  app.get('/api/client/getDropdown', { config: { docs: { summary: 'Clientes: desplegable' } } }, async (request) =>
    ok(await dropdown(await recordContext(ctx, request, schema), schema)),
  );

  /** Public: the public calculator lists the cover types of a season (1 verano, 2 invierno). */
  app.get<{ Params: { season: string } }>(
    '/api/poolCoverType/getPoolCoverTypesBySeason/:season',
    {
      config: {
        access: 'public',
        rateLimit: { max: 120, timeWindow: '1 minute' },
        docs: {
          summary: 'Tipos de cobertor de una temporada (1 verano, 2 invierno), para la calculadora pública',
          answer: coverTypesAnswer,
        },
      },
    },
    async (request) => {
      const season = SEASONS.find((s) => s.value === canonicalRowId(request.params.season))?.value;
      if (season === undefined) throw invalid({ season: Msg.season });
      const rows = await ctx.db
        .select({
          id: pool_cover_types.id,
          name: pool_cover_types.name,
          description: pool_cover_types.description,
          season: pool_cover_types.season,
        })
        .from(pool_cover_types)
        .where(and(eq(pool_cover_types.season, season)))
        .orderBy(asc(pool_cover_types.position), asc(pool_cover_types.id));
      return okAs(coverTypesAnswer, rows);
    },
  );
}
