import { useState } from 'react';
import type { KioskPayment, StatusChange } from '../../../shared/bridge';
import type { PaymentStatus } from '../../../shared/payment-states';
import { shownAmount } from '../../../shared/taken';
import { formatDateTime, formatPence } from '../lib/format';
import { CAPTURE_LABEL, methodLabel, originLabel } from '../lib/labels';

/**
 * When a payment's time ran out, or what its status became and when. Only a payment the customer
 * can still pay has an expiry that means anything; once paid, failed, cancelled or expired, staff
 * want to know when that happened.
 */
const STATUS_TIME: Partial<Record<PaymentStatus, string>> = {
  COMPLETED: 'Paid at',
  AUTHORIZED: 'Authorised at',
  FAILED: 'Failed at',
  CANCELLED: 'Cancelled at',
  EXPIRED: 'Expired at',
};

/** The time the payment reached its status: its latest move there, else its last change. */
function statusTime(payment: KioskPayment, changes: StatusChange[]): string {
  const move = changes.findLast((change) => change.to === payment.status);
  return move?.occurredAt ?? payment.updatedAt;
}

/** The first characters of the payment request id: enough to tell payments apart by eye. */
export const shortReference = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** What the payment was, how and from where it was paid, and when. */
export function PaymentFacts({
  payment,
  changes,
}: {
  payment: KioskPayment;
  changes: StatusChange[];
}) {
  const shown = shownAmount(payment);
  const timeLabel = STATUS_TIME[payment.status];
  return (
    <dl className="facts facts--grid">
      {shown.taken && (
        <div>
          <dt>Taken</dt>
          <dd data-testid="detail-taken">
            {formatPence(shown.pence, payment.currency)}
            {shown.tipPence > 0 && (
              <span className="facts__aside">
                {formatPence(shown.pence - shown.tipPence, payment.currency)} +{' '}
                {formatPence(shown.tipPence, payment.currency)} tip
              </span>
            )}
          </dd>
        </div>
      )}
      {payment.refundedPence > 0 && (
        <div>
          <dt>Refunded</dt>
          <dd data-testid="detail-refunded">
            {formatPence(payment.refundedPence, payment.currency)}
          </dd>
        </div>
      )}
      <div>
        <dt>Method</dt>
        <dd>{methodLabel(payment.paymentMethod)}</dd>
      </div>
      {payment.cardCharge && (
        <>
          <div>
            <dt>Saved card</dt>
            <dd data-testid="detail-card">
              {payment.cardCharge.cardLabel}, {payment.cardCharge.customerName}
            </dd>
          </div>
          <div>
            <dt>Capture</dt>
            <dd>{CAPTURE_LABEL[payment.cardCharge.captureType]}</dd>
          </div>
        </>
      )}
      <div>
        <dt>Source</dt>
        <dd>{originLabel(payment)}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{formatDateTime(payment.createdAt)}</dd>
      </div>
      {timeLabel ? (
        <div>
          <dt>{timeLabel}</dt>
          <dd data-testid="detail-status-time">{formatDateTime(statusTime(payment, changes))}</dd>
        </div>
      ) : (
        payment.expiresAt && (
          <div>
            <dt>Expires</dt>
            <dd data-testid="detail-expires">{formatDateTime(payment.expiresAt)}</dd>
          </div>
        )
      )}
      {payment.notes && (
        <div>
          <dt>Note</dt>
          <dd>{payment.notes}</dd>
        </div>
      )}
      {payment.errorDescription && (
        <div>
          <dt>Reason</dt>
          <dd>{payment.errorDescription}</dd>
        </div>
      )}
      <Reference id={payment.paymentRequestId} />
    </dl>
  );
}

/**
 * The payment request's short reference; its full id (which support and the dashboard search
 * by) is copied with the button rather than printed as a line of hex.
 */
function Reference({ id }: { id: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      setCopied('Full id copied.');
    } catch {
      setCopied('Could not copy: the clipboard is not available here.');
    }
  }
  return (
    <div>
      <dt>Reference</dt>
      <dd className="facts__reference">
        <span className="mono" data-testid="detail-reference" title={id}>
          {shortReference(id)}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="copy-payment-id"
          aria-label="Copy the full payment request id"
          onClick={() => void copy()}
        >
          Copy id
        </button>
        <span className="facts__copied" role="status">
          {copied}
        </span>
      </dd>
    </div>
  );
}
