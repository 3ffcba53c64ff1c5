/**
 * Our own API calls read through react-query, the cache react-admin already runs (issue 19): each answer
 * is kept under a key naming the resource and its ids, so a save elsewhere can invalidate it, and an
 * answer that arrives after the key changed is dropped by react-query itself.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A read of `load` under `key`, while `enabled`. No retries: a refused call was already notified in
 * Spanish by http.ts, and a retry would notify it again. No refetch when the window regains focus or
 * the network comes back: our screens load when they open and when asked to (their reload buttons, a save).
 * `keepPrevious` keeps showing the last answer while a new key loads (a search as one types).
 */
export function useApiQuery<T>(key: QueryKey, load: () => Promise<T>, enabled = true, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: key, queryFn: load, enabled, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
