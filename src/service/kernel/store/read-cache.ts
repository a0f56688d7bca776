/**
 * A per-process cache of what an area reads: the one mechanism behind the service's caches
 * (payment requests, callers by secret, merchants' settings, webhook subscriptions).
 *
 * It keeps a value only while the store allows (`store.cacheable`), never one read inside a
 * transaction (which may yet roll back) unless told the transaction never writes it
 * (`inTransactions`), and never one whose read a change overtook (the generation moved while it
 * was on its way). Changes arrive two ways: the area's own writes call
 * `changed`, and the store announces every committed write of `topic` by any process
 * (`store.onChange`: on PostgreSQL a trigger's NOTIFY, so another instance's write is forgotten
 * here when it commits).
 */
import type { Store } from './port';

export interface ReadCache<V> {
  /** The kept value, without reading the database. */
  get(key: string): V | undefined;
  /** The kept value, or `load`'s answer, kept unless a change overtook the read. */
  read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /**
   * Keeps a value the caller has just committed itself (outside a transaction only), at once:
   * it is about to be read.
   */
  keep(key: string, value: V): void;
  /**
   * For a read that fills several caches at once (one statement for a row and its children):
   * taken before the read, then handed to `keepRead` with what it found.
   */
  mark(): number;
  /**
   * Keeps `value` read since `mark` answered `at`, unless a change overtook the read; with a
   * limit, on its key's second read (see ReadCacheOptions.limit), or at once when `admitted`
   * (another cache filled by the same read has just kept its part). True when it kept it.
   */
  keepRead(at: number, key: string, value: V, admitted?: boolean): boolean;
  /**
   * Forgets `key` (every key without one) now and again when the calling flow's transaction
   * commits: a read between the two, on another connection, still sees the old row.
   */
  changed(key?: string): void;
}

export interface ReadCacheOptions {
  /**
   * At most this many values, the oldest forgotten first. A value read from the database is kept
   * only the second time its key is read lately (within the last `limit` keys read once): a
   * sweep over many records read once each (an integrator polling a year of payments, a
   * reconciliation) neither pushes out what is read again and again nor pays for keeping what
   * it will not read again, which was a good part of a miss's cost (docs/benchmarks.md).
   */
  limit?: number;
  /**
   * Keep values read inside a transaction too: only for rows that no transaction reading them
   * through this cache ever writes (so what it reads is committed, never its own change).
   */
  inTransactions?: boolean;
}

export function createReadCache<V>(
  store: Store,
  topic: string,
  { limit = Infinity, inTransactions = false }: ReadCacheOptions = {},
): ReadCache<V> {
  const kept = new Map<string, V>();
  /** With a limit: keys read once lately and not kept, forgotten all at once when full. */
  const once = new Set<string>();
  /** Bumped by every change. */
  let generation = 0;

  function forget(key?: string) {
    generation++;
    if (key === undefined) kept.clear();
    else kept.delete(key);
  }
  store.onChange(topic, forget);

  function keep(key: string, value: V, readAt: number): boolean {
    if (!store.cacheable || (store.inTransaction && !inTransactions) || readAt !== generation)
      return false;
    if (kept.size >= limit) evictOldest();
    kept.set(key, value);
    return true;
  }

  /** `keep` for a value read from the database: with a limit, on its key's second read. */
  function keepRead(key: string, value: V, readAt: number, admitted = false): boolean {
    if (!admitted && limit !== Infinity && !once.delete(key)) {
      if (once.size >= limit) once.clear();
      once.add(key);
      return false;
    }
    return keep(key, value, readAt);
  }

  /**
   * Drops the oldest tenth, not the oldest one. A Map keeps a deleted entry's slot until it
   * next grows, and iteration steps over every such slot from the start: deleting one entry per
   * miss made each miss walk past the thousands evicted before it, a good part of a cold
   * status read's cost (docs/benchmarks.md). A tenth at a time, the walk is paid once per batch.
   */
  function evictOldest() {
    let left = Math.max(1, Math.ceil(limit / 10));
    for (const key of kept.keys()) {
      kept.delete(key);
      if (--left === 0) break;
    }
  }

  return {
    get: (key) => kept.get(key),
    async read(key, load) {
      const hit = kept.get(key);
      if (hit !== undefined) return hit;
      const readAt = generation;
      const value = await load();
      if (value !== undefined) keepRead(key, value, readAt);
      return value;
    },
    keep: (key, value) => void keep(key, value, generation),
    mark: () => generation,
    keepRead: (at, key, value, admitted) => keepRead(key, value, at, admitted),
    changed(key) {
      forget(key);
      store.onCommit(() => forget(key));
    },
  };
}
