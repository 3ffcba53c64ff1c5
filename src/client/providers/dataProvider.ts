/**
 * react-admin dataProvider over the generic endpoints of docs/api.md. Records with a new file go as
 * multipart (`data` plus one part per file field), the rest as JSON `{ data: "<json>" }`.
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
import type { ListPage } from '../../shared/lists';
import { api } from './http';

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
export function toRequestBody(record: Record<string, unknown>): { body: unknown } | { form: FormData } {
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

/** A list's query string as the generic endpoints read it (`/page/:page`, `/csv`): rows per page, sort, filters. */
export const listQuery = (params: ListParams) =>
  query({ per_page: params.perPage, sort: params.sort?.field, order: params.sort?.order, filter: cleanFilter(params.filter) });

async function page<T extends RaRecord>(resource: string, params: ListParams & { page: number }) {
  return toListResult(await api<ListPage<T>>(`/api/${resource}/page/${params.page}?${listQuery(params)}`));
}

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

  getOne: async <R extends RaRecord>(resource: string, { id }: GetOneParams<R>) => ({ data: await api<R>(`/api/${resource}/data/${id}`) }),

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
  ) => ({ data: await api<Created>(`/api/${resource}/create`, { ...toRequestBody(data), changes: resource }) }),

  // Says which version was edited (the record as last read): the server refuses the save with 30001
  // if someone else has saved it since, instead of undoing their change.
  update: async <R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams<R>) => {
    const { updated_at: _formCopy, ...values } = data;
    const edited = previousData?.updated_at;
    return {
      data: await api<R>(`/api/${resource}/update`, {
        ...toRequestBody({ ...values, id, ...(edited ? { updated_at: edited } : {}) }),
        changes: resource,
      }),
    };
  },

  updateMany: async (resource, { ids, data }) => {
    for (const id of ids) await api(`/api/${resource}/update`, { ...toRequestBody({ ...data, id }), changes: resource });
    return { data: ids };
  },

  delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
    const answer = await api<R>(`/api/${resource}/delete`, { body: { id }, changes: { resource, deleted: Number(id) } });
    return { data: previousData ?? answer };
  },

  deleteMany: async (resource, { ids }) => {
    for (const id of ids) await api(`/api/${resource}/delete`, { body: { id }, changes: { resource, deleted: Number(id) } });
    return { data: ids };
  },
};
