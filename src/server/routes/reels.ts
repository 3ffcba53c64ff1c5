/** Reel endpoints of docs/api.md: sizes, fitting reels, reels with their sizes, diameters and prices. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { resources } from '../../../schemas';
import { reelContracts as contract } from '../../shared/contracts/reels';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { invalid, parseRowId } from '../errors';
import { canonicalCount, canonicalRowId } from '../../shared/validation';
import { allRecords, createRecord, getRecord, listRecords, updateRecord, type RecordContext } from '../domain/records';
import { diameterName, reelPrice, reelsForWidth } from '../domain/reels';
import { fareCustomPrice, pricingFare } from '../domain/fares';
import { readPayload, type Payload } from '../files/payload';
import { uploadsOf } from '../plugins/uploads';
import { reel_diameters, reel_subcategories } from '../db/tables';
import { pagedQuery, recordContext } from './context';
import { formatMetres, toNumber } from '../../shared/format';

/** A measure in metres as a form sends it ("4,5", "4.5", 4.5): the number when above 0, else null. */
const positiveMeasure = (value: unknown) => {
  const n = toNumber(value);
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

/** customCreate / customUpdate send the sizes as their own multipart field `subs`. */
function withSubs(payload: Payload): Payload {
  if (payload.fields.subs === undefined) return payload;
  let subs: unknown;
  try {
    subs = JSON.parse(payload.fields.subs);
  } catch {
    throw invalid({ reels_subcategories: Msg.reelNeedsSize });
  }
  return { ...payload, data: { ...payload.data, reels_subcategories: subs } };
}

export default async function reelRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const context = (request: FastifyRequest, name: keyof typeof resources) => recordContext(ctx, request, resources[name]);

  route(app, contract.sizesDropdown, async ({ params }, request) => {
    await context(request, 'reelSubcategory');
    const subs = await ctx.db
      .select()
      .from(reel_subcategories)
      .where(eq(reel_subcategories.reel_id, parseRowId(params.id)))
      .orderBy(asc(reel_subcategories.size_max));
    return ok(subs.map((s) => ({ label: formatMetres(Number(s.size_max)), value: s.id, extra: Number(s.size_max) })));
  });

  route(app, contract.size, async ({ params }, request) =>
    ok(await getRecord(await context(request, 'reelSubcategory'), resources.reelSubcategory, params.id)));

  route(app, contract.bySize, async ({ params }, request) => {
    const c = await context(request, 'reel');
    const width = positiveMeasure(params.size);
    if (!width) throw invalid({ size: Msg.validNumber });
    const rows = await reelsForWidth(ctx.db, width);
    return ok(await allRecords(c, resources.reel, { id: rows.map((r) => r.id) }));
  });

  route(app, contract.all, async (_input, request) => ok(await allRecords(await context(request, 'reel'), resources.reel)));

  // Writing reels is staff work (the schema's create/update roles), declared in the contracts too.
  const files = { config: uploadsOf(resources.reel) };
  route(app, contract.create, async (_input, request) =>
    ok(await createRecord(await context(request, 'reel'), resources.reel, withSubs(await readPayload(request))), Msg.saved), files);

  route(app, contract.update, async (_input, request) =>
    ok(await updateRecord(await context(request, 'reel'), resources.reel, withSubs(await readPayload(request))), Msg.saved), files);

  route(app, contract.page, async ({ body }, request) =>
    ok(await listRecords(await context(request, 'reel'), resources.reel, pagedQuery(body))));

  /** The distinct available diameters of a size, for the reel wizard. */
  route(app, contract.diametersDropdown, async ({ params }, request) => {
    await context(request, 'reelDiameter');
    const rows = await ctx.db
      .selectDistinct({ diameter: reel_diameters.diameter })
      .from(reel_diameters)
      .where(and(eq(reel_diameters.reel_subcategory_id, parseRowId(params.id)), eq(reel_diameters.available, true)))
      .orderBy(asc(reel_diameters.diameter));
    return ok(rows.map((r) => ({ label: `${r.diameter} mm`, value: r.diameter })));
  });

  /** Price of a size × diameter × engine; a client member always gets its own fare, whatever it sends. */
  route(app, contract.price, async ({ body }, request) => {
    await context(request, 'reelDiameter');
    // A diameter (whole millimetres) comes from the diameters' dropdown, as a size's id does.
    const diameter = canonicalCount(body.diameter);
    const sub = canonicalRowId(body.reel_subcategory_id);
    const errors: Record<string, string> = {};
    if (!sub) errors.reel_subcategory_id = Msg.reelSize;
    if (!diameter) errors.diameter = Msg.diameter;
    if (Object.keys(errors).length) throw invalid(errors);
    const engineValue = body.engine ?? body.motor;
    const engine = engineValue === true || engineValue === 'true' || engineValue === 1 || engineValue === '1';
    const row = await reelPrice(ctx.db, { reel_subcategory_id: sub!, diameter: diameter!, engine });
    const fareId = await pricingFare(ctx.db, request.me, body.client_fare_id);
    const [size] = await ctx.db.select().from(reel_subcategories).where(eq(reel_subcategories.id, row.reel_subcategory_id));
    const farePrice = await fareCustomPrice(ctx.db, 'reelDiameter', fareId, row.id);
    return ok({
      reel_diameter_id: row.id,
      price: farePrice ?? Number(row.price),
      base_price: Number(row.price),
      client_fare_id: fareId,
      reference: row.reference,
      subcategory_diameter_name: diameterName(Number(size.size_max), row.diameter, row.engine),
    });
  });

  const diametersOf = async (c: RecordContext, subIds: number[]) => allRecords(c, resources.reelDiameter, { reel_subcategory_id: subIds });
  const subIdsOfReel = async (reelId: unknown) =>
    (
      await ctx.db
        .select({ id: reel_subcategories.id })
        .from(reel_subcategories)
        .where(eq(reel_subcategories.reel_id, parseRowId(reelId, 'reel_id')))
    ).map((r) => r.id);

  route(app, contract.diametersPage, async ({ body }, request) => {
    const c = await context(request, 'reelDiameter');
    const filter = { reel_subcategory_id: await subIdsOfReel(body.reel_id) };
    return ok(await listRecords(c, resources.reelDiameter, { page: body.page ?? 1, filter }));
  });

  route(app, contract.diametersOfReel, async ({ params }, request) =>
    ok(await diametersOf(await context(request, 'reelDiameter'), await subIdsOfReel(params.id))));

  route(app, contract.diametersOfSize, async ({ params }, request) =>
    ok(await diametersOf(await context(request, 'reelDiameter'), [parseRowId(params.id)])));
}
