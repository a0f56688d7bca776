import type { Migration } from './migration';

/**
 * refunds: refunds of payment requests, and the refunded total on each payment request.
 */
const migration: Migration = {
  name: 'refunds',
  sql: `
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    status TEXT NOT NULL
      CHECK (status IN ('INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
    refund_type TEXT NOT NULL CHECK (refund_type IN ('PARTIAL', 'FULL')),
    amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
    -- The amount paid (tips included) when the refund was made, as the record reports it.
    paid_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    -- The completed transaction refunded (the record's paymentIdempotencyId).
    payment_transaction_id TEXT NOT NULL,
    notes TEXT,
    -- NULL when no metadata was supplied: the record then has no metadata field.
    metadata TEXT,
    -- When the sandbox bank moves the refund on by itself (service clock); NULL once final.
    due_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX refunds_request ON refunds(payment_request_id, created_at);
  CREATE INDEX refunds_due ON refunds(due_at) WHERE due_at IS NOT NULL;

  -- Kept in step with the COMPLETED refunds in the same transaction, so a status read is one row.
  ALTER TABLE payment_requests ADD COLUMN refunded_pence INTEGER NOT NULL DEFAULT 0;
  `,
};
export default migration;
