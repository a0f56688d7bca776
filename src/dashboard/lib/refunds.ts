/** What is left to refund of a payment, and how a refund reads in a list. */
import type { RefundRecord } from '../../shared/contract/refunds';
import { decimalTextToPence, poundsToPence } from '../../shared/money';
import { REFUND_HOLDS_MONEY } from '../../shared/refund-states';

/** A refund's amount in pence: the wire carries "5.25" (as the service sends it) or 5.25. */
export function refundPence(amount: RefundRecord['refundAmount']): number {
  return typeof amount === 'number' ? poundsToPence(amount) : (decimalTextToPence(amount) ?? 0);
}

/**
 * Pence still refundable: the amount paid (tips included) minus every refund that holds money
 * (not FAILED or CANCELLED), as the service counts it before it accepts a refund.
 */
export function leftToRefund(paidPounds: number, refunds: readonly RefundRecord[]): number {
  const held = refunds
    .filter((r) => REFUND_HOLDS_MONEY.includes(r.status))
    .reduce((sum, r) => sum + refundPence(r.refundAmount), 0);
  return Math.max(0, poundsToPence(paidPounds) - held);
}
