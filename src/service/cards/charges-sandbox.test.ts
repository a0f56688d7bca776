/**
 * The sandbox's simulated card outcomes on a payment request, and charges after the sandbox
 * reset (the rest of card charging is in charges.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const status = async (id: string) => {
  const res = await h.call('GET', `/api/payments/v1/payment-status/${id}`);
  expect(res.status).toBe(200);
  return PaymentStatusRecord.parse(res.body);
};
const expectError = (res: { status: number; body: unknown }, code: number, text?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  const envelope = ErrorEnvelope.parse(res.body);
  if (text) expect(envelope.message).toContain(text);
  return envelope;
};
const capture = (id: string, body: unknown = {}) =>
  h.call('POST', `/api/payments/card/payment-request/${id}/capture`, body);
const cancel = (id: string, body: unknown = {}) =>
  h.call('POST', `/api/payments/card/payment-request/${id}/cancel`, body);

describe('sandbox simulate', () => {
  it('an AUTHORIZED outcome is a MANUAL_CAPTURE hold that capture ends', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o',
      amount: 12,
    });
    const id = created.body.paymentRequestId as string;
    const sim = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'AUTHORIZED',
    });
    expect(sim.status).toBe(200);
    const record = PaymentStatusRecord.parse(sim.body);
    expect(record.status).toBe('AUTHORIZED');
    expect(record.transactions[0]?.cardPaymentDetails?.captureType).toBe('MANUAL_CAPTURE');
    expect((await capture(id)).status).toBe(200);
    expect((await status(id)).status).toBe('COMPLETED');
  });

  it('CAPTURE_BEFORE_EXPIRY holds can be cancelled; captureType needs AUTHORIZED', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o',
      amount: 12,
    });
    const id = created.body.paymentRequestId as string;
    const url = `/api/sandbox/payment-requests/${id}/simulate`;
    expectError(
      await h.call('POST', url, {
        paymentMethod: 'CARD',
        outcome: 'COMPLETED',
        captureType: 'MANUAL_CAPTURE',
      }),
      400,
      'captureType',
    );
    expectError(
      await h.call('POST', url, {
        paymentMethod: 'CARD',
        outcome: 'AUTHORIZED',
        captureType: 'AUTO_CAPTURE',
      }),
      400,
      'captureType',
    );
    await h.call('POST', url, {
      paymentMethod: 'CARD',
      outcome: 'AUTHORIZED',
      captureType: 'CAPTURE_BEFORE_EXPIRY',
    });
    expect((await cancel(id, { cancelledReasonCode: 'Abandoned' })).status).toBe(200);
    expect((await status(id)).status).toBe('CANCELLED');
  });
});

describe('after the sandbox reset', () => {
  it('a charge of a customer and card it deleted gets 404, though the card was charged before', async () => {
    const own = await startService();
    try {
      const who = await own.call('POST', '/api/customers', {
        fullName: 'Gone Soon',
        email: 'gone@example.com',
      });
      const card = await own.call('POST', `/api/sandbox/customers/${who.body.id}/cards`, {
        number: '4242424242424242',
      });
      const body = {
        customerId: who.body.id,
        paymentMethodId: card.body.id,
        captureType: 'AUTO_CAPTURE',
        amount: 3,
        orderId: 'before-reset',
      };
      expect((await own.call('POST', '/api/payments/card/process-payment', body)).status).toBe(201);
      expect((await own.call('POST', '/api/sandbox/reset')).status).toBe(200);
      const again = await own.call('POST', '/api/payments/card/process-payment', {
        ...body,
        orderId: 'after-reset',
      });
      expect(again.status).toBe(404);
      expect(ErrorEnvelope.parse(again.body).message).toMatch(/customer/i);
    } finally {
      await own.close();
    }
  });
});
