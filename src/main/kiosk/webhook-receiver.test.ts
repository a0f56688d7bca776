/**
 * The kiosk's webhook receiver, subscribed on the real service, and fed hand-signed deliveries
 * (signed with the independent `standardwebhooks` package) for what the service never sends.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../shared/contract/webhooks';
import { startService, type Harness } from '../../../test/helpers/service';
import type { StatusReport } from './types';
import { reportOf, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const wait = { timeout: 10_000, interval: 20 };

let h: Harness;
let receiver: WebhookReceiver;
let secret = '';
const reports: StatusReport[] = [];
const events: WebhookEvent[] = [];

beforeAll(async () => {
  h = await startService();
  receiver = await startWebhookReceiver({
    port: 0,
    secret: () => secret,
    sink: { report: (r) => void reports.push(r) },
    onEvent: (e) => void events.push(e),
  });
  const sub = await h.call('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS', 'POS_PAYMENT_STATUS', 'REFUND_STATUS'],
  });
  expect(sub.status).toBe(201);
  secret = sub.body.secret as string;
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

async function createPayment(amount = 8) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'cust-hook',
    orderId: `order-${randomUUID().slice(0, 8)}`,
    amount,
  });
  expect(res.status).toBe(200);
  return res.body.paymentRequestId as string;
}

function event(
  data: Partial<WebhookEvent['data']>,
  type: WebhookEvent['type'] = 'PAYMENTS_STATUS',
) {
  return {
    id: `evt_${randomUUID()}`,
    type,
    createdAt: new Date().toISOString(),
    environment: 'sandbox',
    data: { paymentRequestId: randomUUID(), status: 'COMPLETED', paidAmount: 5, ...data },
  } satisfies WebhookEvent;
}

/** POSTs `body` signed with `key` (the subscription's secret unless given), sent at `at`. */
async function deliver(
  body: { id: string } | string,
  options: { key?: string; at?: Date; id?: string; headers?: Record<string, string> } = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const id = options.id ?? (typeof body === 'string' ? `msg_${randomUUID()}` : body.id);
  const at = options.at ?? new Date();
  const signature = new Webhook(options.key ?? secret).sign(id, at, text);
  const res = await fetch(receiver.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
      ...options.headers,
    },
    body: text,
  });
  return { status: res.status, body: await res.text() };
}

const reportsFor = (id: string) => reports.filter((r) => r.paymentRequestId === id);

describe('webhook receiver subscribed on the real service', () => {
  it('reports a simulated COMPLETED payment with source webhook', async () => {
    const id = await createPayment(8);
    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await vi.waitFor(
      () => expect(reportsFor(id).map((r) => r.status)).toContain('COMPLETED'),
      wait,
    );
    expect(reportsFor(id).find((r) => r.status === 'COMPLETED')).toMatchObject({
      source: 'webhook',
      paymentRequestId: id,
      paidAmount: 8,
      paymentMethod: 'PAY_BY_BANK',
      at: expect.any(String),
    });
  });

  it('reports EXPIRED when the service expires a payment', async () => {
    const id = await createPayment(2);
    const advanced = await h.call('POST', '/api/sandbox/clock/advance', { ms: 60 * 60_000 });
    expect(advanced.status).toBe(200);
    await vi.waitFor(() => expect(reportsFor(id).map((r) => r.status)).toContain('EXPIRED'), wait);
    expect(reportsFor(id).find((r) => r.status === 'EXPIRED')!.source).toBe('webhook');
  });
});

