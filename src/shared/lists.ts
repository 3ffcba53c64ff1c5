/**
 * How lists say how many rows match. Counting costs what it counts: on 200,000 orders an exact count
 * costs far more than the page itself. So lists count exactly up to COUNT_LIMIT and beyond it say
 * "más de 1.000" (a list that long is one to narrow with a filter); paging on goes by whether a next
 * page exists. Measured (README): a bound of 10,000 still halved a broad list's throughput.
 */
export const COUNT_LIMIT = 1_000;

/** A page of a list as the API sends it (docs/api.md). `total_capped`: more than `total` rows match. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
  has_next_page: boolean;
  total_capped?: boolean;
}
