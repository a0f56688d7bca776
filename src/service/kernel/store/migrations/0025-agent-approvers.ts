import type { Migration } from './migration';

/**
 * Agent Pay: who approves is the service's choice, never the agent's. agent_approvers is each
 * merchant's own list of approvers per environment (e-mail addresses lower-cased, phone numbers
 * with their +); agent_approver_codes the one pending code that confirms a change adding approvers,
 * for the list whose digest it holds. On an authorization link, the code row remembers where its
 * code was sent (the human chose) and the browser session that typed a right code (its SHA-256), in
 * which a COLLECT customer then sees their cards.
 */
const migration: Migration = {
  name: 'agent-approvers',
  sql: `
  CREATE TABLE agent_approvers (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    address TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment, address)
  );
  CREATE TABLE agent_approver_codes (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    list_digest TEXT,
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    sends INTEGER NOT NULL DEFAULT 0,
    window_started_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  ALTER TABLE contract_approval_codes ADD COLUMN sent_channel TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN sent_to TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_hash TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_until INTEGER;
  `,
};
export default migration;
