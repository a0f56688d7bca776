/**
 * One payment's page (/dashboard/payments/{id}): deep-linkable, kept on a reload, left with the
 * browser's back button or the one link back to the list. What it was for (the basket), how it
 * was paid (method, card, tip), where (terminal, store) and who made it, its every status change
 * with the time, its refunds, the webhooks sent for it and its receipt; all live.
 */
import { useEffect, useRef } from 'react';
import { formatDateTime, formatPounds } from '../../../shared/format';
import { methodLabel } from '../../../shared/labels';
import { InPageLink } from '../../components/InPageLink';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { useDashboard, usePaymentPage, useTerminals } from '../../context';
import { terminalName } from '../../lib/terminal-choices';
import type { Payment } from '../../store/payments';
import { PaymentBasket, PaymentTimeline, PaymentWebhooks, sourceText } from './PaymentSections';
import { PaymentRefunds } from './Refunds';

export function PaymentPage({ paymentRequestId: id }: { paymentRequestId: string }) {
  const { paymentPage, refunds } = useDashboard();
  useEffect(() => {
    paymentPage.getState().open(id);
    refunds.getState().open(id);
    return () => {
      paymentPage.getState().close();
      refunds.getState().close();
    };
  }, [paymentPage, refunds, id]);
  // Opened from the list (or the push confirmation), the focus moves to the page's heading, as
  // a page load would put a screen reader at its top.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  const payment = usePaymentPage((s) => (s.id === id ? s.payment : null));
  const error = usePaymentPage((s) => s.error);
  const missing = usePaymentPage((s) => s.missing);
  return (
    <>
      <p className="back">
        <InPageLink area="payments" className="back-link">
          ← All payments
        </InPageLink>
      </p>
      <section className="card wide" aria-labelledby="payment-title" data-testid="payment-page">
        <div className="head">
          <h1 id="payment-title" ref={heading} tabIndex={-1}>
            {payment ? `Payment ${payment.orderId}` : 'Payment'}
          </h1>
          {payment ? (
            <StatusBadge status={payment.status} detail={payment.errorDescription} />
          ) : null}
        </div>
        <Notice kind="error">{error}</Notice>
        {payment ? <PaymentFacts payment={payment} /> : null}
        {!payment && !error ? <p className="muted">Loading…</p> : null}
      </section>
      {payment && !missing ? (
        <>
          <PaymentBasket payment={payment} />
          <PaymentTimeline />
          <PaymentRefunds payment={payment} />
          <PaymentWebhooks />
        </>
      ) : null}
    </>
  );
}

/** The card the payment was paid (or is being paid) with: its latest card attempt's. */
function cardOf(p: Payment): string | null {
  const card = [...p.transactions].reverse().find((t) => t.cardPaymentDetails)?.cardPaymentDetails;
  if (!card) return null;
  const last4 = card.maskedCardNumber.slice(-4);
  const brand = card.brand ? card.brand.charAt(0) + card.brand.slice(1).toLowerCase() : 'Card';
  return `${brand} ending ${last4}`;
}

function PaymentFacts({ payment: p }: { payment: Payment }) {
  const terminals = useTerminals((s) => s.terminals);
  const stores = useTerminals((s) => s.stores);
  const history = usePaymentPage((s) => s.history);
  const card = cardOf(p);
  const bank = [...p.transactions].reverse().find((t) => t.bankName)?.bankName;
  const store = stores.find((s) => s.id === p.storeId);
  return (
    <dl className="facts" data-testid="payment-facts">
      <dt>Amount</dt>
      <dd data-testid="fact-amount">{formatPounds(p.amount, p.currency)}</dd>
      <dt>Tip</dt>
      <dd data-testid="fact-tip">{formatPounds(p.tipAmount, p.currency)}</dd>
      <dt>Paid (with tip)</dt>
      <dd data-testid="fact-paid">{formatPounds(p.paidAmount, p.currency)}</dd>
      <dt>Method</dt>
      <dd data-testid="fact-method">
        {p.paymentMethod ? methodLabel(p.paymentMethod) : 'Not chosen yet'}
      </dd>
      {card ? (
        <>
          <dt>Card</dt>
          <dd data-testid="fact-card">{card}</dd>
        </>
      ) : null}
      {bank ? (
        <>
          <dt>Bank</dt>
          <dd>{bank}</dd>
        </>
      ) : null}
      <dt>Terminal</dt>
      <dd data-testid="fact-terminal">
        {p.terminalId
          ? terminalName(terminals ?? [], p.terminalId)
          : 'None (not sent to a terminal)'}
      </dd>
      <dt>Store</dt>
      <dd data-testid="fact-store">{store?.name ?? '—'}</dd>
      <dt>Taken by</dt>
      <dd data-testid="fact-source">{history ? sourceText(history) : '…'}</dd>
      {p.staff ? (
        <>
          <dt>Staff</dt>
          <dd data-testid="fact-staff">
            Taken by {p.staff.name} ({p.staff.role})
          </dd>
        </>
      ) : null}
      <dt>Created</dt>
      <dd>{formatDateTime(p.createdAt)}</dd>
      <dt>Last change</dt>
      <dd>{formatDateTime(p.updatedAt)}</dd>
      {p.notes ? (
        <>
          <dt>Notes</dt>
          <dd>{p.notes}</dd>
        </>
      ) : null}
      {p.errorDescription ? (
        <>
          <dt>Reason</dt>
          <dd>{p.errorDescription}</dd>
        </>
      ) : null}
      <dt>Receipt</dt>
      <dd data-testid="fact-receipt">
        {p.status === 'COMPLETED' ? (
          <a href={`/receipt/${p.paymentRequestId}`} target="_blank" rel="noopener">
            Open the receipt
          </a>
        ) : (
          'Once it is paid'
        )}
      </dd>
      <dt>Payment request id</dt>
      <dd>
        <code>{p.paymentRequestId}</code>
      </dd>
    </dl>
  );
}
