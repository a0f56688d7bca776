/** A payment's status in the console's words ("Paid"), coloured by its tone; the code as a hint. */
import { STATUS_LABEL, STATUS_TONE } from '../../shared/labels';
import type { PaymentStatus } from '../../shared/payment-states';

export function StatusBadge({
  status,
  detail,
}: {
  status: PaymentStatus;
  detail?: string | undefined;
}) {
  return (
    <span
      className={`status tone-${STATUS_TONE[status]}`}
      data-testid="payment-status"
      data-status={status}
      title={detail || status}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
