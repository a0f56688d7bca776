/** Refunds of the kiosk's payments (src/main/kiosk/commands/refunds.ts). */
import { z } from 'zod';
import { RefundStatus, RefundType } from '../contract/common';
import { command, Id, Pence, Pin, PositivePence } from './fields';
import { DrawerResult } from './payments';

/** A refund of a payment as the kiosk knows it, with every status change it heard of. */
export const KioskRefund = z.object({
  refundId: z.string(),
  paymentRequestId: z.string(),
  amountPence: Pence,
  currency: z.string(),
  refundType: RefundType,
  status: RefundStatus,
  final: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  changes: z.array(
    z.object({
      from: RefundStatus.nullable(),
      to: RefundStatus,
      source: z.enum(['push', 'webhook', 'poll', 'local']),
      occurredAt: z.string(),
      recordedAt: z.string(),
    }),
  ),
});
export type KioskRefund = z.infer<typeof KioskRefund>;

export const refundsBridge = {
  /** Refund a completed payment: in full without an amount. Staff confirm with the PIN. */
  refundPayment: command({
    input: z.object({ paymentRequestId: Id, amountPence: PositivePence.optional(), pin: Pin }),
    /** A cash payment's refund says whether the drawer opened for the money to go back. */
    reply: KioskRefund.extend({ drawer: DrawerResult.optional() }),
    staff: true,
  }),
};
