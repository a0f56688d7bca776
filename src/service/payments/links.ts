/** The links a payment request hands out. They never expire; the request itself does. */
import type { z } from 'zod';
import type { Template } from '../../shared/contract/common';

export function paymentLinks(publicUrl: string, id: string, template: z.infer<typeof Template>) {
  return {
    paymentUrl: `${publicUrl}/pay/${id}`,
    qrCodeUrl: `${publicUrl}/api/payment-requests/${id}/qr.svg`,
    qrCodeUrlPng: `${publicUrl}/api/payment-requests/${id}/qr.png`,
    templateUrl: `${publicUrl}/api/payment-requests/${id}/template/${template}`,
    paymentRequestId: id,
  };
}
