import type { Migration } from './migration';

/**
 * hardening: idempotency keys. An answer is kept for 24 hours of the service's clock; status NULL
 * is a reservation whose handler has not finished (boot says which process).
 */
const migration: Migration = {
  name: 'idempotency-keys',
  sql: `
  CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER,
    body TEXT,
    boot TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
  `,
};
export default migration;
