/**
 * The catalogue priced under a fare, for the calculators: reinforcement types, and a season's cover
 * types with their covers. The covers are public for the web fare only (it prices the public calculator).
 */
import { hasAnyRole } from '../../shared/permissions';
import { OFFICE_AND_MEMBERS } from '../../shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../../schemas';
import { SEASONS } from '../../shared/catalogue';
import { Code, Texts } from '../../shared/codes';
import { Msg } from '../../shared/messages';
import { cataloguePriceContracts as contract } from '../../shared/contracts/cataloguePrices';
import { coverTypeContracts } from '../../shared/contracts/coverTypes';
import type { AnswerOf } from '../../shared/contracts/contract';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { invalid, parseOptionalRowId, sessionError } from '../errors';
import { canonicalRowId } from '../../shared/validation';
import { assertAccess, toApi } from '../domain/records';
import { coverTypesWithFarePrices, pricingFare, reinforcementsWithFarePrices } from '../domain/fares';
import { getSettings } from '../domain/settings';

export default async function cataloguePriceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** `id`: a fare, or "null"/0 for base prices; a client member always gets its own fare. */
  route(app, contract.reinforcementsWithPrices, async ({ params }, request) => {
    assertAccess(resources.reinforcementType, 'list', request.me);
    const { file_secret } = await getSettings(ctx.db);
    const rows = await reinforcementsWithFarePrices(ctx.db, await pricingFare(ctx.db, request.me, params.id));
    return ok(rows.map(({ custom_price_m2, fare_available, price, ...row }) => ({
      ...toApi(resources.reinforcementType, row, file_secret), custom_price_m2, fare_available, price,
    })));
  });

  /** Without a session only the web fare is answered; signed in, the usual pricing fare (a member: its own). */
  async function coverFare(request: FastifyRequest, requested: string, webFareId: number | null) {
    // Workshop staff see the public web fare, as anybody does.
    if (request.user && hasAnyRole(request.user.roles, OFFICE_AND_MEMBERS)) {
      assertAccess(resources.poolCover, 'list', request.user);
      return pricingFare(ctx.db, request.user, requested);
    }
    const fare = parseOptionalRowId(requested, 'fare');
    if (webFareId && fare === webFareId) return fare;
    throw sessionError(Code.invalidToken, Texts.sessionExpired);
  }

  // Signed-in screens are not counted against the public rate limit.
  const signedInNotCounted = { config: { rateLimit: { allowList: (request: FastifyRequest) => !!request.user } } };
  route(app, coverTypeContracts.withPrices, async ({ params }, request) => {
    const settings = await getSettings(ctx.db);
    const fareId = await coverFare(request, params.fare, settings.web_fare_id);
    const season = SEASONS.find((s) => s.value === canonicalRowId(params.season))?.value;
    if (season === undefined) throw invalid({ season: Msg.season });
    const types = await coverTypesWithFarePrices(ctx.db, season, fareId);
    const answer = types.map(({ type, covers }) => ({
      ...toApi(resources.poolCoverType, type, settings.file_secret),
      pool_covers: covers.map((cover) => toApi(resources.poolCover, cover, settings.file_secret)),
    }));
    // toApi's records are untyped rows: what they hold is checked against the contract in every API test.
    return ok(answer as AnswerOf<typeof coverTypeContracts.withPrices>);
  }, signedInNotCounted);
}
