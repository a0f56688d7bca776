/**
 * What a receipt says, once for every receipt there is: the hosted receipt page, the receipt
 * image (RECEIPT, RECEIPT_PNG) and the kiosk's printed receipt all draw this model, so they never
 * disagree about the shop, the store, the lines, the amounts or how it was paid. The service
 * builds it (receipts/receipt-data.ts) with the shop as it was when the customer paid; the kiosk
 * reads it from the service (GET /api/payment-requests/{id}/receipt, contract/receipts.ts).
 * Amounts are integer pence, as inside the kiosk and the service.
 */
import type { BasketLine } from './basket';
import { formatPence } from './money';
import type { PaymentStatus } from './payment-states';
import type { RefundStatus } from './refund-states';

export interface ReceiptShop {
  name: string;
  /** The store the payment was taken at (the shop's branch), when it has a name. */
  storeName: string | null;
  /**
   * Under the name and store: the store's address (the merchant's when the store has none),
   * then the company and VAT numbers.
   */
  lines: string[];
  /** The logo as it was (an address on the service), or null without one. */
  logoUrl: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  /** True when this is the shop as it was at payment; false for one paid before that was kept. */
  asPaid: boolean;
}

export interface ReceiptCard {
  brand: string | null;
  last4: string;
}

export interface ReceiptCash {
  tenderedPence: number;
  changePence: number;
}

export interface ReceiptRefund {
  refundId: string;
  amountPence: number;
  status: RefundStatus;
  type: 'PARTIAL' | 'FULL';
  createdAt: number;
}

export interface Receipt {
  paymentRequestId: string;
  orderId: string;
  shop: ReceiptShop;
  status: PaymentStatus;
  currency: string;
  amountPence: number;
  tipPence: number;
  /** What the customer paid, tip included. */
  paidPence: number;
  refundedPence: number;
  method: 'CARD' | 'PAY_BY_BANK' | 'CASH' | null;
  /** The card that paid, for card payments. */
  card: ReceiptCard | null;
  /** A cash sale's tendered amount and the change given; absent for other methods. */
  cash?: ReceiptCash | null;
  bankName: string | null;
  notes: string | null;
  /** The basket the payment was created with, in order; empty without one. */
  lines: BasketLine[];
  /** When it was paid (ms), otherwise its last change. */
  date: number;
  refunds: ReceiptRefund[];
  /** The hosted receipt page: the QR code on paper and on the image leads there. */
  receiptUrl: string;
}

/** The lines under a shop's name from its address (one line each) and numbers. */
export function addressLines(
  address: string | null,
  companyNumber: string | null,
  vatNumber: string | null,
): string[] {
  return [
    ...(address ? address.split(/\r?\n/).map((line) => line.trim()) : []),
    ...(companyNumber ? [`Company no. ${companyNumber}`] : []),
    ...(vatNumber ? [`VAT no. ${vatNumber}`] : []),
  ].filter((line) => line !== '');
}

/** "VISA •••• 4242": the card as every receipt masks it. */
export const cardText = (card: ReceiptCard): string => `${card.brand ?? 'Card'} •••• ${card.last4}`;

/**
 * How it was paid, as every receipt says it: "VISA •••• 4242", "Pay by bank (Monzo)",
 * "Cash: £20.00 tendered, £7.50 change".
 */
export function methodText(r: Pick<Receipt, 'method' | 'card' | 'bankName' | 'cash'>): string {
  if (r.method === 'CASH')
    return r.cash
      ? `Cash: ${formatPence(r.cash.tenderedPence)} tendered, ${formatPence(r.cash.changePence)} change`
      : 'Cash';
  if (r.method === 'CARD') return r.card ? cardText(r.card) : 'Card';
  if (r.method === 'PAY_BY_BANK') return r.bankName ? `Pay by bank (${r.bankName})` : 'Pay by bank';
  return 'Not paid yet';
}

/** Everything under the shop's name, in order: the store line, then its address and numbers. */
export const shopHeaderLines = (shop: ReceiptShop): string[] => [
  ...(shop.storeName ? [shop.storeName] : []),
  ...shop.lines,
];
