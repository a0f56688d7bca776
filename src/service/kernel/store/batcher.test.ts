import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../../test/helpers/postgres';
import { createBatcher, writeAllOrEach } from './batcher';
import { openDb } from './db';
import { insertMany } from './insert-many';
import type { Store } from './port';
import { createPostgresStore } from './postgres/store';
import { createSqliteStore } from './sqlite-store';

const open: Store[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function stores(): Promise<Store[]> {
  const made = [
    createSqliteStore(openDb(null)),
    await createPostgresStore({ url: await freshDatabaseUrl(), poolSize: 4 }),
  ];
  open.push(...made);
  for (const store of made)
    await store.exec('CREATE TABLE counter_test (n INTEGER NOT NULL CHECK (n > 0), label TEXT)');
  return made;
}

const rowsOf = async (store: Store) =>
  store
    .prepare<[], { n: number; label: string | null }>(
      'SELECT n, label FROM counter_test ORDER BY n',
    )
    .all();

describe('batcher', () => {
  it('hands over what is asked for in one turn at once, answering each caller with its own outcome', async () => {
    const batches: number[][] = [];
    const double = createBatcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((n) =>
        n < 0 ? { ok: false, error: new Error(`${n} refused`) } : { ok: true, value: n * 2 },
      );
    });
    const outcomes = await Promise.allSettled([double(1), double(-2), double(3)]);
    const later = await double(4);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('-2 refused') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(later).toBe(8);
    expect(batches).toEqual([[1, -2, 3], [4]]);
  });
});

describe('insertMany', () => {
  it('writes a batch in one statement, values in column order, on both stores', async () => {
    for (const store of await stores()) {
      const insert = insertMany(store, 'counter_test', ['label', 'n']);
      await insert([
        ['one', 1],
        [null, 2],
        ["it's three", 3],
      ]);
      expect(await rowsOf(store)).toEqual([
        { n: 1, label: 'one' },
        { n: 2, label: null },
        { n: 3, label: "it's three" },
      ]);
    }
  });

  it('is all or nothing beyond one statement: 150 rows, the last refused, none kept', async () => {
    for (const store of await stores()) {
      const insert = insertMany(store, 'counter_test', ['n']);
      const rows = Array.from({ length: 150 }, (_, i) => [i === 149 ? 0 : i + 1]);
      await expect(insert(rows)).rejects.toThrow();
      expect(await rowsOf(store)).toEqual([]);
      await insert(rows.slice(0, 149));
      expect(await rowsOf(store)).toHaveLength(149);
    }
  });

  it('with writeAllOrEach, a refused row fails its own caller only: the rest are written', async () => {
    for (const store of await stores()) {
      const insert = insertMany(store, 'counter_test', ['n']);
      const add = createBatcher<number, void>((ns) =>
        writeAllOrEach(ns, (some) => insert(some.map((n) => [n]))),
      );
      const outcomes = await Promise.allSettled([add(1), add(2), add(-3), add(4)]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((await rowsOf(store)).map((r) => r.n)).toEqual([1, 2, 4]);
    }
  });
});
