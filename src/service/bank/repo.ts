/**
 * The bank area's SQL, in one place: every statement the ledger, the cursors, the link page, the
 * routes and reconciliation run. Each factory prepares its statements once, when its user is
 * built. The bank area writes only its own tables (bank_*, and its cursor key in meta); it reads
 * payments' and Agent Pay's tables and the merchant's name.
 */
import type { Environment } from '../kernel/caller';
import { orderedJoin, type Store } from '../kernel/store/port';
import { ofEnvironment, sandboxCopyJoin } from '../merchants';
import type { AccountProfile } from './banks';
import { registerSandboxReset } from '../kernel/sandbox-reset';

export interface ConsentRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  bank: string;
  created_at: number;
  revoked_at: number | null;
}

export interface AccountRow {
  id: string;
  consent_id: string;
  position: number;
  profile: AccountProfile;
  account_number: string;
  sort_code: string;
  per_day: number;
  history_from: number;
  generated_until: number;
  balance_pence: number;
  settles_since: number | null;
}

/** An account with what reading it needs: its bank and its owner. */
export interface OpenAccount extends AccountRow {
  bank: string;
  merchant_id: string;
  environment: Environment;
}

export interface TxRow {
  account_id: string;
  date_ms: number;
  id: string;
  type: 'CREDIT' | 'DEBIT';
  amount_pence: number;
  currency: string;
  description: string;
  reference: string;
  merchant_name: string | null;
  category: string;
  payer: string | null;
  payee: string | null;
  balance_pence: number;
  book_at: number;
  payment_tx_id: string | null;
}

/** A completed pay-by-bank payment, read from the payments area's tables. */
export interface CompletedPayment {
  tx_id: string;
  amount_pence: number;
  tip_pence: number;
  updated_at: number;
  order_id: string;
  options: string;
}

/** A settled Agent Pay SEND payment (src/service/agent/spending.ts). */
export interface SettledSend {
  id: string;
  amount_pence: number;
  currency: string;
  payee: string;
  reference: string | null;
  settled_at: number;
}

