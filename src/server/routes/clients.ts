/** Client endpoints of docs/api.md beyond the generic ones, and the public cover types by season. */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { resources } from '../../../schemas';
import { SEASONS } from '../../shared/catalogue';
import { clientContracts as contract } from '../../shared/contracts/clients';
import { coverTypeContracts } from '../../shared/contracts/coverTypes';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { invalid, parseRowId } from '../errors';
import { Msg } from '../../shared/messages';
import { canonicalRowId } from '../../shared/validation';
import { allRecords, dropdown, getRecord, listRecords } from '../domain/records';
import { pool_cover_types, taxes } from '../db/tables';
import { pagedQuery, recordContext } from './context';

export default async function clientRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const schema = resources.client;

  route(app, contract.page, async ({ body }, request) =>
    ok(await listRecords(await recordContext(ctx, request, schema), schema, pagedQuery(body))));

  /** The client with its tax (id, name, tax_percentage), for VAT in budgets and carts. */
  route(app, contract.withTax, async ({ params }, request) => {
    const client = await getRecord(await recordContext(ctx, request, schema), schema, params.id);
    const [tax] = await ctx.db
      .select({ id: taxes.id, name: taxes.name, tax_percentage: taxes.tax_percentage })
      .from(taxes)
      .where(eq(taxes.id, client.tax_id as number));
    return ok({ ...client, tax: tax ? { ...tax, tax_percentage: Number(tax.tax_percentage) } : null });
  });

  /** A dropdown of the given clients (e.g. those of the orders on screen). */
  route(app, contract.dropdownByOrders, async ({ body }, request) => {
    const ids = body.clients_ids;
    if (!Array.isArray(ids)) throw invalid({ clients_ids: Msg.invalidBody });
    const context = await recordContext(ctx, request, schema);
    const rows = await allRecords(context, schema, { id: ids.map((id) => parseRowId(id, 'clients_ids')) });
    return ok(rows.map((row) => ({ label: String(row.name), value: row.id as number, extra: row.nif as string | null })));
  });

  route(app, contract.byId, async ({ params }, request) =>
    ok(await getRecord(await recordContext(ctx, request, schema), schema, params.id)));

  route(app, contract.dropdown, async (_input, request) => ok(await dropdown(await recordContext(ctx, request, schema), schema)));

  /** Public: the public calculator lists the cover types of a season (1 verano, 2 invierno). */
  route(app, coverTypeContracts.bySeason, async ({ params }) => {
    const season = SEASONS.find((s) => s.value === canonicalRowId(params.season))?.value;
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
    return ok(rows);
  });
}
