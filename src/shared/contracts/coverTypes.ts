/**
 * The cover types of a season, for the calculators. Light on purpose: the public calculator calls through
 * them without loading the schemas.
 */
import { z } from 'zod';
import { coverTypesAnswer, coverTypesWithPricesAnswer } from '../publicAnswers';
import { defineContract } from './contract';

/** The resource's plural name (schemas/poolCoverType.ts), the tag its generic endpoints have too. */
const tag = 'Tipos de cobertor';
const season = z.string().describe('1 verano, 2 invierno');
/** The shop's calculator asks for the same prices on every page view: a minute old is fresh enough. */
export const PUBLIC_PRICES_CACHE = 'public, max-age=60';

export const coverTypeContracts = {
  bySeason: defineContract({
    method: 'GET', path: '/api/poolCoverType/getPoolCoverTypesBySeason/:season', access: 'public', tag,
    summary: 'Tipos de cobertor de una temporada (1 verano, 2 invierno), para la calculadora pública',
    rateLimit: { max: 120, timeWindow: '1 minute' },
    cache: PUBLIC_PRICES_CACHE,
    params: z.object({ season }),
    data: coverTypesAnswer,
  }),
  withPrices: defineContract({
    method: 'GET', path: '/api/poolCoverType/getPoolCoverTypesWithPoolCoversAndCustomPricesBySeason/:season/:fare', access: 'public', tag,
    summary: 'Tipos de cobertor de una temporada con sus cobertores y precios; sin sesión, sólo con la tarifa web (fare)',
    // Public (the web fare), so rate-limited like bySeason; signed-in screens are not counted (the route's allowList).
    rateLimit: { max: 120, timeWindow: '1 minute' },
    cache: PUBLIC_PRICES_CACHE,
    params: z.object({ season, fare: z.string().describe('Id de la tarifa; sin sesión, la tarifa web') }),
    data: coverTypesWithPricesAnswer,
  }),
};
