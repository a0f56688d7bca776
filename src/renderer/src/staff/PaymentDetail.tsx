import { useEffect, useRef, useState } from 'react';
import { StaffOnPayment } from './StaffOnPayment';
import { type KioskPayment, type KioskRefund, type StatusChange } from '../../../shared/bridge';
import { shownAmount, takenPence } from '../../../shared/taken';
import { refundablePence } from '../lib/refund-labels';
import { formatDateTime, formatPence } from '../lib/format';
import { SOURCE_LABEL, STATUS_LABEL } from '../lib/labels';
import { runCommand } from '../lib/run-command';
import { useBridge, useKiosk } from '../store/context';
import { CardHoldActions } from './CardHoldActions';
import { PaymentFacts } from './PaymentFacts';
import { PaymentLines } from './PaymentLines';
import { PrintReceipt, usePaymentReceipt } from './PrintReceipt';
import { RefundForm } from './RefundForm';
import { StaffGate } from './StaffGate';
import { RefundList } from './RefundList';
import { RefundedNote, StatusPill } from './StatusPill';

interface Detail {
  payment: KioskPayment;
  changes: StatusChange[];
  refunds?: KioskRefund[];
}

export function PaymentDetail({
  paymentRequestId,
  onClose,
}: {
  paymentRequestId: string;
  onClose: () => void;
}) {
  const { detail, problem, reread } = usePaymentDetail(paymentRequestId);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Read again with the detail: a refund or a change of the payment changes its receipt too.
  const paid = detail?.payment.status === 'COMPLETED';
  const receipt = usePaymentReceipt(paid ? paymentRequestId : null, detail);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  const payment = detail?.payment;
  const refunds = detail?.refunds ?? [];
  const refundable = payment ? refundablePence(takenPence(payment), refunds) : 0;

  return (
    <dialog
      ref={dialogRef}
      className="dialog detail"
      data-testid="payment-detail"
      data-payment-request-id={paymentRequestId}
      aria-labelledby="detail-title"
      // Escape closes the dialog natively; React state follows.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__inner">
        <header className="dialog__head">
          <h2 id="detail-title">Payment {payment ? payment.orderId : ''}</h2>
          <button type="button" className="button button--ghost" onClick={onClose} autoFocus>
            Close
          </button>
        </header>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {!payment && !problem && <p className="muted">Loading…</p>}
        {payment && detail && (
          <>
            <div className="detail__summary">
              <p className="detail__amount" data-testid="detail-amount">
                {formatPence(shownAmount(payment).pence, payment.currency)}
              </p>
              <StatusPill status={payment.status} />
              <RefundedNote pence={payment.refundedPence} currency={payment.currency} />
            </div>
            <PaymentFacts payment={payment} changes={detail.changes} />
            <StaffOnPayment paymentRequestId={payment.paymentRequestId} version={detail} />
            {payment.lines && (
              <>
                <h3 className="detail__subtitle">Basket</h3>
                <PaymentLines
                  lines={payment.lines}
                  amountPence={payment.amountPence}
                  currency={payment.currency}
                  testId="detail-lines"
                />
              </>
            )}
            <DetailActions
              payment={payment}
              refundable={refundable}
              receiptReady={receipt !== null}
              onChanged={reread}
            />
            <RefundList refunds={refunds} />
            {paid && receipt && <PrintReceipt receipt={receipt} />}
            <StatusTimeline changes={detail.changes} />
          </>
        )}
      </div>
    </dialog>
  );
}

/**
 * The payment with its status changes and refunds, read again whenever this payment or one of
 * its refunds changes (and when `reread` is called), so every new status appears in the timeline.
 */
