/**
 * The store port over the service's SQLite file (better-sqlite3, one connection).
 *
 * better-sqlite3 runs each statement synchronously, so a statement's promise is settled before
 * the caller sees it. A transaction, though, now spans awaits, and between them other requests'
 * code runs on the same connection: it would read the open transaction's uncommitted rows, or
 * write into it and be rolled back with it. So one transaction is open at a time, and while it is
 * open a statement from outside it waits until it ends. Outside transactions a statement pays no
 * more than the promise around it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db';
import type { RunResult, Statement, Store } from './port';
import { sqliteMigrations } from './migrations';

interface Frame {
  depth: number;
  /** Callbacks for after the commit, one list per open savepoint level (index 0: the transaction). */
  committed: (() => void)[][];
}

export function createSqliteStore(db: Db): Store & { readonly db: Db } {
  const flow = new AsyncLocalStorage<Frame>();
  /** The open transaction's frame, and who waits for it to end. */
  let open: Frame | null = null;
  let waiters: (() => void)[] = [];

  const idle = () => new Promise<void>((resolve) => waiters.push(resolve));
  const outsideOpen = () => open !== null && flow.getStore() !== open;

  // Prepared once: exec would parse them again for every transaction.
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

  function gated<T>(run: () => T): Promise<T> {
    if (outsideOpen()) return idle().then(() => gated(run));
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  function statement<P, R>(sql: string, arrays: boolean): Statement<P, R> {
    const stmt = db.prepare<unknown[], R>(sql);
    // `raw` is only allowed on statements that return rows.
    if (arrays) stmt.raw(true);
    return {
      get: (...params) => gated(() => stmt.get(...params)),
      all: (...params) => gated(() => stmt.all(...params)),
      run: (...params) => gated((): RunResult => ({ changes: stmt.run(...params).changes })),
    };
  }

  async function tx<T>(work: () => Promise<T>): Promise<T> {
    const frame = flow.getStore();
    if (frame && frame === open) {
      const name = `sp${++frame.depth}`;
      frame.committed.push([]);
      db.exec(`SAVEPOINT ${name}`);
      try {
        const value = await work();
        db.exec(`RELEASE ${name}`);
        const released = frame.committed.pop()!;
        frame.committed.at(-1)!.push(...released);
        return value;
      } catch (error) {
        db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        frame.committed.pop();
        throw error;
      } finally {
        frame.depth--;
      }
    }
    while (open) await idle();
    const mine: Frame = { depth: 0, committed: [[]] };
    open = mine;
    let value: T;
    try {
      begin.run();
      value = await flow.run(mine, work);
      commit.run();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      throw error;
    } finally {
      open = null;
      // With no transaction open there is no flow to follow: switching the tracking off keeps
      // Node 20's promise hooks (which AsyncLocalStorage turns on) off every request that needs
      // no transaction, such as a status read. `run` turns it on again for the next one.
      flow.disable();
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    }
    for (const callback of mine.committed[0]!) callback();
    return value;
  }

  return {
    dialect: 'sqlite',
    soleWriter: true,
    // The only writer forgets what it changes itself (`read-cache.ts`): nobody else announces.
    cacheable: true,
    onChange: () => {},
    caughtUp: async () => {},
    db,
    prepare: <P, R>(sql: string) => statement<P, R>(sql, false),
    prepareArrays: <P, R extends unknown[]>(sql: string) => statement<P, R>(sql, true),
    tx,
    // One process owns the file: nobody else can be running the work.
    exclusive: (_name, work) => work(),
    listen: async () => async () => {},
    onCommit(callback) {
      const frame = flow.getStore();
      if (frame && frame === open) frame.committed.at(-1)!.push(callback);
      else callback();
    },
    get inTransaction() {
      return open !== null && flow.getStore() === open;
    },
    exec: (sql) => gated(() => void db.exec(sql)),
    schemaVersion: () => gated(() => db.pragma('user_version', { simple: true }) as number),
    knownVersion: sqliteMigrations.length,
    get open() {
      return db.open;
    },
    close: async () => {
      while (open) await idle();
      db.close();
    },
  };
}
