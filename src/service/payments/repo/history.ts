/**
 * A payment's history's SQL (history.ts): its status events from the outbox, in the order they
 * were stored, and whether an Agent Pay contract's payment names it. Both read by index
 * (migration 0029).
 */
import type { Store } from '../../kernel/store/port';

export interface HistoryEventRow {
  type: string;
  body: string;
  created_at: number;
}

/** A payment has a few dozen events at most; more than this is not a history anyone reads. */
export const HISTORY_EVENT_LIMIT = 500;

export function createHistoryStatements(store: Store) {
  // The payment's status events and its push to a terminal (which says who made it); not the
  // POS_PAYMENT_STATUS copies of the same changes, nor its refunds'.
  const events = store.prepare<[string, string, string, number], HistoryEventRow>(
    `SELECT type, body, created_at FROM events
      WHERE payment_request_id = ? AND merchant_id = ? AND environment = ?
        AND type IN ('PAYMENTS_STATUS', 'EXPIRED_STATUS', 'REMOTE_PAYMENT_REQUEST')
      ORDER BY seq LIMIT ?`,
  );
  const agentPayment = store.prepare<[string, string, string], { id: string }>(
    `SELECT id FROM contract_payments
      WHERE payment_request_id = ? AND merchant_id = ? AND environment = ? LIMIT 1`,
  );
  return { events, agentPayment };
}
