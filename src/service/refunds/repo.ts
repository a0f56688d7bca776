/**
 * The refunds area's SQL: refunds by id and by payment, and the lifecycle's statements. What a
 * refund needs of the payment tables (the refunded total, the paid transaction, the row lock)
 * it asks of the payments repository (payments/repo/reader.ts). Prepared once, at start.
 */
import type { Environment } from '../kernel/caller';
import { sweepQuery } from '../kernel/sweep';
import { insertionOrder, type Store } from '../kernel/store/port';
import type { RefundRow } from './model';

export function createRefundReader(store: Store) {
  const byId = store.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE id = ?');
  const ofRequest = store.prepare<[string], RefundRow>(
    `SELECT * FROM refunds WHERE payment_request_id = ? ORDER BY created_at, ${insertionOrder(store)}`,
  );
  return {
    get: (id: string) => byId.get(id),
    ofRequest: (paymentRequestId: string) => ofRequest.all(paymentRequestId),
  };
}
export type RefundReader = ReturnType<typeof createRefundReader>;

/** The refund lifecycle's statements (lifecycle.ts). */
export function createRefundStatements(store: Store) {
  // What counts against the amount paid is every refund neither FAILED nor CANCELLED: the
  // payment's refunded total (the COMPLETED ones) and these, the ones in flight, read from their
  // partial index (a payment refunded in many parts has few of them at a time).
  const inFlight = store.prepare<[string], { pence: number }>(`
    SELECT COALESCE(SUM(amount_pence), 0) AS pence
    FROM refunds ${store.dialect === 'sqlite' ? 'INDEXED BY refunds_open' : ''}
    WHERE payment_request_id = ? AND status IN ('INITIATED', 'PENDING')`);
  const insert = store.prepare(`
    INSERT INTO refunds (id, payment_request_id, merchant_id, environment, status, refund_type,
      amount_pence, paid_pence, currency, payment_transaction_id, notes, metadata, due_at,
      staff, created_at, updated_at)
    VALUES (@id, @requestId, @merchantId, @environment, 'INITIATED', @type, @amount, @paid,
      @currency, @txId, @notes, @metadata, @dueAt, @staff, @now, @now)`);
  const cas = store.prepare(`
    UPDATE refunds SET status = @to, due_at = @dueAt, updated_at = @now
    WHERE id = @id AND status = @from`);
  const due = sweepQuery<[number, Environment], RefundRow>(
    store,
    (only) => `
    SELECT * FROM refunds WHERE due_at IS NOT NULL AND due_at <= ? AND environment = ?
      ${only('merchant_id')}
    ORDER BY due_at LIMIT 500`,
  );

  return { inFlight, insert, cas, due };
}
