/** Agent Pay's SQL for a contract's payments (spending.ts): sends, charges, their sweeps and lists. */
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';
import { sweepQuery } from '../../kernel/sweep';

export interface PaymentRow {
  id: string;
  contract_id: string;
  merchant_id: string;
  environment: 'sandbox' | 'production';
  type: 'SEND' | 'COLLECT';
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  amount_pence: number;
  currency: string;
  payee: string | null;
  reference: string | null;
  order_id: string | null;
  payment_request_id: string | null;
  settle_at: number | null;
  settle_outcome: string | null;
  error_description: string | null;
  created_at: number;
  settled_at: number | null;
}

export function paymentStatements(store: Store) {
  const insert = store.prepare(`
    INSERT INTO contract_payments (id, contract_id, merchant_id, environment, type, status,
      amount_pence, currency, payee, reference, order_id, settle_at, settle_outcome,
      error_description, created_at)
    VALUES (@id, @contractId, @merchantId, @environment, @type, 'PENDING', @amount, @currency,
      @payee, @reference, @orderId, @settleAt, @settleOutcome, @error, @now)`);
  const byId = store.prepare<[string, string, string], PaymentRow>(
    'SELECT * FROM contract_payments WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const finish = store.prepare(`
    UPDATE contract_payments SET status = @status, error_description = @error, settled_at = @now
    WHERE id = @id AND status = 'PENDING'`);
  const linkRequest = store.prepare(
    "UPDATE contract_payments SET payment_request_id = ? WHERE id = ? AND status = 'PENDING'",
  );
  // Once per pass of clock.sweeps(), with that pass's now.
  const dueSends = sweepQuery<[number, Environment], PaymentRow>(
    store,
    (only) => `
    SELECT * FROM contract_payments
    WHERE status = 'PENDING' AND settle_at IS NOT NULL AND settle_at <= ? AND environment = ?
      ${only('merchant_id')}`,
  );
  const openCharges = store.prepare<[Environment], PaymentRow>(`
    SELECT * FROM contract_payments
    WHERE status = 'PENDING' AND type = 'COLLECT' AND payment_request_id IS NOT NULL
      AND environment = ?`);
  const ofContract = store.prepare<
    [string, string | null, string | null, number, number],
    PaymentRow
  >(`
    SELECT * FROM contract_payments WHERE contract_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?)
    ORDER BY created_at DESC, id LIMIT ? OFFSET ?`);
  const countOf = store.prepare<[string, string | null, string | null], { n: number }>(
    'SELECT count(*) AS n FROM contract_payments WHERE contract_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?)',
  );
  return { insert, byId, finish, linkRequest, dueSends, openCharges, ofContract, countOf };
}
