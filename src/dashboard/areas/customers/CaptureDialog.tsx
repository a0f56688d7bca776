/** Capture the whole authorisation or a lower amount, after a confirmation. */
import { useState } from 'react';
import { formatPounds } from '../../../shared/format';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { TextInput } from '../../components/form';
import { useDashboard } from '../../context';
import { DialogForm } from './DialogForm';

export function CaptureDialog({
  payment,
  onClose,
}: {
  payment: PaymentStatusRecord;
  onClose: () => void;
}) {
  const { customers } = useDashboard();
  const [amount, setAmount] = useState('');
  const whole = formatPounds(payment.amount, payment.currency);
  const shown = amount.trim() ? `£${amount.trim().replace(/^£/, '')}` : whole;
  return (
    <DialogForm
      title={`Capture ${payment.orderId}`}
      testId="capture-dialog"
      onClose={onClose}
      submit={() => customers.getState().capture(payment.paymentRequestId, amount)}
      done={(answer) => Boolean(answer.result)}
      submitLabel="Capture"
      closeLabel="Close"
      confirm={{
        question: `Capture ${shown} of ${whole}? The rest of the hold is released.`,
        yes: 'Yes, capture',
        back: 'Go back',
      }}
    >
      {({ problems, confirming }) => (
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
      )}
    </DialogForm>
  );
}
