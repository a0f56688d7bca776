import type { Migration } from './migration';

/**
 * stores a merchant manages (POST/PATCH /api/stores): archived_at is when the store was archived
 * (NULL while open); an archived store's terminals take no new payments. The completed transactions
 * and refunds by time, for each store's takings (GET /api/stores/takings).
 */
const migration: Migration = {
  name: 'store-archiving',
  sql: `
  ALTER TABLE stores ADD COLUMN archived_at INTEGER;
  CREATE INDEX stores_merchant ON stores(merchant_id, created_at);
  CREATE INDEX transactions_completed ON transactions(updated_at) WHERE status = 'COMPLETED';
  CREATE INDEX refunds_completed ON refunds(merchant_id, environment, updated_at)
    WHERE status = 'COMPLETED';
  `,
};
export default migration;
