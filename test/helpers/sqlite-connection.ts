/**
 * The SQLite store's own better-sqlite3 connection, for the few tests and benchmarks that are
 * about SQLite itself (WAL checkpoints, pragmas, its schema table, statement counts). Everything
 * else goes through the store port, so it runs on PostgreSQL too.
 */
import type { Db } from '../../src/service/kernel/store/db';
import type { Store } from '../../src/service/kernel/store/port';

export function sqliteConnection(store: Store): Db {
  const db = (store as { db?: Db }).db;
  if (store.dialect !== 'sqlite' || !db)
    throw new Error(`this check is about SQLite itself; the store here is ${store.dialect}`);
  return db;
}