/** The ledger's statements (ledger.ts). */
export function ledgerStatements(store: Store) {
  const insertConsent = store.prepare(
    'INSERT INTO bank_consents (id, merchant_id, environment, bank, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAccount = store.prepare(`
    INSERT INTO bank_accounts (id, consent_id, position, profile, account_number, sort_code, per_day,
      history_from, generated_until, balance_pence, settles_since)
    VALUES (@id, @consent_id, @position, @profile, @account_number, @sort_code, @per_day,
      @history_from, @generated_until, @balance_pence, @settles_since)`);
  const consentById = store.prepare<[string, string, string], ConsentRow>(
    'SELECT * FROM bank_consents WHERE id = ? AND merchant_id = ? AND environment = ? AND revoked_at IS NULL',
  );
  const consentsOf = store.prepare<[string, string], ConsentRow>(
    'SELECT * FROM bank_consents WHERE merchant_id = ? AND environment = ? AND revoked_at IS NULL ORDER BY created_at, id',
  );
  const accountsOfConsent = store.prepare<[string], AccountRow>(
    'SELECT * FROM bank_accounts WHERE consent_id = ? ORDER BY position',
  );
  const openAccount = store.prepare<[string], OpenAccount>(`
    SELECT a.*, c.bank, c.merchant_id, c.environment FROM bank_accounts a
    JOIN bank_consents c ON c.id = a.consent_id
    WHERE a.id = ? AND c.revoked_at IS NULL`);
  const settlementOf = store.prepare<[string, string], OpenAccount>(`
    SELECT a.*, c.bank, c.merchant_id, c.environment FROM bank_accounts a
    JOIN bank_consents c ON c.id = a.consent_id
    WHERE c.merchant_id = ? AND c.environment = ? AND c.revoked_at IS NULL
      AND a.settles_since IS NOT NULL
    ORDER BY c.created_at LIMIT 1`);
  const revokeConsent = store.prepare(
    'UPDATE bank_consents SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  // The account holder is the shop as the consent's environment names it (the sandbox's copy).
  const merchantName = store.prepare<[string, string], { name: string }>(
    `SELECT ${ofEnvironment('name')} AS name FROM merchants m ${sandboxCopyJoin('?')} WHERE m.id = ?`,
  );
  // CROSS JOIN keeps transactions outermost, so the completed pay-by-bank index bounds the scan by
  // time; otherwise the planner walks every payment request of the merchant.
  const completedPayments = store.prepare<[number, number, string, string], CompletedPayment>(`
    SELECT t.id AS tx_id, t.amount_pence, t.tip_pence, t.updated_at, r.order_id, r.options
    FROM transactions t ${orderedJoin(store)} payment_requests r ON r.id = t.payment_request_id
    WHERE t.method = 'PAY_BY_BANK' AND t.status = 'COMPLETED'
      AND t.updated_at > ? AND t.updated_at <= ? AND r.merchant_id = ? AND r.environment = ?`);
  // Agent Pay SEND payments leave the settlement account once they have settled (COMPLETED).
  const settledSends = store.prepare<[number, number, string, string], SettledSend>(`
    SELECT id, amount_pence, currency, payee, reference, settled_at FROM contract_payments
    WHERE type = 'SEND' AND status = 'COMPLETED' AND settled_at > ? AND settled_at <= ?
      AND merchant_id = ? AND environment = ?`);
  const insertTx = store.prepare(`
    INSERT INTO bank_transactions (account_id, date_ms, id, type, amount_pence, currency,
      description, reference, merchant_name, category, payer, payee, balance_pence, book_at, payment_tx_id)
    VALUES (@account_id, @date_ms, @id, @type, @amount_pence, @currency, @description, @reference,
      @merchant_name, @category, @payer, @payee, @balance_pence, @book_at, @payment_tx_id)
    ON CONFLICT DO NOTHING`);
  const advance = store.prepare(
    'UPDATE bank_accounts SET generated_until = ?, balance_pence = ? WHERE id = ? AND generated_until = ?',
  );
  const olderThan = store.prepare<[string, number, number, string, number], TxRow>(`
    SELECT * FROM bank_transactions
    WHERE account_id = ? AND date_ms >= ? AND (date_ms, id) < (?, ?)
    ORDER BY date_ms DESC, id DESC LIMIT ?`);
  const newerThan = store.prepare<[string, number, number, string, number], TxRow>(`
    SELECT * FROM bank_transactions
    WHERE account_id = ? AND date_ms < ? AND (date_ms, id) > (?, ?)
    ORDER BY date_ms, id LIMIT ?`);
  const creditsBetween = store.prepare<[string, number, number], TxRow>(`
    SELECT * FROM bank_transactions
    WHERE account_id = ? AND date_ms >= ? AND date_ms < ? AND type = 'CREDIT'
    ORDER BY date_ms, id`);
  return {
    insertConsent,
    insertAccount,
    consentById,
    consentsOf,
    accountsOfConsent,
    openAccount,
    settlementOf,
    revokeConsent,
    merchantName,
    completedPayments,
    settledSends,
    insertTx,
    advance,
    olderThan,
    newerThan,
    creditsBetween,
  };
}

/** The cursors' statements (cursor.ts). The key's two are prepared when the key is first needed. */
export function cursorStatements(store: Store) {
  const use = store.prepare(
    'INSERT INTO bank_cursor_uses (nonce, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const forget = store.prepare('DELETE FROM bank_cursor_uses WHERE expires_at < ?');
  return {
    /** Offers a signing key; the first stored is the one every instance uses. */
    offerKey: (key: string) =>
      store
        .prepare(
          "INSERT INTO meta (key, value) VALUES ('bank_cursor_key', ?) ON CONFLICT (key) DO NOTHING",
        )
        .run(key),
    storedKey: () =>
      store
        .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'bank_cursor_key'")
        .get(),
    use,
    forget,
  };
}

/** A completed pay-by-bank payment of a day, with what a reconciliation line shows of it. */
export interface PaidRow {
  tx_id: string;
  amount_pence: number;
  tip_pence: number;
  updated_at: number;
  request_id: string;
  order_id: string;
  store_id: string;
  terminal_id: string | null;
  currency: string;
}

/** Reconciliation's statement (reconcile.ts). */
export function reconcileStatements(store: Store) {
  // CROSS JOIN: the day's completed pay-by-bank attempts first, by their index (see ledgerStatements).
  const paidBetween = store.prepare<
    [number, number, string, string, string | null, string | null],
    PaidRow
  >(`
    SELECT t.id AS tx_id, t.amount_pence, t.tip_pence, t.updated_at, r.id AS request_id,
      r.order_id, r.store_id, r.terminal_id, r.currency
    FROM transactions t ${orderedJoin(store)} payment_requests r ON r.id = t.payment_request_id
    WHERE t.method = 'PAY_BY_BANK' AND t.status = 'COMPLETED'
      AND t.updated_at >= ? AND t.updated_at < ? AND r.merchant_id = ? AND r.environment = ?
      AND (CAST(? AS TEXT) IS NULL OR r.store_id = ?)
    ORDER BY t.updated_at, t.id`);
  return { paidBetween };
}

export type Stage = 'CHOOSE' | 'SIGN_IN' | 'CONSENT' | 'DONE';
export interface LinkRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  redirect_url: string;
  stage: Stage;
  bank: string | null;
  consent_id: string | null;
  expires_at: number;
}

/** The link page's statements (link-page.tsx). */
export function linkPageStatements(store: Store) {
  const byId = store.prepare<[string], LinkRow>('SELECT * FROM bank_links WHERE id = ?');
  const moveStage = store.prepare(
    'UPDATE bank_links SET stage = @to, bank = COALESCE(@bank, bank), consent_id = COALESCE(@consent, consent_id) WHERE id = @id AND stage = @from',
  );
  return { byId, moveStage };
}

/** The statement that opens a linking session (routes.ts: POST /api/bank/links). */
export function newLinkStatement(store: Store) {
  return store.prepare(`
    INSERT INTO bank_links (id, merchant_id, environment, redirect_url, stage, expires_at, created_at)
    VALUES (?, ?, ?, ?, 'CHOOSE', ?, ?)`);
}

/** A sandbox reset clears the bank feed: consents, their accounts and transactions, and links. */
registerSandboxReset({
  area: 'bank',
  prepare(store) {
    const statements = [
      `DELETE FROM bank_transactions WHERE account_id IN (SELECT a.id FROM bank_accounts a
         JOIN bank_consents c ON c.id = a.consent_id WHERE c.merchant_id = ? AND c.environment = 'sandbox')`,
      `DELETE FROM bank_accounts WHERE consent_id IN
         (SELECT id FROM bank_consents WHERE merchant_id = ? AND environment = 'sandbox')`,
      `DELETE FROM bank_consents WHERE merchant_id = ? AND environment = 'sandbox'`,
      `DELETE FROM bank_links WHERE merchant_id = ? AND environment = 'sandbox'`,
    ].map((sql) => store.prepare(sql));
    return async (merchantId) => {
      for (const statement of statements) await statement.run(merchantId);
    };
  },
});
