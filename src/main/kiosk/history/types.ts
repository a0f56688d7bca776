/** What the kiosk history stores: the payments this kiosk has seen and their status changes. */
import type { PaymentStatus } from '../../../shared/payment-states';
import type { StatusSource } from '../types';
import type { RemoteCreator } from '../../../shared/contract/terminals';

export type Origin = 'remote' | 'counter';
export type PaidMethod = 'PAY_BY_BANK' | 'CARD' | 'CASH';

/** A payment as the kiosk knows it. Times are ms since the epoch; money is integer pence. */
export interface KioskPayment {
  paymentRequestId: string;
  /** Pushed from the dashboard ('remote') or started at this counter ('counter'). */
  origin: Origin;
  /** Who created a remote payment, as its push event said; null when it did not. */
  createdBy: RemoteCreator | null;
  amountPence: number;
  currency: string;
  orderId: string | null;
  notes: string | null;
  metadata: Record<string, string>;
  /** The one method the request allows, or null for both. */
  paymentMethodRestriction: PaidMethod | null;
  paymentUrl: string | null;
  qrCodeUrl: string | null;
  qrCodeUrlPng: string | null;
  templateUrl: string | null;
  status: PaymentStatus;
  paidPence: number;
  tipPence: number;
  paidMethod: PaidMethod | null;
  errorDescription: string | null;
  /** Nothing moves it any more (COMPLETED, CANCELLED, EXPIRED). */
  final: boolean;
  /** Service time of the current status, when a source said it. */
  statusAt: number | null;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number | null;
}

/** What upsertPayment takes: the request's own fields; status fields only on first sight. */
export interface NewPayment {
  paymentRequestId: string;
  origin: Origin;
  createdBy?: RemoteCreator | null;
  amountPence: number;
  currency?: string;
  orderId?: string | null;
  notes?: string | null;
  metadata?: Record<string, string>;
  paymentMethodRestriction?: PaidMethod | null;
  paymentUrl?: string | null;
  qrCodeUrl?: string | null;
  qrCodeUrlPng?: string | null;
  templateUrl?: string | null;
  /** The status it was first seen in; default PAYMENT_NOT_INITIATED. Ignored once known. */
  status?: PaymentStatus;
  /** Who told the kiosk about it; default 'local'. */
  source?: StatusSource;
  createdAt: number;
  expiresAt?: number | null;
}

/** One row of a payment's status history. `from` is null for the status it was first seen in. */
export interface StatusChange {
  id: number;
  paymentRequestId: string;
  from: PaymentStatus | null;
  to: PaymentStatus;
  source: StatusSource;
  /** When it happened, as the source said (or when recorded, if the source said nothing). */
  occurredAt: number;
  recordedAt: number;
}

/** A compare-and-set status move with the payment fields it brings. */
export interface ChangeInput {
  paymentRequestId: string;
  from: PaymentStatus;
  to: PaymentStatus;
  source: StatusSource;
  occurredAt: number;
  recordedAt: number;
  final: boolean;
  /** Service time of the new status, when the source gave one. */
  statusAt?: number | null;
  paidPence?: number;
  tipPence?: number;
  paidMethod?: PaidMethod | null;
  errorDescription?: string | null;
}

export interface Page {
  items: KioskPayment[];
  /** Pass back for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface SearchQuery {
  amountPence?: number;
  /** Case-insensitive; `orderIdMatch` says where in the order id it must appear. */
  orderId?: string;
  orderIdMatch?: 'contains' | 'prefix' | 'exact';
  status?: PaymentStatus | readonly PaymentStatus[];
  /** created_at >= from (ms). */
  from?: number;
  /** created_at < to (ms). */
  to?: number;
  limit?: number;
  cursor?: string | null;
}

export interface Takings {
  count: number;
  /** Everything paid for today's completed payments, tips included. */
  totalPence: number;
  tipsPence: number;
}
