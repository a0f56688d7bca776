/**
 * The sandbox card network settles every due card payment at a tick, all in one transaction;
 * when that batch fails, each is settled on its own, so one payment the settlement refuses
 * holds no other up: the healthy ones complete at that tick, the bad one is left as it was,
 * and the tick still reports the failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { startService, type Harness } from '../../../test/helpers/service';
import { postForm } from '../../../test/helpers/form';
import { CARD_SETTLE_MS } from './lifecycle/attempts';

let h: Harness;
// Ticks run only when the test calls one, after the fault is in place.
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);

/** A request paid by card on the hosted page: PENDING with the card network. */
async function paidByCard(orderId: string): Promise<string> {
  const created = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c',
    orderId,
    amount: 10,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.paymentRequestId as string;
  const res = await postForm(`${h.url}/pay/${id}/card`, {
    name: 'Card Payer',
    number: '4242424242424242',
    expiry: '11/38',
    cvc: '123',
  });
  expect(res.status).toBe(303);
  expect(await status(id)).toMatchObject({
    status: 'PENDING',
    transactions: [{ status: 'PENDING' }],
  });
  return id;
}

describe('the card settlement at a tick', () => {
  it('settles the healthy payments when one in the batch is refused, and reports the failure', async () => {
    const healthy = [await paidByCard('settle-a'), await paidByCard('settle-b')];
    const broken = await paidByCard('settle-broken');
    healthy.push(await paidByCard('settle-c'));

    // Fault injection: the broken request was cancelled behind the lifecycle's back while its
    // card payment is still with the network, so settling it is refused (CANCELLED is final).
    await h.service.store
      .prepare("UPDATE payment_requests SET status = 'CANCELLED' WHERE id = ?")
      .run(broken);
    h.service.ctx.payments.invalidate(broken);

    await new Promise((resolve) => setTimeout(resolve, CARD_SETTLE_MS + 100));
    await expect(h.service.ctx.tick()).rejects.toThrow(
      'The payment request is CANCELLED and cannot become COMPLETED',
    );

    for (const id of healthy)
      expect(await status(id)).toMatchObject({
        status: 'COMPLETED',
        paidAmount: 10,
        paymentMethod: 'CARD',
        transactions: [{ status: 'COMPLETED' }],
      });
    // The refused one is left as it was, its attempt still with the network.
    expect(await status(broken)).toMatchObject({
      status: 'CANCELLED',
      paidAmount: 0,
      transactions: [{ status: 'PENDING' }],
    });
  });
});
