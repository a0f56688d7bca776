import { createPortal } from 'react-dom';
import type { KioskPayment, KioskRefund } from '../../../shared/bridge';
import { formatDateTime, formatPounds } from '../lib/format';
import { methodLabel } from '../lib/labels';
import { REFUND_STATUS_LABEL } from '../lib/refund-labels';
import '../styles/refunds.css';

/**
 * The receipt as printed on 80 mm thermal paper. It lives outside the app (a portal into
 * <body>) so the print stylesheet can hide everything else, open dialogs included; on screen it
 * is never shown.
 */
export function PrintReceipt({
  payment,
  refunds,
  merchantName,
}: {
  payment: KioskPayment;
  refunds: readonly KioskRefund[];
  merchantName: string | null;
}) {
  const money = (pounds: number) => formatPounds(pounds, payment.currency);
  const refunded = payment.refundedAmount ?? 0;
  return createPortal(
    <section className="print-receipt" aria-hidden="true" data-testid="print-receipt">
      {merchantName && <h1>{merchantName}</h1>}
      <p className="print-receipt__kind">Receipt</p>
      <p className="print-receipt__amount">{money(payment.paidAmount || payment.amount)}</p>
      <dl>
        <dt>Amount</dt>
        <dd>{money(payment.amount)}</dd>
        {payment.tipAmount > 0 && (
          <>
            <dt>Tip</dt>
            <dd>{money(payment.tipAmount)}</dd>
          </>
        )}
        <dt>Total paid</dt>
        <dd>{money(payment.paidAmount)}</dd>
        {refunded > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>−{money(refunded)}</dd>
          </>
        )}
        <dt>Method</dt>
        <dd>{methodLabel(payment.paymentMethod)}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(payment.updatedAt)}</dd>
        <dt>Order ID</dt>
        <dd>{payment.orderId}</dd>
      </dl>
      {refunds.length > 0 && (
        <ul>
          {refunds.map((r) => (
            <li key={r.refundId}>
              Refund {money(r.amount)}: {REFUND_STATUS_LABEL[r.status]}
            </li>
          ))}
        </ul>
      )}
      {payment.receiptUrl && <p className="print-receipt__url">{payment.receiptUrl}</p>}
    </section>,
    document.body,
  );
}
