import type { Migration } from './migration';

/**
 * merchants, secrets, stores, payment requests and their transactions, the event outbox, webhook
 * subscriptions and deliveries.
 */
const migration: Migration = {
  name: 'payments',
  sql: [
    `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE merchants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    card_enabled INTEGER NOT NULL DEFAULT 1,
    remote_enabled INTEGER NOT NULL DEFAULT 1,
    tips_enabled INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
  );

  -- Secrets are stored as SHA-256 hashes; the plain secret is shown once.
  CREATE TABLE access_secrets (
    hash TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    kind TEXT NOT NULL CHECK (kind IN ('merchant', 'terminal')),
    terminal_id TEXT,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );

  CREATE TABLE stores (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    name TEXT NOT NULL,
    is_primary INTEGER NOT NULL DEFAULT 0,
    address TEXT,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE customers (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    full_name TEXT NOT NULL,
    email TEXT,
    type TEXT NOT NULL DEFAULT 'INDIVIDUAL',
    phone_country_code TEXT,
    phone_number TEXT,
    address TEXT,
    city TEXT,
    postcode TEXT,
    vat_number TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX customers_email ON customers(merchant_id, environment, email) WHERE email IS NOT NULL;

  CREATE TABLE terminals (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    remote_enabled INTEGER NOT NULL DEFAULT 1,
    fcm_token TEXT,
    -- Set once the terminal has opened its push stream or registered an FCM token.
    push_registered INTEGER NOT NULL DEFAULT 0,
    last_seen_at INTEGER,
    created_at INTEGER NOT NULL,
    deleted_at INTEGER
  );

  CREATE TABLE pairing_codes (
    code TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );

  -- consumerDetails of a remote payment, kept as a record linked to the payment.
  CREATE TABLE consumers (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    first_name TEXT,
    last_name TEXT,
    email TEXT,
    phone_country_code TEXT,
    phone_number TEXT,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE payment_requests (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    terminal_id TEXT,
    customer_ref TEXT NOT NULL,
    order_id TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'GBP',
    status TEXT NOT NULL,
    payment_method TEXT,
    tip_pence INTEGER NOT NULL DEFAULT 0,
    paid_pence INTEGER NOT NULL DEFAULT 0,
    allowed_methods TEXT NOT NULL,
    options TEXT NOT NULL,
    notes TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    template TEXT NOT NULL,
    error_description TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX payment_requests_merchant ON payment_requests(merchant_id, environment, created_at);
  CREATE INDEX payment_requests_open ON payment_requests(expires_at)
    WHERE status IN ('PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED');

  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id),
    method TEXT NOT NULL,
    status TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    tip_pence INTEGER NOT NULL DEFAULT 0,
    error_description TEXT,
    bank_name TEXT,
    card_brand TEXT,
    card_last4 TEXT,
    card_type TEXT,
    capture_type TEXT,
    -- When the sandbox card network answers a PENDING card transaction.
    settle_at INTEGER,
    settle_outcome TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX transactions_request ON transactions(payment_request_id, created_at);
  CREATE INDEX transactions_settle ON transactions(settle_at) WHERE status = 'PENDING';

  `,
    {
      sqlite: `
  -- The outbox: every event is written in the same transaction as the change it reports.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
      // Like AUTOINCREMENT, an identity column never hands out a number twice, even after the
      // newest events are deleted.
      postgres: `
  -- The outbox: every event is written in the same transaction as the change it reports.
  CREATE TABLE events (
    seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  `,
    },
    `
  CREATE INDEX events_terminal ON events(terminal_id, seq);

  CREATE TABLE webhook_subscriptions (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    url TEXT NOT NULL,
    event_types TEXT NOT NULL,
    secret TEXT NOT NULL,
    description TEXT,
    created_at INTEGER NOT NULL,
    deleted_at INTEGER
  );

  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_status_code INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'PENDING';
  CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, created_at);
  `,
  ],
};
export default migration;
