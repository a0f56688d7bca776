/**
 * The payments lifecycle's SQL (lifecycle.ts and lifecycle/): compare-and-sets of requests and
 * transactions, new attempts, the sweeps of due expiries, settlements, captures and releases,
 * and the batched settlement. Prepared once, when the lifecycle is made.
 */
import type { Environment } from '../../kernel/caller';
import { sweepQuery } from '../../kernel/sweep';
import { insertionOrder, type Store } from '../../kernel/store/port';
import type { RequestRow, TransactionRow } from '../model';
import { createShopStatements } from './shops';

/** What settling a card transaction needs of it. */
export type DueTx = Pick<
  TransactionRow,
  | 'id'
  | 'payment_request_id'
  | 'status'
  | 'method'
  | 'amount_pence'
  | 'tip_pence'
  | 'error_description'
  | 'settle_outcome'
>;

/** A new attempt's transaction row (lifecycle/attempts.ts, attemptRow), by name. */
export interface AttemptRow {
  id: string;
  requestId: string;
  method: string;
  status: string;
  amount: number;
  tip: number;
  bankName: string | null;
  brand: string | null;
  last4: string | null;
  cardType: string | null;
  captureType: string | null;
  settleAt: number | null;
  settleOutcome: string | null;
  error: string | null;
  cardId: string | null;
  authExpiresAt: number | null;
  autoCaptureAt: number | null;
  captureOutcome: string | null;
  tenderedPence: number | null;
  now: number;
}

