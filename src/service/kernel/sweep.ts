/**
 * A sweep's query of due rows in the two forms its passes need (clock.ts, `sweeps()`): over every
 * merchant of an environment, and over the merchants of one moved sandbox clock. The moved form
 * names them in a leading WITH, so its one extra parameter comes first whatever the query's own.
 */
import type { Sweep } from './clock';
import type { Store } from './store/port';

export type SweepQuery<P extends unknown[], R> = (sweep: Sweep, ...params: P) => Promise<R[]>;

/**
 * `sql(only)` is the query, with `only(column)` placed in its WHERE where the merchant's column
 * can be compared: '' for every merchant, `AND column IN (the pass's merchants)` otherwise.
 */
export function sweepQuery<P extends unknown[], R>(
  store: Store,
  sql: (only: (column: string) => string) => string,
): SweepQuery<P, R> {
  const every = store.prepare<unknown[], R>(sql(() => ''));
  const moved = store.prepare<unknown[], R>(
    `${withMoved(store)} ${sql((column) => `AND ${column} IN (SELECT id FROM moved)`)}`,
  );
  return (sweep, ...params) =>
    sweep.merchants === undefined ? every.all(...params) : moved.all(sweep.merchants, ...params);
}

/** `WITH moved(id)`: the ids of a pass's merchants, from its JSON array (the first parameter). */
export const withMoved = (store: Store) =>
  store.dialect === 'sqlite'
    ? 'WITH moved(id) AS (SELECT value FROM json_each(?))'
    : 'WITH moved(id) AS (SELECT jsonb_array_elements_text(?::jsonb))';
