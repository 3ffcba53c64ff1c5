/**
 * react-admin dataProvider over the generic endpoints of docs/api.md, called through their contracts
 * (shared/contracts/records.ts). Records with a new file go as multipart (`data` plus one part per file
 * field), the rest as JSON `{ data: "<json>" }`.
 */
import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { resourceContracts } from '../../shared/contracts/records';
import { recordCalls } from '../../shared/contracts/recordCalls';
import type { ListPage } from '../../shared/listPage';
import type { ResourceSchema } from '../../shared/resource';
import { call } from './http';
import { resourceSummary } from './resourceSummary';

const query = (params: Record<string, unknown>) =>
  Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`).join('&');

/** Drops empty filter values so "no filter" never becomes "equals empty". */
const cleanFilter = (filter: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));

interface RawFileValue { rawFile: File; src?: string; title?: string }
const isRawFile = (value: unknown): value is RawFileValue =>
  !!value && typeof value === 'object' && (value as RawFileValue).rawFile instanceof File;

/** Splits a record into JSON data and file parts; an existing file (URL or {src}) is not re-sent. */
export function toRequestBody(record: Record<string, unknown>): { body: { data: string } } | { form: FormData } {
  const data: Record<string, unknown> = {};
  const files: Array<[string, File]> = [];
  for (const [key, value] of Object.entries(record)) {
    if (isRawFile(value)) files.push([key, value.rawFile]);
    else if (value && typeof value === 'object' && 'src' in (value as object)) continue;
    else if (typeof value === 'string' && value.startsWith('/api/') && value.includes('/file/')) continue;
    else data[key] = value;
  }
  if (!files.length) return { body: { data: JSON.stringify(data) } };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const [key, file] of files) form.append(key, file, file.name);
  return { form };
}

interface ListParams { perPage?: number; sort?: { field: string; order: string }; filter?: Record<string, unknown> }

/** A list's query as the generic endpoints read it (`/page/:page`, `/csv`): rows per page, sort, filters (JSON). */
const listParams = (params: ListParams) => ({
  per_page: params.perPage === undefined ? undefined : String(params.perPage),
  sort: params.sort?.field,
  order: params.sort?.order,
  filter: JSON.stringify(cleanFilter(params.filter)),
});

/** A list's query string (the CSV export's link). */
export const listQuery = (params: ListParams) => query(listParams(params));

type Contracts = ReturnType<typeof resourceContracts<ResourceSchema>>;
/** Each resource's contracts, made once (react-admin calls the provider with the resource's name). */
const contractsByName = new Map<string, Contracts>();

/**
 * A resource's contracts as the browser calls them: their methods and paths (recordCalls), typed as the
 * contracts they are (the build serves every contract module so: scripts/clientContracts.ts). From the
 * resource's summary: a list needs no schema's fields to be called.
 */
function contractsOf(resource: string): Contracts {
  let contracts = contractsByName.get(resource);
  if (!contracts) {
    const summary = resourceSummary(resource);
    if (!summary) throw new Error(`Recurso desconocido: ${resource}`);
    contracts = recordCalls(summary) as Contracts;
    contractsByName.set(resource, contracts);
  }
  return contracts;
}

/** A record as react-admin's method was asked for it: the provider's methods are generic over the record type. */
const asRecord = <R>(record: unknown) => record as R;

async function page<T extends RaRecord>(resource: string, params: ListParams & { page: number }) {
  const answer = await call(contractsOf(resource).page, { params: { page: params.page }, query: listParams(params) }, {});
  return toListResult(answer as ListPage<T>);
}

/** The input and options of a create or update: JSON, or multipart when a file goes with it (the form is the body then). */
const recordRequest = (sent: ReturnType<typeof toRequestBody>): { input: { body: Record<string, unknown> }; form?: FormData } =>
  'form' in sent ? { input: { body: {} }, form: sent.form } : { input: { body: sent.body } };

/** A page of rows as react-admin's lists take it. */
export interface ListResult<T> { data: T[]; total?: number; pageInfo?: { hasNextPage: boolean; hasPreviousPage: boolean } }

/**
 * A page as react-admin takes it: with its total, or, past COUNT_LIMIT, with whether a next page exists
 * (the pagination then reads "1-20 de más de 1.000", COUNT_LIMIT in es.ts). `data` replaces the page's rows (rows with more).
 */
export function toListResult<T>(page: ListPage<T>): ListResult<T>;
export function toListResult<T, D>(page: ListPage<T>, data: D[]): ListResult<D>;
export function toListResult(page: ListPage<unknown>, data: unknown[] = page.items): ListResult<unknown> {
  return page.total_capped
    ? { data, pageInfo: { hasNextPage: page.has_next_page, hasPreviousPage: page.page > 1 } }
    : { data, total: page.total };
}

/** Each method is generic over the record type, as react-admin's own are: what the API answers is that record. */
export const dataProvider: DataProvider = {
  getList: <R extends RaRecord>(resource: string, { pagination = { page: 1, perPage: 20 }, sort, filter }: GetListParams) =>
    page<R>(resource, { page: pagination.page, perPage: pagination.perPage, sort, filter }),

  getOne: async <R extends RaRecord>(resource: string, { id }: GetOneParams<R>) => ({
    data: asRecord<R>(await call(contractsOf(resource).data, { params: { id } }, {})),
  }),

  getMany: async <R extends RaRecord>(resource: string, { ids }: GetManyParams<R>) => {
    if (!ids.length) return { data: [] };
    const { data } = await page<R>(resource, { page: 1, perPage: 100, filter: { id: ids } });
    return { data };
  },

  getManyReference: <R extends RaRecord>(resource: string, { target, id, pagination, sort, filter }: GetManyReferenceParams) =>
    page<R>(resource, { page: pagination.page, perPage: pagination.perPage, sort, filter: { ...filter, [target]: id } }),

  // Every write makes the resource's reads stale, react-admin's and our own screens' alike (providers/query.ts).
  create: async <R extends Omit<RaRecord, 'id'>, Created extends RaRecord = R & { id: Identifier }>(
    resource: string,
    { data }: CreateParams<R>,
  ) => {
    const { input, form } = recordRequest(toRequestBody(data));
    return { data: asRecord<Created>(await call(contractsOf(resource).create, input, { form, changes: resource })) };
  },

  // Says which version was edited (the record as last read): the server refuses the save with 30001
  // if someone else has saved it since, instead of undoing their change.
  update: async <R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) => {
    const { updated_at: _formCopy, ...values } = data;
    const edited = previousData?.updated_at;
    const { input, form } = recordRequest(toRequestBody({ ...values, id, ...(edited ? { updated_at: edited } : {}) }));
    return { data: asRecord<R>(await call(contractsOf(resource).update, input, { form, changes: resource })) };
  },

  updateMany: async (resource, { ids, data }) => {
    for (const id of ids) {
      const { input, form } = recordRequest(toRequestBody({ ...data, id }));
      await call(contractsOf(resource).update, input, { form, changes: resource });
    }
    return { data: ids };
  },

  // The answer holds the id alone: react-admin is given the record as it was, when it has it.
  delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
    const answer = await call(contractsOf(resource).delete, { body: { id } }, { changes: { resource, deleted: Number(id) } });
    return { data: previousData ?? asRecord<R>(answer) };
  },

  deleteMany: async (resource, { ids }) => {
    for (const id of ids) await call(contractsOf(resource).delete, { body: { id } }, { changes: { resource, deleted: Number(id) } });
    return { data: ids };
  },
};
