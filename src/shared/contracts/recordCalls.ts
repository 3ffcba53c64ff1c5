/**
 * Where a resource's generic endpoints are, and how each is called: declared once, here, without zod. The
 * contracts (records.ts) are these with what each endpoint takes and answers; the browser calls through
 * these alone (scripts/clientContracts.ts serves them for `resourceContracts`), so a list loads no zod.
 */
import type { ResourceSchema } from '../resource';

/** Each generic endpoint's method and path, for one resource. */
export function recordCalls(schema: Pick<ResourceSchema, 'name'>) {
  const base = `/api/${schema.name}`;
  return {
    all: { method: 'GET', path: `${base}/all` },
    page: { method: 'GET', path: `${base}/page/:page` },
    csv: { method: 'GET', path: `${base}/csv` },
    dropdown: { method: 'GET', path: `${base}/dropdown` },
    filteredDropdown: { method: 'POST', path: `${base}/filteredDropdown` },
    dropdownById: { method: 'GET', path: `${base}/dropdownById/:id` },
    data: { method: 'GET', path: `${base}/data/:id` },
    create: { method: 'POST', path: `${base}/create` },
    update: { method: 'POST', path: `${base}/update` },
    delete: { method: 'POST', path: `${base}/delete` },
  } as const;
}
