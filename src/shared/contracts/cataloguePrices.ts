/** The catalogue priced under a fare, for the calculators (the cover types with theirs: contracts/coverTypes.ts). */
import { z } from 'zod';
import { reinforcementType } from '../../../schemas/reinforcementType';
import { pricePerM2UnderFare } from '../publicAnswers';
import { recordAnswer } from './records';
import { defineContract } from './contract';

export const cataloguePriceContracts = {
  reinforcementsWithPrices: defineContract({
    method: 'GET', path: '/api/reinforcementType/getReinforcementWithCustomPrices/:id', access: 'user', tag: reinforcementType.label.many,
    summary: 'Tipos de refuerzo con sus precios en una tarifa',
    description: 'Un miembro, siempre con su tarifa.',
    params: z.object({ id: z.string().describe('Id de la tarifa; «null» o 0: los precios base') }),
    data: z.array(z.intersection(recordAnswer(reinforcementType), pricePerM2UnderFare)),
  }),
};
