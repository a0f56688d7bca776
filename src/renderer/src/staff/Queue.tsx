import type { HeldPayment, KioskPayment } from '../../../shared/bridge';
import { formatPence, formatWhen } from '../lib/format';
import { methodLabel, originLabel, STATUS_LABEL } from '../lib/labels';
import { useCommand } from '../store/use-command';
import { ConfirmDialog } from './ConfirmDialog';
import { FieldError } from './FieldError';
import { StatusPill } from './StatusPill';

const ORDINALS = ['1st', '2nd', '3rd'];
/** A place in the line, as staff say it: 1st, 2nd, 3rd, 4th… */
export const ordinal = (n: number) => ORDINALS[n - 1] ?? `${n}th`;

/**
 * What waits for the customer display, in the order it will be shown: payments pushed from the
 * dashboard (their time to pay already runs at the service), then payments keyed in here, which
 * are created only when their turn comes.
 */
export function Queue({
  payments,
  held,
  tipping = null,
}: {
  payments: KioskPayment[];
  held: HeldPayment[];
  /** The held payment whose tip the customer display is asking (Skip tip), if any. */
  tipping?: string | null;
}) {
  const count = payments.length + held.length;
  if (count === 0) return null;
  return (
    <section className="card queue" aria-labelledby="queue-title" data-testid="queue">
      <h2 className="card__title" id="queue-title">
        Up next <span className="count">{count}</span>
      </h2>
      <p className="muted queue__explain">
        Each starts on the customer display when the one before it ends.
      </p>
      <ol className="queue__list">
        {payments.map((payment) => (
          <li
            key={payment.paymentRequestId}
            className="queue__item"
            data-testid="queue-item"
            data-payment-request-id={payment.paymentRequestId}
          >
            <span className="queue__amount">
              {formatPence(payment.amountPence, payment.currency)}
            </span>
            <span className="queue__meta">
              <span className="mono">{payment.orderId}</span> · {originLabel(payment)}
              {payment.expiresAt && <> · expires at {formatWhen(payment.expiresAt)}</>}
            </span>
            <StatusPill status={payment.status} />
          </li>
        ))}
        {held.map((entry) => (
          <HeldItem key={entry.id} entry={entry} tipping={entry.id === tipping} />
        ))}
      </ol>
    </section>
  );
}

function HeldItem({ entry, tipping }: { entry: HeldPayment; tipping: boolean }) {
  const { busy, error, send } = useCommand();
  const amount = formatPence(entry.amountPence, 'GBP');
  const act = (type: 'removeHeldPayment' | 'retryHeldPayment' | 'skipTip') =>
    send({ type, id: entry.id });

  return (
    <li className="queue__item queue__item--held" data-testid="held-item" data-held-id={entry.id}>
      <span className="queue__amount">{amount}</span>
      <span className="queue__meta">
        Keyed in here · {methodLabel(entry.paymentMethod)}
        {entry.notes && <> · {entry.notes}</>}
        <br />
        {entry.error ? (
          <span className="queue__problem" data-testid="held-error">
            Not started: {entry.error}
          </span>
        ) : tipping ? (
          <span data-testid="held-tipping">On the display: the customer is choosing a tip</span>
        ) : (
          'Waiting: its time to pay starts when it is shown'
        )}
      </span>
      <span className="queue__actions">
        {tipping && (
          <button
            type="button"
            className="button button--small"
            data-testid="skip-tip"
            disabled={busy}
            onClick={() => void act('skipTip')}
          >
            Skip tip
          </button>
        )}
        {entry.error && (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => void act('retryHeldPayment')}
          >
            Try again
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          data-testid="held-remove"
          aria-label={`Remove the waiting payment of ${amount}`}
          disabled={busy}
          onClick={() => void act('removeHeldPayment')}
        >
          Remove
        </button>
      </span>
      <FieldError error={error} field={null} />
    </li>
  );
}

/**
 * Asked before a payment keyed in joins the line behind the one on the display: a tap on the
 * keypad and then its button must not queue a second charge unnoticed. It names the amount, the
 * payment already there and the place in line; Esc (or "Don't queue") keeps the amount keyed.
 */
export function QueueNextDialog({
  pence,
  live,
  waiting,
  onCancel,
  onConfirm,
}: {
  pence: number;
  live: KioskPayment | null;
  waiting: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const amount = formatPence(pence, 'GBP');
  const ahead = waiting + (live ? 1 : 0);
  return (
    <ConfirmDialog
      title={`Queue ${amount} as the next payment?`}
      confirmLabel={`Queue ${amount}`}
      cancelLabel="Don’t queue"
      testId="confirm-queue"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        {live ? (
          <>
            A payment of {formatPence(live.amountPence, live.currency)} is already on the customer
            display ({STATUS_LABEL[live.status].toLowerCase()}
            {live.orderId && (
              <>
                , order <span className="mono">{live.orderId}</span>
              </>
            )}
            ).{' '}
          </>
        ) : (
          <>
            {waiting === 1 ? 'A payment is' : `${waiting} payments are`} already waiting for the
            customer display.{' '}
          </>
        )}
        {amount} would wait in Up next, {ordinal(waiting + 1)} in line, and go on the display{' '}
        {ahead === 1
          ? 'when the payment before it ends'
          : `when the ${ahead} payments before it end`}
        . Queue it only for a second, separate charge.
      </p>
    </ConfirmDialog>
  );
}
