/**
 * Keeping the history list in step with the kiosk without losing the staff's place: pages append,
 * and a refresh swaps in a fresh first page but leaves older rows already loaded where they are.
 */
import type { KioskPayment } from '../../../shared/bridge';

export interface Listing {
  payments: KioskPayment[];
  nextCursor: string | null;
}

export function appendPage(current: Listing, next: Listing): Listing {
  const seen = new Set(current.payments.map((p) => p.paymentRequestId));
  return {
    payments: [...current.payments, ...next.payments.filter((p) => !seen.has(p.paymentRequestId))],
    nextCursor: next.nextCursor,
  };
}

/** Both lists are newest first (createdAt, then id), as the kiosk pages them. */
export function refreshFirstPage(current: Listing, first: Listing): Listing {
  // Only one page was ever loaded, or the fresh page holds everything: it is the whole list.
  if (first.nextCursor === null || current.payments.length <= first.payments.length) return first;
  const last = first.payments[first.payments.length - 1];
  if (!last) return first;
  const inFirst = new Set(first.payments.map((p) => p.paymentRequestId));
  const older = current.payments.filter(
    (p) =>
      !inFirst.has(p.paymentRequestId) &&
      (p.createdAt < last.createdAt ||
        (p.createdAt === last.createdAt && p.paymentRequestId < last.paymentRequestId)),
  );
  return { payments: [...first.payments, ...older], nextCursor: current.nextCursor };
}

/** A payment that changed, shown in place at once (the refresh that follows confirms it). */
export function updateRow(current: Listing, payment: KioskPayment): Listing {
  let changed = false;
  const payments = current.payments.map((p) => {
    if (p.paymentRequestId !== payment.paymentRequestId) return p;
    changed = true;
    return payment;
  });
  return changed ? { ...current, payments } : current;
}
