import type { Migration } from './migration';

/**
 * terminals: each terminal's largest payment, in pence (default £10,000.00, docs/terminals.md).
 */
const migration: Migration = {
  name: 'terminal-max-amount',
  sql: `
  ALTER TABLE terminals ADD COLUMN max_amount_pence INTEGER NOT NULL DEFAULT 1000000;
  `,
};
export default migration;
