/**
 * Our own API calls read through react-query, the cache react-admin already runs (issue 19): each answer
 * is kept under a key naming the resource and its ids, so a save elsewhere can invalidate it, and an
 * answer that arrives after the key changed is dropped by react-query itself.
 *
 * Keys are shaped `[resource, ...]` for lists and other reads of a resource, `[resource, id, ...]` for the
 * reads of one record (react-admin's own keys are `[resource, 'getOne' | 'getList' | …, …]`). A write says
 * which resources it changes (`changes` in http.ts `api()`, every generic write in dataProvider.ts) and
 * `invalidate` then loads again every view on screen that shows them (issue 27).
 */
import { keepPreviousData, QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';

/** The one cache of the app, react-admin's and ours (App.tsx hands it to `<Admin>`). */
export const queryClient = new QueryClient();

/** What a write changed: a resource, or a resource less a record it deleted. */
export type Change = string | { resource: string; deleted: number };

/** The record a key reads, ours (`[resource, id, …]`) or react-admin's (`[resource, 'getOne', { id }]`); none for a list. */
function recordOf([, second, third]: QueryKey): number | undefined {
  if (typeof second === 'number') return second;
  if (second === 'getOne') return Number((third as { id?: unknown } | undefined)?.id);
  return undefined;
}

/**
 * The session (providers/useSession.ts) shows the user's name and image, the current cart, whether budgets are
 * accepted and the maintenance mode: a write to one of these reads it again, so the top bar follows.
 */
const SESSION_SOURCES = new Set(['user', 'order', 'budget', 'appSetting']);

/**
 * Whether react-admin's copy of a record was read before a write that changed its resource (`invalidate`
 * below): a form must not open on it (resources/generated/StoredRecord.tsx), it waits for the read that follows.
 */
export function readBeforeLastChange(resource: string, id: number | string): boolean {
  return queryClient.getQueryCache().findAll({ queryKey: [resource, 'getOne'] })
    .some((query) => recordOf(query.queryKey) === Number(id) && query.state.isInvalidated);
}

/**
 * Every read of `resource` is stale: those on screen load again, the others when next shown. A deleted
 * record's own reads are left alone: read again, they would only say it no longer exists.
 */
export function invalidate(change: Change) {
  const [resource, deleted] = typeof change === 'string' ? [change, undefined] : [change.resource, change.deleted];
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => (queryKey[0] === resource && (deleted === undefined || recordOf(queryKey) !== deleted))
      || (queryKey[0] === 'session' && SESSION_SOURCES.has(resource)),
  });
}

/**
 * A read of `load` under `key`, while `enabled`. No retries: a refused call was already notified in
 * Spanish by http.ts, and a retry would notify it again. No refetch when the window regains focus or
 * the network comes back: our screens load when they open and when asked to (their reload buttons, a save).
 * `keepPrevious` keeps showing the last answer while a new key loads (a search as one types); `staleTime`
 * keeps an answer fresh that long (Infinity: read again only when invalidated).
 */
export function useApiQuery<T>(key: QueryKey, load: () => Promise<T>, enabled = true, { keepPrevious = false, staleTime = 0 } = {}) {
  return useQuery({
    queryKey: key, queryFn: load, enabled, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
