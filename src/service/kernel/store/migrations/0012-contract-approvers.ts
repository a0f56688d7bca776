import type { Migration } from './migration';

/**
 * Agent Pay: only the human approves a contract. A contract names its approver (an e-mail address
 * or a phone number); approving on the authorization page needs the one-time code sent there. One
 * code per authorization link at a time, kept as a salted SHA-256 hash; `failures` counts wrong
 * codes across every code of that link, and `sends` the codes sent.
 */
const migration: Migration = {
  name: 'contract-approvers',
  sql: `
  ALTER TABLE contracts ADD COLUMN approver_email TEXT;
  ALTER TABLE contracts ADD COLUMN approver_phone TEXT;
  CREATE TABLE contract_approval_codes (
    auth_token TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id),
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    sends INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX contract_approval_codes_contract ON contract_approval_codes(contract_id);
  `,
};
export default migration;
