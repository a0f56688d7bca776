/**
 * The store port: the one way the service's areas reach their database. Two adapters implement
 * it, SQLite (`sqlite-store.ts`, the embedded default) and PostgreSQL (`postgres/`), so an area
 * never names a driver.
 *
 * SQL is written once with `?` placeholders (values in order) or `@name` ones (one object of
 * values); the PostgreSQL adapter numbers them (`$1`, `$2`).
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

/** A statement's parameters: a tuple of `?` values, or one object of `@name` values. */
export type Params<P> = P extends unknown[] ? P : [P];

export interface Statement<P, R> {
  /** The first row, or undefined. */
  get(...params: Params<P>): Promise<R | undefined>;
  all(...params: Params<P>): Promise<R[]>;
  run(...params: Params<P>): Promise<RunResult>;
}

/**
 * Whether the database's primary answers, on a store whose server can go away and come back
 * elsewhere behind one address (PostgreSQL failing over): what /readyz and /metrics report.
 */
export interface DatabaseHealth {
  /** False from a lost connection until a primary answers again. */
  readonly primary: boolean;
  /** Asks the server now: whether a primary (not a server in recovery) answers. */
  check(): Promise<boolean>;
  /** Times no primary answered after a connection was lost. */
  readonly outages: number;
  /** Outages after which another server (or the same one restarted) was the primary. */
  readonly failovers: number;
  /** Seconds without a primary since the store opened, the current outage included. */
  secondsWithoutPrimary(): number;
}

export interface Store {
  readonly dialect: Dialect;
  /** PostgreSQL's: whether a primary answers (SQLite's file is always there). */
  readonly health?: DatabaseHealth;
  /**
   * Whether this process is the database's only writer (SQLite): what it has not written itself
   * cannot change. On PostgreSQL other instances write too.
   */
  readonly soleWriter: boolean;
  /**
   * Whether a per-process cache may keep what it reads now (`read-cache.ts`). Always on SQLite,
   * whose only writer forgets what it changes. On PostgreSQL while the connection that hears the
   * database's change announcements is up: a trigger on each cached table announces every
   * committed change (`onChange`), and while announcements could be missed nothing is kept.
   */
  readonly cacheable: boolean;
  /**
   * Calls `forget(key)` when a committed write, by any process, changed what a cache of `topic`
   * keeps under `key`, and `forget()` when it may have changed any key (a statement over many
   * rows, or a lost announcement connection). SQLite has no other writer: it never calls.
   */
  onChange(topic: string, forget: (key?: string) => void): void;
  /**
   * Resolves once this instance has heard every change announced before the call (a marker sent
   * after them comes back: announcements arrive in commit order), so that a write every instance
   * must honour at once (a revoked secret) is answered only when the announcement is out: every
   * instance's listener was sent it at the same moment as this one's. At once on SQLite.
   */
  caughtUp(): Promise<void>;
  /** A statement, prepared once per connection the first time it runs there. */
  prepare<P = unknown[], R = unknown>(sql: string): Statement<P, R>;
  /**
   * Rows as arrays of column values, in the SELECT's order: cheaper than objects on a hot path
   * (a saved-card charge reads a dozen columns).
   */
  prepareArrays<P = unknown[], R extends unknown[] = unknown[]>(sql: string): Statement<P, R>;
  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `callback` once the calling flow's transaction has committed (never if it rolls back,
   * nor if the savepoint it was registered in is rolled back); at once outside a transaction.
   * Listeners hear of a change only when others can read it.
   */
  onCommit(callback: () => void): void;
  /**
   * Runs `work` unless another instance on this database is running work of the same name, and
   * then resolves undefined: the scheduler's sweeps of due rows run on one instance at a time.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * Calls `wake` whenever a transaction that signals `channel` commits (PostgreSQL's
   * LISTEN/NOTIFY, sent by a trigger: the events table's), and once after the listening
   * connection was lost and is back, since signals sent meanwhile are gone. A wake-up only: what
   * changed is read from the tables. SQLite has no other writer: it never wakes.
   */
  listen(channel: string, wake: () => void): Promise<() => Promise<void>>;
  /** Whether the calling async flow is inside `tx`. */
  readonly inTransaction: boolean;
  /** SQL with no parameters, possibly several statements (schema changes, resets). */
  exec(sql: string): Promise<void>;
  /** The schema version the database is at (the number of migrations applied). */
  schemaVersion(): Promise<number>;
  /** The number of migrations this build knows for this dialect. */
  readonly knownVersion: number;
  /** False once `close` has begun: long-lived work (event streams) stops asking. */
  readonly open: boolean;
  close(): Promise<void>;
}

/**
 * The column that orders a table's rows by insertion, for ties between rows of the same
 * millisecond: SQLite's implicit rowid; on PostgreSQL each such table has a `seq` BIGSERIAL.
 */
export const insertionOrder = (store: Store): string =>
  store.dialect === 'sqlite' ? 'rowid' : 'id';

/**
 * A join whose order is fixed: SQLite's planner keeps the left table outermost for CROSS JOIN
 * (the way to make a chosen index drive a query); PostgreSQL plans the order itself and takes
 * ON only with a plain JOIN.
 */
export const orderedJoin = (store: Store): string =>
  store.dialect === 'sqlite' ? 'CROSS JOIN' : 'JOIN';
