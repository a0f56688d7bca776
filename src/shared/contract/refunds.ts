/** The refund record, looking up a payment's refunds and initiating one (docs/refunds.md). */
import { z } from 'zod';
import { StaffRecord, StaffTakenBy } from './staff';
import {
  Currency,
  Metadata,
  PoundsOrDecimalText,
  PositivePounds,
  RefundStatus,
  RefundType,
  Timestamp,
  Uuid,
  safeText,
} from './common';

export const RefundRecord = z.object({
  refundId: Uuid,
  paymentRequestId: z.string(),
  paymentIdempotencyId: z.string(),
  status: RefundStatus,
  paidAmount: PoundsOrDecimalText,
  refundAmount: PoundsOrDecimalText,
  currency: Currency,
  refundNotes: z.string().optional(),
  orderId: z.string(),
  refundType: RefundType,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  metadata: z.record(z.string(), z.string()).optional(),
  /** Extension: who took it at a kiosk, when someone was signed in; absent when unknown. */
  staff: StaffRecord.optional(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;
export const RefundList = z.array(RefundRecord);

/** Extension: initiate a refund (operation createRefund). No amount means in full. */
export const RefundCreateBody = z.object({
  amount: PositivePounds.optional(),
  refundNotes: safeText().max(30, 'must be at most 30 characters').optional(),
  metadata: Metadata.optional(),
  staff: StaffTakenBy.optional(),
});
export type RefundCreateBody = z.infer<typeof RefundCreateBody>;

export const RefundParams = z.object({ refundId: Uuid });

/** Extension: the sandbox bank's answer to a refund (docs/refunds.md). */
export const RefundSimulateBody = z.object({
  outcome: z.enum(['COMPLETED', 'FAILED', 'CANCELLED']),
});
export type RefundSimulateBody = z.infer<typeof RefundSimulateBody>;
