/**
 * Batching: what is asked for in one turn of the event loop is handed over at once, and each
 * caller is answered with its own outcome. Under load one write for many requests costs little
 * more than one for a single request (a commit, a database round trip), so this is most of the
 * difference between a write's cost and a request's. Group commit (`group-commit.ts`) and the
 * payment requests' multi-row insert (`payments/create.ts`) are built on it.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * `run` gets the items asked for in one turn and returns one outcome per item, in order; if it
 * throws, every item of the batch fails with that error.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<Outcome<O>[]>,
): (item: I) => Promise<O> {
  let batch: { item: I; done: (outcome: Outcome<O>) => void }[] = [];

  async function flush() {
    const pending = batch;
    batch = [];
    let outcomes: Outcome<O>[];
    try {
      outcomes = await run(pending.map((p) => p.item));
    } catch (error) {
      pending.forEach((p) => p.done({ ok: false, error }));
      return;
    }
    pending.forEach((p, i) => p.done(outcomes[i]!));
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      batch.push({
        item,
        done: (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)),
      });
      if (batch.length === 1) setImmediate(() => void flush());
    });
}

/**
 * Runs `write` over all the items; if that is refused and there were several, over each item
 * alone, so that only the refused item's caller gets the error. `write` must be all or nothing.
 */
export async function writeAllOrEach<I>(
  items: I[],
  write: (items: I[]) => Promise<void>,
): Promise<Outcome<void>[]> {
  try {
    await write(items);
    return items.map(() => ({ ok: true, value: undefined }));
  } catch (error) {
    if (items.length === 1) return [{ ok: false, error }];
  }
  const outcomes: Outcome<void>[] = [];
  for (const item of items)
    try {
      await write([item]);
      outcomes.push({ ok: true, value: undefined });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  return outcomes;
}
