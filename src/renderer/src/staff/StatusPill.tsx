import type { PaymentStatus } from '../../../shared/payment-states';
import { STATUS_LABEL, STATUS_TONE } from '../lib/labels';

export function StatusPill({ status }: { status: PaymentStatus }) {
  return (
    <span className={`pill tone-${STATUS_TONE[status]}`} data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}
