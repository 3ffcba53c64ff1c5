/**
 * Article endpoints of docs/api.md (Item, itemImage, Category): articles with their categories and default
 * price, variations with fare prices, generating and showing/hiding variations, and the FormData aliases.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import { resources, type ResourceName } from '../../../schemas';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { itemContracts as contract } from '../../shared/contracts/items';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { parseOptionalRowId } from '../errors';
import { isAdmin } from '../domain/auth';
import { writeAudit } from '../domain/audit';
import { pricingFare } from '../domain/fares';
import { generateMissingVariations, setAllVariationsVisible, variationsWithPrices } from '../domain/items';
import { createRecord, dropdown, getRecord, listRecords, updateRecord, type RecordContext } from '../domain/records';
import { readPayload, type Payload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import { item_categories, items } from '../db/tables';
import { pagedQuery, recordContext } from './context';

const PER_PAGE = 20;

/** The spec's article body nests the record: `{ item_data, categories_ids, default_price }`; flat bodies pass as they are. */
function flattenItemData(payload: Payload): Payload {
  const { item_data: itemData, ...rest } = payload.data;
  if (!itemData || typeof itemData !== 'object') return payload;
  return { ...payload, data: { ...(itemData as Record<string, unknown>), ...rest } };
}

export default async function itemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const context = (request: FastifyRequest, name: ResourceName) => recordContext(ctx, request, resources[name]);
  /** The article, 404 when it does not exist (and role checks of reading articles). */
  const readItem = async (request: FastifyRequest, id: string) => getRecord(await context(request, 'item'), resources.item, id);
  const itemFiles = { config: uploadsOf(resources.item) };

  route(app, contract.create, async (_input, request) =>
    ok(await createRecord(await context(request, 'item'), resources.item, flattenItemData(await readPayload(request))), Msg.saved),
  itemFiles);

  route(app, contract.update, async (_input, request) =>
    ok(await updateRecord(await context(request, 'item'), resources.item, flattenItemData(await readPayload(request))), Msg.saved),
  itemFiles);

  route(app, contract.page, async ({ body }, request) =>
    ok(await listRecords(await context(request, 'item'), resources.item, pagedQuery(body))));

  /** An article's variations: staff see every one with its flags; a member only what its fare offers, at its price. */
  route(app, contract.variations, async ({ params }, request) => {
    const item = await readItem(request, params.id);
    const fareId = await pricingFare(ctx.db, request.me, null);
    return ok(await variationsWithPrices(ctx.db, [item.id as number], fareId, isAdmin(request.me) ? 'staff' : 'client'));
  });

  /**
   * A page of articles of a category (0: every category), each with its variations priced under a fare.
   * A member always gets its own fare and never sees hidden variations.
   */
  route(app, contract.cataloguePage, async ({ params }, request) => {
    const c = await context(request, 'item');
    const category = parseOptionalRowId(params.id);
    const fareId = await pricingFare(ctx.db, request.me, params.fareId);
    const page = await listRecords(c, resources.item, {
      page: params.page,
      per_page: PER_PAGE,
      filter: category ? { categories_ids: category } : {},
    });
    const variations = await variationsWithPrices(
      ctx.db,
      page.items.map((i) => i.id as number),
      fareId,
      isAdmin(request.me) ? 'staff' : 'client',
    );
    return ok({
      ...page,
      client_fare_id: fareId,
      items: page.items.map((item) => ({ ...item, item_property_values: variations.filter((v) => v.item_id === item.id) })),
    });
  });

  route(app, contract.generateVariations, async ({ params }, request) => {
    const item = await readItem(request, params.id);
    const result = await ctx.db.transaction(async (tx) => {
      const created = await generateMissingVariations(tx, item.id as number, Number(item.default_price));
      await writeAudit(tx, request.me.id, 'item', item.id as number, 'update', null, { generated_variations: created.created });
      return created;
    });
    return ok(result, result.created ? `Se han generado ${result.created} variaciones` : 'No faltaba ninguna variación');
  });

  /** flag true (the default): every variation visible; false: every one hidden. */
  route(app, contract.setAllVisible, async ({ params }, request) => {
    const item = await readItem(request, params.id);
    const visible = params.flag !== 'false' && params.flag !== '0';
    const result = await ctx.db.transaction(async (tx) => {
      const changed = await setAllVariationsVisible(tx, item.id as number, visible);
      await writeAudit(tx, request.me.id, 'item', item.id as number, 'update', null, {
        all_variations_visible: visible,
        variations: changed.updated,
      });
      return changed;
    });
    return ok(result, visible ? 'Todas las variaciones están visibles' : 'Todas las variaciones están ocultas');
  });

  /**
   * The "orillo bisagra" (hinged edging) articles offered with covers, with their variations priced
   * under a fare (`id`; 0: base prices). A member always gets its own fare.
   */
  route(app, contract.orilloBisagra, async ({ params }, request) => {
    const c: RecordContext = await context(request, 'item');
    const fareId = await pricingFare(ctx.db, request.me, params.id);
    const rows = await ctx.db.select({ id: items.id }).from(items).where(eq(items.is_orillo_bisagra, true)).orderBy(asc(items.name));
    const ids = rows.map((r) => r.id);
    const list = ids.length ? (await listRecords(c, resources.item, { page: 1, per_page: 100, filter: { id: ids } })).items : [];
    const variations = await variationsWithPrices(ctx.db, ids, fareId, isAdmin(request.me) ? 'staff' : 'client');
    return ok(list.map((item) => ({ ...item, item_property_values: variations.filter((v) => v.item_id === item.id) })));
  });

  /** How many articles each category holds (the categories screen shows it). */
  route(app, contract.categoryItemCounts, async (_input, request) => {
    await context(request, 'category');
    const rows = await ctx.db
      .select({ category_id: item_categories.category_id, items: count() })
      .from(item_categories)
      .groupBy(item_categories.category_id);
    return ok(Object.fromEntries(rows.map((r) => [r.category_id, Number(r.items)])));
  });

  // FormData aliases of docs/api.md for categories and article images.
  const aliases = [
    ['category', contract.categoryCreate, contract.categoryUpdate],
    ['itemImage', contract.imageCreate, contract.imageUpdate],
  ] as const;
  for (const [name, create, update] of aliases) {
    const files = { config: uploadsOf(resources[name]) };
    route(app, create, async (_input, request) =>
      ok(await createRecord(await context(request, name), resources[name], await readPayload(request)), Msg.saved), files);
    route(app, update, async (_input, request) =>
      ok(await updateRecord(await context(request, name), resources[name], await readPayload(request)), Msg.saved), files);
  }

  route(app, contract.categoryDropdown, async (_input, request) =>
    ok(await dropdown(await context(request, 'category'), resources.category)));
}
