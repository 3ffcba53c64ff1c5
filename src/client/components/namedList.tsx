/**
 * Lists whose pages come from a named endpoint (getBudgetList, getFilteredOrders…) instead of the generic
 * page: the app's dataProvider with that resource's getList replaced, and the List settings they share.
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext, Pagination, useListContext, type DataProvider, type GetListResult } from 'react-admin';

export type ListParams = Parameters<DataProvider['getList']>[1];
/** The List's page and sort as the named endpoints take them. */
export interface ListPaging { page: number; per_page: number; sort?: string; order?: string }

/**
 * The app's raw dataProvider (useDataProvider's wrapper is applied again by the List), with `resource`'s
 * list read by `read`; `deps` are what `read` depends on.
 */
export function useNamedListProvider(
  resource: string,
  read: (params: ListParams, paging: ListPaging) => Promise<GetListResult>,
  deps: readonly unknown[],
): DataProvider {
  const base = useContext(DataProviderContext)!;
  return useMemo(() => ({
    ...base,
    getList: async (name: string, params: ListParams) => {
      if (name !== resource) return base.getList(name, params);
      const paging = {
        page: params.pagination?.page ?? 1,
        per_page: params.pagination?.perPage ?? 20,
        sort: params.sort?.field,
        order: params.sort?.order,
      };
      return (await read(params, paging)) as never;
    },
  }) as DataProvider,
  // `read` is a new function on every render: what it reads is in `deps`.
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the deps are spread on purpose
  [base, resource, ...deps]);
}

/** Newest first, 20 a page (10, 20, 50 or 100), and the list's own empty text rather than react-admin's page. */
export const namedListProps = {
  sort: { field: 'id', order: 'DESC' as const },
  perPage: 20,
  pagination: <Pagination rowsPerPageOptions={[10, 20, 50, 100]} />,
  empty: false as const,
  // Rows of these lists carry the list's columns only (schemas' listRow): react-admin would otherwise
  // keep them as the records' getOne data and an edit form would open on a partial record.
  queryOptions: { meta: { listRow: true } },
};

/**
 * Whether the list around has shown its first rows. A filter's choices wait for them (the client
 * filter's first clients, the companies): they are needed when the user opens the filter, and asked
 * first they held the rows up (issue 30).
 */
export function useListRowsIn() {
  return !useListContext().isPending;
}
