/** A read-only transaction held open while its reader takes what it yields (a cursor's batches). */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './index';

type Step<T> = { item: T } | { done: true } | { error: unknown };

/** Thrown inside the transaction when the reader stops early (a closed download): it rolls back. */
class ReaderStopped extends Error {}

/**
 * `produce`'s items, each made in one read-only transaction (one snapshot) only when the reader asks for
 * it: the transaction lasts until the last item is taken, and ends (rolled back) as soon as the reader
 * stops. The reader pulls at its own pace, e.g. a download as fast as its socket drains.
 *
 * `timeoutMs` (PostgreSQL only): the server itself ends the transaction's session when one statement runs,
 * or the transaction waits for its reader, longer than that, whatever becomes of this process meanwhile.
 * (Not on PGlite: its one session is everybody's.)
 */
export async function* inReadOnlyTransaction<T>(
  db: Db,
  produce: (tx: Tx) => AsyncIterable<T>,
  { timeoutMs }: { timeoutMs?: number } = {},
): AsyncGenerator<T> {
  let deliver!: (step: Step<T>) => void;
  let next = new Promise<Step<T>>((resolve) => (deliver = resolve));
  let resume: ((go: boolean) => void) | undefined;
  const transaction = db
    .transaction(
      async (tx) => {
        if (timeoutMs !== undefined) {
          // set_config(…, true) is SET LOCAL: it ends with the transaction, the pooled connection keeps its defaults.
          const ms = String(Math.ceil(timeoutMs));
          await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', ${ms}, true),
            set_config('statement_timeout', ${ms}, true)`);
        }
        for await (const item of produce(tx)) {
          const go = new Promise<boolean>((resolve) => (resume = resolve));
          deliver({ item });
          if (!(await go)) throw new ReaderStopped();
        }
      },
      { accessMode: 'read only' },
    )
    .then(
      () => deliver({ done: true }),
      (error: unknown) => deliver({ error }),
    );
  try {
    for (;;) {
      const step = await next;
      if ('done' in step) return;
      if ('error' in step) throw step.error;
      next = new Promise<Step<T>>((resolve) => (deliver = resolve));
      yield step.item;
      resume!(true);
    }
  } finally {
    // Stopped while the transaction waits for the next ask: it rolls back; either way it has ended here.
    resume?.(false);
    await transaction;
  }
}
