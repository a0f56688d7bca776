import type { Migration } from './migration';

/**
 * A cash sale keeps what the customer handed over on its transaction, so every receipt and
 * the dashboard show the same tendered amount and change (POST /api/payments/cash). Null for
 * bank and card attempts.
 */
const migration: Migration = {
  name: 'cash-tendered',
  sql: `ALTER TABLE transactions ADD COLUMN tendered_pence INTEGER;`,
};
export default migration;
