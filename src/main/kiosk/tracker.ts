/**
 * The status tracker: one place where push, webhook, poll and local reports about a payment meet.
 * Sources disagree in timing, not in truth: they repeat themselves and arrive out of order. The
 * tracker keeps only forward moves of the shared state machine (canMove), so the same set of
 * reports gives the same final state and the same recorded changes in any arrival order.
 */
import { poundsToPence } from '../../shared/money';
import { canMove, isFinal, type PaymentStatus } from '../../shared/payment-states';
import { takenPence } from '../../shared/taken';
import type { History, UpsertResult } from './history/history';
import type { KioskPayment, NewPayment, StatusChange } from './history/types';
import type { StatusReport, StatusSink } from './types';

export interface Clock {
  now(): number;
}

export type IgnoredReason =
  /** The kiosk never saw this payment (not in its history). */
  | 'unknown-payment'
  /** The payment is already in this status. */
  | 'duplicate'
  /** The state machine does not move from the current status to this one (older news). */
  | 'not-forward'
  /** The report is older than the current status, by the service's own timestamps. */
  | 'stale'
  /** The report could not be read (bad time or amount). */
  | 'invalid';

export type ReportResult =
  | { applied: true; payment: KioskPayment; change: StatusChange }
  | { applied: false; reason: IgnoredReason; status?: PaymentStatus };

export type ChangeListener = (payment: KioskPayment, change: StatusChange) => void;

export interface Tracker extends StatusSink {
  report(report: StatusReport): ReportResult;
  /**
   * Starts tracking a payment (a remote payment pushed to the kiosk, or one started at the
   * counter). Subscribers hear its first status once, when it is new.
   */
  track(payment: NewPayment): UpsertResult;
  subscribe(listener: ChangeListener): () => void;
}

const systemClock: Clock = { now: () => Date.now() };

function toPence(pounds: number | undefined): number | undefined {
  return pounds === undefined ? undefined : poundsToPence(pounds);
}

export function createTracker(history: History, clock: Clock = systemClock): Tracker {
  const listeners = new Set<ChangeListener>();

  function emit(payment: KioskPayment, change: StatusChange): void {
    for (const listener of [...listeners]) {
      try {
        listener(payment, change);
      } catch (error) {
        // One broken screen must not stop the others hearing, nor undo a committed change.
        console.error('kiosk tracker: a change listener failed:', error);
      }
    }
  }

  function report(r: StatusReport): ReportResult {
    const current = history.get(r.paymentRequestId);
    if (!current) return { applied: false, reason: 'unknown-payment' };
    if (current.status === r.status)
      return { applied: false, reason: 'duplicate', status: current.status };
    if (!canMove(current.status, r.status))
      return { applied: false, reason: 'not-forward', status: current.status };

    let statusAt: number | null = null;
    let paidPence: number | undefined;
    let tipPence: number | undefined;
    try {
      if (r.at !== undefined) {
        statusAt = Date.parse(r.at);
        if (Number.isNaN(statusAt)) throw new RangeError(`bad time ${r.at}`);
      }
      paidPence = toPence(r.paidAmount);
      tipPence = toPence(r.tipAmount);
    } catch {
      return { applied: false, reason: 'invalid', status: current.status };
    }
    // A retry after FAILED is a legal move, so order alone cannot tell a late report from the
    // start of a new attempt; the service's timestamps can.
    if (statusAt !== null && current.statusAt !== null && statusAt < current.statusAt)
      return { applied: false, reason: 'stale', status: current.status };

    // Some sources announce completion without amounts: it took what the one rule says a
    // completed payment that never named its amount took (what it asked, plus the tip named).
    if (r.status === 'COMPLETED' && paidPence === undefined && current.paidPence === 0)
      paidPence = takenPence({
        ...current,
        status: r.status,
        tipPence: tipPence ?? current.tipPence,
      });

    const recordedAt = clock.now();
    const result = history.recordChange({
      paymentRequestId: r.paymentRequestId,
      from: current.status,
      to: r.status,
      source: r.source,
      occurredAt: statusAt ?? recordedAt,
      recordedAt,
      final: isFinal(r.status, true),
      statusAt,
      paidPence,
      tipPence,
      paidMethod: r.paymentMethod ?? undefined,
      errorDescription: r.status === 'FAILED' ? (r.errorDescription ?? null) : undefined,
    });
    // The history is only written from this process, so a lost compare-and-set means another
    // writer moved it between our read and write; the next report will reconcile.
    if (!result) return { applied: false, reason: 'stale', status: current.status };
    emit(result.payment, result.change);
    return { applied: true, payment: result.payment, change: result.change };
  }

  return {
    report,
    track(payment) {
      const result = history.upsertPayment(payment);
      if (result.created && result.change) emit(result.payment, result.change);
      return result;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
