import type { KioskPayment } from '../../../shared/bridge';
import { formatPounds } from '../lib/format';
import { ORIGIN_LABEL } from '../lib/labels';
import { StatusPill } from './StatusPill';

export function Queue({ payments }: { payments: KioskPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section className="card queue" aria-labelledby="queue-title">
      <h2 className="card__title" id="queue-title">
        Up next <span className="count">{payments.length}</span>
      </h2>
      <ol className="queue__list">
        {payments.map((payment) => (
          <li
            key={payment.paymentRequestId}
            className="queue__item"
            data-testid="queue-item"
            data-payment-request-id={payment.paymentRequestId}
          >
            <span className="queue__amount">{formatPounds(payment.amount, payment.currency)}</span>
            <span className="queue__meta">
              <span className="mono">{payment.orderId}</span> · {ORIGIN_LABEL[payment.origin]}
            </span>
            <StatusPill status={payment.status} />
          </li>
        ))}
      </ol>
    </section>
  );
}
