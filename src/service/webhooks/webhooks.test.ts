/**
 * Subscriptions and deliveries over real HTTP: a service on 127.0.0.1 and a real receiver.
 * Deliveries are awaited by polling the receiver, never by fixed sleeps.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../kernel/secrets';
import {
  PRODUCTION,
  headerRecord,
  poll,
  startReceiver,
  startService,
  type Receiver,
  type Running,
} from '../../../test/helpers/webhook-receiver';

interface Created {
  id: string;
  url: string;
  eventTypes: string[];
  secret: string;
  createdAt: string;
  description?: string;
}
interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
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

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function subscribe(url: string, eventTypes: string[], secret?: string): Promise<Created> {
  const res = await running.call<Created>('POST', '/api/webhooks', { url, eventTypes }, secret);
  expect(res.status).toBe(201);
  return res.json;
}

async function createPayment(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await running.call<{ paymentRequestId: string }>(
    'POST',
    '/api/payments/process-payment',
    {
      customerId: 'cust-1',
      orderId: `order-${randomUUID().slice(0, 8)}`,
      amount: 12.5,
      metadata: { cart: '42' },
      ...extra,
    },
  );
  expect(res.status).toBe(200);
  return res.json.paymentRequestId;
}

async function payByCard(paymentRequestId: string) {
  const res = await running.call(
    'POST',
    `/api/sandbox/payment-requests/${paymentRequestId}/simulate`,
    {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    },
  );
  expect(res.status).toBe(200);
}

const deliveries = async (subscriptionId: string) => {
  const res = await running.call<Delivery[]>('GET', `/api/webhooks/${subscriptionId}/deliveries`);
  expect(res.status).toBe(200);
  return res.json;
};

describe('subscriptions', () => {
  it('creates a subscription with a whsec_ secret, lists it without the secret and deletes it', async () => {
    const created = await running.call<Created>('POST', '/api/webhooks', {
      url: 'https://example.com/hooks',
      eventTypes: ['PAYMENTS_STATUS', 'REFUND_STATUS'],
      description: 'accounting',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      url: 'https://example.com/hooks',
      eventTypes: ['PAYMENTS_STATUS', 'REFUND_STATUS'],
      description: 'accounting',
    });
    expect(Buffer.from(created.json.secret.replace(/^whsec_/, ''), 'base64')).toHaveLength(32);

    const list = await running.call<Record<string, unknown>[]>('GET', '/api/webhooks');
    const listed = list.json.find((s) => s.id === created.json.id);
    expect(listed).toMatchObject({ url: 'https://example.com/hooks', description: 'accounting' });
    expect(listed).not.toHaveProperty('secret');

    expect((await running.call('DELETE', `/api/webhooks/${created.json.id}`)).status).toBe(200);
    const after = await running.call<{ id: string }[]>('GET', '/api/webhooks');
    expect(after.json.map((s) => s.id)).not.toContain(created.json.id);
    expect((await running.call('DELETE', `/api/webhooks/${created.json.id}`)).status).toBe(404);
    expect((await running.call('GET', `/api/webhooks/${created.json.id}/deliveries`)).status).toBe(
      404,
    );
  });

  it('rejects a bad url and an unknown event type, naming the field', async () => {
    const badUrl = await running.call<{ message: string; errors: { field: string }[] }>(
      'POST',
      '/api/webhooks',
      { url: 'not a url', eventTypes: ['PAYMENTS_STATUS'] },
    );
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.errors.map((e) => e.field)).toContain('url');

    const ftp = await running.call('POST', '/api/webhooks', {
      url: 'ftp://example.com/x',
      eventTypes: ['PAYMENTS_STATUS'],
    });
    expect(ftp.status).toBe(400);

    const badType = await running.call<{ errors: { field: string }[] }>('POST', '/api/webhooks', {
      url: 'https://example.com/x',
      eventTypes: ['PAYMENT_DONE'],
    });
    expect(badType.status).toBe(400);
    expect(badType.json.errors[0]?.field).toMatch(/^eventTypes/);

    const none = await running.call('POST', '/api/webhooks', {
      url: 'https://example.com/x',
      eventTypes: [],
    });
    expect(none.status).toBe(400);
  });

  it('keeps environments apart: a production secret cannot see or touch sandbox subscriptions', async () => {
    const sandbox = await subscribe('http://127.0.0.1:1/sandbox', ['PAYMENTS_STATUS']);
    const prodList = await running.call<{ id: string }[]>(
      'GET',
      '/api/webhooks',
      undefined,
      PRODUCTION,
    );
    expect(prodList.status).toBe(200);
    expect(prodList.json.map((s) => s.id)).not.toContain(sandbox.id);
    for (const [method, path] of [
      ['DELETE', `/api/webhooks/${sandbox.id}`],
      ['GET', `/api/webhooks/${sandbox.id}/deliveries`],
    ] as const)
      expect((await running.call(method, path, undefined, PRODUCTION)).status).toBe(404);
    // Still there for its own environment.
    expect((await running.call('GET', `/api/webhooks/${sandbox.id}/deliveries`)).status).toBe(200);
  });

  it("keeps merchants apart: another merchant's ids answer 404", async () => {
    const db = running.service.store;
    const other = randomUUID();
    await db
      .prepare("INSERT INTO merchants (id, name, created_at) VALUES (?, 'Other Shop', 0)")
      .run(other);
    await db
      .prepare(
        "INSERT INTO access_secrets (hash, merchant_id, environment, kind, created_at) VALUES (?, ?, 'sandbox', 'merchant', 0)",
      )
      .run(hashSecret('sk_sandbox_other'), other);

    const mine = await subscribe('http://127.0.0.1:1/mine', ['PAYMENTS_STATUS']);
    const theirs = await running.call<{ id: string }[]>(
      'GET',
      '/api/webhooks',
      undefined,
      'sk_sandbox_other',
    );
    expect(theirs.json).toEqual([]);
    expect(
      (await running.call('DELETE', `/api/webhooks/${mine.id}`, undefined, 'sk_sandbox_other'))
        .status,
    ).toBe(404);
    // Their test trigger does not reach my endpoint either.
    const test = await running.call(
      'POST',
      '/api/webhook/test',
      { eventType: 'PAYMENTS_STATUS' },
      'sk_sandbox_other',
    );
    expect(test.status).toBe(404);
  });

  it('needs a secret', async () => {
    const res = await fetch(`${running.base}/api/webhooks`);
    expect(res.status).toBe(401);
  });
});

describe('deliveries', () => {
  it('delivers a signed PAYMENTS_STATUS event when a payment completes', async () => {
    const r = await receiver();
    const sub = await subscribe(r.url, ['PAYMENTS_STATUS']);
    const id = await createPayment();
    await payByCard(id);

    const hit = await r.waitFor(
      (x) => x.json.data.paymentRequestId === id && x.json.data.status === 'COMPLETED',
    );
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['webhook-id']).toBe(hit.json.id);
    // Any Standard Webhooks verifier accepts the delivery.
    const event = new Webhook(sub.secret).verify(
      hit.body,
      headerRecord(hit.headers),
    ) as typeof hit.json;
    expect(event).toMatchObject({
      type: 'PAYMENTS_STATUS',
      environment: 'sandbox',
      data: {
        status: 'COMPLETED',
        paidAmount: 12.5,
        paymentMethod: 'CARD',
        metadata: { cart: '42' },
      },
    });
    expect(event.data.orderId).toMatch(/^order-/);
    // The timestamp is the receiver's wall clock, within the 5-minute tolerance.
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
      300,
    );

    const log = await poll(async () => {
      const list = await deliveries(sub.id);
      return list.some((d) => d.eventId === hit.json.id && d.status === 'DELIVERED') && list;
    });
    const mine = log.find((d) => d.eventId === hit.json.id)!;
    expect(mine).toMatchObject({
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('sends only the event types a subscription names', async () => {
    const payments = await receiver();
    const expiries = await receiver();
    await subscribe(payments.url, ['PAYMENTS_STATUS']);
    const expSub = await subscribe(expiries.url, ['EXPIRED_STATUS']);
    const id = await createPayment({ expiresIn: 60_000 });
    await payByCard(id);
    await payments.waitFor(
      (x) => x.json.data.paymentRequestId === id && x.json.data.status === 'COMPLETED',
    );
    expect(expiries.received).toHaveLength(0);
    expect(await deliveries(expSub.id)).toEqual([]);
  });

  it('honours a subscription made or deleted between two payments at once', async () => {
    const first = await receiver();
    const firstSub = await subscribe(first.url, ['PAYMENTS_STATUS']);
    const before = await createPayment();
    await payByCard(before);
    await first.waitFor((x) => x.json.data.paymentRequestId === before);

    // The service keeps each merchant's subscriptions between events: these changes must show.
    const second = await receiver();
    const secondSub = await subscribe(second.url, ['PAYMENTS_STATUS']);
    expect((await running.call('DELETE', `/api/webhooks/${firstSub.id}`)).status).toBe(200);
    const after = await createPayment();
    await payByCard(after);
    await second.waitFor(
      (x) => x.json.data.paymentRequestId === after && x.json.data.status === 'COMPLETED',
    );
    expect((await deliveries(secondSub.id)).map((d) => d.eventType)).toContain('PAYMENTS_STATUS');
    expect(first.received.filter((x) => x.json.data.paymentRequestId === after)).toEqual([]);
    expect(second.received.filter((x) => x.json.data.paymentRequestId === before)).toEqual([]);
  });
});

describe('deliveries: expiry, retries, resends and deleted subscriptions', () => {
  it('delivers EXPIRED_STATUS once the sandbox clock passes expiresIn', async () => {
    const r = await receiver();
    const sub = await subscribe(r.url, ['EXPIRED_STATUS']);
    const id = await createPayment({ expiresIn: 60_000 });
    const adv = await running.call('POST', '/api/sandbox/clock/advance', { ms: 61_000 });
    expect(adv.status).toBe(200);
    const hit = await r.waitFor((x) => x.json.data.paymentRequestId === id);
    expect(hit.json.type).toBe('EXPIRED_STATUS');
    expect(hit.json.data.status).toBe('EXPIRED');
    expect(new Webhook(sub.secret).verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
  });

  it('retries a failed delivery when the clock reaches the retry, with the same webhook-id', async () => {
    const r = await receiver();
    r.script.push(500);
    const sub = await subscribe(r.url, ['PAYMENTS_STATUS']);
    const id = await createPayment();
    // Paying may emit more than one PAYMENTS_STATUS; the first to arrive gets the 500.
    await payByCard(id);
    const first = await r.waitFor((x) => x.json.data.paymentRequestId === id);
    const eventId = first.json.id;

    const failed = await poll(async () => {
      const d = (await deliveries(sub.id)).find((x) => x.eventId === eventId);
      return d?.attempts === 1 && d;
    });
    expect(failed).toMatchObject({ status: 'PENDING', lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(failed.nextAttemptAt).not.toBeNull();

    await running.call('POST', '/api/sandbox/clock/advance', { ms: 6_100 }); // > 5 s × 1.2
    const again = await r.waitFor((x) => x !== first && x.json.id === eventId);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);
    expect(new Webhook(sub.secret).verify(again.body, headerRecord(again.headers))).toBeTruthy();

    const done = await poll(async () => {
      const d = (await deliveries(sub.id)).find((x) => x.eventId === eventId);
      return d?.status === 'DELIVERED' && d;
    });
    expect(done).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
  });

  it('records a receiver that is down and retries it later', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    const sub = await subscribe(url, ['PAYMENTS_STATUS']);
    const id = await createPayment();
    await payByCard(id);
    const failed = await poll(async () => {
      const list = await deliveries(sub.id);
      return list.length > 0 && list.every((d) => d.attempts >= 1) && list;
    });
    expect(failed[0]).toMatchObject({ status: 'PENDING', lastStatusCode: null });
    // In fixed words: the socket error would map ports for whoever reads the log.
    expect(failed[0]?.lastError).toBe('could not connect');
  });

  it('resends a delivered event as a new delivery with the same webhook-id', async () => {
    const r = await receiver();
    const sub = await subscribe(r.url, ['PAYMENTS_STATUS']);
    const id = await createPayment();
    await payByCard(id);
    const first = await r.waitFor(
      (x) => x.json.data.paymentRequestId === id && x.json.data.status === 'COMPLETED',
    );
    const original = await poll(async () =>
      (await deliveries(sub.id)).find(
        (d) => d.eventId === first.json.id && d.status === 'DELIVERED',
      ),
    );

    const res = await running.call<{ message: string }>(
      'POST',
      `/api/webhooks/${sub.id}/deliveries/${original.id}/resend`,
    );
    expect(res.status).toBe(200);
    const again = await r.waitFor((x) => x !== first && x.json.id === first.json.id);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);

    const log = await poll(async () => {
      const list = (await deliveries(sub.id)).filter((d) => d.eventId === first.json.id);
      return list.length === 2 && list.every((d) => d.status === 'DELIVERED') && list;
    });
    expect(log[0]?.id).not.toBe(original.id); // newest first
    expect(log[1]?.id).toBe(original.id);

    expect(
      (await running.call('POST', `/api/webhooks/${sub.id}/deliveries/${randomUUID()}/resend`))
        .status,
    ).toBe(404);
  });

  it('stops the pending deliveries of a deleted subscription', async () => {
    const r = await receiver();
    r.script.push(503);
    const sub = await subscribe(r.url, ['PAYMENTS_STATUS']);
    const id = await createPayment();
    await payByCard(id);
    const first = await r.waitFor((x) => x.json.data.paymentRequestId === id);
    // Every event of this payment has had its first attempt (only the first one failed).
    await poll(async () => {
      const list = await deliveries(sub.id);
      return list.some((d) => d.eventId === first.json.id) && list.every((d) => d.attempts === 1);
    });
    const countBefore = r.received.length;

    expect((await running.call('DELETE', `/api/webhooks/${sub.id}`)).status).toBe(200);
    const row = await running.service.store
      .prepare<[string, string], { status: string; last_error: string }>(
        'SELECT status, last_error FROM webhook_deliveries WHERE event_id = ? AND subscription_id = ?',
      )
      .get(first.json.id, sub.id);
    expect(row).toEqual({ status: 'FAILED', last_error: 'subscription deleted' });

    await running.call('POST', '/api/sandbox/clock/advance', { ms: 7_000 });
    // A later event to another endpoint arrives; the deleted one still hears nothing.
    const witness = await receiver();
    await subscribe(witness.url, ['PAYMENTS_STATUS']);
    const later = await createPayment();
    await payByCard(later);
    await witness.waitFor((x) => x.json.data.paymentRequestId === later);
    expect(r.received).toHaveLength(countBefore);
  });
});
