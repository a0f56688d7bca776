import { useId, useState, type FormEvent } from 'react';
import type { KioskPayment } from '../../../shared/bridge';
import { formatPence } from '../lib/format';
import { RELEASE_REASONS } from '../lib/labels';
import { FullOrAmount, useFullOrAmount } from './AmountField';
import { useCommand } from '../store/use-command';
import { ApprovalDialog, APPROVAL_FIELD } from './ApprovalDialog';
import { describedBy, FieldError } from './FieldError';
import { FormActions } from './FormActions';
import { StaffGate } from './StaffGate';

type Reason = (typeof RELEASE_REASONS)[number];
const CAPTURE_LABELS = { amountPence: 'Amount' };
const RELEASE_LABELS = {
  'reason.cancelledReasonCode': 'Reason',
  'reason.cancelledReasonDescription': 'Description',
};

/**
 * A card-on-file hold (AUTHORIZED) in a payment's detail: capture it, in full or a lower amount,
 * or release it with a reason. The kiosk asks the service at once and shows its answer.
 */
export function CardHoldActions({
  payment,
  onDone,
}: {
  payment: KioskPayment;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<'capture' | 'release' | null>(null);
  if (mode === 'capture')
    return (
      <StaffGate action="capture this hold" focus onCancel={() => setMode(null)}>
        {(pin) => (
          <CaptureForm payment={payment} pin={pin} onCancel={() => setMode(null)} onDone={onDone} />
        )}
      </StaffGate>
    );
  if (mode === 'release')
    return (
      <StaffGate action="release this hold" focus onCancel={() => setMode(null)}>
        {(pin) => (
          <ReleaseForm payment={payment} pin={pin} onCancel={() => setMode(null)} onDone={onDone} />
        )}
      </StaffGate>
    );
  return (
    <div className="detail__actions">
      <button
        type="button"
        className="button button--primary"
        onClick={() => setMode('capture')}
        data-testid="capture-button"
      >
        Capture
      </button>
      <button
        type="button"
        className="button button--danger"
        onClick={() => setMode('release')}
        data-testid="release-button"
      >
        Release hold
      </button>
    </div>
  );
}

/** What the capture and release forms are given: the hold, the PIN staff entered, the way out. */
interface HoldFormProps {
  payment: KioskPayment;
  pin: string;
  onCancel: () => void;
  onDone: () => void;
}

function CaptureForm({ payment, pin, onCancel, onDone }: HoldFormProps) {
  const id = useId();
  const howMuch = useFullOrAmount(CAPTURE_LABELS);
  const { busy, error, setError, send } = useCommand(CAPTURE_LABELS, onDone);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = howMuch.amountPence();
    if (!typed.ok) return setError(typed.error);
    await send({
      type: 'captureCardPayment',
      pin,
      paymentRequestId: payment.paymentRequestId,
      ...typed.fields,
    });
  }

  return (
    <form className="refund-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 className="detail__subtitle" id={`${id}-title`}>
        Capture this hold
      </h3>
      <FullOrAmount
        state={howMuch}
        fullLabel="All of it"
        partLabel="A lower amount"
        most={formatPence(payment.amountPence, payment.currency)}
        error={error}
        testId="capture-amount"
        partTestId="capture-kind-amount"
        focus="choice"
      />
      <FieldError error={error} field={null} />
      <FormActions
        cancelLabel="Not now"
        onCancel={onCancel}
        submitLabel="Capture"
        busyLabel="Capturing…"
        busy={busy}
        tone="primary"
        submitTestId="capture-submit"
      />
    </form>
  );
}

function ReleaseForm({ payment, pin, onCancel, onDone }: HoldFormProps) {
  const id = useId();
  const [code, setCode] = useState<Reason | ''>('');
  const [description, setDescription] = useState('');
  const { busy, error, setError, send } = useCommand(
    { ...RELEASE_LABELS, [APPROVAL_FIELD]: 'Approval' },
    onDone,
  );
  const codeField = 'reason.cancelledReasonCode';
  const textField = 'reason.cancelledReasonDescription';
  // A cashier releases a hold only once a manager approves (the kiosk says so on this field).
  const approval = error?.field === APPROVAL_FIELD ? error.message : null;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    await send({
      type: 'releaseCardPayment',
      pin,
      paymentRequestId: payment.paymentRequestId,
      reason: {
        ...(code ? { cancelledReasonCode: code } : {}),
        ...(description.trim() ? { cancelledReasonDescription: description.trim() } : {}),
      },
    });
  }

  return (
    <>
      {approval && (
        <ApprovalDialog
          reason={approval}
          action="release"
          paymentRequestId={payment.paymentRequestId}
          onCancel={() => setError(null)}
          onApproved={() => void submit()}
        />
      )}
      <form className="refund-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <h3 className="detail__subtitle" id={`${id}-title`}>
          Release this hold of {formatPence(payment.amountPence, payment.currency)}
        </h3>
        <label className="field">
          <span className="field__label">Reason</span>
          <select
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value as Reason | '')}
            aria-invalid={error?.field === codeField}
            aria-describedby={describedBy(error, codeField, `${id}-code-error`)}
            data-testid="release-reason"
            autoFocus
          >
            <option value="">Choose a reason…</option>
            {RELEASE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
          <FieldError error={error} field={codeField} id={`${id}-code-error`} />
        </label>
        <label className="field">
          <span className="field__label">
            Description{' '}
            <span className="field__optional">
              {code === 'Other' ? '(required)' : '(optional)'}
            </span>
          </span>
          <input
            className="input"
            maxLength={60}
            autoComplete="off"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={error?.field === textField}
            aria-describedby={describedBy(error, textField, `${id}-text-error`)}
            data-testid="release-description"
          />
          <FieldError error={error} field={textField} id={`${id}-text-error`} />
        </label>
        <FieldError error={error} field={null} />
        <FormActions
          cancelLabel="Keep the hold"
          onCancel={onCancel}
          submitLabel="Release hold"
          busyLabel="Releasing…"
          busy={busy}
          tone="danger-solid"
          submitTestId="release-submit"
        />
      </form>
    </>
  );
}
