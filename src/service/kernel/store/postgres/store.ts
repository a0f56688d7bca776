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
 * went.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RunResult, Statement, Store } from '../port';
import { isUnavailable } from '../unavailable';
import { numberPlaceholders, type Numbered } from './placeholders';
import { migratePostgres, readVersion } from './migrate';
import { postgresMigrations } from './migrations';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
}

export type PostgresStore = Store & { readonly pool: pg.Pool };

/** How often `tx` runs work that a serialization failure or deadlock aborted. */
const ATTEMPTS = 20;
const RETRYABLE = new Set(['40001', '40P01']);

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

interface Frame {
  client: pg.PoolClient;
  depth: number;
  ended: boolean;
  /**
   * Why the transaction must not commit: a savepoint that could not be rolled back, or a
   * serialization failure inside a savepoint (the whole work runs again).
   */
  doomed: unknown;
  /** The last statement error in this transaction, the reason PostgreSQL aborted it. */
  failed: unknown;
  /** Callbacks for after the commit, one list per open savepoint level (index 0: the transaction). */
  committed: (() => void)[][];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
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

  const flow = new AsyncLocalStorage<Frame>();
  /** Transactions open in this process: while there are none, `flow` is switched off. */
  let openTransactions = 0;
  const current = () => {
    const frame = flow.getStore();
    return frame && !frame.ended ? frame : undefined;
  };

  /** One name per statement text, so each connection prepares it once. */
  const names = new Map<string, string>();

