import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabaseUrl, sharedServer } from '../../../../../test/helpers/postgres';
import { openDb } from '../db';
import { createSqliteStore } from '../sqlite-store';
import type { Store } from '../port';
import { isUnavailable } from '../unavailable';
import { customerSearchSql } from '../../../customers/search';
import { createPostgresStore, type PostgresStore } from './store';
import { numberPlaceholders } from './placeholders';
import { postgresMigrations } from '../migrations';

const open: Store[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function postgres(url?: string): Promise<PostgresStore> {
  const store = await createPostgresStore({ url: url ?? (await freshDatabaseUrl()), poolSize: 4 });
  open.push(store);
  return store;
}
function sqlite(): Store {
  const store = createSqliteStore(openDb(null));
  open.push(store);
  return store;
}

/** Resolves when `release` is called: holds a transaction open while the test looks from outside. */
function latch() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

const MERCHANT = `INSERT INTO merchants (id, name, created_at) VALUES (?, ?, ?)`;

describe('placeholders', () => {
  it('number ? and @name, leaving quoted text and comments alone', () => {
    expect(numberPlaceholders(`SELECT ? , 'it''s ?', "odd?col", ? -- why?\n, ?`)).toEqual({
      text: `SELECT $1 , 'it''s ?', "odd?col", $2 -- why?\n, $3`,
      names: null,
      count: 3,
    });
    expect(numberPlaceholders(`SELECT E'\\' ?', ? /* ? */, $$ ? $$, $t$?$t$`).text).toBe(
      `SELECT E'\\' ?', $1 /* ? */, $$ ? $$, $t$?$t$`,
    );
    expect(numberPlaceholders(`VALUES (@id, @name, @id, 'a@b.c', x@y)`)).toEqual({
      text: `VALUES ($1, $2, $1, 'a@b.c', x@y)`,
      names: ['id', 'name'],
      count: 2,
    });
  });

  it('bind the values a statement names, whichever dialect runs it', async () => {
    for (const store of [sqlite(), await postgres()]) {
      const row = await store.prepare(`SELECT ? AS a, 'it''s ?' AS b, ? AS c`).get('one', 'two');
      expect(row).toEqual({ a: 'one', b: "it's ?", c: 'two' });
      const named = await store
        .prepare(`SELECT @x AS x, @y AS y, @x || '?' AS xx`)
        .get({ x: 'ex', y: 'why' });
      expect(named).toEqual({ x: 'ex', y: 'why', xx: 'ex?' });
    }
  });
});

describe('rows', () => {
  it('read back exactly as SQLite reads them: numbers, strings, null', async () => {
    const now = 1_767_225_600_123; // ms: beyond 32 bits
    const stores = [sqlite(), await postgres()];
    const read = [];
    for (const store of stores) {
      await store.prepare(MERCHANT).run('m1', 'Shop', now);
      await store
        .prepare(
          `INSERT INTO payment_requests (id, merchant_id, environment, store_id, customer_ref,
            order_id, amount_pence, status, allowed_methods, options, template, expires_at,
            created_at, updated_at) VALUES (?, 'm1', 'sandbox', 's1', 'c', 'o', ?, 'PENDING',
            '[]', '{}', 't', ?, ?, ?)`,
        )
        .run('pr1', 123_456, now + 1, now, now);
      read.push({
        row: await store.prepare('SELECT * FROM payment_requests WHERE id = ?').get('pr1'),
        merchant: await store.prepare('SELECT * FROM merchants').all(),
        sums: await store
          .prepare(
            `SELECT count(*) AS n, sum(amount_pence) AS total, max(created_at) AS newest,
               min(notes) AS none, 1 = 1 AS yes FROM payment_requests`,
          )
          .get(),
        missing: await store.prepare('SELECT * FROM merchants WHERE id = ?').get('nobody'),
        array: await store
          .prepareArrays('SELECT id, amount_pence, notes FROM payment_requests')
          .all(),
        changes: await store
          .prepare('UPDATE payment_requests SET notes = ? WHERE merchant_id = ?')
          .run('n', 'm1'),
      });
    }
    const [fromSqlite, fromPostgres] = read;
    expect(fromPostgres).toStrictEqual(fromSqlite);
    expect(fromPostgres!.row).toMatchObject({ created_at: now, notes: null, refunded_pence: 0 });
    expect(fromPostgres!.array).toStrictEqual([['pr1', 123_456, null]]);
    expect(fromPostgres!.changes).toStrictEqual({ changes: 1 });
  });
});

describe('transactions', () => {
  it('commit when the work resolves and roll back when it throws', async () => {
    const store = await postgres();
    await store.tx(async () => {
      await store.prepare(MERCHANT).run('kept', 'Kept', 1);
    });
    await expect(
      store.tx(async () => {
        await store.prepare(MERCHANT).run('undone', 'Undone', 1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await store.prepare<[], { id: string }>('SELECT id FROM merchants').all();
    expect(ids.map((r) => r.id)).toEqual(['kept']);
  });

  it('follow each transaction while others begin and end around it (no transaction open: no tracking)', async () => {
    const store = await postgres();
    await store.exec('CREATE TABLE counter_test (n INTEGER NOT NULL)');
    const insert = store.prepare('INSERT INTO counter_test (n) VALUES (?)');
    const sum = async () =>
      (await store.prepare<[], { n: number }>('SELECT sum(n) AS n FROM counter_test').get())!.n;
    const held = latch();
    const first = store.tx(async () => {
      await insert.run(1);
      await held.done; // another transaction begins and ends meanwhile
      return { inside: store.inTransaction, sum: await sum() };
    });
    await store.tx(() => insert.run(2));
    expect(store.inTransaction).toBe(false);
    expect(await sum()).toBe(2); // outside: the committed one only
    held.release();
    // Still on its own connection: its own row, not the one committed since it began.
    expect(await first).toEqual({ inside: true, sum: 1 });
    expect(await sum()).toBe(3);
    // Once none is open, a new one is followed again.
    expect(await store.tx(async () => store.inTransaction)).toBe(true);
  });

  it('undo only a nested transaction that throws (a savepoint)', async () => {
    const store = await postgres();
    await store.tx(async () => {
      await store.prepare(MERCHANT).run('outer', 'Outer', 1);
      await expect(
        store.tx(async () => {
          await store.prepare(MERCHANT).run('inner', 'Inner', 1);
          // A failed statement: PostgreSQL would abort the whole transaction without the savepoint.
          await store.prepare(MERCHANT).run('outer', 'Twice', 1);
        }),
      ).rejects.toThrow(/duplicate key/);
      await store.prepare(MERCHANT).run('after', 'After', 1);
    });
    const ids = await store
      .prepare<[], { id: string }>('SELECT id FROM merchants ORDER BY id')
      .all();
    expect(ids.map((r) => r.id)).toEqual(['after', 'outer']);
  });

  it('refuse to commit after a failed statement rather than roll back silently', async () => {
    const store = await postgres();
    await store.prepare(MERCHANT).run('m1', 'One', 1);
    await expect(
      store.tx(async () => {
        await store.prepare(MERCHANT).run('m2', 'Two', 1);
        await store
          .prepare(MERCHANT)
          .run('m1', 'Again', 1)
          .catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back: a statement in it failed/);
    expect(await store.prepare('SELECT id FROM merchants').all()).toEqual([{ id: 'm1' }]);
  });

  it("send every statement of the work's async flow to its connection, hidden from others until commit", async () => {
    const store = await postgres();
    const count = store.prepare<[], { n: number }>('SELECT count(*) AS n FROM merchants');
    const inside = latch();
    const wrote = latch();
    const seen: number[] = [];
    const work = store.tx(async () => {
      expect(store.inTransaction).toBe(true);
      await store.prepare(MERCHANT).run('m1', 'One', 1);
      // Awaited elsewhere in the flow: a timer and a helper still run in the transaction.
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push((await count.get())!.n);
      wrote.release();
      await inside.done;
    });
    await wrote.done;
    expect(store.inTransaction).toBe(false);
    // Outside the flow, on another connection, while the transaction is open.
    seen.push((await count.get())!.n);
    inside.release();
    await work;
    seen.push((await count.get())!.n);
    expect(seen).toEqual([1, 0, 1]);
  });

  it('run the work again when a concurrent transaction makes it unserializable', async () => {
    const store = await postgres();
    const bothRead = { n: 0, go: latch() };
    let runs = 0;
    // Each inserts a merchant only if there is none: run side by side, at READ COMMITTED both
    // would insert; under SERIALIZABLE one is aborted, runs again and sees the other's row.
    const insertIfNone = (id: string) =>
      store.tx(async () => {
        runs++;
        const { n } = (await store
          .prepare<[], { n: number }>('SELECT count(*) AS n FROM merchants')
          .get())!;
        if (++bothRead.n === 2) bothRead.go.release();
        await bothRead.go.done;
        if (n === 0) await store.prepare(MERCHANT).run(id, id, 1);
      });
    await Promise.all([insertIfNone('a'), insertIfNone('b')]);
    expect(await store.prepare('SELECT count(*) AS n FROM merchants').get()).toEqual({ n: 1 });
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});

describe('migrations', () => {
  it('apply once when two instances start together on a fresh database', async () => {
    const url = await freshDatabaseUrl();
    const [a, b] = await Promise.all([postgres(url), postgres(url)]);
    expect(await a.schemaVersion()).toBe(postgresMigrations.length);
    expect(await b.schemaVersion()).toBe(a.knownVersion);
    expect(await a.prepare('SELECT * FROM schema_version').all()).toEqual([
      { version: postgresMigrations.length },
    ]);
  });

  it('refuse a database written by a newer version', async () => {
    const url = await freshDatabaseUrl();
    const first = await postgres(url);
    await first.exec(`UPDATE schema_version SET version = ${first.knownVersion + 1}`);
    await expect(createPostgresStore({ url })).rejects.toThrow(
      `This database was written by a newer version of Counter (schema ${first.knownVersion + 1}; this build knows ${first.knownVersion}).`,
    );
  });

  it("give PostgreSQL every table and column SQLite's migrations make, with the same types", async () => {
    const lite = openDb(null);
    const store = await postgres();
    const SQLITE_TYPES: Record<string, string> = {
      INTEGER: 'bigint',
      TEXT: 'text',
      REAL: 'double precision',
      BLOB: 'bytea',
    };
    // Table -> its columns in order, each "name type nullability".
    const fromSqlite: Record<string, string[]> = {};
    const tables = lite
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
           AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'customers_fts_%'`,
      )
      .all() as { name: string }[];
    for (const { name } of tables)
      fromSqlite[name] = (
        lite.pragma(`table_info(${name})`) as {
          name: string;
          type: string;
          notnull: number;
          pk: number;
        }[]
      ).map((c) => `${c.name} ${SQLITE_TYPES[c.type]} ${c.notnull || c.pk ? 'NOT NULL' : 'NULL'}`);
    const fromPostgres: Record<string, string[]> = {};
    for (const c of await store
      .prepare<[], { t: string; c: string; type: string; nullable: string }>(
        `SELECT table_name AS t, column_name AS c, data_type AS type, is_nullable AS nullable
           FROM information_schema.columns
          WHERE table_schema = current_schema()
            AND table_name NOT IN ('schema_version', 'commit_markers')
          ORDER BY table_name, ordinal_position`,
      )
      .all())
      (fromPostgres[c.t] ??= []).push(
        `${c.c} ${c.type} ${c.nullable === 'YES' ? 'NULL' : 'NOT NULL'}`,
      );
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(30);
    expect(fromPostgres).toEqual(fromSqlite);

    // The indexes too, by name: PostgreSQL's search index stands for SQLite's FTS5 table.
    const sqliteIndexes = (
      lite
        .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL`)
        .all() as { name: string }[]
    ).map((r) => r.name);
    const postgresIndexes = (
      await store
        .prepare<[], { name: string }>(
          // Not those PostgreSQL makes for a PRIMARY KEY or UNIQUE constraint (SQLite's are
          // automatic indexes without SQL).
          `SELECT i.relname AS name FROM pg_index x
             JOIN pg_class i ON i.oid = x.indexrelid
             JOIN pg_class t ON t.oid = x.indrelid
            WHERE t.relnamespace = current_schema()::regnamespace
              AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
        )
        .all()
    ).map((r) => r.name);
    // commit_markers is PostgreSQL's alone (lost commits are looked up there).
    expect(postgresIndexes.sort()).toEqual(
      [...sqliteIndexes, 'customers_search', 'commit_markers_at'].sort(),
    );
    lite.close();
  });
});

describe('customer search', () => {
  it('finds the same customers in both dialects', async () => {
    const people = [
      ['c1', 'Ada Lovelace', 'ada@example.com', '+447700900001'],
      ['c2', 'Grace Hopper', 'GRACE@navy.example', null],
      ['c3', 'Alan Turing', null, '07700 900003'],
      ['c4', 'Percy 100% Shelley', 'p_s@example.com', null],
      ['c5', 'O"Brien', 'obrien@example.com', null],
    ];
    const queries = [
      ['lace'],
      ['ADA'],
      ['grace@'],
      ['900003'],
      ['%'],
      ['_s@'],
      ['y 1'],
      ['al'],
      ['O"B'],
      ['hop', 'tur'],
      ['zzz'],
    ];
    const results: string[][][] = [];
    for (const store of [sqlite(), await postgres()]) {
      await store.prepare(MERCHANT).run('m1', 'Shop', 1);
      for (const [id, name, email, phone] of people)
        await store
          .prepare(
            `INSERT INTO customers (id, merchant_id, environment, full_name, email, phone_number, created_at)
             VALUES (?, 'm1', 'sandbox', ?, ?, ?, 1)`,
          )
          .run(id, name, email, phone);
      const found: string[][] = [];
      for (const terms of queries)
        for (const driving of [true, false]) {
          const search = customerSearchSql(store.dialect, terms, driving);
          const rows = await store
            .prepare<[Record<string, string>], { id: string }>(
              `SELECT c.id FROM ${search.from ?? 'customers c'}
                WHERE c.merchant_id = @m AND ${search.where} ORDER BY c.id`,
            )
            .all({ ...search.params, m: 'm1' });
          found.push(rows.map((r) => r.id));
        }
      results.push(found);
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]![0]).toEqual(['c1']);
    expect(results[0]![2]).toEqual(['c1']); // ADA: case ignored
    expect(results[0]![8]).toEqual(['c4']); // %: taken literally
  });
});

describe('a lost connection', () => {
  it('fails as unavailable while the server is down, and works again once it is back', async (ctx) => {
    const server = await sharedServer();
    if (!server) return ctx.skip(); // DATABASE_URL: not ours to stop
    const store = await postgres();
    const count = store.prepare<[], { n: number }>('SELECT count(*) AS n FROM merchants');
    expect(await count.get()).toEqual({ n: 0 });
    await server.stop();
    try {
      const failure = await count.get().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isUnavailable(failure)).toBe(true);
      const inTx = await store
        .tx(() => count.get())
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUnavailable(inTx)).toBe(true);
    } finally {
      await server.start();
    }
    expect(await count.get()).toEqual({ n: 0 });
    await store.tx(() => store.prepare(MERCHANT).run('back', 'Back', 1));
    expect(await count.get()).toEqual({ n: 1 });
  });

  it('recognises connection errors, and only those', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isUnavailable(refused)).toBe(true);
    expect(isUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A standby not yet promoted, reached through the primary's address during a failover.
    expect(isUnavailable(Object.assign(new Error('read-only'), { code: '25006' }))).toBe(true);
    const serializable = 'cannot use serializable mode in a hot standby';
    expect(isUnavailable(Object.assign(new Error(serializable), { code: '0A000' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('not supported'), { code: '0A000' }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(new pg.DatabaseError('syntax', 1, 'error'))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });
});
