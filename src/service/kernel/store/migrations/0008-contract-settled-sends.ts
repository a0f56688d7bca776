import type { Migration } from './migration';

/**
 * Agent Pay: settled SEND payments as DEBITs of the bank feed's settlement account, read by the
 * ledger's catch-up per merchant and time window.
 */
const migration: Migration = {
  name: 'contract-settled-sends',
  sql: `
  CREATE INDEX contract_payments_settled_sends
    ON contract_payments(merchant_id, environment, settled_at)
    WHERE type = 'SEND' AND status = 'COMPLETED';
  `,
};
export default migration;
