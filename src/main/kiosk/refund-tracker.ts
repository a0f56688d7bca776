/**
 * Where push, webhook, poll and local reports about refunds meet, as the tracker does for
 * payments: a refund first heard of is recorded (if its payment is in this kiosk's history), and
 * after that only forward moves of the shared refund state machine are kept, so repeats and
 * reports out of order change nothing.
 */
import type { EventData } from '../../shared/contract/webhooks';
import type { RefundRecord } from '../../shared/contract/refunds';
import { decimalTextToPence, poundsToPence } from '../../shared/money';
import { canMoveRefund, type RefundStatus } from '../../shared/refund-states';
import { RefundStatus as RefundStatusSchema } from '../../shared/contract/common';
import type { History } from './history/history';
import type { RefundHistory, StoredRefund } from './history/refunds';
import type { StatusSource } from './types';

export interface RefundReport {
  refundId: string;
  paymentRequestId: string;
  status: RefundStatus;
  source: StatusSource;
  /** Service time of this status, ISO. */
  at?: string;
  amountPence?: number;
  currency?: string;
  refundType?: 'PARTIAL' | 'FULL';
  /** When the refund was made, ISO (records carry it; events do not). */
  createdAt?: string;
  /** The kiosk's own id for a cash refund it queued offline (its metadata's kioskRefundId). */
  localRefundId?: string;
}

/**
 * The metadata key a cash refund carries the kiosk's own id for it in (offline-cash.ts): the
 * service's events name it, so one that arrives before the service's answer to the kiosk is
 * still read as the refund the kiosk recorded, not as another.
 */
export const LOCAL_REFUND_KEY = 'kioskRefundId';
const localOf = (metadata: Record<string, string> | undefined) =>
  metadata?.[LOCAL_REFUND_KEY] ? { localRefundId: metadata[LOCAL_REFUND_KEY] } : {};

export type RefundListener = (refund: StoredRefund) => void;

export function createRefundTracker(payments: History, refunds: RefundHistory, now: () => number) {
  const listeners = new Set<RefundListener>();
  const emit = (refund: StoredRefund) => {
    for (const listener of [...listeners]) {
      try {
        listener(refund);
      } catch (error) {
        console.error('kiosk refund tracker: a listener failed:', error);
      }
    }
  };

  function report(r: RefundReport): StoredRefund | null {
    const statusAt = r.at ? Date.parse(r.at) : null;
    if (statusAt !== null && Number.isNaN(statusAt)) return null;
    const current = refunds.get(r.refundId);
    if (!current) {
      const payment = payments.get(r.paymentRequestId);
      if (!payment || r.amountPence === undefined) return null; // not this kiosk's payment
      const created = r.createdAt ? Date.parse(r.createdAt) : (statusAt ?? now());
      const inserted = refunds.insert({
        refundId: r.refundId,
        paymentRequestId: r.paymentRequestId,
        amountPence: r.amountPence,
        currency: r.currency ?? payment.currency,
        refundType: r.refundType ?? (r.amountPence >= payment.paidPence ? 'FULL' : 'PARTIAL'),
        status: r.status,
        statusAt,
        source: r.source,
        createdAt: Number.isNaN(created) ? now() : created,
      });
      if (inserted) emit(inserted);
      return inserted;
    }
    if (current.status === r.status || !canMoveRefund(current.status, r.status)) return null;
    if (statusAt !== null && current.statusAt !== null && statusAt < current.statusAt) return null;
    const recordedAt = now();
    const moved = refunds.move({
      refundId: r.refundId,
      from: current.status,
      to: r.status,
      source: r.source,
      occurredAt: statusAt ?? recordedAt,
      recordedAt,
      statusAt,
    });
    if (moved) emit(moved);
    return moved;
  }

  return {
    report,
    subscribe(listener: RefundListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type RefundTracker = ReturnType<typeof createRefundTracker>;

/** A REFUND_STATUS event (webhook, or POS_PAYMENT_STATUS of that type by push) as a report. */
export function refundReportOf(
  data: EventData,
  at: string,
  source: StatusSource,
): RefundReport | null {
  if (data.test || !data.refundId || !data.paymentRequestId) return null;
  const status = RefundStatusSchema.safeParse(data.status);
  if (!status.success) return null;
  const amount = data.refundAmount ?? data.amount;
  return {
    refundId: data.refundId,
    paymentRequestId: data.paymentRequestId,
    status: status.data,
    source,
    at,
    ...(amount !== undefined ? { amountPence: poundsToPence(amount) } : {}),
    ...(data.currency ? { currency: data.currency } : {}),
    ...(data.refundType ? { refundType: data.refundType } : {}),
    ...localOf(data.metadata),
  };
}

/** A record of GET /api/refund/{id} (or the create answer) as a report. */
export function refundReportOfRecord(record: RefundRecord, source: StatusSource): RefundReport {
  const pence = (v: string | number) =>
    typeof v === 'number' ? poundsToPence(v) : (decimalTextToPence(v) ?? 0);
  return {
    refundId: record.refundId,
    paymentRequestId: record.paymentRequestId,
    status: record.status,
    source,
    at: record.updatedAt,
    amountPence: pence(record.refundAmount),
    currency: record.currency,
    refundType: record.refundType,
    createdAt: record.createdAt,
    ...localOf(record.metadata),
  };
}
