import type { KioskRefund } from '../../../shared/bridge';
import { formatDateTime, formatPence } from '../lib/format';
import { SOURCE_LABEL } from '../lib/labels';
import { REFUND_STATUS_LABEL } from '../lib/refund-labels';

/** A payment's refunds, each with every status change the kiosk heard of and from where. */
export function RefundList({ refunds }: { refunds: readonly KioskRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <>
      <h3 className="detail__subtitle">Refunds</h3>
      <ul className="refunds">
        {refunds.map((refund) => (
          <li
            key={refund.refundId}
            className="refunds__item"
            data-testid="refund"
            data-refund-id={refund.refundId}
            data-status={refund.status}
          >
            <p className="refunds__head">
              <strong>{formatPence(refund.amountPence, refund.currency)}</strong>{' '}
              {refund.refundType === 'FULL' ? 'in full' : 'partial'} ·{' '}
              <span className={`refunds__status refunds__status--${refund.status.toLowerCase()}`}>
                {REFUND_STATUS_LABEL[refund.status]}
              </span>
            </p>
            <ol className="timeline">
              {refund.changes.map((change, index) => (
                <li
                  key={`${change.to}-${index}`}
                  className="timeline__item"
                  data-testid="refund-change"
                  data-to={change.to}
                  data-source={change.source}
                >
                  <time className="timeline__time" dateTime={change.occurredAt}>
                    {formatDateTime(change.occurredAt)}
                  </time>
                  <span className="timeline__move">
                    {change.from ? `${REFUND_STATUS_LABEL[change.from]} → ` : 'Created as '}
                    <strong>{REFUND_STATUS_LABEL[change.to]}</strong>
                  </span>
                  <span className="timeline__source">{SOURCE_LABEL[change.source]}</span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </>
  );
}
