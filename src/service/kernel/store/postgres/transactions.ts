/**
 * The PostgreSQL store's statements and transactions (see store.ts for the rules they follow):
 * a statement runs on the connection of the transaction its caller is awaited inside, or on any
 * pooled connection; `tx` checks a connection out, runs the work SERIALIZABLE and runs it again
 * after a serialization failure or deadlock; a `tx` inside a `tx` is a savepoint.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RunResult, Statement } from '../port';
import { isUnavailable } from '../unavailable';
import { numberPlaceholders, type Numbered } from './placeholders';
import { commitWithMarker, resolveCommit } from './commit-outcome';

/** How often `tx` runs work that a serialization failure or deadlock aborted. */
const ATTEMPTS = 20;
const RETRYABLE = new Set(['40001', '40P01']);
/** Commands after which a transaction has written, and its COMMIT's outcome matters. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
/** How long a lost COMMIT is looked up (a failover's span), before it is answered as unknown. */
const RESOLVE_MS = 20_000;

/**
 * A COMMIT lost with its connection, found not to have committed: the work runs again, on a
 * connection to whichever server is the primary now.
 */
class CommitNotApplied extends Error {
  readonly code = 'commit-not-applied';
}

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
  /** Whether a statement of it wrote (its COMMIT then carries a marker). */
  wrote: boolean;
  /** Its connection, lost during COMMIT, went back to the pool (closed) before the lookup. */
  released: boolean;
  /** Callbacks for after the commit, one list per open savepoint level (index 0: the transaction). */
  committed: (() => void)[][];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

export interface Transactions {
  statement<P, R>(sql: string, arrays: boolean): Statement<P, R>;
  tx<T>(work: () => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  onCommit(callback: () => void): void;
  readonly inTransaction: boolean;
}

/** Names the bound values of `@name` statements in the order of their numbered placeholders. */
function bindValues(numbered: Numbered, params: unknown[]): unknown[] {
  if (!numbered.names) return params;
  const bound = (params[0] ?? {}) as Record<string, unknown>;
  return numbered.names.map((name) => {
    if (!(name in bound)) throw new RangeError(`Missing named parameter "${name}"`);
    return bound[name];
  });
}

/** Runs `work` in a savepoint of the open transaction `frame`. */
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

/** What the transactions tell the store of: a connection lost, so the primary may have gone. */
export interface TransactionEvents {
  lost(error: unknown): void;
}

export function createTransactions(
  pool: pg.Pool,
  events: TransactionEvents = { lost: () => {} },
): Transactions {
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
    const values = bindValues(numbered, params);
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `s${names.size + 1}`));
    const config: pg.QueryConfig & { rowMode?: 'array' } = { name, text: numbered.text, values };
    if (arrays) config.rowMode = 'array';
    const frame = current();
    try {
      if (!frame) return await pool.query(config);
      const result = await frame.client.query(config);
      if (WRITES.has(result.command)) frame.wrote = true;
      return result;
    } catch (error) {
      if (frame) frame.failed = error;
      if (isUnavailable(error)) events.lost(error);
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

  async function once<T>(work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const frame: Frame = {
      client,
      depth: 0,
      ended: false,
      doomed: undefined,
      failed: undefined,
      wrote: false,
      released: false,
      committed: [[]],
    };
    openTransactions++;
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      const value = await flow.run(frame, work);
      if (frame.doomed !== undefined) throw frame.doomed;
      const done = await commit(frame);
      // PostgreSQL ends an aborted transaction's COMMIT as a ROLLBACK, without an error.
      if (done === 'ROLLBACK')
        throw new Error('The transaction was rolled back: a statement in it failed', {
          cause: frame.failed,
        });
      for (const callback of frame.committed[0]!) callback();
      return value;
    } catch (error) {
      if (isUnavailable(error)) broken = error as Error;
      else if (!frame.released) await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      frame.ended = true;
      // With no transaction open there is no flow to follow: switching the tracking off keeps
      // Node 20's promise hooks (which AsyncLocalStorage turns on) off every request that needs
      // no transaction, such as a cached status read, as the SQLite adapter does. `run` turns it
      // on again for the next transaction.
      if (--openTransactions === 0) flow.disable();
      // A connection in an unknown state is closed rather than handed to the next caller.
      if (!frame.released) client.release(broken);
    }
  }

  /**
   * COMMIT, with a marker when the transaction wrote (and no statement failed: that one is a
   * rollback anyway). A COMMIT that loses its connection is looked up by its marker: committed,
   * it is answered as done; not applied, the work runs again; still unknown at the deadline, the
   * connection's error is answered (503, to be retried with the same Idempotency-Key).
   */
  async function commit(frame: Frame): Promise<string | null> {
    if (!frame.wrote || frame.failed !== undefined)
      return (await frame.client.query('COMMIT')).command;
    const marker = randomUUID();
    let done: pg.QueryResult[] | pg.QueryResult;
    try {
      done = await frame.client.query(commitWithMarker(marker, Date.now()));
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      events.lost(error);
      // The connection is gone: `once` closes it rather than handing it on.
      frame.client.release(error as Error);
      frame.released = true;
      const outcome = await resolveCommit(pool, marker, Date.now() + RESOLVE_MS);
      if (outcome === 'committed') return 'COMMIT';
      if (outcome === 'rolled back')
        throw new CommitNotApplied('The commit was lost', { cause: error });
      throw error;
    }
    return (Array.isArray(done) ? done.at(-1) : done)?.command ?? null;
  }

  /**
   * Work that collided once runs again in one lane, one at a time in this process: concurrent
   * writes whose reads share an index page (time-ordered ids put the newest rows on one) abort
   * each other's serializable transactions again and again, where taking turns ends it.
   */
  let lane: Promise<unknown> = Promise.resolve();
  function inLane<T>(work: () => Promise<T>): Promise<T> {
    const turn = lane.then(work, work);
    lane = turn.catch(() => {});
    return turn;
  }

  async function tx<T>(work: () => Promise<T>): Promise<T> {
    const frame = current();
    if (frame) return savepoint(frame, work);
    for (let attempt = 1; ; attempt++) {
      try {
        return await (attempt === 1 ? once(work) : inLane(() => once(work)));
      } catch (error) {
        if (error instanceof CommitNotApplied && attempt < ATTEMPTS) continue;
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

  return {
    statement,
    tx,
    exec,
    onCommit(callback) {
      const frame = current();
      if (frame) frame.committed.at(-1)!.push(callback);
      else callback();
    },
    get inTransaction() {
      return current() !== undefined;
    },
  };
}
