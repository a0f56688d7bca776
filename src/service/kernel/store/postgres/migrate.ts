/**
 * Applies the PostgreSQL migrations. Many instances may start together on one database, so each
 * migration runs in its own transaction holding a transaction-level advisory lock: the others
 * wait for it, then read the version it left and find nothing more to do. The version is a
 * one-row table (PostgreSQL has no user_version), created under the same lock.
 */
import type { Pool, PoolClient } from 'pg';
import { postgresMigrations } from '../migrations';

/** The advisory lock's key: any constant no other code on the database uses. */
const MIGRATION_LOCK = 0x436f756e74; // "Count"

/**
 * Before the one list of migrations (../migrations), PostgreSQL numbered its own: its first was
 * the list's 0001 to 0013 together, and each later one is the list's twelve further on. A
 * schema_version table without this comment still counts that way; it is renumbered once, under
 * the migration lock, and gets the comment. Never change the text: it is how a database says so.
 */
const ONE_LIST = 'counts the migrations in src/service/kernel/store/migrations';
const FOLDED_INTO_FIRST = 12;

/** What schema_version holds, and whether it is in the list's numbering. */
async function readRecord(client: Pool | PoolClient) {
  const table = await client.query<{ t: string | null }>(
    "SELECT to_regclass('schema_version')::text AS t",
  );
  if (table.rows[0]?.t == null) return { version: 0, renumbered: true };
  const row = await client.query<{ version: number; numbering: string | null }>(
    "SELECT version, obj_description('schema_version'::regclass, 'pg_class') AS numbering FROM schema_version",
  );
  const version = Number(row.rows[0]?.version ?? 0);
  return { version, renumbered: row.rows[0]?.numbering === ONE_LIST || version === 0 };
}

/** The version a database is at, in the list's numbering: 0 before the first migration. */
export async function readVersion(client: Pool | PoolClient): Promise<number> {
  const { version, renumbered } = await readRecord(client);
  return renumbered ? version : version + FOLDED_INTO_FIRST;
}

/** Once per database, inside the caller's transaction: the version in the list's numbering. */
async function renumber(client: PoolClient): Promise<void> {
  const numbering = await client.query<{ numbering: string | null }>(
    "SELECT obj_description('schema_version'::regclass, 'pg_class') AS numbering",
  );
  if (numbering.rows[0]?.numbering === ONE_LIST) return;
  await client.query('UPDATE schema_version SET version = $1', [await readVersion(client)]);
  await client.query(`COMMENT ON TABLE schema_version IS '${ONE_LIST}'`);
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
        await renumber(client);
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
