/**
 * What a numbered migration is, and how each database gets its SQL from it.
 *
 * SQL the two databases run alike is written once, in SQLite's words; PostgreSQL reads it with
 * SQLite's column types turned into the ones that read back as SQLite's do: INTEGER is BIGINT
 * (read as a JS number: ms timestamps, pence, 0/1 flags), REAL is DOUBLE PRECISION, and a
 * WITHOUT ROWID table is a plain table (PostgreSQL has no rowid); TEXT stays TEXT. Where the two
 * differ, a migration says what each runs; a migration may be one
 * database's alone (PostgreSQL's change announcements), and is then not run, nor counted, on the
 * other.
 */

export type Dialect = 'sqlite' | 'postgres';

/** SQL one database runs (the other runs nothing here). */
export interface PerDialect {
  readonly sqlite?: string;
  readonly postgres?: string;
}

/** A piece of a migration: a string is run by both databases, an object by each its own. */
export type Part = string | PerDialect;

export type Migration =
  | {
      /** The file's name without its number, for messages. */
      readonly name: string;
      /** Run in order, in one transaction. */
      readonly sql: string | readonly Part[];
    }
  | ({ readonly name: string } & PerDialect);

/** Shared SQL as PostgreSQL runs it. */
export function postgresOf(sql: string): string {
  return sql
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/\)\s*WITHOUT ROWID;/g, ');');
}

/** The SQL `dialect` runs for `migration`, or undefined when it runs nothing. */
export function sqlFor(migration: Migration, dialect: Dialect): string | undefined {
  const parts: readonly Part[] =
    'sql' in migration
      ? typeof migration.sql === 'string'
        ? [migration.sql]
        : migration.sql
      : [{ sqlite: migration.sqlite, postgres: migration.postgres }];
  const pieces = parts.flatMap((part) => {
    if (typeof part !== 'string') return part[dialect] ?? [];
    return dialect === 'postgres' ? postgresOf(part) : part;
  });
  return pieces.length > 0 ? pieces.join('\n') : undefined;
}
