import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCommand } from '../store/use-command';
import { FieldError } from './FieldError';
import { PinField } from './TextField';

export type ApprovedAction = 'refund' | 'release' | 'cancel' | 'price';
/** The field the kiosk names when a command needs a manager's approval. */
export const APPROVAL_FIELD = 'approverPin';

/**
 * A manager or the owner approves, on the spot, what a cashier asked for (`reason` is the
 * kiosk's words for it): their own PIN, checked by the kiosk, approves that one action on that
 * one payment (for a price lowered, `paymentRequestId` is the override's id); `onApproved` then
 * sends the command again.
 */
export function ApprovalDialog({
  reason,
  action,
  paymentRequestId,
  onApproved,
  onCancel,
}: {
  reason: string;
  action: ApprovedAction;
  paymentRequestId: string;
  onApproved: (approver: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [pin, setPin] = useState('');
  const { busy, error, send } = useCommand({ approverPin: 'The PIN' });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    dialog.querySelector('input')?.focus();
    return () => dialog.close();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await send({ type: 'approve', approverPin: pin, action, paymentRequestId });
    setPin('');
    if (answer) onApproved(answer.approvedBy.name);
  }

  return (
    <dialog
      ref={ref}
      className="dialog dialog--confirm"
      data-testid="approval"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form className="dialog__inner" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="dialog__title">
          A manager’s approval
        </h2>
        <p id={`${id}-body`} className="dialog__body">
          {reason}
        </p>
        <PinField
          id={`${id}-pin`}
          label="Manager’s PIN"
          value={pin}
          onChange={setPin}
          error={error}
          field={APPROVAL_FIELD}
          testId="approver-pin"
        />
        <FieldError error={error} field={null} />
        <div className="actions dialog__actions">
          <button type="button" className="button" onClick={onCancel} data-testid="approval-cancel">
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            data-testid="approval-submit"
            disabled={busy}
          >
            Approve
          </button>
        </div>
      </form>
    </dialog>
  );
}
