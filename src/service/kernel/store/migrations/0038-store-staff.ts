import type { Migration } from './migration';

/**
 * Staff known to the service (merchants/staff.ts): each store's people with their role, an
 * active flag and a scrypt hash of the PIN the merchant set (never the PIN), pushed to that
 * store's kiosks. A refund keeps who took it at the kiosk ({id, name, role} as JSON); a payment
 * keeps it with its options.
 */
const migration: Migration = {
  name: 'store-staff',
  sql: `
  CREATE TABLE store_staff (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    active INTEGER NOT NULL,
    pin_salt TEXT NOT NULL,
    pin_hash TEXT NOT NULL,
    cost_n INTEGER NOT NULL,
    block_r INTEGER NOT NULL,
    parallel_p INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX store_staff_store ON store_staff (store_id, environment, created_at);
  ALTER TABLE refunds ADD COLUMN staff TEXT;
  `,
};
export default migration;
