import type { Migration } from './migration';

/**
 * Simulated kiosks (sandbox-kiosks/): a terminal the sandbox itself plays is a real paired
 * terminal, marked `simulated` so the dashboard can say so, and its simulated state (its stream
 * open or closed, printer, display, waiting work, version, the settings in force it last took) is
 * kept beside it, so every instance on one database plays it alike.
 */
const migration: Migration = {
  name: 'simulated-kiosks',
  sql: `
  ALTER TABLE terminals ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE simulated_kiosks (
    terminal_id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    state TEXT NOT NULL,
    settings TEXT,
    console_locked INTEGER NOT NULL DEFAULT 0,
    started_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX simulated_kiosks_merchant ON simulated_kiosks (merchant_id);
  `,
};
export default migration;
