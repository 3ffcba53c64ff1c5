/** The body of the named list endpoints (`getFiltered…Paginated`): a page of a resource's records, filtered. */
import { z } from 'zod';

/** Text when it is text; anything else is left out, as the list engine would ignore it. */
const textOrNothing = z.unknown().transform((value) => (typeof value === 'string' ? value : undefined));

/** Page and page size are read by the list engine (parseCount), which answers a bad one with its own message. */
export const pagedBody = z.object({
  page: z.unknown().optional().describe('Número de página, desde 1'),
  per_page: z.unknown().optional().describe('Filas por página (como mucho 100)'),
  filter: z.unknown().optional().describe('Un objeto de campos (un valor o una lista) y rangos, o un texto que buscar'),
  filters: z.unknown().optional().describe('Como `filter` (el nombre que usan algunas pantallas)'),
  sort: textOrNothing.optional().describe('Campo por el que ordenar'),
  order: textOrNothing.optional().describe('ASC o DESC'),
});

export type PagedBody = z.output<typeof pagedBody>;
