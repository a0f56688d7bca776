/**
 * Group commit: the writes asked for in one turn of the event loop (saved-card charges, refunds,
 * Agent Pay nonces) share one transaction, and each caller is answered once it has committed. A
 * commit costs more than most of the writes it carries (docs/benchmarks.md).
 *
 * The pieces of work run one after another, so each sees what the ones before it wrote (a
 * refund's over-refund check sees the refunds made just before it). They first run with no
 * savepoint each (a savepoint is two more statements, a sixth of a saved-card charge's SQL);
 * if one is refused, that attempt is rolled back and the batch runs again with each piece in its
 * own savepoint, so the refused one is undone alone: its caller gets the error, the others
 * commit. Work must therefore only write to the database (events included), so that running it
 * again after a rollback is the same as running it once.
 */
import { createBatcher, type Outcome } from './batcher';
import type { Store } from './port';

export type GroupCommit = <T>(work: () => Promise<T>) => Promise<T>;

export function createGroupCommit(store: Store): GroupCommit {
  const batched = createBatcher<() => Promise<unknown>, unknown>(async (pending) => {
    try {
      return await store.tx(async () => {
        const outcomes: Outcome<unknown>[] = [];
        for (const work of pending) outcomes.push({ ok: true, value: await work() });
        return outcomes;
      });
    } catch (error) {
      if (pending.length === 1) return [{ ok: false, error }];
    }
    return store.tx(async () => {
      const outcomes: Outcome<unknown>[] = [];
      for (const work of pending)
        try {
          outcomes.push({ ok: true, value: await store.tx(work) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      return outcomes;
    });
  });

  return function commit<T>(work: () => Promise<T>): Promise<T> {
    // Already inside a transaction (an Idempotency-Key's reservation): write there and then, so
    // the key and the change it made commit together.
    if (store.inTransaction) return store.tx(work);
    return batched(work) as Promise<T>;
  };
}
