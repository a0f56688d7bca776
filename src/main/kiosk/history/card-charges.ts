/**
 * Saved-card charges made at this counter (card on file, docs/kiosk.md). Like a counter payment's
 * attempt (attempts.ts), the charge is written with its Idempotency-Key and order id BEFORE the
 * request leaves: when the answer is lost, charging the same card the same amount again sends the
 * same key, and the service answers with the charge it already made instead of charging twice.
 * Once answered, the row names the payment, and keeps who and what card it was for the payment's
 * detail in History, offline.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { COUNTER_ORDER_PREFIX } from '../../../shared/order-ids';
import { RETRY_WINDOW_MS } from './attempts';

export type CaptureType = 'AUTO_CAPTURE' | 'MANUAL_CAPTURE' | 'CAPTURE_BEFORE_EXPIRY';

export interface CardCharge {
  idempotencyKey: string;
  orderId: string;
  customerId: string;
  customerName: string;
  paymentMethodId: string;
  /** The masked card as staff saw it, e.g. "VISA ending 4242". */
  cardLabel: string;
  captureType: CaptureType;
  amountPence: number;
  notes: string | null;
  paymentRequestId: string | null;
  createdAt: number;
}

interface Row {
  idempotency_key: string;
  order_id: string;
  customer_id: string;
  customer_name: string;
  payment_method_id: string;
  card_label: string;
  capture_type: CaptureType;
  amount_pence: number;
  notes: string | null;
  payment_request_id: string | null;
  created_at: number;
}

const toCharge = (r: Row): CardCharge => ({
  idempotencyKey: r.idempotency_key,
  orderId: r.order_id,
  customerId: r.customer_id,
  customerName: r.customer_name,
  paymentMethodId: r.payment_method_id,
  cardLabel: r.card_label,
  captureType: r.capture_type,
  amountPence: r.amount_pence,
  notes: r.notes,
  paymentRequestId: r.payment_request_id,
  createdAt: r.created_at,
});

export function createCardCharges(db: Database.Database, now: () => number = Date.now) {
  const findOpen = db.prepare<[string, number, string, string, string | null, number], Row>(`
    SELECT * FROM card_charges
    WHERE payment_request_id IS NULL AND customer_id = ? AND amount_pence = ?
      AND payment_method_id = ? AND capture_type = ? AND notes IS ? AND created_at > ?
    ORDER BY created_at DESC LIMIT 1`);
  const insert = db.prepare(`
    INSERT INTO card_charges (idempotency_key, order_id, customer_id, customer_name,
      payment_method_id, card_label, capture_type, amount_pence, notes, created_at)
    VALUES (@idempotencyKey, @orderId, @customerId, @customerName, @paymentMethodId, @cardLabel,
      @captureType, @amountPence, @notes, @createdAt)`);
  const settle = db.prepare(
    'UPDATE card_charges SET payment_request_id = ? WHERE idempotency_key = ?',
  );
  const drop = db.prepare(
    'DELETE FROM card_charges WHERE idempotency_key = ? AND payment_request_id IS NULL',
  );
  const byPayment = db.prepare<[string], Row>(
    'SELECT * FROM card_charges WHERE payment_request_id = ?',
  );

  return {
    /** The unanswered charge with these details to retry, or a new one (written now). */
    open(
      details: Omit<CardCharge, 'idempotencyKey' | 'orderId' | 'paymentRequestId' | 'createdAt'>,
    ): CardCharge {
      const t = now();
      const open = findOpen.get(
        details.customerId,
        details.amountPence,
        details.paymentMethodId,
        details.captureType,
        details.notes,
        t - RETRY_WINDOW_MS,
      );
      if (open) return toCharge(open);
      const charge: CardCharge = {
        ...details,
        idempotencyKey: randomUUID(),
        orderId: `${COUNTER_ORDER_PREFIX}${randomBytes(4).toString('hex').toUpperCase()}`,
        paymentRequestId: null,
        createdAt: t,
      };
      insert.run(charge);
      return charge;
    },
    settle(idempotencyKey: string, paymentRequestId: string): void {
      settle.run(paymentRequestId, idempotencyKey);
    },
    /** The service refused it (and so charged nothing): nothing to retry. */
    drop(idempotencyKey: string): void {
      drop.run(idempotencyKey);
    },
    ofPayment(paymentRequestId: string): CardCharge | null {
      const row = byPayment.get(paymentRequestId);
      return row ? toCharge(row) : null;
    },
  };
}
export type CardCharges = ReturnType<typeof createCardCharges>;
