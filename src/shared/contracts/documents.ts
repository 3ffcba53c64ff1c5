/** The document library's own endpoint (server: src/server/routes/documents.ts). */
import { z } from 'zod';
import { defineContract } from './contract';

export const documentContracts = {
  download: defineContract({
    method: 'GET', path: '/api/document/download/:id', access: ['admin', 'client'], tag: 'Documentos',
    summary: 'Descargar el archivo de un documento',
    description: 'El personal, cualquiera; un miembro de un cliente, sólo los documentos que puede ver (404 si no).',
    params: z.object({ id: z.string().describe('Id del documento') }), produces: 'application/octet-stream',
  }),
};
