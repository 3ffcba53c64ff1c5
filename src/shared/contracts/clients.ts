/** Client endpoints of docs/api.md beyond the generic ones (the public cover types by season: contracts/coverTypes.ts). */
import { z } from 'zod';
import { client } from '../../../schemas/client';
import { pageAnswer } from '../listPage';
import { pagedBody } from './paged';
import { listRowAnswer, optionAnswer, recordAnswer } from './records';
import { defineContract } from './contract';

const tag = client.label.many;
const idParam = z.object({ id: z.string().describe('Id del cliente') });

/** The client's tax, for the VAT of budgets and carts; null when the client has none. */
const clientTax = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_percentage: z.number().describe('Porcentaje de IVA'),
}).nullable();

export const clientContracts = {
  page: defineContract({
    method: 'POST', path: '/api/client/getClientsPaginatedWithFilters', access: 'user', tag, summary: 'Clientes: una página filtrada',
    body: pagedBody, data: pageAnswer(listRowAnswer(client)),
  }),
  withTax: defineContract({
    method: 'GET', path: '/api/client/getClientDataWithTax/:id', access: 'user', tag,
    summary: 'Los datos de un cliente para el carrito (dirección e impuesto)', params: idParam,
    data: z.intersection(recordAnswer(client), z.object({ tax: clientTax })),
  }),
  dropdownByOrders: defineContract({
    method: 'POST', path: '/api/client/getDropdownByOrders', access: 'user', tag,
    summary: 'Los nombres de los clientes de una lista de pedidos (clients_ids)',
    // The handler checks it is a list (with the usual message), and each id in it.
    body: z.object({ clients_ids: z.unknown().optional().describe('Ids de los clientes') }),
    data: z.array(optionAnswer.extend({ extra: z.string().nullable().describe('NIF') })),
  }),
  byId: defineContract({
    method: 'GET', path: '/api/client/getById/:id', access: 'user', tag, summary: 'Un cliente', params: idParam,
    data: recordAnswer(client),
  }),
  dropdown: defineContract({
    method: 'GET', path: '/api/client/getDropdown', access: 'user', tag, summary: 'Clientes: desplegable', data: z.array(optionAnswer),
  }),
};
