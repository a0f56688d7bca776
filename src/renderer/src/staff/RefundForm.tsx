import { useId, useState, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import type { FormError } from '../lib/form-errors';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { FormActions } from './FormActions';

const LABELS = { amount: 'Amount' };

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
  const bridge = useBridge();
  const id = useId();
  const [kind, setKind] = useState<'full' | 'amount'>('full');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const rest = formatPence(refundablePence, payment.currency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await runCommand(
      bridge,
      {
        type: 'refundPayment',
        paymentRequestId: payment.paymentRequestId,
        ...(kind === 'amount' ? { amount: Number(amount) } : {}),
        pin,
      },
      LABELS,
    );
    setBusy(false);
    if (outcome.ok) onDone();
    else setError(outcome.error);
  }

  const fieldError = (field: string) =>
    error?.field === field ? (
      <p className="form-error" id={`${id}-${field}-error`} role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <form className="refund-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 className="detail__subtitle" id={`${id}-title`}>
        Refund this payment
      </h3>
      <fieldset className="refund-form__kind">
        <legend className="field__label">How much</legend>
        <label className="refund-form__choice">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'full'}
            onChange={() => setKind('full')}
          />
          In full ({rest})
        </label>
        <label className="refund-form__choice">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'amount'}
            onChange={() => setKind('amount')}
          />
          An amount
        </label>
      </fieldset>
      {kind === 'amount' && (
        <label className="field">
          <span className="field__label">Amount (£, at most {rest})</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={error?.field === 'amount'}
            aria-describedby={error?.field === 'amount' ? `${id}-amount-error` : undefined}
            data-testid="refund-amount"
            autoFocus
          />
          {fieldError('amount')}
        </label>
      )}
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
