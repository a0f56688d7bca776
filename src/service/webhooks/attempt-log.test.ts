/**
 * The delivery log keeps every attempt, over real HTTP: a receiver scripted to fail twice, one
 * that is down, and a sandbox reset that clears the log with the deliveries. Retries are made due
 * by moving the sandbox clock, never by waiting.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  poll,
  startReceiver,
  startService,
  type Receiver,
  type Running,
} from '../../../test/helpers/webhook-receiver';

interface Attempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}
interface Delivery {
  id: string;
  eventId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  attemptLog: Attempt[];
}

let running: Running;
const receivers: Receiver[] = [];

beforeAll(async () => {
  running = await startService();
});
afterAll(async () => {
  await running.service.close();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A fresh endpoint taking only test events of one type, so no other test's events reach it. */
async function endpoint(url: string): Promise<string> {
  // Each test deletes what it made: the test trigger sends to every live subscription.
  const res = await running.call<{ id: string }>('POST', '/api/webhooks', {
    url,
    eventTypes: ['POS_PAYMENT_STATUS'],
  });
  expect(res.status).toBe(201);
  return res.json.id;
}

const deliveries = async (subscriptionId: string) => {
  const res = await running.call<Delivery[]>('GET', `/api/webhooks/${subscriptionId}/deliveries`);
  expect(res.status).toBe(200);
  return res.json;
};

const sendTestEvent = async () =>
  expect(
    (await running.call('POST', '/api/webhooks/test', { eventType: 'POS_PAYMENT_STATUS' })).status,
  ).toBe(200);

const advance = async (ms: number) =>
  expect((await running.call('POST', '/api/sandbox/clock/advance', { ms })).status).toBe(200);

/** The only delivery of the subscription, once `ready` says it has reached the state wanted. */
const deliveryOnce = (subscriptionId: string, ready: (d: Delivery) => boolean) =>
  poll(async () => {
    const [d] = await deliveries(subscriptionId);
    return d && ready(d) && d;
  });

describe('the delivery log', () => {
  it('keeps every attempt in order: 500, 500, then 204, each with its time and duration', async () => {
    const r = await startReceiver();
    receivers.push(r);
    r.script.push(500, 500, 204);
    const sub = await endpoint(r.url);
    await sendTestEvent();

    await deliveryOnce(sub, (d) => d.attempts === 1);
    await advance(6_100); // past the first retry (5 s, +20% at most)
    await deliveryOnce(sub, (d) => d.attempts === 2);
    await advance(361_000); // past the second (5 min, +20% at most)
    const done = await deliveryOnce(sub, (d) => d.status === 'DELIVERED');

    expect(r.received).toHaveLength(3);
    expect(done).toMatchObject({ attempts: 3, lastStatusCode: 204, lastError: null });
    expect(done.attemptLog.map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [204, null],
    ]);
    for (const a of done.attemptLog) {
      expect(Number.isInteger(a.durationMs) && a.durationMs >= 0).toBe(true);
      expect(a.durationMs).toBeLessThan(10_000);
    }
    // Sent by the sandbox's clock: each retry after the clock moved past it.
    const times = done.attemptLog.map((a) => Date.parse(a.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(4_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(240_000);

    expect((await running.call('DELETE', `/api/webhooks/${sub}`)).status).toBe(200);
  });

  it("records a refused connection as 'could not connect', with no status code", async () => {
    const r = await startReceiver();
    const url = r.url;
    await r.close();
    const sub = await endpoint(url);
    await sendTestEvent();
    const failed = await deliveryOnce(sub, (d) => d.attempts === 1);
    expect(failed.attemptLog).toEqual([
      {
        at: expect.any(String),
        statusCode: null,
        error: 'could not connect',
        durationMs: expect.any(Number),
      },
    ]);
    expect((await running.call('DELETE', `/api/webhooks/${sub}`)).status).toBe(200);
  });

  it('is cleared with the deliveries by a sandbox reset', async () => {
    const r = await startReceiver();
    receivers.push(r);
    r.script.push(500);
    const sub = await endpoint(r.url);
    await sendTestEvent();
    const failed = await deliveryOnce(sub, (d) => d.attempts === 1);
    const count = async () =>
      (await running.service.store
        .prepare<[string], { n: number }>(
          'SELECT count(*) AS n FROM webhook_delivery_attempts WHERE delivery_id = ?',
        )
        .get(failed.id))!.n;
    expect(await count()).toBe(1);

    expect((await running.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expect(await count()).toBe(0);
  });
});
