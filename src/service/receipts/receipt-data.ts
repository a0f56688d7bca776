/**
 * Everything a receipt shows, gathered once for the hosted receipt page and the RECEIPT /
 * RECEIPT_PNG templates: merchant, store, the basket, amounts, the way it was paid (masked
 * card), the order id and the payment's refunds.
 */
import type { BasketLine } from '../../shared/basket';
import type { PaymentStatus } from '../../shared/payment-states';
import type { RefundStatus } from '../../shared/refund-states';
import type { ReceiptsContext } from './context';
import { profileLines } from '../merchants';
import type { Method, RequestRow } from '../payments';
import { createStoreViews } from '../merchants';

export interface ReceiptRefund {
  refundId: string;
  amountPence: number;
  status: RefundStatus;
  type: 'PARTIAL' | 'FULL';
  createdAt: number;
  updatedAt: number;
}

export interface Receipt {
  paymentRequestId: string;
  merchantName: string;
  /** The merchant's logo (a path on this service), or null. */
  merchantLogo: string | null;
  /** Under the name: address, company and VAT numbers (merchants/profile.ts). */
  merchantLines: string[];
  /** How the customer reaches the shop about this payment. */
  support: { email: string | null; phone: string | null };
  storeName: string | null;
  status: PaymentStatus;
  amountPence: number;
  tipPence: number;
  paidPence: number;
  refundedPence: number;
  currency: string;
  method: Method | null;
  /** "VISA •••• 4242" style, for card payments. */
  card: string | null;
  bankName: string | null;
  orderId: string;
  notes: string | null;
  /** The basket the payment was created with, in order; empty without one. */
  lines: readonly BasketLine[];
  /** When it was paid (the completing transaction), otherwise the last change. */
  date: number;
  refunds: ReceiptRefund[];
}

/** The public address of a payment's receipt page; the payment request id is a random UUID. */
export const receiptUrl = (publicUrl: string, paymentRequestId: string) =>
  `${publicUrl}/receipt/${paymentRequestId}`;

export function createReceiptReader(ctx: ReceiptsContext) {
  const stores = createStoreViews(ctx.store);

  return async function receiptOf(row: RequestRow): Promise<Receipt> {
    const paidTx = (await ctx.payments.transactions(row.id))
      .filter((t) => t.status === 'COMPLETED')
      .at(-1);
    const card =
      paidTx?.method === 'CARD' && paidTx.card_last4
        ? `${paidTx.card_brand ?? 'Card'} •••• ${paidTx.card_last4}`
        : null;
    const profile = await ctx.profiles.get(row.merchant_id, row.environment);
    return {
      paymentRequestId: row.id,
      merchantName: profile?.name ?? '',
      merchantLogo: profile?.logoPath ?? null,
      merchantLines: profile ? profileLines(profile) : [],
      support: { email: profile?.supportEmail ?? null, phone: profile?.supportPhone ?? null },
      storeName: (await stores.nameOf(row.store_id, row.environment)) ?? null,
      status: row.status,
      amountPence: row.amount_pence,
      tipPence: row.tip_pence,
      paidPence: row.paid_pence,
      refundedPence: row.refunded_pence,
      currency: row.currency,
      method: row.payment_method,
      card,
      bankName: paidTx?.bank_name ?? null,
      orderId: row.order_id,
      notes: row.notes,
      lines: await ctx.payments.lineItems(row),
      date: paidTx?.updated_at ?? row.updated_at,
      refunds: (await ctx.refunds.reader.ofRequest(row.id)).map((r) => ({
        refundId: r.id,
        amountPence: r.amount_pence,
        status: r.status,
        type: r.refund_type,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      })),
    };
  };
}