  async function query(numbered: Numbered, sql: string, params: unknown[], arrays: boolean) {
    let values: unknown[] = params;
    if (numbered.names) {
      const bound = (params[0] ?? {}) as Record<string, unknown>;
      values = numbered.names.map((name) => {
        if (!(name in bound)) throw new RangeError(`Missing named parameter "${name}"`);
        return bound[name];
      });
    }
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `s${names.size + 1}`));
    const config: pg.QueryConfig & { rowMode?: 'array' } = { name, text: numbered.text, values };
    if (arrays) config.rowMode = 'array';
    const frame = current();
    try {
      return frame ? await frame.client.query(config) : await pool.query(config);
    } catch (error) {
      if (frame) frame.failed = error;
      throw error;
    }
  }

  function statement<P, R>(sql: string, arrays: boolean): Statement<P, R> {
    let numbered: Numbered | undefined;
    const run = (params: unknown[]) =>
      query((numbered ??= numberPlaceholders(sql)), sql, params, arrays);
    return {
      get: async (...params) => (await run(params)).rows[0] as R | undefined,
      all: async (...params) => (await run(params)).rows as R[],
      run: async (...params): Promise<RunResult> => ({
        changes: (await run(params)).rowCount ?? 0,
      }),
    };
  }

  async function savepoint<T>(frame: Frame, work: () => Promise<T>): Promise<T> {
    const name = `sp${++frame.depth}`;
    frame.committed.push([]);
    try {
      await frame.client.query(`SAVEPOINT ${name}`);
      try {
        const value = await work();
        await frame.client.query(`RELEASE SAVEPOINT ${name}`);
        const released = frame.committed.pop()!;
        frame.committed.at(-1)!.push(...released);
        return value;
      } catch (error) {
        frame.committed.pop();
        if (RETRYABLE.has(sqlState(error) as string)) frame.doomed ??= error;
        try {
          await frame.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
          // The savepoint undid whatever failed: the transaction can go on.
          frame.failed = undefined;
        } catch (rollback) {
          frame.doomed ??= rollback;
        }
        throw error;
      }
    } finally {
      frame.depth--;
    }
  }

  async function once<T>(work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const frame: Frame = {
      client,
      depth: 0,
      ended: false,
      doomed: undefined,
      failed: undefined,
      committed: [[]],
    };
    openTransactions++;
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      const value = await flow.run(frame, work);
      if (frame.doomed !== undefined) throw frame.doomed;
      const done = await client.query('COMMIT');
      // PostgreSQL ends an aborted transaction's COMMIT as a ROLLBACK, without an error.
      if (done.command === 'ROLLBACK')
        throw new Error('The transaction was rolled back: a statement in it failed', {
          cause: frame.failed,
        });
      for (const callback of frame.committed[0]!) callback();
      return value;
    } catch (error) {
      if (isUnavailable(error)) broken = error as Error;
      else await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      frame.ended = true;
      // With no transaction open there is no flow to follow: switching the tracking off keeps
      // Node 20's promise hooks (which AsyncLocalStorage turns on) off every request that needs
      // no transaction, such as a cached status read, as the SQLite adapter does. `run` turns it
      // on again for the next transaction.
      if (--openTransactions === 0) flow.disable();
      // A connection in an unknown state is closed rather than handed to the next caller.
      client.release(broken);
    }
  }

  async function tx<T>(work: () => Promise<T>): Promise<T> {
    const frame = current();
    if (frame) return savepoint(frame, work);
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work);
      } catch (error) {
        if (!RETRYABLE.has(sqlState(error) as string) || attempt >= ATTEMPTS) throw error;
        // Spread the retries so the transactions that collided do not collide again: a random
        // pause whose range doubles with each attempt (2, 4, 8 ... ms, at most 256).
        await sleep(Math.random() * 2 ** Math.min(attempt, 8));
      }
    }
  }

  async function exec(sql: string): Promise<void> {
    const frame = current();
    if (frame) await frame.client.query(sql);
    else await pool.query(sql);
  }

  if (options.migrate !== false) {
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  // The database announces every committed change of a cached table (migration 4's triggers) on
  // CHANGES_CHANNEL as `topic` or `topic:key`; while that connection is down, announcements are
  // lost, so every cache forgets everything and keeps nothing until it is back.
  const forgetters = new Map<string, Set<(key?: string) => void>>();
  /** `caughtUp`'s markers on their way back, by payload. */
  const markers = new Map<string, () => void>();
  let announced = false;
  const forgetAll = () => {
    for (const set of forgetters.values()) for (const forget of set) forget();
  };
  let stopChanges: () => Promise<void>;
  try {
    stopChanges = await listenOn(
      options.url,
      CHANGES_CHANNEL,
      (payload) => {
        if (payload === undefined) return forgetAll();
        if (payload.startsWith(MARKER)) return markers.get(payload)?.();
        const colon = payload.indexOf(':');
        const topic = colon < 0 ? payload : payload.slice(0, colon);
        const key = colon < 0 ? undefined : payload.slice(colon + 1);
        for (const forget of forgetters.get(topic) ?? []) forget(key);
      },
      (up) => {
        announced = up;
        forgetAll();
      },
    );
  } catch (error) {
    await pool.end();
    throw error;
  }

  let open = true;
  return {
    dialect: 'postgres',
    soleWriter: false,
    get cacheable() {
      return announced;
    },
    onChange(topic, forget) {
      let set = forgetters.get(topic);
      if (!set) forgetters.set(topic, (set = new Set()));
      set.add(forget);
    },
    async caughtUp() {
      if (!announced) return; // nothing is kept meanwhile (and none of it can be waited for)
      const marker = MARKER + randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        // A connection lost on the way forgets every cache anyway: do not wait for ever.
        timer = setTimeout(resolve, CAUGHT_UP_MS);
      });
      try {
        await pool.query(NOTIFY_MARKER, [marker]);
        await back;
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    pool,
    prepare: <P, R>(sql: string) => statement<P, R>(sql, false),
    prepareArrays: <P, R extends unknown[]>(sql: string) => statement<P, R>(sql, true),
    tx,
    listen: (channel, wake) =>
      listenOn(
        options.url,
        channel,
        () => wake(),
        (up) => up && wake(),
      ),
    async exclusive(name, work) {
      // A session lock held on a connection of its own while the work runs (its statements take
      // other connections); whoever does not get it skips this round.
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
    },
    onCommit(callback) {
      const frame = current();
      if (frame) frame.committed.at(-1)!.push(callback);
      else callback();
    },
    get inTransaction() {
      return current() !== undefined;
    },
    exec,
    schemaVersion: () => readVersion(pool),
    knownVersion: postgresMigrations.length,
    get open() {
      return open;
    },
    close: async () => {
      open = false;
      await stopChanges();
      await pool.end();
    },
  };
}

/** The channel of the change announcements (migration 4's `counter_announce`). */
const CHANGES_CHANNEL = 'counter_changes';
/** `caughtUp`'s payloads start so: no topic does. */
const MARKER = 'caught-up:';
const NOTIFY_MARKER = `SELECT pg_notify('${CHANGES_CHANNEL}', $1)`;
const CAUGHT_UP_MS = 2_000;

/**
 * LISTEN on a connection of its own (not the pool's: a pooled connection goes back to others).
 * `heard` gets each notification's payload (undefined when it has none). A lost connection is
 * opened again after a pause; `state` hears it go down and come back (signals sent while it was
 * away are gone).
 */
async function listenOn(
  url: string,
  channel: string,
  heard: (payload: string | undefined) => void,
  state: (up: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const identifier = `"${channel.replace(/"/g, '""')}"`;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) heard(message.payload || undefined);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${identifier}`);
    if (stopped) return void (await next.end().catch(() => {}));
    client = next;
  }
  function reconnect(broken: pg.Client): void {
    if (stopped || client !== broken) return;
    client = undefined;
    state(false);
    broken.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => state(true),
        () => (retry = setTimeout(attempt, 500)),
      );
    };
    retry = setTimeout(attempt, 100);
  }
  await connect();
  state(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = undefined;
    if (open) state(false);
    await open?.end().catch(() => {});
  };
}
