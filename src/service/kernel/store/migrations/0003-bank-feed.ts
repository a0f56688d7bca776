import type { Migration } from './migration';

/**
 * bank feed (src/service/bank): hosted links, consents, accounts, their transactions, the
 * settlement account, and the used bank-feed cursors.
 */
const migration: Migration = {
  name: 'bank-feed',
  sql: `
  CREATE TABLE bank_links (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('CHOOSE', 'SIGN_IN', 'CONSENT', 'DONE')),
    bank TEXT,
    consent_id TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE bank_consents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    bank TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE INDEX bank_consents_merchant ON bank_consents(merchant_id, environment, created_at);

  -- generated_until: every transaction dated up to it is stored; later ones are appended in
  -- date order, so the running balance is always computed at the tail.
  CREATE TABLE bank_accounts (
    id TEXT PRIMARY KEY,
    consent_id TEXT NOT NULL REFERENCES bank_consents(id),
    position INTEGER NOT NULL,
    profile TEXT NOT NULL,
    account_number TEXT NOT NULL,
    sort_code TEXT NOT NULL,
    per_day INTEGER NOT NULL,
    history_from INTEGER NOT NULL,
    generated_until INTEGER NOT NULL,
    balance_pence INTEGER NOT NULL,
    settles_since INTEGER
  );
  CREATE INDEX bank_accounts_consent ON bank_accounts(consent_id, position);

  CREATE TABLE bank_transactions (
    account_id TEXT NOT NULL,
    date_ms INTEGER NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('CREDIT', 'DEBIT')),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    reference TEXT NOT NULL,
    merchant_name TEXT,
    category TEXT NOT NULL,
    payer TEXT,
    payee TEXT,
    balance_pence INTEGER NOT NULL,
    book_at INTEGER NOT NULL,
    payment_tx_id TEXT,
    PRIMARY KEY (account_id, date_ms, id)
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX bank_transactions_payment ON bank_transactions(payment_tx_id)
    WHERE payment_tx_id IS NOT NULL;

  CREATE TABLE bank_cursor_uses (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
  CREATE INDEX bank_cursor_uses_expiry ON bank_cursor_uses(expires_at);

  -- Completed pay-by-bank attempts by completion time: their credits and reconciliation.
  CREATE INDEX transactions_pay_by_bank_completed ON transactions(updated_at)
    WHERE method = 'PAY_BY_BANK' AND status = 'COMPLETED';
  `,
};
export default migration;
