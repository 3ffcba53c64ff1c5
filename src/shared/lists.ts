/**
 * How lists say how many rows match. Counting costs what it counts: on 200,000 orders an exact count
 * costs far more than the page itself. So lists count exactly up to COUNT_LIMIT and beyond it say
 * "más de 1.000" (a list that long is one to narrow with a filter); paging on goes by whether a next
 * page exists. Measured (docs/performance-history.md): a bound of 10,000 still halved a broad list's throughput.
 */
export const COUNT_LIMIT = 1_000;

/**
 * The longest text a list or dropdown filter takes (the search box, a text column's filter), in
 * characters. Nobody searches with more; a longer one only makes the database scan with a huge
 * pattern (1 MB took seconds and held a connection), so the server refuses it at once (40001).
 */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The most rows a whole list (`GET /api/R/all`, `GET /api/R/dropdown`) answers (issue 45, M2): one of
 * 60,000 budgets was 56 MB and held the server for seconds. A longer one is refused, naming the paged or
 * searched call to use instead: a cut-off list would look whole to a reader that does not check.
 */
export const MAX_WHOLE_LIST_ROWS = 1_000;
