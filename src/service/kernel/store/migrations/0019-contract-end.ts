import type { Migration } from './migration';

/**
 * Agent Pay, a contract's end: valid_to is limits.validTo in ms (read as EXPIRED once the
 * contract's environment clock passes it, and swept by it); revoked_at/revoked_by say who revoked
 * it (BUSINESS or APPROVER); revoke_token_hash is the SHA-256 of the human's revoke link, sent to
 * them when the contract became ACTIVE. receipt_keys holds the ES256 key that signs payment
 * receipts, made once per database (generation 1; the JWKS lists every one).
 */
const migration: Migration = {
  name: 'contract-end',
  sql: [
    `
  ALTER TABLE contracts ADD COLUMN valid_to INTEGER;
  ALTER TABLE contracts ADD COLUMN revoked_at INTEGER;
  ALTER TABLE contracts ADD COLUMN revoked_by TEXT CHECK (revoked_by IN ('BUSINESS', 'APPROVER'));
  ALTER TABLE contracts ADD COLUMN revoke_token_hash TEXT;
  `,
    {
      sqlite: `
  UPDATE contracts SET valid_to =
    CAST(ROUND((julianday(json_extract(limits, '$.validTo')) - 2440587.5) * 86400000) AS INTEGER);
  `,
      postgres: `
  UPDATE contracts SET valid_to =
    (EXTRACT(EPOCH FROM ((limits::jsonb ->> 'validTo')::timestamptz)) * 1000)::bigint;
  `,
    },
    `
  CREATE INDEX contracts_valid_to ON contracts(valid_to)
    WHERE status IN ('ACTIVE', 'PENDING_AUTHORIZATION');
  CREATE UNIQUE INDEX contracts_revoke_token ON contracts(revoke_token_hash);
  CREATE TABLE receipt_keys (
    generation INTEGER PRIMARY KEY,
    kid TEXT NOT NULL UNIQUE,
    private_key_pem TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  ],
};
export default migration;
