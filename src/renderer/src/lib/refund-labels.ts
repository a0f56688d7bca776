/** How staff and customers read refund statuses (docs/refunds.md). */
import type { KioskRefund } from '../../../shared/bridge';

// One vocabulary with the merchant dashboard: the words live in src/shared/labels.ts.
export { REFUND_STATUS_LABEL } from '../../../shared/labels';

/** Pence still refundable: paid minus every refund not FAILED or CANCELLED. */
export function refundablePence(paidPence: number, refunds: readonly KioskRefund[]): number {
  const held = refunds
    .filter((r) => r.status !== 'FAILED' && r.status !== 'CANCELLED')
    .reduce((sum, r) => sum + r.amountPence, 0);
  return Math.max(0, paidPence - held);
}
