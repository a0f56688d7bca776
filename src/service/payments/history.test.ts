/**
 * A payment's history and the webhooks sent for it (extensions, for the dashboard's payment
 * page), over real HTTP: who made it, every status change in order with its time, each
 * delivery of its events with the endpoint's URL, and both scoped to the merchant's environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentHistory } from '../../shared/contract/payments';
import { PaymentWebhookDeliveryList } from '../../shared/contract/webhooks';
import {
  PRODUCTION,
  SANDBOX,
  pairTerminal,
  startService,
  type Harness,
} from '../../../test/helpers/service';
import { poll, startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';

let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  h = await startService();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const history = async (id: string, secret = SANDBOX) => {
  const res = await h.call('GET', `/api/payment-requests/${id}/history`, undefined, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PaymentHistory.parse(res.body);
};
const deliveries = async (id: string) => {
  const res = await h.call('GET', `/api/payment-requests/${id}/webhook-deliveries`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PaymentWebhookDeliveryList.parse(res.body);
};
const create = async (secret = SANDBOX) => {
  const res = await h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'c-1', orderId: 'HIST-1', amount: 12.5 },
    secret,
  );
  expect(res.status).toBe(200);
  return res.body.paymentRequestId as string;
};
const simulate = (id: string, outcome: string, paymentMethod = 'CARD', tipAmount?: number) =>
  h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod,
    outcome,
    ...(tipAmount !== undefined ? { tipAmount } : {}),
  });

describe("a payment's history", () => {
  it('lists each status change in order, from its creation, and says it came from the API', async () => {
    const id = await create();
    expect((await simulate(id, 'FAILED')).status).toBe(200);
    expect((await simulate(id, 'COMPLETED', 'PAY_BY_BANK', 1)).status).toBe(200);
    const found = await history(id);
    expect(found.source).toBe('API');
    const moves = found.changes.map((c) => [c.from, c.to]);
    expect(moves[0]).toEqual([null, 'PAYMENT_NOT_INITIATED']);
    expect(moves).toContainEqual([expect.any(String), 'FAILED']);
    expect(moves.at(-1)).toEqual([expect.any(String), 'COMPLETED']);
    // Each change starts where the one before ended, and none goes back in time.
    for (const [i, change] of found.changes.entries()) {
      if (i === 0) continue;
      expect(change.from).toBe(found.changes[i - 1]!.to);
      expect(Date.parse(change.at)).toBeGreaterThanOrEqual(Date.parse(found.changes[i - 1]!.at));
    }
    expect(found.changes.find((c) => c.to === 'FAILED')?.errorDescription).toBeTruthy();
  });

  it('names a payment pushed to a terminal and one started at its counter', async () => {
    const till = await pairTerminal(h, 'History till');
    await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    const pushed = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: till.terminal.id,
      amount: 4,
    });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    // An API client that does not name itself is the API.
    expect(await history(pushed.body.paymentRequestId)).toMatchObject({
      source: 'REMOTE',
      createdBy: 'api',
    });
    const counter = await create(till.secret);
    const started = await history(counter);
    expect(started.source).toBe('COUNTER');
    expect(started.createdBy).toBeUndefined();
  });

  it("is another environment's payment to nobody else, and a malformed id is named", async () => {
    const id = await create();
    for (const path of [
      `/api/payment-requests/${id}/history`,
      `/api/payment-requests/${id}/webhook-deliveries`,
    ]) {
      const other = await h.call('GET', path, undefined, PRODUCTION);
      expect(other.status).toBe(404);
      expect(ErrorEnvelope.parse(other.body).message).toBe('No payment request with this id');
      expect((await h.call('GET', path, undefined, null)).status).toBe(401);
    }
    const bad = await h.call('GET', '/api/payment-requests/not-a-uuid/history');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'path.paymentRequestId',
    ]);
  });
});

describe('the webhooks sent for a payment', () => {
  it('lists each delivery of its events with the endpoint, status and attempts', async () => {
    const sub = await h.call('POST', '/api/webhooks', {
      url: receiver.url,
      eventTypes: ['PAYMENTS_STATUS'],
    });
    expect(sub.status).toBe(201);
    const id = await create();
    const other = await create();
    expect(await deliveries(id)).toEqual([]);
    expect((await simulate(id, 'COMPLETED', 'PAY_BY_BANK')).status).toBe(200);
    const sent = await poll(
      async () => {
        const list = await deliveries(id);
        return list.length > 0 && list.every((d) => d.status === 'DELIVERED') && list;
      },
      10_000,
      'the deliveries',
    );
    expect(sent.map((d) => d.eventType)).toEqual(sent.map(() => 'PAYMENTS_STATUS'));
    expect(sent.at(-1)).toMatchObject({
      url: receiver.url,
      subscriptionId: sub.body.id,
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(sent.at(-1)!.attemptLog).toHaveLength(1);
    // Another payment's events are not this one's webhooks.
    expect(await deliveries(other)).toEqual([]);
    await h.call('DELETE', `/api/webhooks/${sub.body.id}`);
  });
});
