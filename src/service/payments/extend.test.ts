/**
 * More time (POST /api/payment-requests/{id}/extend): the expiry moves on by the merchant's
 * extensionSeconds, at most maxExtensions times, for the terminal or merchant that owns the
 * request; a retry with the same Idempotency-Key extends once; 409 past the limit or once the
 * request is no longer pending, and a refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { Merchant } from '../../shared/contract/merchants';
import { PaymentExtension, PaymentStatusRecord } from '../../shared/contract/payments';
import { SANDBOX, pairTerminal, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let till: { secret: string; terminal: { id: string } };
let otherTill: { secret: string; terminal: { id: string } };
beforeAll(async () => {
  h = await startService();
  till = await pairTerminal(h, 'Counter till');
  const store = await call(SANDBOX, 'POST', '/api/stores', { name: 'Second shop' });
  otherTill = await pairTerminal(h, 'Other till', { storeId: (store.body as { id: string }).id });
});
afterAll(() => h.close());

async function call(
  secret: string | null,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function newRequest(secret = till.secret): Promise<string> {
  const res = await call(secret, 'POST', '/api/payments/process-payment', {
    customerId: 'c1',
    orderId: `o-${randomUUID()}`,
    amount: 5,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { paymentRequestId: string }).paymentRequestId;
}
const status = async (id: string) =>
  PaymentStatusRecord.parse(
    (await call(SANDBOX, 'GET', `/api/payments/v1/payment-status/${id}`)).body,
  );
const extend = (id: string, secret = till.secret, key: string | undefined = randomUUID()) =>
  call(secret, 'POST', `/api/payment-requests/${id}/extend`, undefined, key);
/** A refusal's envelope, its HTTP status checked against the envelope's. */
function refusal(res: { status: number; body: unknown }) {
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.status).toBe(res.status);
  return envelope;
}

describe('more time on a payment request', () => {
  it('moves the expiry on by 120 s, twice by default, and then refuses with 409', async () => {
    const id = await newRequest();
    const before = Date.parse((await status(id)).expiresAt);
    const first = await extend(id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(PaymentExtension.parse(first.body)).toMatchObject({
      paymentRequestId: id,
      extensions: 1,
      extensionsLeft: 1,
      extensionSeconds: 120,
    });
    // The service's own record says so: a status read gives the new expiry.
    expect(Date.parse((await status(id)).expiresAt)).toBe(before + 120_000);
    const second = PaymentExtension.parse((await extend(id, SANDBOX)).body);
    expect(second).toMatchObject({ extensions: 2, extensionsLeft: 0 });
    expect(Date.parse((await status(id)).expiresAt)).toBe(before + 240_000);

    const third = refusal(await extend(id));
    expect(third).toMatchObject({ status: 409, name: 'CONFLICT' });
    expect(third.message).toContain('all 2 of its extensions');
    expect(JSON.stringify(third.errors)).toContain('"field":"paymentRequestId"');
    expect(Date.parse((await status(id)).expiresAt)).toBe(before + 240_000);
  });

  it('extends once for a retry with the same Idempotency-Key', async () => {
    const id = await newRequest();
    const before = Date.parse((await status(id)).expiresAt);
    const key = randomUUID();
    const first = await extend(id, till.secret, key);
    const again = await extend(id, till.secret, key);
    expect(again).toEqual(first);
    expect(Date.parse((await status(id)).expiresAt)).toBe(before + 120_000);
  });

  it('follows the limits the merchant sets, and none at all with maxExtensions 0', async () => {
    const set = async (settings: object) => {
      const res = await call(SANDBOX, 'PATCH', '/api/merchant', { settings });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Merchant.parse(res.body).settings;
    };
    expect(await set({ extensionSeconds: 45, maxExtensions: 1 })).toMatchObject({
      extensionSeconds: 45,
      maxExtensions: 1,
      tips: true,
    });
    const id = await newRequest();
    const before = Date.parse((await status(id)).expiresAt);
    expect(PaymentExtension.parse((await extend(id)).body)).toMatchObject({
      extensionSeconds: 45,
      extensionsLeft: 0,
    });
    expect(Date.parse((await status(id)).expiresAt)).toBe(before + 45_000);
    expect((await extend(id)).status).toBe(409);

    await set({ maxExtensions: 0 });
    const none = refusal(await extend(await newRequest()));
    expect(none).toMatchObject({ status: 409 });
    expect(none.message).toContain('no more time');
    // Bad settings are refused, naming the field, and change nothing.
    const bad = await call(SANDBOX, 'PATCH', '/api/merchant', {
      settings: { extensionSeconds: 5 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('extensionSeconds');
    await set({ extensionSeconds: 120, maxExtensions: 2 });
  });

  it('refuses a request that is no longer pending, and another store’s terminal', async () => {
    const id = await newRequest();
    expect(
      (
        await call(
          till.secret,
          'POST',
          `/api/payment-request/cancel/${id}`,
          undefined,
          randomUUID(),
        )
      ).status,
    ).toBe(200);
    const cancelled = refusal(await extend(id));
    expect(cancelled).toMatchObject({ status: 409 });
    expect(cancelled.message).toContain('no longer pending (CANCELLED)');

    const mine = await newRequest();
    const before = (await status(mine)).expiresAt;
    expect((await extend(mine, otherTill.secret)).status).toBe(404);
    expect((await extend(randomUUID())).status).toBe(404);
    expect((await call(till.secret, 'POST', '/api/payment-requests/nope/extend')).status).toBe(400);
    expect((await status(mine)).expiresAt).toBe(before);
  });
});
