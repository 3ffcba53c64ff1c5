/** A fare's own prices: `changeCustomPriceTo…` (apply a percentage to a kind, or to the whole fare), read and set one price. */
import type { FastifyInstance } from 'fastify';
import { confectionPriceForm, farePercentageForm, farePriceForm } from '../../../schemas/clientFare';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { invalid, notFound, parseRowId } from '../errors';
import {
  applyFarePercentage,
  applyFarePercentageToAll,
  CONFECTION,
  farePrices,
  isFareKind,
  setFarePrice,
  type FareKind,
} from '../domain/fares';
import { parseBody } from './context';

/** Endpoint suffix of docs/api.md → price kind ("Client" is confección). */
const PERCENTAGE_ENDPOINTS: Record<string, FareKind> = {
  PoolCover: 'poolCover',
  ReelDiameter: 'reelDiameter',
  Reinforcement: 'reinforcementType',
  Article: 'itemPropertyValue',
  Client: CONFECTION,
};

const admin = { access: ['admin' as const] };

export default async function fareRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [suffix, kind] of Object.entries(PERCENTAGE_ENDPOINTS)) {
    app.post(
      `/api/clientFare/changeCustomPriceTo${suffix}`,
      { config: { ...admin, docs: { summary: `Aplicar un porcentaje a los precios de la tarifa (${suffix})`, body: farePercentageForm } } },
      async (request) => {
        const { percentage, client_fare_id } = parseBody(farePercentageForm, request.body);
        const result = await applyFarePercentage(ctx.db, request.me.id, kind, client_fare_id, percentage);
        return ok(result, `${Msg.farePricesUpdated} (${result.updated})`);
      },
    );
  }

  /** Every kind of the fare's prices at once (covers, reinforcements, reels, articles, confección). */
  app.post(
    '/api/clientFare/changeCustomPriceToClientFare',
    { config: { ...admin, docs: { summary: 'Aplicar un porcentaje a todos los precios de la tarifa', body: farePercentageForm } } },
    async (request) => {
      const { percentage, client_fare_id } = parseBody(farePercentageForm, request.body);
      const result = await applyFarePercentageToAll(ctx.db, request.me.id, client_fare_id, percentage);
      return ok(result, `${Msg.farePricesUpdated} (${result.updated})`);
    },
  );

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/clientFare/getFarePrices/:id/:kind',
    { config: { ...admin, docs: { summary: 'Los precios de una tarifa para un tipo de producto' } } },
    async (request) => {
      if (!isFareKind(request.params.kind)) throw notFound();
      return ok(await farePrices(ctx.db, request.params.kind, parseRowId(request.params.id)));
    },
  );

  app.post<{ Body: { kind?: unknown } }>(
    '/api/clientFare/setFarePrice',
    {
      config: {
        ...admin,
        docs: { summary: 'Fijar un precio de la tarifa (`kind`: el tipo de precio; confección sin fare_available)', body: farePriceForm },
      },
    },
    async (request) => {
      const kind = request.body?.kind;
      if (!isFareKind(kind)) throw invalid({ kind: Msg.invalidBody });
      const data
        = kind === CONFECTION
          ? { ...parseBody(confectionPriceForm, request.body), fare_available: true }
          : parseBody(farePriceForm, request.body);
      return ok(
        await setFarePrice(ctx.db, request.me.id, kind, data.client_fare_id, data.target_id, data.custom_price, data.fare_available),
        Msg.saved,
      );
    },
  );
}
