/**
 * A payment's money and refunds, on its page: what was paid and refunded, its refunds with
 * their statuses (live), and refunding it in full or an amount, after a confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatPounds } from '../../../shared/format';
import { REFUND_STATUS_LABEL, REFUND_STATUS_TONE } from '../../../shared/labels';
import { formatPence } from '../../../shared/money';
import { ConfirmBox } from '../../components/ConfirmBox';
import { ButtonRow, FieldError, RadioGroup, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table, num } from '../../components/Table';
import { useDashboard, useRefunds } from '../../context';
import { checkAmount } from '../../lib/amount';
import { leftToRefund, refundPence } from '../../lib/refunds';
import type { Payment } from '../../store/payments';
import { NOTES_MAX } from '../../store/refunds';

export function PaymentRefunds({ payment: p }: { payment: Payment }) {
  const refunds = useRefunds((s) => s.refunds);
  const loadError = useRefunds((s) => s.loadError);
  const left = leftToRefund(p.paidAmount, refunds ?? []);
  return (
    <section className="card wide" aria-labelledby="refunds-title" data-testid="payment-detail">
      <h2 id="refunds-title">Refunds</h2>
      <dl className="facts">
        <dt>Refunded</dt>
        <dd data-testid="detail-refunded">{formatPounds(p.refundedAmount ?? 0, p.currency)}</dd>
        {p.status === 'COMPLETED' && refunds ? (
          <>
            <dt>Left to refund</dt>
            <dd data-testid="detail-left">{formatPence(left, p.currency)}</dd>
          </>
        ) : null}
      </dl>
      <Notice kind="error">{loadError}</Notice>
      <RefundTable payment={p} />
      {p.status === 'COMPLETED' && refunds && left > 0 ? (
        <RefundForm payment={p} leftPence={left} />
      ) : null}
      {p.status !== 'COMPLETED' ? (
        <p className="muted">Only a paid payment can be refunded.</p>
      ) : null}
      {p.status === 'COMPLETED' && refunds && left === 0 ? (
        <p className="muted">This payment has been refunded in full.</p>
      ) : null}
    </section>
  );
}

function RefundTable({ payment: p }: { payment: Payment }) {
  const refunds = useRefunds((s) => s.refunds);
  if (!refunds) return <p className="muted">Loading refunds…</p>;
  if (refunds.length === 0) return <p className="muted">No refunds.</p>;
  return (
    <Table
      caption={`Refunds of ${p.orderId}`}
      showCaption
      columns={['Requested', num('Amount'), 'Notes', 'Status']}
      testId="refunds"
    >
      {refunds.map((r) => (
        <tr key={r.refundId} data-testid="refund" data-status={r.status}>
          <td className="time">{formatDateTime(r.createdAt)}</td>
          <td className="num">
            {formatPence(refundPence(r.refundAmount), r.currency)}
            <div className="muted">{r.refundType === 'FULL' ? 'In full' : 'Part'}</div>
          </td>
          <td>{r.refundNotes ?? ''}</td>
          <td>
            <span
              className={`status tone-${REFUND_STATUS_TONE[r.status]}`}
              title={r.status}
              data-testid="refund-status"
            >
              {REFUND_STATUS_LABEL[r.status]}
            </span>
          </td>
        </tr>
      ))}
    </Table>
  );
}

function RefundForm({ payment: p, leftPence }: { payment: Payment; leftPence: number }) {
  const { refunds: store } = useDashboard();
  const errors = useRefunds((s) => s.fieldErrors);
  const formError = useRefunds((s) => s.formError);
  const notice = useRefunds((s) => s.notice);
  const sending = useRefunds((s) => s.sending);
  const [full, setFull] = useState(true);
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const notesInput = useRef<HTMLInputElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const answeredYes = useRef(false);
  const id = p.paymentRequestId;
  useEffect(() => {
    if (errors.amount) amountInput.current?.focus();
    else if (errors.refundNotes) notesInput.current?.focus();
  }, [errors]);
  const input = () => ({ full, amount, notes });
  return (
    <form
      noValidate
      autoComplete="off"
      data-testid="refund-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (full) return setConfirming(leftPence);
        const checked = checkAmount(amount);
        // A malformed amount: the store says what is wrong, by the field, and sends nothing.
        if (!checked.ok || notes.length > NOTES_MAX)
          return void (await store.getState().refund(input()));
        setConfirming(checked.pence);
      }}
    >
      <RadioGroup
        id={`refund-kind-${id}`}
        legend="Refund"
        name={`refund-kind-${id}`}
        options={[
          ['full', `In full (${formatPence(leftPence, p.currency)})`],
          ['part', 'An amount'],
        ]}
        value={full ? 'full' : 'part'}
        onValue={(kind) => setFull(kind === 'full')}
      />
      {full ? (
        // A refused amount still shows, though the field is gone (the service has the last word).
        <FieldError id={`refund-amount-${id}`} testId="refund-error" alert>
          {errors.amount}
        </FieldError>
      ) : (
        <TextInput
          id={`refund-amount-${id}`}
          ref={amountInput}
          label="Amount to refund (£)"
          error={errors.amount}
          errorTestId="refund-error"
          alertError
          inputMode="decimal"
          placeholder="5.00"
          value={amount}
          onValue={setAmount}
        />
      )}
      <TextInput
        id={`refund-notes-${id}`}
        ref={notesInput}
        label={
          <>
            Notes <span className="muted">(optional, up to {NOTES_MAX} characters)</span>
          </>
        }
        error={errors.refundNotes}
        errorTestId="refund-error"
        alertError
        maxLength={NOTES_MAX}
        placeholder="Damaged item"
        value={notes}
        onValue={setNotes}
      />
      <Notice kind="error">{formError}</Notice>
      <Notice kind="ok" testId="refund-notice">
        {notice}
      </Notice>
      {confirming === null ? (
        <ButtonRow>
          <button type="submit" ref={submit} disabled={sending}>
            {sending ? 'Refunding…' : 'Refund…'}
          </button>
        </ButtonRow>
      ) : (
        <ConfirmBox
          message={`Refund ${formatPence(confirming, p.currency)} of ${p.orderId} to the customer? This cannot be undone.`}
          yes="Yes, refund"
          no="Don't refund"
          onYes={async () => {
            answeredYes.current = true;
            if (await store.getState().refund(input())) {
              setAmount('');
              setNotes('');
              setFull(true);
            }
          }}
          onNo={() => {
            setConfirming(null);
            // Back from the question: the focus goes to what the service refused, else the button
            // that asked (once it is back in the page).
            const sent = answeredYes.current;
            answeredYes.current = false;
            setTimeout(() => {
              const refused = sent ? store.getState().fieldErrors : {};
              if (refused.amount && amountInput.current) amountInput.current.focus();
              else if (refused.refundNotes) notesInput.current?.focus();
              else submit.current?.focus();
            });
          }}
        />
      )}
    </form>
  );
}
