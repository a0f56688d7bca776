/**
 * Opens the service's store: the SQLite file in the data directory (the default), or a
 * PostgreSQL database when a URL is given, shared by any number of instances.
 */
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer';
import { openDb } from './db';
import type { Store } from './port';
import { createSqliteStore } from './sqlite-store';

export interface StoreOptions {
  /** Directory of the SQLite database; null keeps everything in memory. */
  dataDir: string | null;
  /** postgres://user:password@host:port/database: PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance (default 10; docs/scaling.md). */
  poolSize?: number;
  log?: (line: string) => void;
}

export interface OpenStore {
  store: Store;
  /** Closes the store and whatever runs beside it (SQLite's checkpoint thread). */
  close(): Promise<void>;
}

export async function openStore(options: StoreOptions): Promise<OpenStore> {
  if (options.databaseUrl) {
    // Loaded only when asked for, so the embedded SQLite path never loads the PostgreSQL driver.
    const { createPostgresStore } = await import('./postgres/store');
    const store = await createPostgresStore({
      url: options.databaseUrl,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    return { store, close: () => store.close() };
  }
  const db = openDb(options.dataDir);
  const store = createSqliteStore(db);
  if (options.dataDir === null) return { store, close: () => store.close() };
  // A database file's checkpoints run on their own thread (checkpointer.ts).
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = startCheckpointer(db.name, options.log ?? (() => {}));
  return {
    store,
    async close() {
      await checkpointer.stop();
      await store.close();
    },
  };
}
