import type { Migration } from './migration';

/**
 * webhooks: every attempt of a delivery, not only the last (the delivery row keeps the summary).
 * `at` is when the attempt was sent, by its environment's clock; `error` is the dispatcher's fixed
 * words (null for an HTTP answer); `tamper` marks a sandbox test delivery sent deliberately forged
 * (a wrong signature, or a stale timestamp).
 */
const migration: Migration = {
  name: 'webhook-attempts',
  sql: `
  CREATE TABLE webhook_delivery_attempts (
    delivery_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    at INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
  ) WITHOUT ROWID;
  ALTER TABLE webhook_deliveries ADD COLUMN tamper TEXT CHECK (tamper IN ('signature', 'timestamp'));
  `,
};
export default migration;
