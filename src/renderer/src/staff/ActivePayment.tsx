import { useState } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { OPEN_STATUSES } from '../../../shared/payment-states';
import { basketMismatch } from '../../../shared/basket';
import { formatPence } from '../lib/format';
import { methodLabel, originLabel } from '../lib/labels';
import { useCommand } from '../store/use-command';
import { ApprovalDialog, APPROVAL_FIELD } from './ApprovalDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { Countdown } from './Countdown';
import { FieldError } from './FieldError';
import { StatusPill } from './StatusPill';

export function ActivePayment({ payment }: { payment: KioskPayment | null }) {
  if (!payment)
    return (
      <section className="card active active--idle" aria-labelledby="active-title">
        <h2 className="card__title" id="active-title">
          Customer display
        </h2>
        <p className="active__idle">No payment in progress</p>
        <p className="muted">
          Key in an amount to start one, or push one from the merchant dashboard: it appears here
          and on the customer display by itself.
        </p>
      </section>
    );
  return <ActiveCard key={payment.paymentRequestId} payment={payment} />;
}

function ActiveCard({ payment }: { payment: KioskPayment }) {
  // Cancel applies while the customer has not paid; once the card network or the bank holds
  // the payment (PENDING, AUTHORIZED) the service refuses it.
  const open = !payment.final && OPEN_STATUSES.includes(payment.status);
  const withNetwork = !payment.final && !open;
  const tip = payment.tipPence > 0;

  // A till system's basket followed by a payment for another amount: staff see what the customer sees.
  const mismatch = payment.lines
    ? basketMismatch(payment.lines, payment.amountPence, payment.currency)
    : null;
  return (
    <section
      className={`card active status-${payment.status.toLowerCase()}`}
      aria-labelledby="active-title"
      data-testid="active-payment"
      data-status={payment.status}
      data-payment-request-id={payment.paymentRequestId}
    >
      <div className="active__head">
        <h2 className="card__title" id="active-title">
          On the customer display
        </h2>
        <StatusPill status={payment.status} />
      </div>
      <div className="active__body">
        <div className="active__main">
          <p className="active__amount">{formatPence(payment.amountPence, payment.currency)}</p>
          {payment.status === 'COMPLETED' && (
            <p className="active__paid">
              Paid {formatPence(payment.paidPence, payment.currency)}
              {tip && ` including a ${formatPence(payment.tipPence, payment.currency)} tip`}
            </p>
          )}
          {payment.status === 'FAILED' && (
            <p className="active__failed">
              {[
                payment.errorDescription?.replace(/\.$/, '') || 'The payment did not go through',
                payment.final ? 'Start a new payment to try again' : 'The customer can try again',
              ].join('. ')}
              .
            </p>
          )}
          {withNetwork && (
            <p className="active__note">
              The customer has paid; waiting for{' '}
              {payment.status === 'AUTHORIZED'
                ? 'the payment to be captured'
                : 'the bank or card network to confirm'}
              .
            </p>
          )}
          <ActiveFacts payment={payment} />
          {mismatch && (
            <p className="active__failed" role="status" data-testid="active-basket-mismatch">
              {mismatch}: the customer display says so.
            </p>
          )}
          {open && <Countdown expiresAt={payment.expiresAt} />}
          {open && payment.paymentUrl && (
            <p className="active__link">
              Customer’s payment page:{' '}
              <a
                href={payment.paymentUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mono"
                data-testid="payment-link"
              >
                {payment.paymentUrl}
              </a>
            </p>
          )}
        </div>
        {payment.qrCodeUrl && open && (
          <img
            className="active__qr"
            src={payment.qrCodeUrl}
            alt="The QR code the customer scans"
            width={112}
            height={112}
          />
        )}
      </div>
      <ActiveActions payment={payment} open={open} />
    </section>
  );
}

/** Where the payment comes from and what it is for. */
function ActiveFacts({ payment }: { payment: KioskPayment }) {
  return (
    <dl className="facts">
      <div>
        <dt>Order</dt>
        <dd className="mono">{payment.orderId || '—'}</dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd>{originLabel(payment)}</dd>
      </div>
      <div>
        <dt>Method</dt>
        <dd>{methodLabel(payment.paymentMethod)}</dd>
      </div>
      {payment.notes && (
        <div>
          <dt>Note</dt>
          <dd>{payment.notes}</dd>
        </div>
      )}
      {payment.lines && (
        <div>
          <dt>Basket</dt>
          <dd data-testid="active-basket">
            {payment.lines.length} {payment.lines.length === 1 ? 'line' : 'lines'}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Cancel (asked first) while the customer has not paid; Dismiss once the payment is final. */
function ActiveActions({ payment, open }: { payment: KioskPayment; open: boolean }) {
  const { busy, error, setError, send } = useCommand({ [APPROVAL_FIELD]: 'Approval' });
  const [confirming, setConfirming] = useState(false);

  async function act(type: 'cancelPayment' | 'dismissPayment') {
    await send({ type, paymentRequestId: payment.paymentRequestId });
    setConfirming(false);
  }
  // A cashier signed in cancels only once a manager approves (the kiosk says so on this field).
  const approval = error?.field === APPROVAL_FIELD ? error.message : null;

  return (
    <>
      <FieldError error={error} field={null} />
      {approval && open && (
        <ApprovalDialog
          reason={approval}
          action="cancel"
          paymentRequestId={payment.paymentRequestId}
          onCancel={() => setError(null)}
          onApproved={() => void act('cancelPayment')}
        />
      )}
      <div className="actions">
        {open && (
          <button
            type="button"
            className="button button--danger"
            data-testid="cancel-payment"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Cancel payment
          </button>
        )}
        {confirming && open && (
          <ConfirmDialog
            title={`Cancel the payment of ${formatPence(payment.amountPence, payment.currency)}?`}
            confirmLabel="Cancel payment"
            cancelLabel="Keep it"
            danger
            busy={busy}
            testId="confirm-cancel"
            onConfirm={() => void act('cancelPayment')}
            onCancel={() => setConfirming(false)}
          >
            The customer can no longer pay it, and the display says it was cancelled. Order{' '}
            <span className="mono">{payment.orderId}</span>.
          </ConfirmDialog>
        )}
        {payment.final && (
          <button
            type="button"
            className="button button--primary"
            data-testid="dismiss-payment"
            disabled={busy}
            onClick={() => void act('dismissPayment')}
          >
            Dismiss
          </button>
        )}
      </div>
    </>
  );
}
