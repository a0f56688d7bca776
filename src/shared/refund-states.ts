/**
 * The refund state machine (docs/refunds.md), shared by the service, which applies it with
 * compare-and-set, and the kiosk, which keeps only forward moves whatever order its sources
 * report them in.
 *
 *   INITIATED ──► PENDING ──► COMPLETED
 *       │            │
 *       ├────────────┴──────► FAILED
 *       └────────────┴──────► CANCELLED
 */
import type { z } from 'zod';
import type { RefundStatus as RefundStatusSchema } from './contract/common';

export type RefundStatus = z.infer<typeof RefundStatusSchema>;

const NEXT: Record<RefundStatus, readonly RefundStatus[]> = {
  INITIATED: ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'],
  PENDING: ['COMPLETED', 'FAILED', 'CANCELLED'],
  COMPLETED: [],
  FAILED: [],
  CANCELLED: [],
};

export function canMoveRefund(from: RefundStatus, to: RefundStatus): boolean {
  return NEXT[from].includes(to);
}

export const FINAL_REFUND_STATUSES: readonly RefundStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** Refunds that count against the amount paid: every one not FAILED or CANCELLED. */
export const REFUND_HOLDS_MONEY: readonly RefundStatus[] = ['INITIATED', 'PENDING', 'COMPLETED'];

export const isFinalRefund = (status: RefundStatus) => FINAL_REFUND_STATUSES.includes(status);
