/**
 * Every receipt's content, gathered once (the model in shared/receipt.ts) for the hosted receipt
 * page, the RECEIPT / RECEIPT_PNG images and the receipt API a kiosk prints from: the shop as it
 * was when the customer paid (kept with the payment, payments/repo/shops.ts; a payment paid before
 * that was kept, or not paid yet, shows the profile as it is now), the store and its address,
 * the basket, amounts, the way it was paid (masked card), the order id and the refunds.
 */
import { addressLines, type Receipt, type ReceiptShop } from '../../shared/receipt';
import type { ReceiptsContext } from './context';
import type { PaymentShopRow, RequestRow, TransactionRow } from '../payments';
import { changeOf, tenderedOf } from '../payments';

/** A cash sale's tendered amount and change, as its receipts print them. */
function cashOfTx(tx: TransactionRow | undefined): Receipt['cash'] {
  const tendered = tx ? tenderedOf(tx) : null;
  return tx && tendered !== null
    ? { tenderedPence: tendered, changePence: changeOf(tx, tendered) }
    : null;
}

export type { Receipt } from '../../shared/receipt';

/** The public address of a payment's receipt page; the payment request id is a random UUID. */
export const receiptUrl = (publicUrl: string, paymentRequestId: string) =>
  `${publicUrl}/receipt/${paymentRequestId}`;

/** Where the logo a paid payment's shop showed is served: kept with the payment, never replaced. */
export const receiptLogoPath = (paymentRequestId: string, version: number) =>
  `/receipt/${paymentRequestId}/logo?v=${version}`;

/** The shop kept with the payment: the store's own address, or the merchant's without one. */
function shopAsPaid(row: RequestRow, kept: PaymentShopRow): ReceiptShop {
  return {
    name: kept.name,
    storeName: kept.store_name,
    lines: addressLines(kept.store_address ?? kept.address, kept.company_number, kept.vat_number),
    logoUrl: kept.logo_version === null ? null : receiptLogoPath(row.id, kept.logo_version),
    supportEmail: kept.support_email,
    supportPhone: kept.support_phone,
    asPaid: true,
  };
}

export function createReceiptReader(ctx: ReceiptsContext) {
  /** The shop as it is now: a payment not paid yet, or paid before shops were kept. */
  async function shopNow(row: RequestRow): Promise<ReceiptShop> {
    const profile = await ctx.profiles.get(row.merchant_id, row.environment);
    const store = await ctx.payments.storeNow(row.store_id, row.environment);
    return {
      name: profile?.name ?? '',
      storeName: store?.name ?? null,
      lines: addressLines(
        store?.address ?? profile?.address ?? null,
        profile?.companyNumber ?? null,
        profile?.vatNumber ?? null,
      ),
      logoUrl: profile?.logoPath ?? null,
      supportEmail: profile?.supportEmail ?? null,
      supportPhone: profile?.supportPhone ?? null,
      asPaid: false,
    };
  }

  return async function receiptOf(row: RequestRow): Promise<Receipt> {
    const paidTx = (await ctx.payments.transactions(row.id))
      .filter((t) => t.status === 'COMPLETED')
      .at(-1);
    const kept = await ctx.payments.shopAtPayment(row.id);
    return {
      paymentRequestId: row.id,
      orderId: row.order_id,
      shop: kept ? shopAsPaid(row, kept) : await shopNow(row),
      status: row.status,
      currency: row.currency,
      amountPence: row.amount_pence,
      tipPence: row.tip_pence,
      paidPence: row.paid_pence,
      refundedPence: row.refunded_pence,
      method: row.payment_method,
      card:
        paidTx?.method === 'CARD' && paidTx.card_last4
          ? { brand: paidTx.card_brand, last4: paidTx.card_last4 }
          : null,
      bankName: paidTx?.bank_name ?? null,
      cash: cashOfTx(paidTx),
      notes: row.notes,
      lines: await ctx.payments.lineItems(row),
      date: paidTx?.updated_at ?? row.updated_at,
      refunds: (await ctx.refunds.reader.ofRequest(row.id)).map((r) => ({
        refundId: r.id,
        amountPence: r.amount_pence,
        status: r.status,
        type: r.refund_type,
        createdAt: r.created_at,
      })),
      receiptUrl: receiptUrl(ctx.publicUrl(), row.id),
    };
  };
}
export type ReceiptReader = ReturnType<typeof createReceiptReader>;
