/**
 * The PostgreSQL store's statements and transactions (see store.ts for the rules they follow):
 * a statement runs on the connection of the transaction its caller is awaited inside, or on any
 * pooled connection; `tx` checks a connection out, runs the work SERIALIZABLE and runs it again
 * after a serialization failure or deadlock; a `tx` inside a `tx` is a savepoint.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { RunResult, Statement } from '../port';
import { isUnavailable } from '../unavailable';
import { numberPlaceholders, type Numbered } from './placeholders';

/** How often `tx` runs work that a serialization failure or deadlock aborted. */
const ATTEMPTS = 20;
const RETRYABLE = new Set(['40001', '40P01']);

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

export function createTransactions(pool: pg.Pool): Transactions {
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
