import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database, { SQLITE_PACKAGE, SQLITE_PACKAGE_VERSION, sqlitePackageFor } from '.';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the SQLite driver', () => {
  it('gives Node 20 better-sqlite3 12 and Node 22 and later the Node-API build (13)', () => {
    expect(sqlitePackageFor('20.19.0')).toBe('better-sqlite3');
    expect(sqlitePackageFor('21.7.3')).toBe('better-sqlite3');
    expect(sqlitePackageFor('22.12.0')).toBe('better-sqlite3-napi');
    expect(sqlitePackageFor('24.11.1')).toBe('better-sqlite3-napi');
  });

  it(`loads the build this Node (${process.versions.node}) needs, and only that one`, () => {
    const napi = nodeMajor >= 22;
    expect(SQLITE_PACKAGE).toBe(napi ? 'better-sqlite3-napi' : 'better-sqlite3');
    expect(SQLITE_PACKAGE_VERSION.split('.')[0]).toBe(napi ? '13' : '12');
    expect(Database).toBe(require(SQLITE_PACKAGE));
    // The other build's code was never loaded (13's binary crashes Node 20 when it opens a file).
    const other = `${sep}node_modules${sep}${napi ? 'better-sqlite3' : 'better-sqlite3-napi'}${sep}`;
    expect(Object.keys(require.cache).filter((f) => f.includes(other))).toEqual([]);
  });

  it('opens a database file, writes, and reads back after reopening', () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-sqlite-'));
    dirs.push(dir);
    const file = join(dir, 'driver.db');
    const db = new Database(file);
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    const insert = db.prepare<[string], void>('INSERT INTO t (name) VALUES (?)');
    db.transaction(() => ['a', 'b'].forEach((n) => insert.run(n)))();
    db.close();

    const again = new Database(file, { readonly: true });
    const rows = again.prepare('SELECT id, name FROM t ORDER BY id').all();
    expect(rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(() => again.exec("INSERT INTO t (name) VALUES ('c')")).toThrow(/readonly/);
    again.close();
  });
});
