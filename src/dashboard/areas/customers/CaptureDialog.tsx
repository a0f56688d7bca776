/** Capture the whole authorisation or a lower amount, after a confirmation. */
import { useState } from 'react';
import { formatPounds } from '../../../shared/format';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { Dialog } from '../../components/Dialog';
import { ButtonRow, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { NO_PROBLEMS, type Problems } from '../../lib/customers';

export function CaptureDialog({
  payment,
  onClose,
}: {
  payment: PaymentStatusRecord;
  onClose: () => void;
}) {
  const { customers } = useDashboard();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const whole = formatPounds(payment.amount, payment.currency);
  const shown = amount.trim() ? `£${amount.trim().replace(/^£/, '')}` : whole;
  return (
    <Dialog title={`Capture ${payment.orderId}`} onClose={onClose} testId="capture-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!confirming) {
            setConfirming(true);
            return;
          }
          setBusy(true);
          const answer = await customers.getState().capture(payment.paymentRequestId, amount);
          setBusy(false);
          setProblems(answer);
          setConfirming(false);
          if (answer.result) onClose();
        }}
      >
        <TextInput
          id="capture-amount"
          label="Amount to capture (£, optional)"
          hint={`Leave empty to capture the whole ${whole}, or enter a lower amount.`}
          error={problems.fields.amount}
          inputMode="decimal"
          value={amount}
          disabled={confirming}
          onValue={setAmount}
        />
        <Notice kind="error">{problems.message}</Notice>
        {confirming ? (
          <p className="confirm" role="status">
            Capture {shown} of {whole}? The rest of the hold is released.
          </p>
        ) : null}
        <ButtonRow>
          <button type="submit" disabled={busy}>
            {confirming ? 'Yes, capture' : 'Capture'}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => (confirming ? setConfirming(false) : onClose())}
          >
            {confirming ? 'Go back' : 'Close'}
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
