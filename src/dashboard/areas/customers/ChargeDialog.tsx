/** Charge a saved card: how it is captured, the amount, an order id and optional notes. */
import { useState } from 'react';
import type { SavedCard } from '../../../shared/contract/cards';
import { RadioGroup, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { CAPTURE_TYPES, cardLabel } from '../../lib/customers';
import type { ChargeInput } from '../../store/customers';
import { DialogForm } from './DialogForm';

export function ChargeDialog({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const { customers } = useDashboard();
  const [input, setInput] = useState<ChargeInput>({
    paymentMethodId: card.id,
    captureType: 'AUTO_CAPTURE',
    amount: '',
    orderId: '',
    notes: '',
  });
  const put = (change: Partial<ChargeInput>) => setInput({ ...input, ...change });
  return (
    <DialogForm
      title={`Charge ${cardLabel(card)}`}
      testId="charge-dialog"
      onClose={onClose}
      autoComplete="off"
      submit={() => customers.getState().charge(input)}
      done={(answer) => Boolean(answer.id)}
      submitLabel="Charge card"
    >
      {({ problems }) => (
        <>
          <RadioGroup
            id="charge-capture"
            legend="Capture"
            name="captureType"
            options={CAPTURE_TYPES}
            value={input.captureType}
            onValue={(captureType) => put({ captureType })}
            error={problems.fields.captureType}
          />
          <TextInput
            id="charge-amount"
            label="Amount (£)"
            hint="At least £1.00."
            error={problems.fields.amount}
            inputMode="decimal"
            value={input.amount}
            onValue={(amount) => put({ amount })}
          />
          <TextInput
            id="charge-order"
            label="Order id"
            hint="1 to 50 characters."
            error={problems.fields.orderId}
            value={input.orderId}
            onValue={(orderId) => put({ orderId })}
          />
          <TextInput
            id="charge-notes"
            label="Notes (optional)"
            hint="Up to 30 characters."
            error={problems.fields.notes}
            value={input.notes}
            onValue={(notes) => put({ notes })}
          />
          <Notice kind="error">{problems.fields.paymentMethodId}</Notice>
        </>
      )}
    </DialogForm>
  );
}
