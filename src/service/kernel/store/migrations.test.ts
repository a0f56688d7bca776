import { describe, expect, it } from 'vitest';
import Database from '../../../sqlite';
import { migrate } from './db';
import { sqliteMigrations as migrations } from './migrations';

describe('service migrations', () => {
  it('apply in order, each setting user_version, and refuse a database from a newer build', () => {
    const db = new Database(':memory:');
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    migrate(db); // nothing left to apply
    expect(() => migrate(db, migrations.slice(0, 3))).toThrow(/newer version of Counter/);
  });

  it('keep every event and its sequence when the outbox loses its unread indexes (0009)', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.slice(0, 8));
    const insert = db.prepare(`INSERT INTO events
      (id, merchant_id, environment, type, terminal_id, body, created_at)
      VALUES (?, 'm', 'sandbox', 'POS_PAYMENT_STATUS', ?, '{}', 1)`);
    for (let i = 1; i <= 10; i++) insert.run(`evt_${i}`, i % 2 ? 'terminal-1' : null);
    // A sandbox reset deleted the newest events: their seqs must still never come back.
    db.exec('DELETE FROM events WHERE seq > 6');

    migrate(db);

    const kept = db.prepare('SELECT seq, id, terminal_id FROM events ORDER BY seq').all();
    expect(kept).toHaveLength(6);
    expect(kept[0]).toEqual({ seq: 1, id: 'evt_1', terminal_id: 'terminal-1' });
    expect(insert.run('evt_next', 'terminal-1').lastInsertRowid).toBe(11);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT seq FROM events WHERE terminal_id = ? AND seq > ?')
      .all('terminal-1', 0) as { detail: string }[];
    expect(plan.map((p) => p.detail).join()).toMatch(/USING (COVERING )?INDEX events_terminal/);
  });

  it('give every merchant the sandbox clock they all shared, so none goes back (0024)', () => {
    const db = new Database(':memory:');
    const at = migrations.findIndex((m) => m.includes('CREATE TABLE sandbox_clocks'));
    migrate(db, migrations.slice(0, at));
    db.exec(`INSERT INTO merchants (id, name, created_at) VALUES ('m1', 'One', 0), ('m2', 'Two', 1);
      INSERT INTO meta (key, value) VALUES ('clock_offset_ms', '86400000')`);

    migrate(db);

    expect(db.prepare('SELECT * FROM sandbox_clocks ORDER BY merchant_id').all()).toEqual([
      { merchant_id: 'm1', offset_ms: 86_400_000 },
      { merchant_id: 'm2', offset_ms: 86_400_000 },
    ]);
    expect(db.prepare("SELECT * FROM meta WHERE key = 'clock_offset_ms'").all()).toEqual([]);
  });
});
