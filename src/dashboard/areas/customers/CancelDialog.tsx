/** Release the authorisation with a reason (a description is required for Other). */
import { useState } from 'react';
import { formatPounds } from '../../../shared/format';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { Select, TextInput } from '../../components/form';
import { useDashboard } from '../../context';
import { CANCEL_REASONS, cancelProblems } from '../../lib/customers';
import { DialogForm } from './DialogForm';

export function CancelDialog({
  payment,
  onClose,
}: {
  payment: PaymentStatusRecord;
  onClose: () => void;
}) {
  const { customers } = useDashboard();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  return (
    <DialogForm
      title={`Cancel ${payment.orderId}`}
      testId="cancel-dialog"
      onClose={onClose}
      submit={() => customers.getState().cancel(payment.paymentRequestId, reason, description)}
      done={(answer) => Boolean(answer.result)}
      submitLabel="Cancel authorisation"
      closeLabel="Keep it"
      confirm={{
        // Checked before asking, so "Other" without a description is caught at once.
        check: () => cancelProblems(reason, description),
        question: (
          <>
            Cancel the authorisation of {formatPounds(payment.amount, payment.currency)}? The hold
            on the customer’s card is released; it cannot be captured afterwards.
          </>
        ),
        yes: 'Yes, cancel it',
        back: 'Go back',
        danger: true,
      }}
    >
      {({ problems, confirming }) => (
        <>
          <Select
            id="cancel-reason"
            label="Reason (optional)"
            error={problems.fields.cancelledReasonCode}
            value={reason}
            disabled={confirming}
            onValue={setReason}
          >
            <option value="">No reason given</option>
            {CANCEL_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
          <TextInput
            id="cancel-description"
            label={reason === 'Other' ? 'Description' : 'Description (optional)'}
            hint="Up to 60 characters; needed when the reason is Other."
            error={problems.fields.cancelledReasonDescription}
            value={description}
            disabled={confirming}
            onValue={setDescription}
          />
        </>
      )}
    </DialogForm>
  );
}
