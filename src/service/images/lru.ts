/**
 * A tiny least-recently-used cache. Kiosks fetch the same QR code and display image again and
 * again; re-encoding and re-rasterising each time would waste tens of milliseconds per hit.
 */
export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
}

export function createLru<V>(capacity: number): Lru<V> {
  // A Map iterates in insertion order, so re-inserting on a hit keeps the oldest entry first.
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
