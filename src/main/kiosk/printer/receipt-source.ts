/**
 * Where a payment's receipt comes from, for every receipt the kiosk makes: the receipt printer's
 * bytes and the console's print dialog both draw what this answers, so they never disagree. The
 * service's receipt comes first (the shop as it was when the customer paid, the store, the card),
 * the one its receipt page shows; only when the service cannot say (unreachable, unpaired, or a
 * service without the receipt API) is it made from what this kiosk keeps and knows now.
 */
import type { BasketLine } from '../../../shared/basket';
import type { Receipt, ReceiptRefund } from '../../../shared/receipt';
import type { KioskPayment } from '../history/types';
import { receiptUrlOf } from '../view';

export interface ReceiptSourceOptions {
  /** The payment's receipt as the service says it; null when there is no service to ask. */
  fromService: (paymentRequestId: string) => Promise<Receipt | null>;
  shopName: () => string | null;
  /** Under the name (its address, company and VAT numbers), as the shop is now. */
  shopLines: () => readonly string[];
  /** The basket's lines of a payment as the kiosk keeps them. */
  lineItemsOf: (paymentRequestId: string) => readonly BasketLine[];
  /** The payment's refunds as the kiosk keeps them, and the pence of those completed. */
  refundsOf: (paymentRequestId: string) => readonly ReceiptRefund[];
  refundedOf: (paymentRequestId: string) => number;
}

/** A payment's receipt: the service's, else the kiosk's own (it never throws for want of one). */
export type ReceiptSource = (payment: KioskPayment) => Promise<Receipt>;

export function createReceiptSource(options: ReceiptSourceOptions): ReceiptSource {
  /** Only when the service cannot say: the receipt from what this kiosk keeps and knows now. */
  function kioskReceipt(payment: KioskPayment): Receipt {
    const id = payment.paymentRequestId;
    return {
      paymentRequestId: id,
      orderId: payment.orderId ?? id,
      shop: {
        name: options.shopName() ?? '',
        storeName: null,
        lines: [...options.shopLines()],
        logoUrl: null,
        supportEmail: null,
        supportPhone: null,
        asPaid: false,
      },
      status: payment.status,
      currency: payment.currency,
      amountPence: payment.amountPence,
      tipPence: payment.tipPence,
      paidPence: payment.paidPence,
      refundedPence: options.refundedOf(id),
      method: payment.paidMethod ?? payment.paymentMethodRestriction,
      card: null,
      bankName: null,
      notes: payment.notes,
      lines: [...options.lineItemsOf(id)],
      date: payment.completedAt ?? payment.updatedAt,
      refunds: [...options.refundsOf(id)],
      receiptUrl: receiptUrlOf(payment) ?? '',
    };
  }

  return async (payment) => {
    const fromService = await options.fromService(payment.paymentRequestId).catch(() => null);
    return fromService ?? kioskReceipt(payment);
  };
}
