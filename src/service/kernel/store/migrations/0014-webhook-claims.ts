import type { Migration } from './migration';

/**
 * webhooks: a delivery being sent is claimed until this real time (ms), so that no other sender
 * (another instance on a shared database, or a second wake of this one) sends it too; an instance
 * that dies mid-delivery leaves it to the others once the claim lapses.
 */
const migration: Migration = {
  name: 'webhook-claims',
  sql: `
  ALTER TABLE webhook_deliveries ADD COLUMN claimed_until INTEGER;
  `,
};
export default migration;
