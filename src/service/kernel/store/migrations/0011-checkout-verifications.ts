import type { Migration } from './migration';

/**
 * saved cards at checkout: a payment link alone no longer shows or charges the customer's saved
 * cards. A browser asks for a one-time code sent to the customer and proves it holds it; the row is
 * that browser's session, found by the hash of its cookie. The code is kept only as an HMAC keyed
 * by the cookie, and cleared once used or burnt.
 */
const migration: Migration = {
  name: 'checkout-verifications',
  sql: `
  CREATE TABLE checkout_verifications (
    session_hash TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    recipient TEXT NOT NULL,
    code_hash TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    code_expires_at INTEGER NOT NULL,
    verified_until INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX checkout_verifications_request
    ON checkout_verifications(payment_request_id, created_at);
  `,
};
export default migration;
