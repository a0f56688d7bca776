import { useId, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { useCommand } from '../store/use-command';
import { FullOrAmount, useFullOrAmount } from './AmountField';
import { FormActions } from './FormActions';

const LABELS = { amountPence: 'Amount' };

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = howMuch.amountPence();
    if (!typed.ok) return setError(typed.error);
    await send({
      type: 'refundPayment',
      paymentRequestId: payment.paymentRequestId,
      ...typed.fields,
      pin,
    });
  }

  return (
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
  );
}
