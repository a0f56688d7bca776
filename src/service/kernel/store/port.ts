/**
 * The store port: the one way the service's areas reach their database. Two adapters implement
 * it, SQLite (`sqlite-store.ts`, the embedded default) and PostgreSQL (`postgres/`), so an area
 * never names a driver.
 *
 * SQL is written once with `?` placeholders; the PostgreSQL adapter numbers them (`$1`, `$2`).
 * Where the two dialects differ, an area asks `store.dialect` and keeps both texts side by side.
 *
 * Transactions follow the async flow: every statement run by code awaited inside `store.tx(work)`
 * runs in that transaction, wherever it was prepared, so a model needs no transaction argument.
 * A `tx` inside a `tx` is a savepoint: it undoes only its own writes when it throws.
 */
export type Dialect = 'sqlite' | 'postgres';

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export interface Statement<P extends unknown[], R> {
  /** The first row, or undefined. */
  get(...params: P): Promise<R | undefined>;
  all(...params: P): Promise<R[]>;
  run(...params: P): Promise<RunResult>;
}

export interface Store {
  readonly dialect: Dialect;
  /** A statement, prepared once per connection the first time it runs there. */
  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R>;
  /**
   * Rows as arrays of column values, in the SELECT's order: cheaper than objects on a hot path
   * (a saved-card charge reads a dozen columns).
   */
  prepareArrays<P extends unknown[] = unknown[], R extends unknown[] = unknown[]>(
    sql: string,
  ): Statement<P, R>;
  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the calling async flow is inside `tx`. */
  readonly inTransaction: boolean;
  /** SQL with no parameters, possibly several statements (schema changes, resets). */
  exec(sql: string): Promise<void>;
  /** The schema version the database is at (the number of migrations applied). */
  schemaVersion(): Promise<number>;
  /** The number of migrations this build knows for this dialect. */
  readonly knownVersion: number;
  close(): Promise<void>;
}
