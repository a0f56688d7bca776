/** Opens the service's SQLite database (WAL) and applies its numbered migrations. */
import Database, { type Connection } from '../../../sqlite';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteMigrations } from './migrations';

export type Db = Connection;

/** Applies pending migrations, each in a transaction that sets user_version. */
export function migrate(db: Db, list: readonly string[] = sqliteMigrations): void {
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

/**
 * The data folder and the database in it are the service user's alone (0700, 0600): the database
 * holds webhook signing secrets and customers' names, emails and addresses, which no other
 * account on the machine may read. A folder or file made by an earlier version is tightened too.
 */
function privateFiles(dataDir: string, path: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
  } catch (error) {
    // A folder someone else owns (EPERM), such as /tmp, keeps its owner's choice; the files below
    // are still private.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  // Made 0600 before SQLite opens it: SQLite creates the -wal and -shm files with the database
  // file's mode, so they are private from their first byte.
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`])
    if (existsSync(file)) chmodSync(file, 0o600);
}

/** `dataDir` null opens an in-memory database (tests). */
export function openDb(dataDir: string | null, file = 'service.db'): Db {
  let db: Db;
  if (dataDir === null) db = new Database(':memory:');
  else {
    const path = join(dataDir, file);
    privateFiles(dataDir, path);
    db = new Database(path);
  }
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process kills in WAL mode; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
