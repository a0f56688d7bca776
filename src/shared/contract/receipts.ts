/**
 * A payment's receipt on the wire (extension, GET /api/payment-requests/{id}/receipt): the one
 * receipt model (shared/receipt.ts) with amounts in pounds and times as ISO 8601, for a kiosk to
 * print what the receipt page and image show. Fields a later version adds are optional.
 */
import { z } from 'zod';
import type { Receipt } from '../receipt';
import { lineItemsOfBasket, displayLinesInPence, DisplayLineItem } from './line-items';
import { penceToPounds, poundsToPence } from '../money';
import {
  Currency,
  PaymentMethod,
  PaymentStatus,
  RefundStatus,
  RefundType,
  Timestamp,
  WholePence,
} from './common';

export const ReceiptShopRecord = z.object({
  name: z.string(),
  storeName: z.string().optional().describe('The store the payment was taken at'),
  lines: z
    .array(z.string())
    .describe("Under the name: the store's address (or the merchant's), company and VAT numbers"),
  logoUrl: z.string().optional().describe('The logo as it was when the customer paid'),
  supportEmail: z.string().optional(),
  supportPhone: z.string().optional(),
  asPaid: z
    .boolean()
    .describe(
      'True: the shop as it was when the customer paid; false: as it is now (not paid yet, or paid before this was kept)',
    ),
});

export const ReceiptRecord = z.object({
  paymentRequestId: z.string(),
  orderId: z.string(),
  shop: ReceiptShopRecord,
  status: PaymentStatus,
  currency: Currency,
  amount: z.number(),
  tipAmount: z.number(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  paymentMethod: PaymentMethod.nullable(),
  card: z
    .object({ brand: z.string().optional(), last4: z.string() })
    .optional()
    .describe('The card that paid (brand and last four digits), for card payments'),
  bankName: z.string().optional(),
  cash: z
    .object({ tenderedPence: WholePence, changePence: WholePence })
    .optional()
    .describe('For cash sales: what the customer handed over and the change given, in pence'),
  notes: z.string().optional(),
  lineItems: z.array(DisplayLineItem),
  date: Timestamp.describe('When it was paid; until then, its last change'),
  refunds: z.array(
    z.object({
      refundId: z.string(),
      amount: z.number(),
      status: RefundStatus,
      refundType: RefundType,
      createdAt: Timestamp,
    }),
  ),
  receiptUrl: z.string().describe('The hosted receipt page'),
});
export type ReceiptRecord = z.infer<typeof ReceiptRecord>;

/** The receipt as the service answers it. */
export function receiptRecord(r: Receipt): z.input<typeof ReceiptRecord> {
  return {
    paymentRequestId: r.paymentRequestId,
    orderId: r.orderId,
    shop: {
      name: r.shop.name,
      ...(r.shop.storeName ? { storeName: r.shop.storeName } : {}),
      lines: r.shop.lines,
      ...(r.shop.logoUrl ? { logoUrl: r.shop.logoUrl } : {}),
      ...(r.shop.supportEmail ? { supportEmail: r.shop.supportEmail } : {}),
      ...(r.shop.supportPhone ? { supportPhone: r.shop.supportPhone } : {}),
      asPaid: r.shop.asPaid,
    },
    status: r.status,
    currency: r.currency,
    amount: penceToPounds(r.amountPence),
    tipAmount: penceToPounds(r.tipPence),
    paidAmount: penceToPounds(r.paidPence),
    refundedAmount: penceToPounds(r.refundedPence),
    paymentMethod: r.method,
    ...(r.card
      ? { card: { ...(r.card.brand ? { brand: r.card.brand } : {}), last4: r.card.last4 } }
      : {}),
    ...(r.bankName ? { bankName: r.bankName } : {}),
    ...(r.cash ? { cash: r.cash } : {}),
    ...(r.notes ? { notes: r.notes } : {}),
    lineItems: lineItemsOfBasket(r.lines),
    date: new Date(r.date).toISOString(),
    refunds: r.refunds.map((refund) => ({
      refundId: refund.refundId,
      amount: penceToPounds(refund.amountPence),
      status: refund.status,
      refundType: refund.type,
      createdAt: new Date(refund.createdAt).toISOString(),
    })),
    receiptUrl: r.receiptUrl,
  };
}

/** The receipt a client read, as the model every receipt is drawn from. */
export function receiptOfRecord(w: ReceiptRecord): Receipt {
  return {
    paymentRequestId: w.paymentRequestId,
    orderId: w.orderId,
    shop: {
      name: w.shop.name,
      storeName: w.shop.storeName ?? null,
      lines: w.shop.lines,
      logoUrl: w.shop.logoUrl ?? null,
      supportEmail: w.shop.supportEmail ?? null,
      supportPhone: w.shop.supportPhone ?? null,
      asPaid: w.shop.asPaid,
    },
    status: w.status,
    currency: w.currency,
    amountPence: poundsToPence(w.amount),
    tipPence: poundsToPence(w.tipAmount),
    paidPence: poundsToPence(w.paidAmount),
    refundedPence: poundsToPence(w.refundedAmount),
    method: w.paymentMethod,
    card: w.card ? { brand: w.card.brand ?? null, last4: w.card.last4 } : null,
    bankName: w.bankName ?? null,
    cash: w.cash ?? null,
    notes: w.notes ?? null,
    lines: displayLinesInPence(w.lineItems),
    date: Date.parse(w.date),
    refunds: w.refunds.map((refund) => ({
      refundId: refund.refundId,
      amountPence: poundsToPence(refund.amount),
      status: refund.status,
      type: refund.refundType,
      createdAt: Date.parse(refund.createdAt),
    })),
    receiptUrl: w.receiptUrl,
  };
}
