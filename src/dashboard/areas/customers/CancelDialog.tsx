/** Release the authorisation with a reason (a description is required for Other). */
import { useState } from 'react';
import { formatPounds } from '../../../shared/format';
import type { PaymentStatusRecord } from '../../../shared/contract/payments';
import { Dialog } from '../../components/Dialog';
import { ButtonRow, Select, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { CANCEL_REASONS, cancelProblems, NO_PROBLEMS, type Problems } from '../../lib/customers';

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
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={`Cancel ${payment.orderId}`} onClose={onClose} testId="cancel-dialog">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!confirming) {
            // Checked before asking, so "Other" without a description is caught at once.
            const check = cancelProblems(reason, description);
            setProblems(check);
            if (!Object.keys(check.fields).length) setConfirming(true);
            return;
          }
          setBusy(true);
          const answer = await customers
            .getState()
            .cancel(payment.paymentRequestId, reason, description);
          setBusy(false);
          setProblems(answer);
          setConfirming(false);
          if (answer.result) onClose();
        }}
      >
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
        <Notice kind="error">{problems.message}</Notice>
        {confirming ? (
          <p className="confirm" role="status">
            Cancel the authorisation of {formatPounds(payment.amount, payment.currency)}? The hold
            on the customer’s card is released; it cannot be captured afterwards.
          </p>
        ) : null}
        <ButtonRow>
          <button type="submit" className={confirming ? 'danger' : ''} disabled={busy}>
            {confirming ? 'Yes, cancel it' : 'Cancel authorisation'}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => (confirming ? setConfirming(false) : onClose())}
          >
            {confirming ? 'Go back' : 'Keep it'}
          </button>
        </ButtonRow>
      </form>
    </Dialog>
  );
}
