/**
 * The words people read for statuses, sources, methods and origins: one place, so the kiosk's
 * console and the merchant dashboard say the same thing ("Paid", not COMPLETED).
 */
import type { KioskPayment, StatusChange } from './bridge';
import type { PaymentStatus } from './payment-states';
import type { RefundStatus } from './refund-states';
import type { z } from 'zod';
import { PaymentStatus as PaymentStatusEnum } from './contract/common';
import type { WebhookDelivery } from './contract/webhooks';
import type { RemoteCreator } from './contract/terminals';

export type Tone = 'waiting' | 'progress' | 'success' | 'danger' | 'muted';

export const STATUS_LABEL: Record<PaymentStatus, string> = {
  PAYMENT_NOT_INITIATED: 'Waiting for customer',
  AWAITING_AUTHORIZATION: 'Customer is authorising',
  PENDING: 'Processing',
  AUTHORIZED: 'Authorised',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

export const STATUS_TONE: Record<PaymentStatus, Tone> = {
  PAYMENT_NOT_INITIATED: 'waiting',
  AWAITING_AUTHORIZATION: 'progress',
  PENDING: 'progress',
  AUTHORIZED: 'progress',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'muted',
  EXPIRED: 'muted',
};

/** In the order staff meet them (the contract lists them so), for the history search. */
export const STATUS_ORDER: readonly PaymentStatus[] = PaymentStatusEnum.options;

export const SOURCE_LABEL: Record<StatusChange['source'], string> = {
  push: 'Push from the service',
  webhook: 'Webhook',
  poll: 'Status check (polling)',
  local: 'This kiosk',
};

/** What a payment request may be restricted to; CASH is recorded, never requested. */
export type MethodChoice = Exclude<KioskPayment['paymentMethod'], 'CASH'>;

export function methodLabel(method: KioskPayment['paymentMethod']): string {
  if (method === 'PAY_BY_BANK') return 'Pay by bank';
  if (method === 'CARD') return 'Card';
  if (method === 'CASH') return 'Cash';
  return 'Any method';
}

export const ORIGIN_LABEL: Record<KioskPayment['origin'], string> = {
  remote: 'Merchant dashboard',
  counter: 'This counter',
};

/** Who created a remote payment, as its push event says (docs/terminals.md). */
export const CREATOR_LABEL: Record<RemoteCreator, string> = {
  dashboard: 'From the dashboard',
  mcp: 'From MCP (assistant)',
  api: 'From the API',
  agent: 'From an agent',
};

/**
 * Where a payment came from, as staff read it: this counter, or who pushed it; a remote payment
 * whose service did not say keeps the generic label.
 */
export function originLabel(payment: Pick<KioskPayment, 'origin' | 'createdBy'>): string {
  if (payment.origin === 'remote' && payment.createdBy) return CREATOR_LABEL[payment.createdBy];
  return ORIGIN_LABEL[payment.origin];
}

/** A webhook delivery's state, as the dashboard's delivery log shows it. */
export const DELIVERY_LABEL: Record<z.infer<typeof WebhookDelivery>['status'], string> = {
  PENDING: 'Waiting to retry',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

/** A refund's status as staff and the dashboard read it (docs/refunds.md). */
export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  INITIATED: 'Requested',
  PENDING: 'Processing',
  COMPLETED: 'Refunded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const REFUND_STATUS_TONE: Record<RefundStatus, Tone> = {
  INITIATED: 'waiting',
  PENDING: 'progress',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'muted',
};
