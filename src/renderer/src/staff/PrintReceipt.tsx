import { createPortal } from 'react-dom';
import type { KioskPayment, KioskRefund } from '../../../shared/bridge';
import { shortUrl } from '../../../shared/short-url';
import { takenPence } from '../../../shared/taken';
import { formatDateTime, formatPence } from '../lib/format';
import { methodLabel } from '../lib/labels';
import { useQrImage } from '../lib/qr-image';
import { REFUND_STATUS_LABEL } from '../lib/refund-labels';
import { PaymentLines } from './PaymentLines';
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
  const money = (pence: number) => formatPence(pence, payment.currency);
  const refunded = payment.refundedPence;
  return createPortal(
    <section className="print-receipt" aria-hidden="true" data-testid="print-receipt">
      {merchantName && <h1>{merchantName}</h1>}
      <p className="print-receipt__kind">Receipt</p>
      <p className="print-receipt__amount">{money(takenPence(payment))}</p>
      {payment.lines && (
        <PaymentLines
          lines={payment.lines}
          amountPence={payment.amountPence}
          currency={payment.currency}
          testId="print-receipt-lines"
        />
      )}
      <dl>
        <dt>Amount</dt>
        <dd>{money(payment.amountPence)}</dd>
        {payment.tipPence > 0 && (
          <>
            <dt>Tip</dt>
            <dd>{money(payment.tipPence)}</dd>
          </>
        )}
        <dt>Total paid</dt>
        <dd>{money(takenPence(payment))}</dd>
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
        {payment.notes && (
          <>
            <dt>Note</dt>
            <dd data-testid="print-receipt-note">{payment.notes}</dd>
          </>
        )}
      </dl>
      {refunds.length > 0 && (
        <ul>
          {refunds.map((r) => (
            <li key={r.refundId}>
              Refund {money(r.amountPence)}: {REFUND_STATUS_LABEL[r.status]}
            </li>
          ))}
        </ul>
      )}
      {payment.receiptUrl && <KeepThis url={payment.receiptUrl} />}
    </section>,
    document.body,
  );
}

/**
 * The way back to the hosted receipt on paper: its QR code and its address without the scheme,
 * shortened in the middle (the code carries it whole). A raw link is no use on a till roll.
 */
function KeepThis({ url }: { url: string }) {
  const image = useQrImage(url, '');
  return (
    <figure className="print-receipt__keep" data-testid="print-receipt-keep">
      {image && <img src={image} alt="" width={120} height={120} />}
      <figcaption>
        Scan to keep this receipt
        <span className="print-receipt__url" data-testid="print-receipt-url">
          {shortUrl(url)}
        </span>
      </figcaption>
    </figure>
  );
}
