/**
 * A tip is at most the amount it is paid with, wherever it enters: the sandbox's simulate
 * control answers 400 naming tipAmount, the hosted page's forms answer with a readable message,
 * and in every case nothing is charged. (Saved-card charges: src/service/hosted/checkout.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/contract/errors';
import { PaymentStatusRecord } from '../../src/shared/contract/payments';
import { startService, type Harness } from '../helpers/service';
import { postForm } from '../helpers/form';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

let n = 0;
async function newRequest(extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId: `tip-${++n}`,
    amount: 10,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentRequestId as string;
}
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);
const post = (path: string, fields: Record<string, string>) => postForm(h.url + path, fields);
const card = { name: 'T Tipper', number: '4242424242424242', expiry: '11/38', cvc: '123' };

describe('the sandbox simulate control', () => {
  it('refuses a tip above the amount with 400 naming tipAmount, and charges nothing', async () => {
    const id = await newRequest();
    const res = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 10.01,
    });
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body)).toMatchObject({
      name: 'BAD_REQUEST',
      status: 400,
      errors: [{ field: 'tipAmount', message: 'must be at most £10.00, the amount being paid' }],
    });
    const after = await status(id);
    expect(after).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', tipAmount: 0, paidAmount: 0 });
    expect(after.transactions).toEqual([]);
  });

  it('takes a tip equal to the amount', async () => {
    const id = await newRequest();
    const res = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 10,
    });
    expect(res.status).toBe(200);
    expect(await status(id)).toMatchObject({ status: 'COMPLETED', tipAmount: 10, paidAmount: 20 });
  });

  it('caps a split bill’s tip at the share, not the whole bill', async () => {
    const id = await newRequest({ splitBill: true });
    const tooMuch = await post(`/pay/${id}/card`, {
      tip: 'custom',
      customTip: '5.01',
      people: '2',
      ...card,
    });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain(
      'The tip can be at most £5.00, the amount you are paying',
    );
    expect((await status(id)).transactions).toEqual([]);
  });
});

describe('the hosted page', () => {
  it.each(['card', 'bank'])(
    'refuses a custom tip above the amount on the %s form with a message, charging nothing',
    async (method) => {
      const id = await newRequest();
      const fields = { tip: 'custom', customTip: '10.01', people: '1' };
      const page = await fetch(`${h.url}/pay/${id}/${method}?${new URLSearchParams(fields)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(
        'The tip can be at most £10.00, the amount you are paying',
      );
      const res = await post(`/pay/${id}/${method}`, {
        ...fields,
        ...(method === 'card' ? card : { bank: 'Sandbox Bank' }),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('The tip can be at most £10.00');
      expect(await status(id)).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', tipAmount: 0 });
    },
  );
});
