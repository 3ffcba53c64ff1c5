/** Named endpoints of docs/api.md for taxes, country taxes and fares. */
import { z } from 'zod';
import { client } from '../../../schemas/client';
import { clientFare } from '../../../schemas/clientFare';
import { countryTax } from '../../../schemas/countryTax';
import { tax } from '../../../schemas/tax';
import { pageAnswer } from '../listPage';
import { webFareAnswer } from '../publicAnswers';
import type { ResourceSchema } from '../resource';
import { defineContract } from './contract';
import { PUBLIC_PRICES_CACHE } from './coverTypes';
import { pagedBody } from './paged';
import { listRowAnswer, recordAnswer } from './records';

/** A page of a resource's records, filtered: listed by the resource's list roles (taxes by members too: budgets and carts show VAT). */
const filteredPage = <S extends ResourceSchema>(path: string, schema: S) => defineContract({
  method: 'POST', path, access: schema.access.list, tag: schema.label.many, summary: `${schema.label.many}: una página filtrada`,
  body: pagedBody, data: pageAnswer(listRowAnswer(schema)),
});

export const configurationContracts = {
  filteredTaxes: filteredPage('/api/tax/getFilteredTaxes', tax),
  filteredCountryTaxes: filteredPage('/api/countryTax/getCountriesPaginatedWithFilters', countryTax),
  filteredFares: filteredPage('/api/clientFare/getFilteredClientFares', clientFare),
  webFare: defineContract({
    method: 'GET', path: '/api/clientFare/getTarifaWEB', access: 'public', tag: clientFare.label.many,
    summary: 'La tarifa web (id y nombre), la que precia la calculadora pública', data: webFareAnswer,
    cache: PUBLIC_PRICES_CACHE,
  }),
  fareWithClients: defineContract({
    method: 'GET', path: '/api/clientFare/getClientFareWithClients/:id', access: ['admin'], tag: clientFare.label.many,
    summary: 'Una tarifa con los clientes que la tienen',
    params: z.object({ id: z.string().describe('Id de la tarifa') }),
    data: z.intersection(recordAnswer(clientFare), z.object({ clients: z.array(recordAnswer(client)).describe('Por nombre') })),
  }),
};
