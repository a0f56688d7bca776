/**
 * The fetch-based typed client (the dashboard's) against a real service: the same route table
 * and schemas as the Node client, its errors in the service's envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientError } from '../../src/shared/contract/call';
import { createFetchClient } from '../../src/shared/contract/fetch-client';
import { SANDBOX, startService, type Harness } from '../helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('createFetchClient', () => {
  it('creates, lists and cancels through the contract, parsing each answer', async () => {
    const client = createFetchClient({ baseUrl: h.url, secret: SANDBOX });
    const pr = await client.call('processPayment', {
      body: { customerId: 'c', orderId: 'fetch-1', amount: 3.99 },
    });
    const page = await client.call('listPaymentRequests', {
      query: { size: 5, status: 'PAYMENT_NOT_INITIATED' },
    });
    expect(page.data.map((p) => p.paymentRequestId)).toContain(pr.paymentRequestId);
    expect(page.size).toBe(5);
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

  it('refuses invalid input before sending, in the words the service uses', async () => {
    let sent = 0;
    const client = createFetchClient({
      baseUrl: h.url,
      secret: SANDBOX,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const error = (await client
      .call('processPayment', { body: { customerId: 'c', orderId: 'o', amount: 1.234 } })
      .catch((e: unknown) => e)) as ApiClientError;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.message).toMatch(/^amount: .*2 decimal places/);
    expect(error.envelope?.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect(sent).toBe(0);
  });

  it('says 401 for a wrong secret and 0 when the service cannot be reached', async () => {
    const wrong = createFetchClient({ baseUrl: h.url, secret: 'sk_sandbox_nope' });
    await expect(wrong.call('listTerminals')).rejects.toMatchObject({ status: 401 });
    const nowhere = createFetchClient({ baseUrl: 'http://127.0.0.1:1', secret: SANDBOX });
    await expect(nowhere.call('listTerminals')).rejects.toMatchObject({ status: 0 });
  });
});
