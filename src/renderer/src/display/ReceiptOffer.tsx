import { useQrImage } from '../lib/qr-image';
import '../styles/receipt-offer.css';
import { useWords } from './language';

/**
 * After a payment completes, the customer display offers the receipt: a QR code to the hosted
 * receipt page, which the customer keeps on their phone.
 */
export function ReceiptOffer({ receiptUrl }: { receiptUrl: string | undefined }) {
  const { say } = useWords();
  const image = useQrImage(receiptUrl ?? '', '');
  if (!receiptUrl || !image) return null;
  return (
    <figure className="receipt-offer" data-testid="receipt-offer" data-receipt-url={receiptUrl}>
      <img src={image} alt={say('display.receiptAlt')} width={200} height={200} />
      <figcaption>{say('display.receiptCaption')}</figcaption>
    </figure>
  );
}
