/**
 * Payments the kiosk has asked the service to create, each with the Idempotency-Key it sent
 * (docs/reliability.md). The attempt is written BEFORE the request leaves, so when the answer is
 * lost (the connection drops, the service restarts, the kiosk is killed) pressing Start again
 * for the same amount sends the same key and order id: the service answers with the payment it
 * already made instead of making a second one. Once answered, the attempt keeps the payment's id.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { COUNTER_ORDER_PREFIX } from '../../../shared/order-ids';

/** How long an unanswered attempt is reused for a retry (the service keeps keys 24 hours). */
export const RETRY_WINDOW_MS = 10 * 60_000;

export interface Attempt {
  idempotencyKey: string;
  orderId: string;
  amountPence: number;
  notes: string | null;
  /** CASH for a cash sale's attempt (POST /api/payments/cash). */
  paymentMethodRestriction: 'PAY_BY_BANK' | 'CARD' | 'CASH' | null;
  paymentRequestId: string | null;
  createdAt: number;
}

interface AttemptRow {
  idempotency_key: string;
  order_id: string;
  amount_pence: number;
  notes: string | null;
  payment_method_restriction: Attempt['paymentMethodRestriction'];
  payment_request_id: string | null;
  created_at: number;
}

const toAttempt = (r: AttemptRow): Attempt => ({
  idempotencyKey: r.idempotency_key,
  orderId: r.order_id,
  amountPence: r.amount_pence,
  notes: r.notes,
  paymentMethodRestriction: r.payment_method_restriction,
  paymentRequestId: r.payment_request_id,
  createdAt: r.created_at,
});

export function createAttempts(db: Database.Database, now: () => number = Date.now) {
  const findOpen = db.prepare<[number, string | null, string | null, number], AttemptRow>(`
    SELECT * FROM payment_attempts
    WHERE payment_request_id IS NULL AND amount_pence = ? AND notes IS ?
      AND payment_method_restriction IS ? AND created_at > ?
    ORDER BY created_at DESC LIMIT 1`);
  const insert = db.prepare(`
    INSERT INTO payment_attempts (idempotency_key, order_id, amount_pence, notes,
      payment_method_restriction, created_at)
    VALUES (@idempotencyKey, @orderId, @amountPence, @notes, @paymentMethodRestriction, @createdAt)`);
  const settle = db.prepare(
    'UPDATE payment_attempts SET payment_request_id = ? WHERE idempotency_key = ?',
  );
  const drop = db.prepare(
    'DELETE FROM payment_attempts WHERE idempotency_key = ? AND payment_request_id IS NULL',
  );
  const byKey = db.prepare<[string], AttemptRow>(
    'SELECT * FROM payment_attempts WHERE idempotency_key = ?',
  );

  return {
    /** The unanswered attempt for these details to retry, or a new one (written now). */
    open(details: {
      amountPence: number;
      notes: string | null;
      paymentMethodRestriction: Attempt['paymentMethodRestriction'];
    }): Attempt {
      const t = now();
      const open = findOpen.get(
        details.amountPence,
        details.notes,
        details.paymentMethodRestriction,
        t - RETRY_WINDOW_MS,
      );
      if (open) return toAttempt(open);
      const attempt: Attempt = {
        ...details,
        idempotencyKey: randomUUID(),
        orderId: `${COUNTER_ORDER_PREFIX}${randomBytes(4).toString('hex').toUpperCase()}`,
        paymentRequestId: null,
        createdAt: t,
      };
      insert.run(attempt);
      return attempt;
    },
    /** The service answered: the attempt is now that payment. */
    settle(idempotencyKey: string, paymentRequestId: string): void {
      settle.run(paymentRequestId, idempotencyKey);
    },
    /** The service refused it (and so changed nothing): nothing to retry. */
    drop(idempotencyKey: string): void {
      drop.run(idempotencyKey);
    },
    get(idempotencyKey: string): Attempt | null {
      const row = byKey.get(idempotencyKey);
      return row ? toAttempt(row) : null;
    },
  };
}
export type Attempts = ReturnType<typeof createAttempts>;
