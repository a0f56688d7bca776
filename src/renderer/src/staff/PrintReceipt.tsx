import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { methodText, shopHeaderLines, type Receipt } from '../../../shared/receipt';
import { shortUrl } from '../../../shared/short-url';
import { takenPence } from '../../../shared/taken';
import { formatDateTime, formatPence } from '../lib/format';
import { useQrImage } from '../lib/qr-image';
import { REFUND_STATUS_LABEL } from '../lib/refund-labels';
import { runCommand } from '../lib/run-command';
import { useBridge } from '../store/context';
import { PaymentLines } from './PaymentLines';
import '../styles/refunds.css';

/**
 * The payment's receipt (shared/receipt.ts) from the kiosk: the one the receipt page and the
 * receipt printer show, the shop as it was when the customer paid. Read again whenever `version`
 * changes (the payment or one of its refunds moved); null until the kiosk answers, and without a
 * payment to ask for (one not paid has no receipt to print).
 */
export function usePaymentReceipt(
  paymentRequestId: string | null,
  version: unknown,
): Receipt | null {
  const bridge = useBridge();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  useEffect(() => {
    if (!paymentRequestId) return;
    let live = true;
    void runCommand(bridge, { type: 'getReceipt', paymentRequestId }, {}).then((outcome) => {
      if (live && outcome.ok) setReceipt(outcome.result.receipt);
    });
    return () => {
      live = false;
    };
  }, [bridge, paymentRequestId, version]);
  return receipt;
}

/**
 * The receipt as printed on 80 mm thermal paper through the computer's print dialog: the same
 * model, header and method words as the receipt page, the receipt image and the receipt printer.
 * It lives outside the app (a portal into <body>) so the print stylesheet can hide everything
 * else, open dialogs included; on screen it is never shown.
 */
export function PrintReceipt({ receipt }: { receipt: Receipt }) {
  const money = (pence: number) => formatPence(pence, receipt.currency);
  const taken = takenPence(receipt);
  return createPortal(
    <section className="print-receipt" aria-hidden="true" data-testid="print-receipt">
      {receipt.shop.name && <h1>{receipt.shop.name}</h1>}
      {shopHeaderLines(receipt.shop).map((line, index) => (
        <p key={index} className="print-receipt__shop-line" data-testid="print-receipt-shop-line">
          {line}
        </p>
      ))}
      <p className="print-receipt__kind">Receipt</p>
      <p className="print-receipt__amount">{money(taken)}</p>
      {receipt.lines.length > 0 && (
        <PaymentLines
          lines={receipt.lines}
          amountPence={receipt.amountPence}
          currency={receipt.currency}
          testId="print-receipt-lines"
        />
      )}
      <dl>
        <dt>Amount</dt>
        <dd>{money(receipt.amountPence)}</dd>
        {receipt.tipPence > 0 && (
          <>
            <dt>Tip</dt>
            <dd>{money(receipt.tipPence)}</dd>
          </>
        )}
        <dt>Total paid</dt>
        <dd>{money(taken)}</dd>
        {receipt.refundedPence > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>−{money(receipt.refundedPence)}</dd>
          </>
        )}
        <dt>Method</dt>
        <dd data-testid="print-receipt-method">{methodText(receipt)}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(new Date(receipt.date).toISOString())}</dd>
        <dt>Order ID</dt>
        <dd>{receipt.orderId}</dd>
        {receipt.notes && (
          <>
            <dt>Note</dt>
            <dd data-testid="print-receipt-note">{receipt.notes}</dd>
          </>
        )}
      </dl>
      {receipt.refunds.length > 0 && (
        <ul>
          {receipt.refunds.map((r) => (
            <li key={r.refundId}>
              Refund {money(r.amountPence)}: {REFUND_STATUS_LABEL[r.status]}
            </li>
          ))}
        </ul>
      )}
      {receipt.receiptUrl && <KeepThis url={receipt.receiptUrl} />}
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
