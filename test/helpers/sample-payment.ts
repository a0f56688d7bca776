/** A KioskPayment for the renderer's tests: a finished £1 counter payment unless told otherwise. */
import type { KioskPayment } from '../../src/shared/bridge';
import { isFinal } from '../../src/shared/payment-states';

export function samplePayment(overrides: Partial<KioskPayment> = {}): KioskPayment {
  const status = overrides.status ?? 'COMPLETED';
  return {
    paymentRequestId: 'p1',
    origin: 'counter',
    amountPence: 100,
    currency: 'GBP',
    orderId: 'CTR-1',
    notes: null,
    status,
    paidPence: 0,
    tipPence: 0,
    refundedPence: 0,
    paymentMethod: null,
    errorDescription: null,
    paymentUrl: '',
    qrCodeUrl: '',
    qrCodeUrlPng: '',
    templateUrl: '',
    createdAt: '2025-01-01T12:00:00.000Z',
    updatedAt: '',
    expiresAt: '',
    final: isFinal(status),
    ...overrides,
  };
}

/** The payment's creation time at 12:MM on a fixed day, for ordering tests. */
export const atMinute = (minute: number) =>
  `2025-01-01T12:${String(minute).padStart(2, '0')}:00.000Z`;
