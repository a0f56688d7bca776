/** Opens the service's SQLite database (WAL) and applies its numbered migrations. */
import Database, { type Connection } from '../../sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations';

export type Db = Connection;

/** Applies pending migrations, each in a transaction that sets user_version. */
export function migrate(db: Db, list: readonly string[] = migrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length)
    throw new Error(
      `This database was written by a newer version of Counter (schema ${current}; this build knows ${list.length}). Upgrade Counter or use another data directory.`,
    );
  list.slice(current).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + i + 1}`);
    })();
  });
}

/** `dataDir` null opens an in-memory database (tests). */
export function openDb(dataDir: string | null, file = 'service.db'): Db {
  let db: Db;
  if (dataDir === null) db = new Database(':memory:');
  else {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, file));
  }
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process kills in WAL mode; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
