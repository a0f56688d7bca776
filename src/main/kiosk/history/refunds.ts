/**
 * The refunds of this kiosk's payments, in the same history database (migration 2): each refund
 * with its current status and every change heard of it, so the history shows them offline and
 * today's takings are net of them.
 */
import type Database from 'better-sqlite3';
import { isFinalRefund, type RefundStatus } from '../../../shared/refund-states';
import type { StatusSource } from '../types';
import { createStatusMoves } from './status-moves';

export interface StoredRefund {
  refundId: string;
  paymentRequestId: string;
  amountPence: number;
  currency: string;
  refundType: 'PARTIAL' | 'FULL';
  status: RefundStatus;
  final: boolean;
  statusAt: number | null;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface RefundChange {
  refundId: string;
  from: RefundStatus | null;
  to: RefundStatus;
  source: StatusSource;
  occurredAt: number;
  recordedAt: number;
}

interface RefundRow {
  refund_id: string;
  payment_request_id: string;
  amount_pence: number;
  currency: string;
  refund_type: 'PARTIAL' | 'FULL';
  status: RefundStatus;
  final: number;
  status_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
}

interface ChangeRow {
  refund_id: string;
  from_status: RefundStatus | null;
  to_status: RefundStatus;
  source: StatusSource;
  occurred_at: number;
  recorded_at: number;
}

const toRefund = (r: RefundRow): StoredRefund => ({
  refundId: r.refund_id,
  paymentRequestId: r.payment_request_id,
  amountPence: r.amount_pence,
  currency: r.currency,
  refundType: r.refund_type,
  status: r.status,
  final: r.final === 1,
  statusAt: r.status_at,
  completedAt: r.completed_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toChange = (r: ChangeRow): RefundChange => ({
  refundId: r.refund_id,
  from: r.from_status,
  to: r.to_status,
  source: r.source,
  occurredAt: r.occurred_at,
  recordedAt: r.recorded_at,
});

export interface NewRefund {
  refundId: string;
  paymentRequestId: string;
  amountPence: number;
  currency: string;
  refundType: 'PARTIAL' | 'FULL';
  status: RefundStatus;
  statusAt: number | null;
  source: StatusSource;
  createdAt: number;
}

export function createRefundHistory(db: Database.Database, now: () => number) {
  const select = db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE refund_id = ?');
  const insert = db.prepare(`
    INSERT INTO refunds (refund_id, payment_request_id, amount_pence, currency, refund_type,
      status, final, status_at, completed_at, created_at, updated_at)
    VALUES (@refundId, @paymentRequestId, @amountPence, @currency, @refundType, @status, @final,
      @statusAt, @completedAt, @createdAt, @updatedAt)`);
  const moves = createStatusMoves<RefundStatus>(db, {
    rows: 'refunds',
    key: 'refund_id',
    changes: 'refund_changes',
  });
  const ofPayment = db.prepare<[string], RefundRow>(
    'SELECT * FROM refunds WHERE payment_request_id = ? ORDER BY created_at, refund_id',
  );
  const changesOf = db.prepare<[string], ChangeRow>(
    'SELECT * FROM refund_changes WHERE refund_id = ? ORDER BY id',
  );
  const unfinished = db.prepare<[], RefundRow>(
    'SELECT * FROM refunds WHERE final = 0 ORDER BY created_at',
  );
  const refundedBetween = db.prepare<[number, number, string], { total: number | null }>(`
    SELECT sum(amount_pence) AS total FROM refunds
    WHERE completed_at >= ? AND completed_at < ? AND currency = ?`);
  const refundedOf = db.prepare<[string], { total: number | null }>(
    "SELECT sum(amount_pence) AS total FROM refunds WHERE payment_request_id = ? AND status = 'COMPLETED'",
  );

  const insertTx = db.transaction((r: NewRefund): StoredRefund | null => {
    if (select.get(r.refundId)) return null;
    const at = now();
    insert.run({
      ...r,
      final: isFinalRefund(r.status) ? 1 : 0,
      completedAt: r.status === 'COMPLETED' ? (r.statusAt ?? at) : null,
      updatedAt: at,
    });
    moves.first(r.refundId, r.status, r.source, r.statusAt ?? r.createdAt, at);
    return toRefund(select.get(r.refundId)!);
  });

  const moveTx = db.transaction(
    (c: RefundChange & { statusAt: number | null }): StoredRefund | null => {
      // A move is from a status the refund is in: from none, nothing matches.
      if (c.from === null) return null;
      const moved = moves.move({ ...c, from: c.from, id: c.refundId, final: isFinalRefund(c.to) });
      return moved === null ? null : toRefund(select.get(c.refundId)!);
    },
  );

  return {
    get: (refundId: string) => {
      const row = select.get(refundId);
      return row ? toRefund(row) : null;
    },
    /** Records a refund first heard of; null when it is already known. */
    insert: (r: NewRefund) => insertTx(r),
    /** Compare-and-set move with its change row; null when the refund is no longer in `from`. */
    move: (c: RefundChange & { statusAt: number | null }) => moveTx(c),
    ofPayment: (paymentRequestId: string) => ofPayment.all(paymentRequestId).map(toRefund),
    changes: (refundId: string) => changesOf.all(refundId).map(toChange),
    unfinished: () => unfinished.all().map(toRefund),
    /** Pence of refunds COMPLETED in [start, end). */
    refundedBetween: (start: number, end: number, currency = 'GBP') =>
      refundedBetween.get(start, end, currency)!.total ?? 0,
    /** Pence of a payment's COMPLETED refunds. */
    refundedOf: (paymentRequestId: string) => refundedOf.get(paymentRequestId)!.total ?? 0,
  };
}
export type RefundHistory = ReturnType<typeof createRefundHistory>;
