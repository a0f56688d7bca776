/** Applies the history database's migrations; refuses a database from a newer Counter. */
import type Database from 'better-sqlite3';
import { migrations } from './migrations';

export class NewerDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The kiosk history at ${file} was written by a newer version of Counter (schema ${found}; ` +
        `this build knows ${known}). Upgrade Counter, or move that file aside to start a new history.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

/** Applies pending migrations, each in a transaction that sets user_version. */
export function migrate(db: Database.Database, list: readonly string[] = migrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) throw new NewerDatabaseError(db.name, current, list.length);
  list.slice(current).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + i + 1}`);
    })();
  });
}