describe('webhook receiver refuses what it cannot trust', () => {
  it('answers 401 to a forged signature and reports nothing', async () => {
    const forged = event({ status: 'COMPLETED' });
    const otherKey = `whsec_${randomBytes(32).toString('base64')}`;
    expect((await deliver(forged, { key: otherKey })).status).toBe(401);
    expect(reportsFor(forged.data.paymentRequestId)).toEqual([]);
    expect(events.map((e) => e.id)).not.toContain(forged.id);
  });

  it('answers 401 to missing headers and to a tampered body', async () => {
    const e = event({});
    const res = await fetch(receiver.url, { method: 'POST', body: JSON.stringify(e) });
    expect(res.status).toBe(401);
    const text = JSON.stringify(e);
    const signature = new Webhook(secret).sign(e.id, new Date(), text);
    const tampered = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'webhook-id': e.id,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signature,
      },
      body: text.replace('"paidAmount":5', '"paidAmount":500'),
    });
    expect(tampered.status).toBe(401);
    expect(reportsFor(e.data.paymentRequestId)).toEqual([]);
  });

  it('answers 401 to a delivery signed more than 5 minutes ago (a replay)', async () => {
    const old = event({});
    const res = await deliver(old, { at: new Date(Date.now() - 10 * 60_000) });
    expect(res.status).toBe(401);
    expect(res.body).toMatch(/too old/);
    expect(reportsFor(old.data.paymentRequestId)).toEqual([]);
  });

  it('reports a redelivered webhook-id once', async () => {
    const e = event({ status: 'AUTHORIZED', paymentMethod: 'CARD' });
    expect((await deliver(e)).status).toBe(200);
    expect((await deliver(e)).status).toBe(200);
    expect((await deliver(e, { at: new Date(Date.now() - 60_000) })).status).toBe(200);
    expect(reportsFor(e.data.paymentRequestId)).toEqual([
      expect.objectContaining({ source: 'webhook', status: 'AUTHORIZED', paymentMethod: 'CARD' }),
    ]);
  });

  it('answers 400 to a signed body that is not an event, and 413 to a huge one', async () => {
    expect((await deliver('{"hello":"world"}')).status).toBe(400);
    expect((await deliver('not json')).status).toBe(400);
    const huge = JSON.stringify(event({ metadata: { blob: 'x'.repeat(300 * 1024) } }));
    expect((await deliver(huge)).status).toBe(413);
  });

  it('accepts only POST on its own path', async () => {
    expect((await fetch(receiver.url)).status).toBe(405);
    expect(
      (await fetch(receiver.url.replace('/webhooks', '/other'), { method: 'POST' })).status,
    ).toBe(404);
  });

  it('acknowledges refund events without reporting a payment status', async () => {
    const refund = event({ status: 'COMPLETED', refundId: randomUUID() }, 'REFUND_STATUS');
    const posRefund = event({ status: 'COMPLETED', type: 'REFUND_STATUS' }, 'POS_PAYMENT_STATUS');
    expect((await deliver(refund)).status).toBe(200);
    expect((await deliver(posRefund)).status).toBe(200);
    expect(reportsFor(refund.data.paymentRequestId)).toEqual([]);
    expect(reportsFor(posRefund.data.paymentRequestId)).toEqual([]);
    expect(events.map((e) => e.id)).toEqual(expect.arrayContaining([refund.id, posRefund.id]));
  });
});

describe('reportOf', () => {
  it('maps each event kind to the payment status it implies', () => {
    expect(reportOf(event({ status: 'PENDING' }, 'EXPIRED_STATUS'))?.status).toBe('EXPIRED');
    expect(
      reportOf(event({ status: 'whatever', type: 'EXPIRED_STATUS' }, 'POS_PAYMENT_STATUS'))?.status,
    ).toBe('EXPIRED');
    const failed = event(
      { status: 'FAILED', type: 'PAYMENTS_STATUS', errorDescription: 'Declined' },
      'POS_PAYMENT_STATUS',
    );
    expect(reportOf(failed)).toEqual({
      source: 'webhook',
      paymentRequestId: failed.data.paymentRequestId,
      status: 'FAILED',
      at: failed.createdAt,
      paidAmount: 5,
      errorDescription: 'Declined',
    });
    expect(reportOf(event({ status: 'NOT_A_STATUS' }))).toBeNull();
    expect(reportOf(event({ test: true }))).toBeNull();
    expect(reportOf(event({ paymentRequestId: undefined }))).toBeNull();
  });
});
