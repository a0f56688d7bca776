/**
 * More time: the customer at the display asks for more time on the payment it shows, before its
 * QR code expires. The kiosk core asks the service with its own credentials
 * (POST /api/payment-requests/{id}/extend); the display never holds a secret.
 */
import { z } from 'zod';
import { command, Id } from './fields';

export const MoreTime = z.object({
  paymentRequestId: Id,
  /** The request's new expiry, as the service answered it. */
  expiresAt: z.string(),
  /** How many more times the customer may ask on this payment. */
  extensionsLeft: z.number().int().nonnegative(),
  /** What each extension adds, in seconds. */
  extensionSeconds: z.number().int().positive(),
});
export type MoreTime = z.infer<typeof MoreTime>;

export const moreTimeBridge = {
  /** Only for the payment the display shows now; a display on the LAN may ask it. */
  askMoreTime: command({
    input: z.object({ paymentRequestId: Id }),
    reply: MoreTime,
    display: true,
  }),
};
