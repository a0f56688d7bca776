/**
 * A webhook receiver down for 10 minutes of service time (issue 15, item 6): every event
 * committed meanwhile reaches it once it is back, signed, with the same webhook-id on every
 * attempt, and no delivery gives up. Real service, real receiver, the sandbox clock for time.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import {
  headerRecord,
  poll,
  startReceiver,
  startService,
  type Receiver,
  type Running,
} from '../helpers/webhook-receiver';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

type Delivery = { eventId: string; status: string; attempts: number; nextAttemptAt: string | null };

describe('a webhook receiver down for 10 minutes', () => {
  it('gets every event once it is back, with the same webhook-id', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close(); // the port is known; nothing listens on it

    const s: Running = await startService();
    cleanup.push(() => s.service.close());
    const sub = await s.call<{ id: string; secret: string }>('POST', '/api/webhooks', {
      url: `http://127.0.0.1:${port}/hooks`,
      eventTypes: ['PAYMENTS_STATUS'],
    });
    expect(sub.status).toBe(201);
    const deliveries = async () =>
      (await s.call<Delivery[]>('GET', `/api/webhooks/${sub.json.id}/deliveries`)).json;

    // Five payments complete while the receiver is down, one per minute of service time.
    for (let i = 0; i < 5; i++) {
      const pr = await s.call<{ paymentRequestId: string }>(
        'POST',
        '/api/payments/process-payment',
        { customerId: 'outage', orderId: `outage-${i}`, amount: 2 + i },
      );
      const paid = await s.call(
        'POST',
        `/api/sandbox/payment-requests/${pr.json.paymentRequestId}/simulate`,
        { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' },
      );
      expect(paid.status).toBe(200);
      expect((await s.call('POST', '/api/sandbox/clock/advance', { ms: 60_000 })).status).toBe(200);
    }
    // Ten minutes in all, each due attempt made (and failed) on the way.
    for (let minute = 5; minute < 10; minute++)
      expect((await s.call('POST', '/api/sandbox/clock/advance', { ms: 60_000 })).status).toBe(200);
    const failing = await poll(
      async () => {
        const log = await deliveries();
        const now = Date.now() + s.service.ctx.clock.offset();
        const settled = log.every(
          (d) => d.status === 'PENDING' && d.attempts >= 2 && Date.parse(d.nextAttemptAt!) > now,
        );
        return log.length > 0 && settled && log;
      },
      20_000,
      'the failed attempts during the outage',
    );
    const eventIds = new Set(failing.map((d) => d.eventId));
    expect(eventIds.size).toBeGreaterThanOrEqual(5);

    // The receiver comes back; the next retries (30 min after the 2nd failure, ±20 %) reach it.
    const receiver: Receiver = await startReceiver(port);
    cleanup.push(() => receiver.close());
    expect((await s.call('POST', '/api/sandbox/clock/advance', { ms: 40 * 60_000 })).status).toBe(
      200,
    );
    await poll(
      () => eventIds.size <= new Set(receiver.received.map((r) => r.headers['webhook-id'])).size,
      20_000,
      'every event at the receiver',
    );
    for (const hit of receiver.received) {
      expect(eventIds.has(hit.headers['webhook-id'] as string)).toBe(true);
      expect(hit.json.id).toBe(hit.headers['webhook-id']);
      expect(new Webhook(sub.json.secret).verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
    }
    const log = await poll(
      async () => {
        const all = await deliveries();
        return all.every((d) => d.status === 'DELIVERED') && all;
      },
      20_000,
      'every delivery DELIVERED',
    );
    expect(log).toHaveLength(eventIds.size);
  });
});
