/**
 * The payment request state machine (docs/payment-states.md), shared by the service, which
 * applies it with compare-and-set, and the kiosk, which accepts only forward moves whatever
 * order its sources report them in.
 */
import type { z } from 'zod';
import type { PaymentStatus as PaymentStatusSchema } from './contract/common';

export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PAYMENT_NOT_INITIATED: [
    'AWAITING_AUTHORIZATION',
    'PENDING',
    'AUTHORIZED',
    'COMPLETED',
    'FAILED',
    'CANCELLED',
    'EXPIRED',
  ],
  AWAITING_AUTHORIZATION: ['PENDING', 'AUTHORIZED', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'],
  PENDING: ['AUTHORIZED', 'COMPLETED', 'FAILED'],
  // FAILED: the capture of an authorization was refused (docs/customers.md).
  AUTHORIZED: ['COMPLETED', 'CANCELLED', 'FAILED'],
  // A failed attempt may be retried (allowRetry) until the request expires or is cancelled.
  FAILED: ['AWAITING_AUTHORIZATION', 'PENDING', 'AUTHORIZED', 'COMPLETED', 'CANCELLED', 'EXPIRED'],
  COMPLETED: [],
  CANCELLED: [],
  EXPIRED: [],
};

/** Statuses nothing moves out of. FAILED is final only when the request allows no retry. */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['COMPLETED', 'CANCELLED', 'EXPIRED'];

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

export function isFinal(status: PaymentStatus, allowRetry = true): boolean {
  return FINAL_STATUSES.includes(status) || (status === 'FAILED' && !allowRetry);
}

/** Statuses from which the customer can still pay, and which cancel and expiry apply to. */
export const OPEN_STATUSES: readonly PaymentStatus[] = [
  'PAYMENT_NOT_INITIATED',
  'AWAITING_AUTHORIZATION',
  'FAILED',
];
