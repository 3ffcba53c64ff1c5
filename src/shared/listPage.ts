/**
 * A page of a list as the API sends it, as a zod schema and its type: apart from lists.ts (the lists' limits,
 * read by the public pages through the messages), so that those load no zod.
 */
import { z } from 'zod';

/** A page of a list as the API sends it (docs/api.md), each row read by `row`. */
export const pageAnswer = <R extends z.ZodType>(row: R) =>
  z.object({
    items: z.array(row),
    total: z.number().int().describe('Exacto hasta 1.000; más allá, 1000 con total_capped'),
    total_capped: z.boolean().optional().describe('Más filas que `total` cumplen el filtro'),
    page: z.number().int(),
    per_page: z.number().int(),
    has_next_page: z.boolean(),
  });

export type ListPage<T> = Omit<z.output<ReturnType<typeof pageAnswer>>, 'items'> & { items: T[] };