function usePaymentDetail(paymentRequestId: string) {
  const bridge = useBridge();
  const lastChange = useKiosk((view) => view.lastChange);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A refund of this payment moved: read the detail again.
  const [refundSeq, setRefundSeq] = useState(0);
  useEffect(
    () =>
      bridge.subscribe((event) => {
        if (event.type === 'refundChanged' && event.refund.paymentRequestId === paymentRequestId)
          setRefundSeq((n) => n + 1);
      }),
    [bridge, paymentRequestId],
  );

  // Re-read whenever this payment changes, so every new status appears in the timeline.
  const changeSeq = lastChange?.payment.paymentRequestId === paymentRequestId ? lastChange.seq : 0;
  useEffect(() => {
    let live = true;
    void runCommand(bridge, { type: 'getPayment', paymentRequestId }, {}).then((outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        setProblem(outcome.error.message);
        return;
      }
      setProblem(null);
      setDetail(outcome.result);
    });
    return () => {
      live = false;
    };
  }, [bridge, paymentRequestId, changeSeq, refundSeq]);

  return { detail, problem, reread: () => setRefundSeq((n) => n + 1) };
}

/**
 * Print the receipt and refund (behind the staff PIN) for a completed payment, capture or
 * release for a held one. `onChanged` reads the detail again after a refund, capture or release.
 */
function DetailActions({
  payment,
  refundable,
  receiptReady,
  onChanged,
}: {
  payment: KioskPayment;
  refundable: number;
  /** The receipt to print has come from the kiosk (printing before it would print nothing). */
  receiptReady: boolean;
  onChanged: () => void;
}) {
  const bridge = useBridge();
  const [refunding, setRefunding] = useState(false);
  const [printProblem, setPrintProblem] = useState<string | null>(null);

  /** Electron prints silently to the default printer; elsewhere the browser's print dialog. */
  async function printReceipt() {
    setPrintProblem(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'printReceipt',
        paymentRequestId: payment.paymentRequestId,
      },
      {},
    );
    if (!outcome.ok) setPrintProblem(outcome.error.message);
    else if (!outcome.result.printed) window.print();
  }

  return (
    <>
      {payment.status === 'COMPLETED' && (
        <div className="detail__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void printReceipt()}
            disabled={!receiptReady}
            data-testid="print-receipt-button"
          >
            Print receipt
          </button>
          {!refunding && refundable > 0 && (
            <button
              type="button"
              className="button button--danger"
              onClick={() => setRefunding(true)}
              data-testid="refund-button"
            >
              Refund
            </button>
          )}
        </div>
      )}
      {payment.status === 'AUTHORIZED' && payment.cardCharge && (
        <CardHoldActions payment={payment} onDone={onChanged} />
      )}
      {printProblem && (
        <p className="form-error" role="alert">
          {printProblem}
        </p>
      )}
      {refunding && (
        <StaffGate action="refund this payment" focus onCancel={() => setRefunding(false)}>
          {(pin) => (
            <RefundForm
              payment={payment}
              refundablePence={refundable}
              pin={pin}
              onCancel={() => setRefunding(false)}
              onDone={() => {
                setRefunding(false);
                onChanged();
              }}
            />
          )}
        </StaffGate>
      )}
    </>
  );
}

/** Every change of the payment's status, with when it happened and where it was heard from. */
function StatusTimeline({ changes }: { changes: StatusChange[] }) {
  return (
    <>
      <h3 className="detail__subtitle">Status changes</h3>
      <ol className="timeline">
        {changes.map((change, index) => (
          <li
            key={`${change.to}-${change.recordedAt}-${index}`}
            className="timeline__item"
            data-testid="status-change"
            data-source={change.source}
            data-to={change.to}
          >
            <time className="timeline__time" dateTime={change.occurredAt}>
              {formatDateTime(change.occurredAt)}
            </time>
            <span className="timeline__move">
              {change.from ? `${STATUS_LABEL[change.from]} → ` : 'Created as '}
              <strong>{STATUS_LABEL[change.to]}</strong>
            </span>
            <span className="timeline__source">{SOURCE_LABEL[change.source]}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
