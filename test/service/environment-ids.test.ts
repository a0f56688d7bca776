/**
 * A secret learns nothing of the other environment's ids (docs/security.md): a production payment
 * request looked up with a sandbox secret, or a sandbox one with a production secret, gets exactly
 * the answer of an id that does not exist. Real HTTP on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const UNKNOWN = '4a4b0c1e-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

/** Every call that takes a payment request id, as [method, path, body]. */
const calls = (id: string): [string, string, unknown][] => [
  ['GET', `/api/payments/v1/payment-status/${id}`, undefined],
  ['POST', `/api/payment-request/cancel/${id}`, {}],
  ['GET', `/api/refund/${id}`, undefined],
  ['POST', `/api/refund/${id}`, {}],
  ['POST', `/api/payments/card/payment-request/${id}/capture`, {}],
  ['POST', `/api/payments/card/payment-request/${id}/cancel`, {}],
];

async function answers(id: string, secret: string) {
  const out = [];
  for (const [method, path, body] of calls(id)) {
    const res = await h.call(method, path, body, secret);
    out.push({ call: `${method} ${path.replace(id, '{id}')}`, status: res.status, body: res.body });
  }
  return out;
}

describe('another environment’s payment request', () => {
  it('answers as an unknown id, both ways, and is left as it was', async () => {
    for (const [owner, other] of [
      [PRODUCTION, SANDBOX],
      [SANDBOX, PRODUCTION],
    ] as const) {
      const created = await h.call(
        'POST',
        '/api/payments/process-payment',
        { customerId: 'walk-in', orderId: 'env-1', amount: 50 },
        owner,
      );
      expect(created.status).toBe(200);
      const id = (created.body as { paymentRequestId: string }).paymentRequestId;

      const seen = await answers(id, other);
      expect(seen).toEqual(await answers(UNKNOWN, other));
      expect(seen[0]).toMatchObject({ status: 404 });
      expect(JSON.stringify(seen)).not.toMatch(/production|sandbox/i);

      const own = await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, owner);
      expect(own.body).toMatchObject({ status: 'PAYMENT_NOT_INITIATED' });
    }
  });
});
