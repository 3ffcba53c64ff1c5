/** The API's own documentation: the viewer and the OpenAPI document (server/plugins/apiDocs). */
import { defineContract } from './contract';

const tag = 'Documentación de la API';
// Public, like the calculator's endpoints, and rate-limited like them.
const open = { access: 'public', tag, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

export const apiDocsContracts = {
  viewer: defineContract({ ...open, method: 'GET', path: '/api/docs', summary: 'Esta documentación (el visor)', produces: 'text/html' }),
  document: defineContract({
    ...open,
    method: 'GET',
    path: '/api/docs/openapi.json',
    summary: 'El documento OpenAPI 3.1: las operaciones que puede llamar quien lo pide (sin sesión, las públicas)',
    produces: 'application/json',
  }),
};
