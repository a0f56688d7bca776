/**
 * Applies the PostgreSQL migrations. Many instances may start together on one database, so each
 * migration runs in its own transaction holding a transaction-level advisory lock: the others
 * wait for it, then read the version it left and find nothing more to do. The version is a
 * one-row table (PostgreSQL has no user_version), created under the same lock.
 */
import type { Pool, PoolClient } from 'pg';
import { postgresMigrations } from './migrations';

/** The advisory lock's key: any constant no other code on the database uses. */
const MIGRATION_LOCK = 0x436f756e74; // "Count"

/** The version a database is at: 0 before the first migration. */
export async function readVersion(client: Pool | PoolClient): Promise<number> {
  const table = await client.query<{ t: string | null }>(
    "SELECT to_regclass('schema_version')::text AS t",
  );
  if (table.rows[0]?.t == null) return 0;
  const row = await client.query<{ version: number }>('SELECT version FROM schema_version');
  return Number(row.rows[0]?.version ?? 0);
}

export async function migratePostgres(
  pool: Pool,
  list: readonly string[] = postgresMigrations,
): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    for (;;) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query('CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)');
        await client.query(
          'INSERT INTO schema_version (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version)',
        );
        const current = await readVersion(client);
        if (current > list.length)
          throw new Error(
            `This database was written by a newer version of Counter (schema ${current}; this build knows ${list.length}). Upgrade Counter or use another database.`,
          );
        if (current === list.length) {
          await client.query('COMMIT');
          return;
        }
        await client.query(list[current]!);
        await client.query('UPDATE schema_version SET version = $1', [current + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw error;
      }
    }
  } finally {
    client.release(broken);
  }
}
