import { useQrImage } from '../lib/qr-image';
import '../styles/receipt-offer.css';

/**
 * After a payment completes, the customer display offers the receipt: a QR code to the hosted
 * receipt page, which the customer keeps on their phone.
 */
export function ReceiptOffer({ receiptUrl }: { receiptUrl: string | undefined }) {
  const image = useQrImage(receiptUrl ?? '', '');
  if (!receiptUrl || !image) return null;
  return (
    <figure className="receipt-offer" data-testid="receipt-offer" data-receipt-url={receiptUrl}>
      <img src={image} alt="QR code of your receipt" width={200} height={200} />
      <figcaption>Scan for your receipt</figcaption>
    </figure>
  );
}
