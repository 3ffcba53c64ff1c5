/** Stored files (images, PDF) by their signed URL. */
import { z } from 'zod';
import { defineContract } from './contract';

export const fileContracts = {
  file: defineContract({
    method: 'GET', path: '/api/:entity/file/:token/:field/:filename', access: 'public', tag: 'Archivos',
    summary: 'Un archivo guardado (imagen o PDF), por su URL firmada',
    description: 'Comprobado con su firma; un archivo que no es una imagen del catálogo, también con la caducidad del enlace y con el '
      + 'derecho de la sesión al registro que lo guarda.',
    params: z.object({
      entity: z.string().describe('El recurso que guarda el archivo'),
      token: z.string().describe('La firma del enlace'),
      field: z.string().describe('El campo del archivo'),
      filename: z.string().describe('El nombre del archivo guardado'),
    }),
    produces: 'application/octet-stream',
  }),
};
