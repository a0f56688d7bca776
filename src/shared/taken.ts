/**
 * What a payment took: the one rule History, a payment's detail, today's takings and the
 * end-of-day report all apply, so no two screens show a different figure for the same payment.
 * A paid payment took what the customer paid, tip included (the figure the shop's bank sees);
 * a payment not (or not yet) paid took nothing.
 */
import type { PaymentStatus } from './payment-states';

/** The figures of a payment the rule reads; the kiosk's records and the bridge's both have them. */
export interface PaymentFigures {
  status: PaymentStatus;
  /** What was asked, before any tip. */
  amountPence: number;
  /** What the service said was paid, tip included; 0 when it never said. */
  paidPence: number;
  tipPence: number;
}

/** Pence taken by the payment, tip included; 0 until it is paid. */
export function takenPence(p: PaymentFigures): number {
  if (p.status !== 'COMPLETED') return 0;
  // A source that said "paid" without the amount: it took what it asked, plus the tip it named.
  return p.paidPence > 0 ? p.paidPence : p.amountPence + p.tipPence;
}

/**
 * The amount a list shows for a payment: what it took once paid (with the tip in it, shown apart
 * as `tipPence`), else what it asks for.
 */
export function shownAmount(p: PaymentFigures): {
  pence: number;
  tipPence: number;
  taken: boolean;
} {
  const taken = p.status === 'COMPLETED';
  return taken
    ? { pence: takenPence(p), tipPence: p.tipPence, taken }
    : { pence: p.amountPence, tipPence: 0, taken };
}
