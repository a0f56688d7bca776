/**
 * `--import-sqlite DIR`: copies a SQLite service database (DIR/service.db) into an empty
 * PostgreSQL one, every row with its ids, so a sandbox that grew up on one machine can move to a
 * shared database. The SQLite file is only read. Both schemas are the same table for table and
 * column for column (postgres/store.test.ts holds them to it), so each table is copied as it is,
 * parents before children, in one PostgreSQL transaction: an import that fails leaves the
 * database empty.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import Database from '../../../../sqlite';
import { sqliteMigrations } from '../migrations';

/**
 * Kept by the database itself (customer_counts by trigger), not worth moving, or PostgreSQL's
 * alone (commit_markers: the outcome of a COMMIT whose connection was lost; SQLite has none).
 */
const NOT_COPIED = new Set([
  'schema_version',
  'customer_counts',
  'failure_buckets',
  'commit_markers',
]);

export interface ImportSummary {
  tables: number;
  rows: number;
}

export async function importSqlite(dataDir: string, pool: pg.Pool): Promise<ImportSummary> {
  const file = join(dataDir, 'service.db');
  if (!existsSync(file)) throw new Error(`There is no service database at ${file}`);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  const client = await pool.connect();
  try {
    const version = sqlite.pragma('user_version', { simple: true }) as number;
    if (version !== sqliteMigrations.length)
      throw new Error(
        `The SQLite database is at schema ${version}; this build knows ${sqliteMigrations.length}. ` +
          'Start the service on it once with this build (it migrates it), then import.',
      );
    await client.query('BEGIN');
    const merchants = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
    if ((merchants.rows[0]?.n ?? 0) > 0)
      throw new Error('The PostgreSQL database already holds data: import into an empty one');

    const tables = (
      await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      )
    ).rows
      .map((r) => r.name)
      .filter((name) => !NOT_COPIED.has(name));
    const parents = (
      await client.query<{ child: string; parent: string }>(
        `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
         FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`,
      )
    ).rows;

    let rows = 0;
    for (const table of parentsFirst(tables, parents)) {
      const columns = (
        await client.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).rows.map((r) => r.name);
      rows += await copyTable(sqlite, client, table, columns);
    }
    // New events continue after the last one, as SQLite's AUTOINCREMENT does (a terminal
    // resuming its stream must never see a seq it has had before).
    const last = sqlite
      .prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'")
      .get();
    await client.query(
      `SELECT setval(pg_get_serial_sequence('events', 'seq'),
         GREATEST($1::bigint, COALESCE((SELECT max(seq) FROM events), 0), 1))`,
      [last?.seq ?? 0],
    );
    await client.query('COMMIT');
    return { tables: tables.length, rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    sqlite.close();
  }
}

/** Tables ordered so that each comes after every table its foreign keys point at. */
function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges)
      if (e.child === table && tables.includes(e.parent)) visit(e.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}

/** Copies one table in multi-row inserts (PostgreSQL takes at most 65,535 parameters each). */
async function copyTable(
  sqlite: InstanceType<typeof Database>,
  client: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<number> {
  const quoted = columns.map((c) => `"${c}"`).join(', ');
  const select = sqlite.prepare(`SELECT ${quoted} FROM "${table}"`).raw(true);
  const perInsert = Math.max(1, Math.floor(60_000 / columns.length));
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    // events.seq is an identity column: the rows keep their own numbers.
    const overriding = table === 'events' ? ' OVERRIDING SYSTEM VALUE' : '';
    await client.query(
      `INSERT INTO "${table}" (${quoted})${overriding} VALUES ${values}`,
      batch.flat(),
    );
    copied += batch.length;
    batch = [];
  };
  for (const row of select.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return copied;
}
