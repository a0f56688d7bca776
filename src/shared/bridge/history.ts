/** The kiosk's own history: pages and searches, one payment's detail, its receipt (src/main/kiosk/commands/history.ts). */
import { z } from 'zod';
import { PaymentStatus, RefundStatus } from '../contract/common';
import type { Receipt } from '../receipt';
import { command, Id, Pence, PositivePence } from './fields';
import { BasketLine, KioskPayment, StatusChange } from './payments';
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

/**
 * A payment's receipt (shared/receipt.ts), amounts in pence and times in ms: the one the receipt
 * page, the receipt image and the receipt printer show, for the console's print dialog.
 */
export const PaymentReceipt = z.object({
  paymentRequestId: z.string(),
  orderId: z.string(),
  shop: z.object({
    name: z.string(),
    storeName: z.string().nullable(),
    lines: z.array(z.string()),
    logoUrl: z.string().nullable(),
    supportEmail: z.string().nullable(),
    supportPhone: z.string().nullable(),
    asPaid: z.boolean(),
  }),
  status: PaymentStatus,
  currency: z.string(),
  amountPence: Pence,
  tipPence: Pence,
  paidPence: Pence,
  refundedPence: Pence,
  method: z.enum(['CARD', 'PAY_BY_BANK', 'CASH']).nullable(),
  card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
  bankName: z.string().nullable(),
  cash: z.object({ tenderedPence: Pence, changePence: Pence }).nullable().optional(),
  notes: z.string().nullable(),
  lines: z.array(BasketLine),
  date: z.number(),
  refunds: z.array(
    z.object({
      refundId: z.string(),
      amountPence: Pence,
      status: RefundStatus,
      type: z.enum(['PARTIAL', 'FULL']),
      createdAt: z.number(),
    }),
  ),
  receiptUrl: z.string(),
}) satisfies z.ZodType<Receipt>;

export const historyBridge = {
  listHistory: command({ input: z.object({ query: HistoryQuery }), reply: HistoryPage }),
  getPayment: command({ input: z.object({ paymentRequestId: Id }), reply: PaymentDetail }),
  /**
   * A payment's receipt as the service's receipt page shows it (the shop as it was when the
   * customer paid, its store, address and VAT number, "VISA •••• 4242"); when the service cannot
   * answer, the one the kiosk makes from its own record, as the receipt printer does.
   */
  getReceipt: command({
    input: z.object({ paymentRequestId: Id }),
    reply: z.object({ receipt: PaymentReceipt }),
  }),
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
