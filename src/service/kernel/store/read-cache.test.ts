import { describe, expect, it } from 'vitest';
import { openDb } from './db';
import { createReadCache } from './read-cache';
import { createSqliteStore } from './sqlite-store';

const store = createSqliteStore(openDb(null));

describe('a read cache with a limit', () => {
  it('keeps a value read from the database on its second read, at once one kept by its writer', async () => {
    const cache = createReadCache<string>(store, 'test', { limit: 3 });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.read('a', load)).toBe('value 1');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.read('a', load)).toBe('value 2');
    expect(cache.get('a')).toBe('value 2');
    expect(await cache.read('a', load)).toBe('value 2');
    cache.keep('b', 'written');
    expect(cache.get('b')).toBe('written');
  });

  it('is not swept out by many keys read once each, and still forgets the oldest of those kept', async () => {
    const cache = createReadCache<string>(store, 'test', { limit: 3 });
    const load = (key: string) => async () => `value of ${key}`;
    for (let round = 0; round < 2; round++) await cache.read('hot', load('hot'));
    for (let i = 0; i < 100; i++) await cache.read(`once-${i}`, load(`once-${i}`));
    expect(cache.get('hot')).toBe('value of hot');
    expect(cache.get('once-99')).toBeUndefined();
    // Read twice each, three more keys push the oldest out.
    for (const key of ['x', 'y', 'z']) for (let r = 0; r < 2; r++) await cache.read(key, load(key));
    expect(cache.get('hot')).toBeUndefined();
    expect(['x', 'y', 'z'].map((key) => cache.get(key))).toEqual([
      'value of x',
      'value of y',
      'value of z',
    ]);
  });

  it('keeps a pair read together on one admission: the second part when the first is kept', () => {
    const rows = createReadCache<string>(store, 'test', { limit: 3 });
    const children = createReadCache<string[]>(store, 'test', { limit: 3 });
    const readPair = (key: string) => {
      const [rowsAt, childrenAt] = [rows.mark(), children.mark()];
      return (
        rows.keepRead(rowsAt, key, `row ${key}`) &&
        children.keepRead(childrenAt, key, [`child of ${key}`], true)
      );
    };
    expect(readPair('p')).toBe(false); // first read: neither kept
    expect([rows.get('p'), children.get('p')]).toEqual([undefined, undefined]);
    expect(readPair('p')).toBe(true); // second read: both
    expect([rows.get('p'), children.get('p')]).toEqual(['row p', ['child of p']]);
    // A change that overtakes the read keeps neither, admitted or not.
    const at = children.mark();
    children.changed('q');
    expect(children.keepRead(at, 'q', ['stale'], true)).toBe(false);
    expect(children.get('q')).toBeUndefined();
  });
});
