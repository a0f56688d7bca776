/**
 * The QR code of a payment's paymentUrl, drawn in the display itself rather than fetched from the
 * service's qrCodeUrl: it appears the moment the payment does, with no round trip, and still
 * appears when the service is slow. The service's image is the fallback if drawing fails.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The image to show for `paymentUrl`: the drawn code, or `fallback` until (or unless) it is. */
export function useQrImage(paymentUrl: string, fallback: string): string {
  const [drawn, setDrawn] = useState<{ for: string; src: string } | null>(null);
  useEffect(() => {
    if (!paymentUrl) return;
    let current = true;
    qrDataUrl(paymentUrl).then(
      (src) => current && setDrawn({ for: paymentUrl, src }),
      () => current && setDrawn({ for: paymentUrl, src: fallback }),
    );
    return () => {
      current = false;
    };
  }, [paymentUrl, fallback]);
  return drawn?.for === paymentUrl ? drawn.src : '';
}
