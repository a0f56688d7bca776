/**
 * The outbox survives a restart: a delivery queued while the receiver is down is still sent,
 * with the same webhook-id, by a new service process opened on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import {
  headerRecord,
  poll,
  startReceiver,
  startService,
  type Running,
} from '../../../test/helpers/webhook-receiver';

const dataDir = mkdtempSync(join(tmpdir(), 'counter-webhooks-'));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook delivery across restarts', () => {
  it('delivers after a restart what was queued while the receiver was down', async () => {
    // Reserve a port for the receiver, then take it down.
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();

    let first: Running | undefined = await startService(dataDir);
    cleanup.push(async () => first?.service.close());
    const sub = await first.call<{ id: string; secret: string }>('POST', '/api/webhooks', {
      url: `http://127.0.0.1:${port}/hooks`,
      eventTypes: ['PAYMENTS_STATUS'],
    });
    expect(sub.status).toBe(201);
    const pr = await first.call<{ paymentRequestId: string }>(
      'POST',
      '/api/payments/process-payment',
      {
        customerId: 'cust-1',
        orderId: 'durable-1',
        amount: 7.25,
      },
    );
    expect(pr.status).toBe(200);
    const sim = await first.call(
      'POST',
      `/api/sandbox/payment-requests/${pr.json.paymentRequestId}/simulate`,
      {
        paymentMethod: 'CARD',
        outcome: 'COMPLETED',
      },
    );
    expect(sim.status).toBe(200);

    type Row = {
      id: string;
      eventId: string;
      status: string;
      attempts: number;
      lastError: string | null;
    };
    const queued = await poll(async () => {
      const log = await first!.call<Row[]>('GET', `/api/webhooks/${sub.json.id}/deliveries`);
      return log.json.length > 0 && log.json.every((d) => d.attempts === 1) && log.json;
    });
    expect(queued.every((d) => d.status === 'PENDING')).toBe(true);
    const eventIds = new Set(queued.map((d) => d.eventId));

    await first.service.close();
    first = undefined;

    const receiver = await startReceiver(port);
    cleanup.push(() => receiver.close());
    const second = await startService(dataDir);
    cleanup.push(() => second.service.close());
    // Move the service clock past the first retry (5 s + 20% jitter).
    expect((await second.call('POST', '/api/sandbox/clock/advance', { ms: 7_000 })).status).toBe(
      200,
    );

    await poll(
      () => receiver.received.length >= eventIds.size && receiver.received,
      10_000,
      'the redelivery',
    );
    for (const hit of receiver.received) {
      expect(eventIds.has(hit.headers['webhook-id'] as string)).toBe(true);
      expect(new Webhook(sub.json.secret).verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
    }
    const completed = receiver.received.find((x) => x.json.data.status === 'COMPLETED');
    expect(completed?.json.data).toMatchObject({
      orderId: 'durable-1',
      paidAmount: 7.25,
      paymentMethod: 'CARD',
    });

    const log = await poll(async () => {
      const res = await second.call<Row[]>('GET', `/api/webhooks/${sub.json.id}/deliveries`);
      return res.json.every((d) => d.status === 'DELIVERED') && res.json;
    });
    expect(log.every((d) => d.attempts === 2)).toBe(true);
  });
});
