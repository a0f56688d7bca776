/**
 * Shapes shared inside the kiosk core. The tracker merges status reports from three sources;
 * each report says where it came from so history can show it.
 */
import type { PaymentStatus } from '../../shared/payment-states';

export type StatusSource = 'push' | 'webhook' | 'poll' | 'local';

export interface StatusReport {
  paymentRequestId: string;
  status: PaymentStatus;
  source: StatusSource;
  /** When the change happened, as the source says (event createdAt / record updatedAt), ISO. */
  at?: string;
  paidAmount?: number;
  tipAmount?: number;
  paymentMethod?: 'PAY_BY_BANK' | 'CARD' | 'CASH' | null;
  errorDescription?: string;
}

/** Anything that accepts status reports: the tracker. */
export interface StatusSink {
  report(report: StatusReport): void;
}

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';
