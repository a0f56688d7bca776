/**
 * Many rows of one table in one INSERT: one statement, so one database round trip on
 * PostgreSQL, for a whole batch (`batcher.ts`). Each row is an array of values in the order of
 * `columns`. Statements are prepared per row count, at most CHUNK rows each; more rows than that
 * are written in one transaction, so the call is all or nothing either way.
 */
import type { Statement, Store } from './port';

const CHUNK = 64;

export function insertMany(
  store: Store,
  table: string,
  columns: readonly string[],
): (rows: unknown[][]) => Promise<void> {
  const one = `(${columns.map(() => '?').join(', ')})`;
  const statements: Statement<unknown[], never>[] = [];
  const statementFor = (count: number) =>
    (statements[count] ??= store.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(count).fill(one).join(', ')}`,
    ));
  const write = async (rows: unknown[][]) =>
    void (await statementFor(rows.length).run(...rows.flat()));

  return async (rows) => {
    if (rows.length === 0) return;
    if (rows.length <= CHUNK) return write(rows);
    await store.tx(async () => {
      for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
    });
  };
}
