/** A fare's own prices: `changeCustomPriceTo…` (apply a percentage to a kind, or to the whole fare), read and set one price. */
import type { FastifyInstance } from 'fastify';
import { CONFECTION, faresContracts as contract } from '../../shared/contracts/fares';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { notFound, parseRowId } from '../errors';
import {
  applyFarePercentage, applyFarePercentageToAll, farePrices, isFareKind, setFarePrice, type FareKind,
} from '../domain/fares';

/** Each `changeCustomPriceTo…` endpoint and the price kind it applies to ("Client" is confección). */
const PERCENTAGE_ENDPOINTS: ReadonlyArray<[typeof contract.percentageToPoolCover, FareKind]> = [
  [contract.percentageToPoolCover, 'poolCover'],
  [contract.percentageToReelDiameter, 'reelDiameter'],
  [contract.percentageToReinforcement, 'reinforcementType'],
  [contract.percentageToArticle, 'itemPropertyValue'],
  [contract.percentageToConfection, CONFECTION],
];

export default async function fareRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [endpoint, kind] of PERCENTAGE_ENDPOINTS) {
    route(app, endpoint, async ({ body: { percentage, client_fare_id } }, request) => {
      const result = await applyFarePercentage(ctx.db, request.me.id, kind, client_fare_id, percentage);
      return ok(result, `${Msg.farePricesUpdated} (${result.updated})`);
    });
  }

  /** Every kind of the fare's prices at once (covers, reinforcements, reels, articles, confección). */
  route(app, contract.percentageToWholeFare, async ({ body: { percentage, client_fare_id } }, request) => {
    const result = await applyFarePercentageToAll(ctx.db, request.me.id, client_fare_id, percentage);
    return ok(result, `${Msg.farePricesUpdated} (${result.updated})`);
  });

  route(app, contract.prices, async ({ params }) => {
    if (!isFareKind(params.kind)) throw notFound();
    return ok(await farePrices(ctx.db, params.kind, parseRowId(params.id)));
  });

  route(app, contract.setPrice, async ({ body }, request) => {
    // Confección has no availability of its own: its price always applies.
    const available = body.kind === CONFECTION ? true : body.fare_available;
    return ok(
      await setFarePrice(ctx.db, request.me.id, body.kind, body.client_fare_id, body.target_id, body.custom_price, available),
      Msg.saved,
    );
  });
}
