import type { Migration } from './migration';

/**
 * Kiosk settings set centrally (kiosk-config/): one document per level (the merchant's, a
 * store's, a terminal's) with the fields it locks, every change of one with its before and after,
 * and the remote actions asked of kiosks with the kiosk's answer.
 */
const migration: Migration = {
  name: 'kiosk-settings',
  sql: `
  CREATE TABLE kiosk_settings (
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    level TEXT NOT NULL,
    target_id TEXT NOT NULL,
    settings TEXT NOT NULL,
    locked TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment, level, target_id)
  );
  CREATE TABLE kiosk_settings_changes (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    level TEXT NOT NULL,
    target_id TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at INTEGER NOT NULL,
    before_doc TEXT NOT NULL,
    after_doc TEXT NOT NULL
  );
  CREATE INDEX kiosk_settings_changes_merchant
    ON kiosk_settings_changes (merchant_id, environment, changed_at);
  CREATE TABLE terminal_actions (
    id TEXT PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    action TEXT NOT NULL,
    status TEXT NOT NULL,
    message TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    done_at INTEGER
  );
  CREATE INDEX terminal_actions_terminal ON terminal_actions (terminal_id, requested_at);
  `,
};
export default migration;
