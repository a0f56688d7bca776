import type { PaymentStatus } from '../../../shared/payment-states';
import { STATUS_LABEL, STATUS_TONE } from '../lib/labels';
import { formatPounds } from '../lib/format';

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
export function RefundedNote({ amount, currency }: { amount?: number; currency: string }) {
  if (!amount) return null;
  return (
    <span className="refunded-note" data-testid="refunded-note">
      Refunded {formatPounds(amount, currency)}
    </span>
  );
}
