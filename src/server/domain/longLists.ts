/**
 * Lists longer than COUNT_LIMIT, remembered for a few seconds per database, statement structure and
 * values: a broad list paged or reloaded by many users is then read without its bounded count (the
 * dearest part of its statement). The last page of a remembered list gives its exact length back; a
 * list that shrank below the bound meanwhile says "más de 1.000" for at most `ttlMs`.
 */
export class LongLists<Db extends object> {
  private readonly known = new WeakMap<Db, Map<string, number>>();

  constructor(private readonly ttlMs = 5_000, private readonly max = 1_000, private readonly now: () => number = Date.now) {}

  /** `id`: the list's statement structure and values (see `listId`). */
  knows(db: Db, id: string): boolean {
    return (this.known.get(db)?.get(id) ?? 0) > this.now();
  }

  /** What a counted read found: long lists are remembered, others forgotten. */
  learn(db: Db, id: string, isLong: boolean) {
    let lists = this.known.get(db);
    if (!lists) this.known.set(db, (lists = new Map()));
    const now = this.now();
    if (!isLong) { lists.delete(id); return; }
    if ((lists.get(id) ?? 0) > now) return;
    // Learnt anew (or again, once expired): to the back of the line, as the newest.
    lists.delete(id);
    if (lists.size >= this.max) lists.delete(lists.keys().next().value!);
    lists.set(id, now + this.ttlMs);
  }
}

/** A list by its statement's structure (resource, filter keys, sort) and its values. */
export const listId = (structure: string, params: Record<string, unknown>) => `${structure}|${JSON.stringify(params)}`;
