/** The kiosk's own history: pages and searches, one payment's detail, its receipt (src/main/kiosk/commands/history.ts). */
import { z } from 'zod';
import { PaymentStatus } from '../contract/common';
import { command, Id, PositivePence } from './fields';
import { KioskPayment, StatusChange } from './payments';
import { KioskRefund } from './refunds';

const HistoryQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  amountPence: PositivePence.optional(),
  orderId: z.string().trim().max(50).optional(),
  status: PaymentStatus.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const HistoryPage = z.object({
  payments: z.array(KioskPayment),
  nextCursor: z.string().nullable(),
});

export const PaymentDetail = z.object({
  payment: KioskPayment,
  changes: z.array(StatusChange),
  refunds: z.array(KioskRefund).optional(),
});

export const historyBridge = {
  listHistory: command({ input: z.object({ query: HistoryQuery }), reply: HistoryPage }),
  getPayment: command({ input: z.object({ paymentRequestId: Id }), reply: PaymentDetail }),
  /**
   * Print a payment's receipt. With a receipt printer named in Settings the core sends it there
   * (`printed: true`, or an error saying the printer cannot be reached while the receipt waits
   * in `printJobs`). Otherwise the Electron shell prints the console silently to the default
   * printer; elsewhere the answer is `{ printed: false }` and the window uses window.print().
   */
  printReceipt: command({
    input: z.object({ paymentRequestId: Id }),
    reply: z.object({ printed: z.boolean() }),
  }),
};
