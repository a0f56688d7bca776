import { useId, useState, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { formatPence } from '../../../shared/money';
import { typedAmount } from '../lib/typed-amount';
import { useStaffCommand } from '../lib/use-staff-command';
import { ChoiceRow } from './ChoiceRow';
import { describedBy, FieldError } from './FieldError';
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
  const [kind, setKind] = useState<'full' | 'amount'>('full');
  const [amount, setAmount] = useState('');
  const { busy, error, setError, send } = useStaffCommand(LABELS, onDone);
  const rest = formatPence(refundablePence, payment.currency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = kind === 'amount' ? typedAmount(amount, LABELS) : null;
    if (typed && !typed.ok) return setError(typed.error);
    await send({
      type: 'refundPayment',
      paymentRequestId: payment.paymentRequestId,
      ...(typed?.ok ? { amountPence: typed.amountPence } : {}),
      pin,
    });
  }

  return (
    <form className="refund-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 className="detail__subtitle" id={`${id}-title`}>
        Refund this payment
      </h3>
      <ChoiceRow
        legend="How much"
        name={`${id}-kind`}
        value={kind}
        onChange={setKind}
        choices={[
          { value: 'full', label: `In full (${rest})` },
          { value: 'amount', label: 'An amount' },
        ]}
      />
      {kind === 'amount' && (
        <label className="field">
          <span className="field__label">Amount (£, at most {rest})</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={error?.field === 'amountPence'}
            aria-describedby={describedBy(error, 'amountPence', `${id}-amount-error`)}
            data-testid="refund-amount"
            autoFocus
          />
          <FieldError error={error} field="amountPence" id={`${id}-amount-error`} />
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
