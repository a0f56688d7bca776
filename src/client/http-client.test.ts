import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX, startService, type Harness } from '../../test/helpers/service';
import { ApiClientError, createClient } from './http-client';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('the typed client', () => {
  it('creates, reads and cancels a payment request through the contract', async () => {
    const client = createClient({ baseUrl: h.url, secret: SANDBOX });
    const pr = await client.call('processPayment', {
      body: { customerId: 'c', orderId: 'o-client', amount: 3.99 },
    });
    const record = await client.call('getPaymentStatus', {
      params: { paymentRequestId: pr.paymentRequestId },
    });
    expect(record).toMatchObject({
      status: 'PAYMENT_NOT_INITIATED',
      amount: 3.99,
      orderId: 'o-client',
    });
    await client.call('cancelPaymentRequest', {
      params: { paymentRequestId: pr.paymentRequestId },
    });
    const error = await client
      .call('cancelPaymentRequest', { params: { paymentRequestId: pr.paymentRequestId } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(400);
    expect((error as ApiClientError).envelope?.name).toBe('BAD_REQUEST');
  });

  it('sends an idempotency key, so a retry gets the first answer', async () => {
    const client = createClient({ baseUrl: h.url, secret: SANDBOX });
    const body = { customerId: 'c', orderId: 'o-retry', amount: 2 };
    const first = await client.call('processPayment', { body, idempotencyKey: 'client-key-1' });
    const retry = await client.call('processPayment', { body, idempotencyKey: 'client-key-1' });
    expect(retry).toEqual(first);
    const error = await client
      .call('processPayment', { body: { ...body, amount: 3 }, idempotencyKey: 'client-key-1' })
      .catch((e: unknown) => e);
    expect((error as ApiClientError).status).toBe(409);
  });

  it('refuses invalid input before sending it', async () => {
    const client = createClient({ baseUrl: h.url, secret: SANDBOX });
    await expect(
      client.call('processPayment', { body: { customerId: 'c', orderId: 'o', amount: 1.234 } }),
    ).rejects.toThrow(/2 decimal places/);
  });

  it('reports an unreachable service as status 0', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', secret: SANDBOX });
    const error = await client.call('listStores').catch((e: unknown) => e);
    expect((error as ApiClientError).status).toBe(0);
  });
});
