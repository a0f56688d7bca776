/**
 * Many rows of one table in one INSERT: one statement, so one database round trip on
 * PostgreSQL, for a whole batch (`batcher.ts`). Each row is an array of values in the order of
 * `columns`. More rows than one statement carries (`by-count.ts`) are written in one
 * transaction, so the call is all or nothing either way.
 */
import { byCount, chunks, CHUNK, repeated } from './by-count';
import type { Store } from './port';

export function insertMany(
  store: Store,
  table: string,
  columns: readonly string[],
): (rows: unknown[][]) => Promise<void> {
  const statementFor = byCount((count) =>
    store.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${repeated(count, `(${repeated(columns.length)})`)}`,
    ),
  );
  const write = async (rows: unknown[][]) =>
    void (await statementFor(rows.length).run(...rows.flat()));

  return async (rows) => {
    if (rows.length === 0) return;
    if (rows.length <= CHUNK) return write(rows);
    await store.tx(async () => {
      for (const some of chunks(rows)) await write(some);
    });
  };
}
