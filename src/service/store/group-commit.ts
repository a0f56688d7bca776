/**
 * Group commit: the writes asked for in one turn of the event loop (payment requests, saved-card
 * charges, refunds) share one transaction, and each caller is answered once it has committed. A
 * commit costs more than most of the writes it carries (docs/benchmarks.md), so under load this
 * is most of the difference between a request's cost and a commit's.
 *
 * Each piece of work runs in its own savepoint, one after another, so each sees what the ones
 * before it wrote (a refund's over-refund check sees the refunds made just before it) and a
 * refused one is undone alone: its caller gets the error, the others commit.
 */
import type { Outbox } from '../events/outbox';
import type { Db } from './db';

export type GroupCommit = <T>(work: () => T) => Promise<T>;

export function createGroupCommit(db: Db, outbox: Outbox): GroupCommit {
  type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
  let batch: { work: () => unknown; done: (outcome: Outcome) => void }[] = [];

  function flush() {
    const pending = batch;
    batch = [];
    const outcomes: Outcome[] = [];
    try {
      outbox.tx(() => {
        for (const { work } of pending)
          try {
            outcomes.push({ ok: true, value: outbox.tx(work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
      });
    } catch (error) {
      // The commit itself failed: none of the batch was written.
      pending.forEach((p) => p.done({ ok: false, error }));
      return;
    }
    pending.forEach((p, i) => p.done(outcomes[i]!));
  }

  return function commit<T>(work: () => T): Promise<T> {
    // Already inside a transaction (an Idempotency-Key's reservation): write there and then, so
    // the key and the change it made commit together.
    if (db.inTransaction) {
      try {
        return Promise.resolve(outbox.tx(work));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      batch.push({
        work,
        done: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
      });
      if (batch.length === 1) setImmediate(flush);
    });
  };
}
