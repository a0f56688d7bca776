/** Refund rows and their wire shape, the refund record (docs/refunds.md); their SQL is repo.ts's. */
import type { z } from 'zod';
import type { RefundRecord } from '../../shared/contract/refunds';
import type { StaffRecord } from '../../shared/contract/staff';
import { penceToDecimalText } from '../../shared/money';
import type { RefundStatus } from '../../shared/refund-states';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { RequestRow } from '../payments';

export interface RefundRow {
  id: string;
  payment_request_id: string;
  merchant_id: string;
  environment: Environment;
  status: RefundStatus;
  refund_type: 'PARTIAL' | 'FULL';
  amount_pence: number;
  paid_pence: number;
  currency: string;
  payment_transaction_id: string;
  notes: string | null;
  metadata: string | null;
  due_at: number | null;
  /** Who took it at a kiosk ({id, name, role} as JSON, migration 38); null when unknown. */
  staff?: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * The refund record with every field the lookup lists. paidAmount and refundAmount are decimal
 * strings with two places ("10.50"), as clients of the interface expect (docs/refunds.md).
 */
export function refundRecord(row: RefundRow, request: RequestRow): z.input<typeof RefundRecord> {
  return {
    refundId: row.id,
    paymentRequestId: row.payment_request_id,
    paymentIdempotencyId: row.payment_transaction_id,
    status: row.status,
    paidAmount: penceToDecimalText(row.paid_pence),
    refundAmount: penceToDecimalText(row.amount_pence),
    currency: row.currency,
    ...(row.notes !== null ? { refundNotes: row.notes } : {}),
    orderId: request.order_id,
    refundType: row.refund_type,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...(row.metadata !== null
      ? { metadata: JSON.parse(row.metadata) as Record<string, string> }
      : {}),
    ...(row.staff ? { staff: JSON.parse(row.staff) as StaffRecord } : {}),
  };
}
