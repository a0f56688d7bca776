/**
 * A webhook receiver down for 10 minutes of service time (the sandbox clock, moved a minute at
 * a time) while payments complete, fail and expire: once it is back, every event reaches it,
 * signed, by the retry schedule (src/service/webhooks/schedule.ts), and no delivery gives up.
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

const MINUTE = 60_000;
const OUTAGE_MS = 10 * MINUTE;
/** The longest a delivery can wait for its next attempt then: the 30-minute retry, +20%. */
const LONGEST_RETRY_MS = 36 * MINUTE;

interface Delivery {
  eventId: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
}

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('a webhook receiver down for 10 minutes', () => {
  it('gets every event once it is back', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close(); // the port is the receiver's; nothing answers on it yet

    const service: Running = await startService();
    cleanup.push(() => service.service.close());
    const sub = await service.call<{ id: string; secret: string }>('POST', '/api/webhooks', {
      url: `http://127.0.0.1:${port}/hooks`,
      eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS'],
    });
    expect(sub.status).toBe(201);
    let now = 0;
    const advance = async (ms: number) => {
      const res = await service.call<{ now: string }>('POST', '/api/sandbox/clock/advance', { ms });
      now = Date.parse(res.json.now);
    };
    const deliveries = async () =>
      (await service.call<Delivery[]>('GET', `/api/webhooks/${sub.json.id}/deliveries`)).json;
    /** Waits until no delivery is due: every attempt the clock allows has been made. */
    const settled = () =>
      poll(
        async () =>
          (await deliveries()).every(
            (d) => d.status !== 'PENDING' || Date.parse(d.nextAttemptAt!) > now,
          ),
        15_000,
        'the due attempts',
      );

    // Payments that complete, fail and expire through the outage, a minute of service time apart.
    const expected = new Map<string, string>(); // paymentRequestId → final status
    const pay = async (i: number) => {
      const outcome = i % 3 === 2 ? 'FAILED' : 'COMPLETED';
      const created = await service.call<{ paymentRequestId: string }>(
        'POST',
        '/api/payments/process-payment',
        { customerId: 'outage', orderId: `outage-${i}`, amount: (500 + i) / 100 },
      );
      const id = created.json.paymentRequestId;
      const simulated = await service.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome,
      });
      expect(simulated.status).toBe(200);
      expected.set(id, outcome);
    };
    const expiring = await service.call<{ paymentRequestId: string }>(
      'POST',
      '/api/payments/process-payment',
      { customerId: 'outage', orderId: 'outage-expires', amount: 9.99, expiresIn: 4 * MINUTE },
    );
    expected.set(expiring.json.paymentRequestId, 'EXPIRED');
    await advance(1);
    for (let minute = 0; minute < OUTAGE_MS / MINUTE; minute++) {
      await pay(minute);
      await settled();
      await advance(MINUTE);
    }
    await settled();

    const during = await deliveries();
    // One event per status change: a simulated payment also passes through its attempt's start.
    expect(during.length).toBeGreaterThanOrEqual(expected.size);
    expect(during.every((d) => d.status === 'PENDING' && d.attempts >= 1)).toBe(true);
    const attemptsDuringOutage = during.reduce((n, d) => n + d.attempts, 0);

    // Back up: the retries reach it within the longest retry delay, a minute at a time.
    const receiver: Receiver = await startReceiver(port);
    cleanup.push(() => receiver.close());
    const back = now;
    while ((await deliveries()).some((d) => d.status === 'PENDING')) {
      expect(now - back, 'every event delivered within the retry schedule').toBeLessThanOrEqual(
        LONGEST_RETRY_MS,
      );
      await advance(MINUTE);
      await settled();
    }
    const lastDeliveredAfter = now - back;

    const final = await deliveries();
    expect(final.every((d) => d.status === 'DELIVERED')).toBe(true);
    const verifier = new Webhook(sub.json.secret);
    for (const hit of receiver.received) {
      expect(verifier.verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
      expect(hit.json.id).toBe(hit.headers['webhook-id']);
    }
    expect(new Set(receiver.received.map((r) => r.json.id))).toEqual(
      new Set(final.map((d) => d.eventId)),
    );
    for (const [id, status] of expected)
      expect(
        receiver.received.some(
          (r) => r.json.data.paymentRequestId === id && r.json.data.status === status,
        ),
        `${status} of ${id}`,
      ).toBe(true);
    console.info(
      `webhook outage: ${during.length} events (${expected.size} payments) during a ${OUTAGE_MS / MINUTE}-minute outage ` +
        `(${attemptsDuringOutage} failed attempts); all delivered ` +
        `${Math.round(lastDeliveredAfter / MINUTE)} min of service time after the receiver came back`,
    );
  }, 120_000);
});
