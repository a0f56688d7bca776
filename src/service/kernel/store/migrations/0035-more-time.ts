import type { Migration } from './migration';

/**
 * More time at the customer display: each environment's settings say what one extension adds
 * and how many a payment may have (production's, and the sandbox's copy), and each payment
 * request counts the extensions it has had, so the limit holds however often the customer asks.
 */
const migration: Migration = {
  name: 'more-time',
  sql: `
  ALTER TABLE merchants ADD COLUMN extension_seconds INTEGER NOT NULL DEFAULT 120;
  ALTER TABLE merchants ADD COLUMN max_extensions INTEGER NOT NULL DEFAULT 2;
  ALTER TABLE sandbox_profiles ADD COLUMN extension_seconds INTEGER NOT NULL DEFAULT 120;
  ALTER TABLE sandbox_profiles ADD COLUMN max_extensions INTEGER NOT NULL DEFAULT 2;
  ALTER TABLE payment_requests ADD COLUMN extensions INTEGER NOT NULL DEFAULT 0;
  `,
};
export default migration;
