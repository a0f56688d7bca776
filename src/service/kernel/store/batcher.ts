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
 * throws, every item of the batch fails with that error. With `inFlight`, at most that many
 * batches run at once: what is asked for meanwhile waits and goes in the next batch, so that
 * under load batches grow instead of multiplying.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<Outcome<O>[]>,
  { inFlight = Infinity }: { inFlight?: number } = {},
): (item: I) => Promise<O> {
  let batch: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || batch.length === 0 || running >= inFlight) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  async function flush() {
    scheduled = false;
    const pending = batch;
    batch = [];
    running++;
    let outcomes: Outcome<O>[];
    try {
      outcomes = await run(pending.map((p) => p.item));
    } catch (error) {
      outcomes = pending.map(() => ({ ok: false, error }));
    } finally {
      running--;
      schedule();
    }
    for (let i = 0; i < pending.length; i++) {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending[i]!.resolve(outcome.value);
      else pending[i]!.reject(outcome.error);
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      batch.push({ item, resolve, reject });
      schedule();
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
