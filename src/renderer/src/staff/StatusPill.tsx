import type { PaymentStatus } from '../../../shared/payment-states';
import { STATUS_LABEL, STATUS_TONE } from '../lib/labels';
import { formatPence } from '../lib/format';

export function StatusPill({ status }: { status: PaymentStatus }) {
  return (
    <span className={`pill tone-${STATUS_TONE[status]}`} data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/**
 * A paid payment's completed refunds beside its status, as the dashboard shows them: "Paid" alone
 * would tell staff a partly refunded payment was untouched.
 */
export function RefundedNote({ pence, currency }: { pence: number; currency: string }) {
  if (!pence) return null;
  return (
    <span className="refunded-note" data-testid="refunded-note">
      Refunded {formatPence(pence, currency)}
    </span>
  );
}
