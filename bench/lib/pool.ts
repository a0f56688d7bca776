/**
 * Setup work done `limit` at a time (seeding payments, opening push connections, the reads a
 * start-up run makes): fast enough to seed thousands of records, and gentle enough that the
 * setup itself does not overload the service under test.
 */

/** Runs `task(i)` for i in [0, count) with at most `limit` in flight; answers the results in order. */
export async function pool<T>(
  count: number,
  limit: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
