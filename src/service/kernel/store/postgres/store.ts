/**
 * The store port over PostgreSQL (node-postgres, a pool of connections), so several instances of
 * the service can share one database.
 *
 * Statements are written as for SQLite (`?` or `@name`, see placeholders.ts) and run as named
 * prepared statements: each connection parses and plans a statement the first time it runs it.
 * Rows come back as SQLite's do: BIGINT, NUMERIC (sum) and COUNT(*) as JS numbers, booleans as
 * 1/0, JSON as its text, BYTEA as a Buffer, NULL as null. The parsers are this pool's own, so
 * nothing else in the process that uses pg is affected.
 *
 * Transactions follow the async flow, as in the SQLite adapter: `tx` checks a connection out,
 * and every statement run by code awaited inside it goes to that connection; a statement from
 * elsewhere takes any other connection and does not see the transaction's rows until it
 * commits. A `tx` inside a `tx` is a savepoint.
 *
 * Isolation: SERIALIZABLE. SQLite runs one writer at a time, so every area's read-then-write
 * (the over-refund check, a contract's spending limit, an idempotency key's reservation) was
 * serializable by construction; PostgreSQL's default, READ COMMITTED, would let two instances
 * both pass such a check. Under SERIALIZABLE PostgreSQL aborts one of two transactions that
 * could not have run one after the other (SQLSTATE 40001), and a deadlock aborts one of its
 * victims (40P01): `tx` then runs the whole work again, a few times, on a fresh transaction.
 * Work must therefore only change the database (as group commit already requires), so that
 * running it again after a rollback is the same as running it once.
 *
 * A failed statement aborts a PostgreSQL transaction (SQLite's carries on): code that catches a
 * statement's error and goes on must put that statement in its own `tx` (a savepoint), which is
 * portable. A transaction that would otherwise commit after such an error is refused with that
 * error, never committed silently as a rollback.
 *
 * A lost connection: the statement fails with an error `isUnavailable` recognises (the HTTP
 * layer answers 503); the pool drops the broken connection and opens new ones when the server
 * is back. A statement is not retried by itself: it may have been applied before the connection
 * went. A COMMIT that loses its connection is looked up instead (commit-outcome.ts): answered
 * as committed only if it did, run again if it did not. `health` watches for a primary after a
 * loss (health.ts).
 */
import pg from 'pg';
import type { Store } from '../port';
import { migratePostgres, readVersion } from './migrate';
import { postgresMigrations } from '../migrations';
import { createTransactions } from './transactions';
import { listenForChanges, listenOn, type ChangeFeed } from './changes';
import { pruneMarkers } from './commit-outcome';
import { watchHealth } from './health';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Where a lost and found primary is told (the service's log). */
  log?: (line: string) => void;
}

/** How often an instance deletes commit markers no lookup needs any more. */
const PRUNE_EVERY_MS = 10 * 60_000;

export type PostgresStore = Store & { readonly pool: pg.Pool };

const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;
const JSON_OID = 114;
const JSONB = 3802;

/** Parsers giving SQLite's JS types; everything else as pg parses it. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0);
    if (oid === JSON_OID || oid === JSONB) return (value: string) => value;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

function openPool(options: PostgresStoreOptions, lost: () => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types,
    // A request waits at most this long for a free connection (or for the server to answer a
    // connect), then fails as unavailable instead of hanging.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server closed (a restart) reports here; the pool has already
  // dropped it and opens a new one on demand. Left unhandled, the event would end the process.
  pool.on('error', () => {});
  // A checked-out connection has no pool listener: one the server ends (57P01 as a primary goes
  // down, a reset socket) while a transaction or an advisory lock holds it between statements
  // emits 'error' on the client itself, which would end the process too. Its holder learns of
  // it from its next statement, which fails as unavailable, and releases it to be dropped.
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/**
 * Runs `work` holding a session lock on a connection of its own (its statements take other
 * connections); whoever does not get it skips this round.
 */
async function exclusive<T>(
  pool: pg.Pool,
  name: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let held = false;
  try {
    const { rows } = await client.query<{ held: number }>(
      'SELECT CASE WHEN pg_try_advisory_lock(hashtext($1)) THEN 1 ELSE 0 END AS held',
      [`counter:${name}`],
    );
    held = rows[0]?.held === 1;
    return held ? await work() : undefined;
  } finally {
    if (held)
      await client
        .query('SELECT pg_advisory_unlock(hashtext($1))', [`counter:${name}`])
        .catch(() => {});
    client.release();
  }
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  let onLost = () => {};
  const pool = openPool(options, () => onLost());
  const health = watchHealth(pool, options.log ?? (() => {}));
  onLost = () => health.lost();
  const transactions = createTransactions(pool, { lost: onLost });

  if (options.migrate !== false) {
    try {
      await migratePostgres(pool);
    } catch (error) {
      health.stop();
      await pool.end();
      throw error;
    }
  }

  let changes: ChangeFeed;
  try {
    changes = await listenForChanges(options.url, pool, onLost);
  } catch (error) {
    health.stop();
    await pool.end();
    throw error;
  }
  const pruning = setInterval(
    () => void pruneMarkers(pool, Date.now()).catch(() => {}),
    PRUNE_EVERY_MS,
  );
  pruning.unref();

  let open = true;
  return {
    dialect: 'postgres',
    soleWriter: false,
    get cacheable() {
      return changes.announced;
    },
    onChange: (topic, forget) => changes.onChange(topic, forget),
    health,
    caughtUp: () => changes.caughtUp(),
    pool,
    prepare: <P, R>(sql: string) => transactions.statement<P, R>(sql, false),
    prepareArrays: <P, R extends unknown[]>(sql: string) => transactions.statement<P, R>(sql, true),
    tx: (work) => transactions.tx(work),
    listen: (channel, wake) =>
      listenOn(
        options.url,
        channel,
        () => wake(),
        (up) => up && wake(),
      ),
    exclusive: (name, work) => exclusive(pool, name, work),
    onCommit: (callback) => transactions.onCommit(callback),
    get inTransaction() {
      return transactions.inTransaction;
    },
    exec: (sql) => transactions.exec(sql),
    schemaVersion: () => readVersion(pool),
    knownVersion: postgresMigrations.length,
    get open() {
      return open;
    },
    close: async () => {
      open = false;
      clearInterval(pruning);
      health.stop();
      await changes.stop();
      await pool.end();
    },
  };
}
