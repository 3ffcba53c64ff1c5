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
import { coverTypesWithPricesAnswer } from '../../shared/publicAnswers';
import type { AppContext } from '../context';
import { ok } from '../plugins/envelope';
import { invalid, parseOptionalRowId, sessionError } from '../errors';
import { canonicalRowId } from '../../shared/validation';
import { assertAccess, toApi } from '../domain/records';
import { coverTypesWithFarePrices, pricingFare, reinforcementsWithFarePrices } from '../domain/fares';
import { getSettings } from '../domain/settings';

export default async function cataloguePriceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** `id`: a fare, or "null"/0 for base prices; a client member always gets its own fare. */
  app.get<{ Params: { id: string } }>(
    '/api/reinforcementType/getReinforcementWithCustomPrices/:id',
    { config: { docs: { summary: 'Tipos de refuerzo con sus precios en una tarifa' } } },
    async (request) => {
      assertAccess(resources.reinforcementType, 'list', request.me);
      const { file_secret } = await getSettings(ctx.db);
      const rows = await reinforcementsWithFarePrices(ctx.db, await pricingFare(ctx.db, request.me, request.params.id));
      return ok(rows.map((row) => toApi(resources.reinforcementType, row, file_secret)));
    },
  );

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

  app.get<{ Params: { season: string; fare: string } }>(
    '/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/:season/:fare',
    {
      // Public (the web fare), so rate-limited like getPoolCoverTypesBySeason; signed-in screens are not counted.
      config: {
        access: 'public',
        rateLimit: { max: 120, timeWindow: '1 minute', allowList: (request) => !!request.user },
        docs: {
          summary: 'Tipos de cobertor de una temporada con sus cobertores y precios; sin sesión, sólo con la tarifa web (fare)',
          answer: coverTypesWithPricesAnswer,
        },
      },
    },
    async (request) => {
      const settings = await getSettings(ctx.db);
      const fareId = await coverFare(request, request.params.fare, settings.web_fare_id);
      const season = SEASONS.find((s) => s.value === canonicalRowId(request.params.season))?.value;
      if (season === undefined) throw invalid({ season: Msg.season });
      const types = await coverTypesWithFarePrices(ctx.db, season, fareId);
      return ok(
        types.map(({ type, covers }) => ({
          ...toApi(resources.poolCoverType, type, settings.file_secret),
          pool_covers: covers.map((cover) => toApi(resources.poolCover, cover, settings.file_secret)),
        })),
      );
    },
  );
}
