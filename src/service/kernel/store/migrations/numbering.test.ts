import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import Database from '../../../../sqlite';
import { freshDatabaseUrl } from '../../../../../test/helpers/postgres';
import { migrate } from '../db';
import { migratePostgres } from '../postgres/migrate';
import { createPostgresStore } from '../postgres/store';
import type { Store } from '../port';
import { migrations, postgresMigrations, sqliteMigrations } from '.';
import { sqlFor } from './migration';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** Everything a schema is made of, as PostgreSQL describes it. */
async function postgresCatalog(store: Store): Promise<unknown[]> {
  const queries = [
    `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default,
            is_identity
       FROM information_schema.columns WHERE table_schema = current_schema()
      ORDER BY table_name, ordinal_position`,
    `SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`,
    `SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal
      ORDER BY 1`,
    `SELECT proname, prosrc FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
      ORDER BY 1`,
    `SELECT version FROM schema_version`,
  ];
  const out: unknown[] = [];
  for (const sql of queries) out.push(await store.prepare(sql).all());
  return out;
}

function sqliteCatalog(db: InstanceType<typeof Database>): unknown {
  return {
    schema: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all(),
    version: db.pragma('user_version', { simple: true }),
  };
}

describe('the one list of migrations', () => {
  it('numbers its files 0001, 0002, … in the order it runs them', () => {
    const files = readdirSync(__dirname)
      .filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    expect(files.map((f) => Number(f.slice(0, 4)))).toEqual(files.map((_, i) => i + 1));
    expect(migrations.map((m) => m.name)).toEqual(files.map((f) => f.slice(5, -3)));
    // Each database runs the migrations that have SQL for it, in the list's order: SQLite not
    // PostgreSQL's change announcements (0016, 0021, 0026) nor its commit markers (0031).
    expect(sqliteMigrations).toHaveLength(migrations.length - 4);
    expect(postgresMigrations).toHaveLength(migrations.length);
    expect(sqlFor(migrations[15]!, 'sqlite')).toBeUndefined();
  });

  it('bring a SQLite database from any earlier version to the schema a new one gets, keeping its rows', () => {
    const fresh = new Database(':memory:');
    migrate(fresh);
    for (let version = 1; version < sqliteMigrations.length; version++) {
      const db = new Database(':memory:');
      migrate(db, sqliteMigrations.slice(0, version));
      db.exec("INSERT INTO merchants (id, name, created_at) VALUES ('m1', 'Old shop', 1)");
      migrate(db);
      expect(sqliteCatalog(db), `from version ${version}`).toEqual(sqliteCatalog(fresh));
      expect(db.prepare('SELECT id, name FROM merchants').all()).toEqual([
        { id: 'm1', name: 'Old shop' },
      ]);
      db.close();
    }
    fresh.close();
  });

  it("renumber once, without running anything again, a PostgreSQL database counted before the list (its 1 was the list's 1 to 13)", async () => {
    const fresh = await createPostgresStore({ url: await freshDatabaseUrl(), poolSize: 2 });
    open.push(fresh);
    const expected = await postgresCatalog(fresh);
    // Old versions: the first, one before and one after PostgreSQL's first change
    // announcements (old 4), and the last the old numbering had.
    for (const old of [1, 3, 4, 16]) {
      const url = await freshDatabaseUrl();
      const pool = new pg.Pool({ connectionString: url });
      await migratePostgres(pool, postgresMigrations.slice(0, old + 12));
      // As the code before the list left it: its own number, and no word on the table.
      await pool.query('UPDATE schema_version SET version = $1', [old]);
      await pool.query('COMMENT ON TABLE schema_version IS NULL');
      await pool.query("INSERT INTO merchants (id, name, created_at) VALUES ('m1', 'Old shop', 1)");
      await pool.end();

      const store = await createPostgresStore({ url, poolSize: 2 });
      open.push(store);
      expect(await store.schemaVersion()).toBe(postgresMigrations.length);
      expect(await postgresCatalog(store), `from old version ${old}`).toEqual(expected);
      expect(await store.prepare('SELECT id, name FROM merchants').all()).toEqual([
        { id: 'm1', name: 'Old shop' },
      ]);
    }
  }, 120_000);

  it('reports an old-numbered PostgreSQL database at its version in the list before migrating it', async () => {
    const url = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: url });
    await migratePostgres(pool, postgresMigrations.slice(0, 14));
    await pool.query('UPDATE schema_version SET version = 2');
    await pool.query('COMMENT ON TABLE schema_version IS NULL');
    await pool.end();
    const store = await createPostgresStore({ url, poolSize: 1, migrate: false });
    open.push(store);
    expect(await store.schemaVersion()).toBe(14);
  });
});