export function createLifecycleStatements(store: Store) {
  const casRequest = store.prepare(`
    UPDATE payment_requests
    SET status = @to, payment_method = COALESCE(@method, payment_method),
        error_description = @error, paid_pence = @paid, tip_pence = @tip, updated_at = @now
    WHERE id = @id AND status = @from`);
  // Positional: binding by name costs better-sqlite3 a property lookup per parameter, and this
  // insert runs in every payment attempt (docs/benchmarks.md).
  const insertTx = store.prepare<ReturnType<typeof txValues>>(`
    INSERT INTO transactions (id, payment_request_id, method, status, amount_pence, tip_pence,
      bank_name, card_brand, card_last4, card_type, capture_type, settle_at, settle_outcome,
      error_description, card_id, auth_expires_at, auto_capture_at, capture_outcome,
      tendered_pence, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  /** An attempt's values in the order of insertTx's columns. */
  const txValues = (t: AttemptRow) => [
    t.id,
    t.requestId,
    t.method,
    t.status,
    t.amount,
    t.tip,
    t.bankName,
    t.brand,
    t.last4,
    t.cardType,
    t.captureType,
    t.settleAt,
    t.settleOutcome,
    t.error,
    t.cardId,
    t.authExpiresAt,
    t.autoCaptureAt,
    t.captureOutcome,
    t.tenderedPence,
    t.now,
    t.now,
  ];
  const casTx = store.prepare(`
    UPDATE transactions SET status = @to, error_description = @error, settle_at = @settleAt, updated_at = @now
    WHERE id = @id AND status = @from`);
  const casPaid = store.prepare(`
    UPDATE payment_requests SET paid_pence = @paid, tip_pence = @tip, updated_at = @now
    WHERE id = @id AND status = 'AWAITING_AUTHORIZATION'`);
  const openTxs = store.prepare<[string], TransactionRow>(`
    SELECT * FROM transactions WHERE payment_request_id = ? AND status IN ('AWAITING_AUTHORIZATION', 'PENDING')`);
  // The sweeps below each run once per pass of clock.sweeps(), with that pass's now.
  const dueExpiries = sweepQuery<[number, Environment], RequestRow>(
    store,
    (only) => `
    SELECT * FROM payment_requests
    WHERE status IN ('PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED') AND expires_at <= ?
      AND environment = ? ${only('merchant_id')}`,
  );
  // Only what the settlement uses: it reads every transaction due at a tick. A transaction's
  // environment and merchant are its request's.
  const dueSettlements = sweepQuery<[number, Environment], DueTx>(
    store,
    (only) => `
    SELECT t.id, t.payment_request_id, t.status, t.method, t.amount_pence, t.tip_pence,
      t.error_description, t.settle_outcome
    FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'PENDING' AND t.settle_at IS NOT NULL AND t.settle_at <= ?
      AND p.environment = ? ${only('p.merchant_id')}`,
  );
  const dueRequests = sweepQuery<[Environment, number], RequestRow>(
    store,
    (only) => `
    SELECT * FROM payment_requests WHERE environment = ? ${only('merchant_id')} AND id IN (
      SELECT payment_request_id FROM transactions
      WHERE status = 'PENDING' AND settle_at IS NOT NULL AND settle_at <= ?)`,
  );

  // ---- settlement ----

  // Answers for many payments in one statement per table (rows as JSON arrays), where one each
  // was two updates and an event per payment: under a stream of saved-card charges the
  // settlement was a large part of a charge's cost, most of it in statements (docs/benchmarks.md).
  // The rows of a JSON array: SQLite's json_each names each element `value`; PostgreSQL's
  // jsonb_array_elements is given the same name, and its numbers are cast to the columns' type.
  const rowsOf =
    store.dialect === 'sqlite' ? 'json_each(@batch)' : 'jsonb_array_elements(@batch::jsonb)';
  const int = (expr: string) => (store.dialect === 'sqlite' ? expr : `(${expr})::bigint`);
  const settleTxs = store.prepare<{ batch: string; now: number }>(`
    UPDATE transactions SET status = j.value ->> 1, error_description = j.value ->> 2,
      settle_at = NULL, updated_at = @now
    FROM ${rowsOf} AS j${store.dialect === 'sqlite' ? '' : '(value)'}
    WHERE transactions.id = j.value ->> 0 AND transactions.status = 'PENDING'`);
  const settleRequests = store.prepare<{ batch: string; now: number }>(`
    UPDATE payment_requests SET status = j.value ->> 1,
      payment_method = COALESCE(j.value ->> 2, payment_method), error_description = j.value ->> 3,
      paid_pence = ${int('j.value ->> 4')}, tip_pence = ${int('j.value ->> 5')}, updated_at = @now
    FROM ${rowsOf} AS j${store.dialect === 'sqlite' ? '' : '(value)'}
    WHERE payment_requests.id = j.value ->> 0 AND payment_requests.status = 'PENDING'`);

  // ---- card authorizations (saved-card charges; docs/customers.md) ----

  const authorizedTx = store.prepare<[string], TransactionRow>(`
    SELECT * FROM transactions WHERE payment_request_id = ? AND status = 'AUTHORIZED'
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT 1`);
  const dueCaptures = sweepQuery<[number, Environment], TransactionRow>(
    store,
    (only) => `
    SELECT t.* FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'AUTHORIZED' AND t.auto_capture_at <= ? AND p.environment = ?
      ${only('p.merchant_id')}`,
  );
  const dueReleases = sweepQuery<[number, Environment], TransactionRow>(
    store,
    (only) => `
    SELECT t.* FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'AUTHORIZED' AND t.auth_expires_at <= ? AND p.environment = ?
      ${only('p.merchant_id')}`,
  );
  const casCapturedTx = store.prepare(`
    UPDATE transactions SET status = @to, error_description = @error, updated_at = @now
    WHERE id = @id AND status = 'AUTHORIZED'`);

  // A cash sale sent after the kiosk was offline is dated when the customer paid (cash.ts).
  const backdateRequest = store.prepare<{ id: string; at: number }>(
    'UPDATE payment_requests SET created_at = @at, updated_at = @at WHERE id = @id',
  );
  const backdateTxs = store.prepare<{ id: string; at: number }>(
    'UPDATE transactions SET created_at = @at, updated_at = @at WHERE payment_request_id = @id',
  );
  const backdateShop = store.prepare<{ id: string; at: number }>(
    'UPDATE payment_shops SET paid_at = @at WHERE payment_request_id = @id',
  );
  return {
    casRequest,
    backdateRequest,
    backdateTxs,
    backdateShop,
    /** Inserts a new attempt's transaction. */
    insertTx: (t: AttemptRow) => insertTx.run(...txValues(t)),
    casTx,
    casPaid,
    openTxs,
    dueExpiries,
    dueSettlements,
    dueRequests,
    settleTxs,
    settleRequests,
    authorizedTx,
    dueCaptures,
    dueReleases,
    casCapturedTx,
    /** The shop as it was, kept with each payment as it completes (shops.ts). */
    shops: createShopStatements(store),
  };
}
export type LifecycleStatements = ReturnType<typeof createLifecycleStatements>;
