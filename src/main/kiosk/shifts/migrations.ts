/**
 * The shift tables' numbered migrations, in the kiosk's history database (kiosk.db). They are
 * numbered in a list of their own, recorded in `kiosk_modules`, not in PRAGMA user_version:
 * other parts of the kiosk append to the history's list independently, and a shared number
 * would make the two orders of upgrade disagree. Each runs once, in a transaction; never edit
 * one that has shipped, add the next.
 */
import type { Connection } from '../../../sqlite';

export const shiftMigrations: readonly string[] = [
  // 1: shifts (one open at most), their pay-ins and pay-outs, the final Z reports (numbered
  //    without gaps, never updated or deleted: the triggers refuse it), and the outbox of Z
  //    reports the service has not confirmed yet, sent in number order.
  `
  CREATE TABLE shifts (
    id TEXT PRIMARY KEY,
    opened_at INTEGER NOT NULL,
    opened_by TEXT NOT NULL,
    float_pence INTEGER NOT NULL CHECK (float_pence >= 0),
    closed_at INTEGER,
    z_number INTEGER UNIQUE
  );
  CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
  CREATE TABLE shift_movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shift_id TEXT NOT NULL REFERENCES shifts(id),
    kind TEXT NOT NULL CHECK (kind IN ('PAY_IN', 'PAY_OUT')),
    amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
    reason TEXT NOT NULL CHECK (length(reason) > 0),
    staff TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX shift_movements_by_shift ON shift_movements (shift_id, id);
  CREATE TABLE z_reports (
    number INTEGER PRIMARY KEY CHECK (number > 0),
    shift_id TEXT NOT NULL UNIQUE REFERENCES shifts(id),
    report TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TRIGGER z_reports_final_update BEFORE UPDATE ON z_reports
    BEGIN SELECT RAISE(ABORT, 'A Z report is final: it is never edited'); END;
  CREATE TRIGGER z_reports_final_delete BEFORE DELETE ON z_reports
    BEGIN SELECT RAISE(ABORT, 'A Z report is final: it is never deleted'); END;
  CREATE TABLE z_outbox (
    number INTEGER PRIMARY KEY REFERENCES z_reports(number),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_at INTEGER NOT NULL DEFAULT 0
  );
  `,
];

/** Applies the shift migrations this database has not run yet. */
export function migrateShifts(db: Connection, list: readonly string[] = shiftMigrations): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS kiosk_modules (module TEXT PRIMARY KEY, version INTEGER NOT NULL)',
  );
  const row = db
    .prepare<[string], { version: number }>('SELECT version FROM kiosk_modules WHERE module = ?')
    .get('shifts');
  const current = row?.version ?? 0;
  if (current > list.length)
    throw new Error(
      `The kiosk's shift tables were written by a newer version of Counter (${current}; this build knows ${list.length}). Upgrade Counter.`,
    );
  list.slice(current).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.prepare(
        `INSERT INTO kiosk_modules (module, version) VALUES ('shifts', ?)
         ON CONFLICT (module) DO UPDATE SET version = excluded.version`,
      ).run(current + i + 1);
    })();
  });
}
