/**
 * Statements for a batch (`batcher.ts`): their text depends on how many rows or ids they carry
 * (`VALUES (…), (…)`, `IN (?, ?)`), so each count's statement is prepared once and kept. A
 * batch larger than CHUNK is split, keeping the statements few and well under either
 * database's limit on parameters.
 */
export const CHUNK = 64;

export function byCount<S>(make: (count: number) => S): (count: number) => S {
  const made: S[] = [];
  return (count) => (made[count] ??= make(count));
}

/** `count` copies of `one`, comma-separated: `(?, ?), (?, ?)` or `?, ?, ?`. */
export const repeated = (count: number, one = '?'): string => Array(count).fill(one).join(', ');

/** `items` in pieces of at most CHUNK. */
export function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}
