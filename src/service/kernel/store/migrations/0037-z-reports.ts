import type { Migration } from './migration';

/**
 * The service's copy of each kiosk's Z reports (terminals/shifts.ts): one row per terminal and
 * report number, kept as received and never updated, with the hash and the previous report's
 * hash it names, so the chain check can recompute and compare.
 */
const migration: Migration = {
  name: 'z-reports',
  sql: `
  CREATE TABLE terminal_z_reports (
    terminal_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    hash TEXT NOT NULL,
    previous_hash TEXT,
    report TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (terminal_id, number)
  );
  `,
};
export default migration;
