import { useId, useState, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { useCommand } from '../store/use-command';
import { FullOrAmount, useFullOrAmount } from './AmountField';
import { ApprovalDialog, APPROVAL_FIELD } from './ApprovalDialog';
import { FormActions } from './FormActions';

const LABELS = { amountPence: 'Amount', [APPROVAL_FIELD]: 'Approval' };

/**
 * Refund a completed payment, in full or an amount, behind the staff PIN (asked before this
 * form, and sent with the refund). The kiosk asks the service at once; nothing is queued, so an
 * answer here is the truth.
 */
export function RefundForm({
  payment,
  refundablePence,
  pin,
  onDone,
  onCancel,
}: {
  payment: KioskPayment;
  refundablePence: number;
  pin: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const howMuch = useFullOrAmount(LABELS);
  const { busy, error, setError, send } = useCommand(LABELS, onDone);
  /** The kiosk's words when this refund needs a manager: the approval dialog is open. */
  const [needsApproval, setNeedsApproval] = useState<string | null>(null);

  async function refund() {
    const typed = howMuch.amountPence();
    if (!typed.ok) return setError(typed.error);
    await send({
      type: 'refundPayment',
      paymentRequestId: payment.paymentRequestId,
      ...typed.fields,
      pin,
    });
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    await refund();
  }
  const approval = error?.field === APPROVAL_FIELD ? error.message : null;
  if (approval && needsApproval !== approval) setNeedsApproval(approval);

  return (
    <>
      {/* Beside the form, not in it: the dialog's own form must not submit the refund's. */}
      {needsApproval && (
        <ApprovalDialog
          reason={needsApproval}
          action="refund"
          paymentRequestId={payment.paymentRequestId}
          onCancel={() => {
            setNeedsApproval(null);
            setError(null);
          }}
          onApproved={() => {
            setNeedsApproval(null);
            void refund();
          }}
        />
      )}
      <form className="refund-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <h3 className="detail__subtitle" id={`${id}-title`}>
          Refund this payment
        </h3>
        <FullOrAmount
          state={howMuch}
          fullLabel="In full"
          partLabel="An amount"
          most={formatPence(refundablePence, payment.currency)}
          error={error}
          testId="refund-amount"
          focus="amount"
        />
        {error && error.field === null && (
          <p className="form-error" role="alert" data-testid="refund-error">
            {error.message}
          </p>
        )}
        <FormActions
          cancelLabel="Keep the payment"
          onCancel={onCancel}
          submitLabel="Refund"
          busyLabel="Refunding…"
          busy={busy}
          tone="danger-solid"
          submitTestId="refund-submit"
        />
      </form>
    </>
  );
}
