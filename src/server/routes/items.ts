/**
 * Article endpoints of docs/api.md (Item, itemImage, Category): articles with their categories and default
 * price, variations with fare prices, generating and showing/hiding variations, and the FormData aliases.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import { resources, type ResourceName } from '../../../schemas';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
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
import { pagedQuery, recordContext, type PagedBody } from './context';

const admin = { access: ['admin' as const] };
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

  app.post(
    '/api/item/createItemWithDefaultValueAndAssignCategories',
    {
      config: {
        ...admin,
        ...uploadsOf(resources.item),
        docs: {
          summary: 'Crear un artículo con sus categorías y su precio por defecto',
          record: { resource: resources.item, mode: 'create' },
        },
      },
    },
    async (request) =>
      ok(await createRecord(await context(request, 'item'), resources.item, flattenItemData(await readPayload(request))), Msg.saved),
  );

  app.post(
    '/api/item/updateItemAndAssignCategories',
    {
      config: {
        ...admin,
        ...uploadsOf(resources.item),
        docs: { summary: 'Modificar un artículo y sus categorías', record: { resource: resources.item, mode: 'update' } },
      },
    },
    async (request) =>
      ok(await updateRecord(await context(request, 'item'), resources.item, flattenItemData(await readPayload(request))), Msg.saved),
  );

  app.post<{ Body: PagedBody }>(
    '/api/item/getFilteredItemsPaginated',
    { config: { docs: { summary: 'Artículos: una página filtrada' } } },
    async (request) => ok(await listRecords(await context(request, 'item'), resources.item, pagedQuery(request.body))),
  );

  /** An article's variations: staff see every one with its flags; a member only what its fare offers, at its price. */
  app.get<{ Params: { id: string } }>(
    '/api/item/getFilteredItemPropertyValuesFromItem/:id',
    { config: { docs: { summary: 'Las variaciones de un artículo con sus precios (un miembro, sólo las de su tarifa)' } } },
    async (request) => {
      const item = await readItem(request, request.params.id);
      const fareId = await pricingFare(ctx.db, request.me, null);
      return ok(await variationsWithPrices(ctx.db, [item.id as number], fareId, isAdmin(request.me) ? 'staff' : 'client'));
    },
  );

  /**
   * A page of articles of a category (0: every category), each with its variations priced under a fare.
   * A member always gets its own fare and never sees hidden variations.
   */
  app.get<{ Params: { id: string; fareId: string; page: string } }>(
    '/api/item/getPaginatedItemsWithPropertyValuesAndFarePrices/:id/fare/:fareId/page/:page',
    { config: { docs: { summary: 'Artículos de una categoría (0: todas) con sus variaciones y precios en una tarifa: una página' } } },
    async (request) => {
      const c = await context(request, 'item');
      const category = parseOptionalRowId(request.params.id);
      const fareId = await pricingFare(ctx.db, request.me, request.params.fareId);
      const page = await listRecords(c, resources.item, {
        page: request.params.page,
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
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/item/generateMissingItemPropertyValuesForItem/:id',
    { config: { ...admin, docs: { summary: 'Generar las variaciones que faltan de un artículo' } } },
    async (request) => {
      const item = await readItem(request, request.params.id);
      const result = await ctx.db.transaction(async (tx) => {
        const created = await generateMissingVariations(tx, item.id as number, Number(item.default_price));
        await writeAudit(tx, request.me.id, 'item', item.id as number, 'update', null, { generated_variations: created.created });
        return created;
      });
      return ok(result, result.created ? `Se han generado ${result.created} variaciones` : 'No faltaba ninguna variación');
    },
  );

  /** flag true (the default): every variation visible; false: every one hidden. */
  app.post<{ Params: { id: string; flag?: string } }>(
    '/api/item/setAllItemPropertyOptionValuesFromItem/:id/:flag?',
    { config: { ...admin, docs: { summary: 'Mostrar (flag true, por defecto) u ocultar (false) todas las variaciones de un artículo' } } },
    async (request) => {
      const item = await readItem(request, request.params.id);
      const visible = request.params.flag !== 'false' && request.params.flag !== '0';
      const result = await ctx.db.transaction(async (tx) => {
        const changed = await setAllVariationsVisible(tx, item.id as number, visible);
        await writeAudit(tx, request.me.id, 'item', item.id as number, 'update', null, {
          all_variations_visible: visible,
          variations: changed.updated,
        });
        return changed;
      });
      return ok(result, visible ? 'Todas las variaciones están visibles' : 'Todas las variaciones están ocultas');
    },
  );

  /**
   * The "orillo bisagra" (hinged edging) articles offered with covers, with their variations priced
   * under a fare (`id`; 0: base prices). A member always gets its own fare.
   */
  app.get<{ Params: { id: string } }>(
    '/api/item/getOrilloBisagra/:id',
    { config: { docs: { summary: 'Los artículos de orillo bisagra con sus variaciones y precios en una tarifa' } } },
    async (request) => {
      const c: RecordContext = await context(request, 'item');
      const fareId = await pricingFare(ctx.db, request.me, request.params.id);
      const rows = await ctx.db.select({ id: items.id }).from(items).where(eq(items.is_orillo_bisagra, true)).orderBy(asc(items.name));
      const ids = rows.map((r) => r.id);
      const list = ids.length ? (await listRecords(c, resources.item, { page: 1, per_page: 100, filter: { id: ids } })).items : [];
      const variations = await variationsWithPrices(ctx.db, ids, fareId, isAdmin(request.me) ? 'staff' : 'client');
      return ok(list.map((item) => ({ ...item, item_property_values: variations.filter((v) => v.item_id === item.id) })));
    },
  );

  /** How many articles each category holds (the categories screen shows it). */
  app.get('/api/category/getItemCounts', { config: { docs: { summary: 'Cuántos artículos tiene cada categoría' } } }, async (request) => {
    await context(request, 'category');
    const rows = await ctx.db
      .select({ category_id: item_categories.category_id, items: count() })
      .from(item_categories)
      .groupBy(item_categories.category_id);
    return ok(Object.fromEntries(rows.map((r) => [r.category_id, Number(r.items)])));
  });

  // FormData aliases of docs/api.md for categories and article images.
  for (const name of ['category', 'itemImage'] as const) {
    app.post(
      `/api/${name}/createWithFormData`,
      { config: { ...admin, ...uploadsOf(resources[name]), docs: { record: { resource: resources[name], mode: 'create' } } } },
      async (request) => ok(await createRecord(await context(request, name), resources[name], await readPayload(request)), Msg.saved),
    );
    app.post(
      `/api/${name}/updateWithFormData`,
      { config: { ...admin, ...uploadsOf(resources[name]), docs: { record: { resource: resources[name], mode: 'update' } } } },
      async (request) => ok(await updateRecord(await context(request, name), resources[name], await readPayload(request)), Msg.saved),
    );
  }
  app.get('/api/category/getDropdown', { config: { docs: { summary: 'Categorías: desplegable' } } }, async (request) =>
    ok(await dropdown(await context(request, 'category'), resources.category)),
  );
}
