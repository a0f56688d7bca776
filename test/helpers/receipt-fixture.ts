/**
 * A paid receipt in the one receipt model (src/shared/receipt.ts) for the printer's layout tests:
 * £9.75 by card with a £1 tip, no basket, store or address unless a test adds them.
 */
import type { Receipt } from '../../src/shared/receipt';

export const SAMPLE_RECEIPT: Receipt = {
  paymentRequestId: '0190a7e2-1111-7222-8333-444455556666',
  orderId: 'CTR-ABC123',
  shop: {
    name: 'Counter Demo Shop',
    storeName: null,
    lines: [],
    logoUrl: null,
    supportEmail: null,
    supportPhone: null,
    asPaid: true,
  },
  status: 'COMPLETED',
  currency: 'GBP',
  amountPence: 975,
  tipPence: 100,
  paidPence: 1075,
  refundedPence: 0,
  method: 'CARD',
  card: null,
  bankName: null,
  notes: null,
  lines: [],
  date: Date.UTC(2025, 2, 3, 14, 5),
  refunds: [],
  receiptUrl: 'http://127.0.0.1:4010/receipt/0190a7e2-1111-7222-8333-444455556666',
};

/** Where the tests print: the shop's zone and locale. */
export const LONDON = { timeZone: 'Europe/London', locale: 'en-GB' };
