import { describe, expect, it } from 'vitest';
import type { KioskPayment } from '../../../shared/bridge';
import type { PaymentStatus } from '../../../shared/payment-states';
import { samplePayment } from '../../../../test/helpers/sample-payment';
import { codeImage, displayView, prefersTemplate } from './display-state';

function payment(status: PaymentStatus, extra: Partial<KioskPayment> = {}): KioskPayment {
  return samplePayment({
    paymentRequestId: '6f1c2f0e-1111-4222-8333-444455556666',
    amountPence: 1250,
    status,
    paymentUrl: 'http://127.0.0.1:4010/pay/x',
    qrCodeUrl: 'http://127.0.0.1:4010/qr.svg',
    qrCodeUrlPng: 'http://127.0.0.1:4010/qr.png',
    templateUrl: 'http://127.0.0.1:4010/template.png',
    updatedAt: '2025-01-01T12:00:00.000Z',
    expiresAt: '2025-01-01T12:03:00.000Z',
    ...extra,
  });
}

describe('display state', () => {
  it('is idle with no active payment', () => {
    const view = displayView(null);
    expect(view.kind).toBe('idle');
    expect(view.paymentRequestId).toBe('');
    expect(view.showCode).toBe(false);
  });

  it.each([
    ['PAYMENT_NOT_INITIATED', 'scan', true],
    ['AWAITING_AUTHORIZATION', 'approve', true],
    ['PENDING', 'confirming', false],
    ['AUTHORIZED', 'confirming', false],
  ] as const)('%s is awaiting (%s)', (status, stage, showCode) => {
    const view = displayView(payment(status));
    expect(view.kind).toBe('awaiting');
    expect(view.stage).toBe(stage);
    expect(view.showCode).toBe(showCode);
    expect(view.amountPence).toBe(1250);
    expect(view.paymentRequestId).toBe('6f1c2f0e-1111-4222-8333-444455556666');
  });

  it.each([
    ['COMPLETED', 'completed'],
    ['EXPIRED', 'expired'],
    ['CANCELLED', 'cancelled'],
    ['FAILED', 'failed'],
  ] as const)('%s shows %s', (status, kind) => {
    expect(displayView(payment(status)).kind).toBe(kind);
    expect(displayView(payment(status)).stage).toBeNull();
  });

  it('keeps the code on screen after a failure the customer may retry', () => {
    expect(displayView(payment('FAILED', { final: false })).showCode).toBe(true);
    expect(displayView(payment('FAILED', { final: true })).showCode).toBe(false);
  });

  it('carries the tip and trims notes', () => {
    const view = displayView(
      payment('COMPLETED', { tipPence: 150, paidPence: 1400, notes: '  Table 4 ' }),
    );
    expect(view.tipPence).toBe(150);
    expect(view.notes).toBe('Table 4');
    expect(displayView(payment('COMPLETED', { notes: '   ' })).notes).toBeNull();
  });

  it('shows the template only when asked for and present', () => {
    const view = displayView(payment('PAYMENT_NOT_INITIATED'));
    expect(codeImage(view, false)).toBe(view.qrCodeUrl);
    expect(codeImage(view, true)).toBe(view.templateUrl);
    expect(codeImage({ ...view, templateUrl: '' }, true)).toBe(view.qrCodeUrl);
    expect(prefersTemplate('?template=1')).toBe(true);
    expect(prefersTemplate('?template=0')).toBe(false);
    expect(prefersTemplate('')).toBe(false);
  });
});
