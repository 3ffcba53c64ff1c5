/** A fare's own prices: `changeCustomPriceTo…` (apply a percentage to a kind), read and set one price. */
import type { FastifyInstance } from 'fastify';
import { farePercentageForm, farePriceForm } from '../../../schemas/clientFare';
import { fieldErrors } from '../../shared/validation';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { invalid, notFound } from '../errors';
import { applyFarePercentage, farePrices, isFareKind, setFarePrice, type FareKind } from '../domain/fares';

/** Endpoint suffix of spec §7 → price kind. */
const PERCENTAGE_ENDPOINTS: Record<string, FareKind> = { PoolCover: 'poolCover', ReelDiameter: 'reelDiameter', Reinforcement: 'reinforcementType' };

const admin = { access: ['admin' as const] };

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError } }, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

export default async function fareRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [suffix, kind] of Object.entries(PERCENTAGE_ENDPOINTS)) {
    app.post(`/api/clientFare/changeCustomPriceTo${suffix}`, { config: admin }, async (request) => {
      const { percentage, client_fare_id } = parse(farePercentageForm, request.body) as { percentage: number; client_fare_id: number };
      const result = await applyFarePercentage(ctx.db, request.me.id, kind, client_fare_id, percentage);
      return ok(result, `Precios de la tarifa actualizados (${result.updated})`);
    });
  }

  app.get<{ Params: { id: string; kind: string } }>('/api/clientFare/getFarePrices/:id/:kind', { config: admin }, async (request) => {
    if (!isFareKind(request.params.kind)) throw notFound();
    return ok(await farePrices(ctx.db, request.params.kind, Number(request.params.id) || 0));
  });

  app.post<{ Body: { kind?: unknown } }>('/api/clientFare/setFarePrice', { config: admin }, async (request) => {
    const kind = request.body?.kind;
    if (!isFareKind(kind)) throw invalid({ kind: 'Los datos enviados no son válidos' });
    const data = parse(farePriceForm, request.body) as { client_fare_id: number; target_id: number; custom_price: number | null; fare_available: boolean };
    return ok(await setFarePrice(ctx.db, request.me.id, kind, data.client_fare_id, data.target_id, data.custom_price, data.fare_available), 'Guardado correctamente');
  });
}
