import type { Migration } from './migration';

/**
 * refunds: the refunds still in flight, per payment. The over-refund check adds these to the
 * payment's refunded total (refunded_pence, kept with the COMPLETED ones) instead of summing every
 * refund the payment ever had, which grew with each refund made.
 */
const migration: Migration = {
  name: 'refunds-open',
  sql: `
  CREATE INDEX refunds_open ON refunds(payment_request_id) WHERE status IN ('INITIATED', 'PENDING');
  `,
};
export default migration;
