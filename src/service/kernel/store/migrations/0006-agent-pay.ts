import type { Migration } from './migration';

/**
 * Agent Pay (src/service/agent): agent identities, the nonces of signed requests, spending
 * contracts with their authorization links, and the payments made under them.
 */
const migration: Migration = {
  name: 'agent-pay',
  sql: `
  CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name TEXT NOT NULL,
    description TEXT,
    public_key_pem TEXT NOT NULL,
    -- RFC 7638 JWK thumbprint of the public key: one agent per key, business and environment.
    key_thumbprint TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'ACTIVE',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX agents_key ON agents(merchant_id, environment, key_thumbprint);
  CREATE INDEX agents_merchant ON agents(merchant_id, environment, created_at);

  -- Nonces of signed requests, kept until their timestamp leaves the window: a replay is refused.
  CREATE TABLE agent_nonces (
    scope TEXT NOT NULL,
    nonce TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (scope, nonce)
  ) WITHOUT ROWID;
  CREATE INDEX agent_nonces_expiry ON agent_nonces(expires_at);

  CREATE TABLE contracts (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id),
    type TEXT NOT NULL CHECK (type IN ('SEND', 'COLLECT')),
    name TEXT NOT NULL,
    description TEXT,
    status TEXT NOT NULL,
    -- The enforced limits as on the wire (pounds), validFrom filled in.
    limits TEXT NOT NULL,
    service_customer_id TEXT REFERENCES customers(id),
    linked_method TEXT,
    terms_version INTEGER,
    pending_limits TEXT,
    pending_requested_at INTEGER,
    -- The secret of the current authorization link (creation or pending update) and its expiry.
    auth_token TEXT UNIQUE,
    auth_expires_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX contracts_agent ON contracts(agent_id, created_at);
  CREATE INDEX contracts_auth_expiry ON contracts(auth_expires_at) WHERE auth_token IS NOT NULL;

  CREATE TABLE contract_payments (
    id TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id),
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('SEND', 'COLLECT')),
    -- PENDING holds the amount as reserved; COMPLETED counts as used; FAILED counts for nothing.
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    payee TEXT,
    reference TEXT,
    order_id TEXT,
    payment_request_id TEXT,
    settle_at INTEGER,
    settle_outcome TEXT,
    error_description TEXT,
    created_at INTEGER NOT NULL,
    settled_at INTEGER
  );
  CREATE INDEX contract_payments_usage ON contract_payments(contract_id, created_at);
  CREATE INDEX contract_payments_due ON contract_payments(settle_at) WHERE status = 'PENDING';
  `,
};
export default migration;
