/** Every payment request, newest first, kept current by the live stream (or polling). */
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatPounds, formatWhen } from '../../../shared/format';
import { methodLabel, STATUS_LABEL, STATUS_ORDER } from '../../../shared/labels';
import { OPEN_STATUSES, type PaymentStatus } from '../../../shared/payment-states';
import { ConfirmBox } from '../../components/ConfirmBox';
import { Notice } from '../../components/Notice';
import { ButtonRow, Select } from '../../components/form';
import { Pager } from '../../components/Pager';
import { Table, num } from '../../components/Table';
import { StatusBadge } from '../../components/StatusBadge';
import { InPageLink } from '../../components/InPageLink';
import { useStore } from 'zustand';
import { useDashboard, usePayments, useRouter, useTerminals } from '../../context';
import { terminalName } from '../../lib/terminal-choices';
import { queryOfView, viewFromQuery, type Payment } from '../../store/payments';

export function PaymentList() {
  const { payments } = useDashboard();
  const page = usePayments((s) => s.page);
  const status = usePayments((s) => s.status);
  const error = usePayments((s) => s.error);
  const router = useRouter();
  const query = useStore(router.store, (s) => s.query);
  // The address leads (a reload, a link, back and forward); the list's own moves follow into it.
  useEffect(() => payments.getState().showView(viewFromQuery(query)), [payments, query]);
  useEffect(
    () =>
      payments.subscribe((now, before) => {
        if (now.status !== before.status || now.pageNumber !== before.pageNumber)
          router.setQuery(queryOfView(now));
      }),
    [payments, router],
  );
  return (
    <section className="card wide" aria-labelledby="payments-title">
      <div className="head">
        <h2 id="payments-title">All payments</h2>
        <div className="filter">
          <Select
            id="payments-status"
            label="Show"
            value={status}
            onValue={(value) => payments.getState().setStatus(value as PaymentStatus | '')}
          >
            <option value="">All statuses</option>
            {STATUS_ORDER.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="muted">Updates live. Unpaid payments can be cancelled.</p>
      <Notice kind="error">{error ? `${error} Trying again shortly.` : ''}</Notice>
      <Table
        caption="Payments, newest first"
        columns={[
          'Time',
          'Order',
          'Terminal',
          num('Amount'),
          num('Paid'),
          num('Tip'),
          'Status',
          'Action',
        ]}
      >
        {(page?.data ?? []).map((p) => (
          <PaymentRow key={p.paymentRequestId} payment={p} />
        ))}
      </Table>
      {page && page.data.length === 0 ? <p className="muted">No payments yet.</p> : null}
      <Pager
        label="Payment pages"
        page={page}
        rangeTestId="payments-range"
        onNewer={() => payments.getState().newer()}
        onOlder={() => payments.getState().older()}
      />
    </section>
  );
}

function PaymentRow({ payment: p }: { payment: Payment }) {
  const { payments } = useDashboard();
  const terminals = useTerminals((s) => s.terminals);
  const error = usePayments((s) => s.rowErrors[p.paymentRequestId] ?? '');
  const cancelling = usePayments((s) => s.cancelling.includes(p.paymentRequestId));
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Back from the question: the focus returns to the Cancel button (if it is still there).
  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) {
      asked.current = false;
      cancelButton.current?.focus();
    }
  }, [confirming]);
  const cancellable = OPEN_STATUSES.includes(p.status) && p.paidAmount === 0;
  return (
    <tr data-payment-id={p.paymentRequestId} data-testid="payment" data-status={p.status}>
      <td className="time" title={formatDateTime(p.createdAt)}>
        {formatWhen(p.createdAt)}
      </td>
      <td>
        <div>{p.orderId}</div>
        {p.notes ? <div className="muted">{p.notes}</div> : null}
      </td>
      <td className="nowrap">
        {terminalName(terminals ?? [], p.terminalId)}
        {p.staff ? (
          <div className="muted" data-testid="payment-staff">
            Taken by {p.staff.name}
          </div>
        ) : null}
      </td>
      <td className="num">{formatPounds(p.amount, p.currency)}</td>
      <td className="num">
        {formatPounds(p.paidAmount, p.currency)}
        {p.refundedAmount ? (
          <div className="muted" data-testid="payment-refunded">
            Refunded {formatPounds(p.refundedAmount, p.currency)}
          </div>
        ) : null}
      </td>
      <td className="num">{formatPounds(p.tipAmount, p.currency)}</td>
      <td>
        <StatusBadge status={p.status} detail={p.errorDescription} />
        {p.paymentMethod ? (
          <div className="muted nowrap">{methodLabel(p.paymentMethod)}</div>
        ) : null}
      </td>
      <td className="row-actions">
        <ButtonRow>
          {cancellable && !confirming ? (
            <button
              type="button"
              ref={cancelButton}
              className="danger-outline small"
              disabled={cancelling}
              aria-label={`Cancel payment ${p.orderId}`}
              onClick={() => setConfirming(true)}
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {/* A link, not a button: the payment has a page of its own to open, share or reload. */}
          <InPageLink
            area="payments"
            sub={p.paymentRequestId}
            className="button-link small"
            ariaLabel={`Details of ${p.orderId}`}
          >
            Details
          </InPageLink>
        </ButtonRow>
        {cancellable && confirming ? (
          <ConfirmBox
            message={`Cancel this payment of ${formatPounds(p.amount, p.currency)}? The customer can no longer pay it.`}
            yes="Yes, cancel payment"
            no="Keep it"
            onYes={() => payments.getState().cancel(p.paymentRequestId)}
            onNo={() => setConfirming(false)}
          />
        ) : null}
        <Notice kind="error">{error}</Notice>
      </td>
    </tr>
  );
}
