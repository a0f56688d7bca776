import type { Migration } from './migration';

/**
 * The fleet (fleet/): each terminal's latest health report, a short ring of its recent reports
 * (a slot per report, reused, so the history stays bounded without deletes), with
 * the few fields the alert sweep reads as columns of their own (no report parsed per sweep), the merchant's
 * alert settings, and each alert's state, so every alert is sent once and its recovery once
 * whichever instance sweeps.
 */
const migration: Migration = {
  name: 'fleet-health',
  sql: `
  CREATE TABLE terminal_health (
    terminal_id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    report TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    changed_at INTEGER NOT NULL,
    reports INTEGER NOT NULL,
    entries INTEGER NOT NULL,
    app_version TEXT NOT NULL,
    printer_state TEXT NOT NULL,
    work_oldest_at INTEGER
  );
  CREATE INDEX terminal_health_merchant ON terminal_health (merchant_id, environment);
  CREATE TABLE terminal_health_history (
    terminal_id TEXT NOT NULL,
    slot INTEGER NOT NULL,
    report TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (terminal_id, slot)
  );
  CREATE TABLE fleet_settings (
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    offline_alert_ms INTEGER,
    alert_email TEXT,
    PRIMARY KEY (merchant_id, environment)
  );
  CREATE TABLE fleet_alerts (
    terminal_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    message TEXT NOT NULL,
    raised_at INTEGER NOT NULL,
    cleared_at INTEGER,
    PRIMARY KEY (terminal_id, kind)
  );
  CREATE INDEX fleet_alerts_merchant ON fleet_alerts (merchant_id, environment);
  `,
};
export default migration;
