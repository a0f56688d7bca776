/** POST /api/webhook/test (sandbox test events) and each of its rules, over real HTTP. */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../client/webhook-verify';
import {
  PRODUCTION,
  headerRecord,
  poll,
  startReceiver,
  startService,
  type Receiver,
  type Running,
} from '../../../test/helpers/webhook-receiver';

let running: Running;
let receiver: Receiver;
const secrets: Record<string, string> = {};

type ErrorBody = { name: string; message: string; errors: { field: string; message: string }[] };
const trigger = (body: unknown, secret?: string) =>
  running.call<ErrorBody & { message: string }>('POST', '/api/webhook/test', body, secret);

beforeAll(async () => {
  running = await startService();
  receiver = await startReceiver();
});
afterAll(async () => {
  await running.service.close();
  await receiver.close();
});

describe('POST /api/webhook/test', () => {
  it('answers 404 when no sandbox endpoint is subscribed to the event type', async () => {
    const res = await trigger({ eventType: 'PAYMENTS_STATUS' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      name: 'NOT_FOUND',
      message: 'No webhook subscription for this merchant and event',
    });
  });

  it('subscribes one endpoint to every event type', async () => {
    const res = await running.call<{ secret: string }>('POST', '/api/webhooks', {
      url: receiver.url,
      eventTypes: ['PAYMENTS_STATUS', 'EXPIRED_STATUS', 'REFUND_STATUS', 'POS_PAYMENT_STATUS'],
    });
    expect(res.status).toBe(201);
    secrets.all = res.json.secret;
  });

  it('answers 400 to a production secret, even when production has a subscription', async () => {
    await running.call(
      'POST',
      '/api/webhooks',
      { url: receiver.url, eventTypes: ['PAYMENTS_STATUS'] },
      PRODUCTION,
    );
    const res = await trigger({ eventType: 'PAYMENTS_STATUS' }, PRODUCTION);
    expect(res.status).toBe(400);
    expect(res.json.name).toBe('BAD_REQUEST');
  });

  it('sends a PAYMENTS_STATUS test event signed like a production one', async () => {
    const res = await trigger({
      eventType: 'PAYMENTS_STATUS',
      orderId: 'order-test-1',
      amount: 25.5,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toEqual(expect.any(String));
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'order-test-1');
    const event = new Webhook(secrets.all!).verify(hit.body, headerRecord(hit.headers));
    expect(event).toMatchObject({
      type: 'PAYMENTS_STATUS',
      environment: 'sandbox',
      data: {
        status: 'COMPLETED',
        amount: 25.5,
        paidAmount: 25.5,
        currency: 'GBP',
        paymentMethod: 'PAY_BY_BANK',
        metadata: {},
        test: true,
      },
    });
    expect(hit.json.data.paymentRequestId).toMatch(/^[0-9a-f-]{36}$/);
    // Our own verifier accepts it too and returns the typed event.
    expect(verifyWebhook(secrets.all!, hit.body, hit.headers).data.orderId).toBe('order-test-1');
  });

  it('generates an orderId and a default amount of 10 when none are given', async () => {
    const res = await trigger({
      eventType: 'PAYMENTS_STATUS',
      status: 'FAILED',
      paymentMethod: 'CARD',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor(
      (x) => x.json.data.status === 'FAILED' && x.json.type === 'PAYMENTS_STATUS',
    );
    expect(hit.json.data).toMatchObject({ paidAmount: 10, paymentMethod: 'CARD' });
    expect(hit.json.data.orderId).toMatch(/^test_order_/);
    expect(hit.json.data.errorDescription).toEqual(expect.any(String));
  });

  it('accepts AUTHORIZED only with paymentMethod CARD', async () => {
    const bad = await trigger({ eventType: 'PAYMENTS_STATUS', status: 'AUTHORIZED' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({
      field: 'status',
      message: 'AUTHORIZED requires paymentMethod CARD',
    });
    const byBank = await trigger({
      eventType: 'PAYMENTS_STATUS',
      status: 'AUTHORIZED',
      paymentMethod: 'PAY_BY_BANK',
    });
    expect(byBank.status).toBe(400);

    const ok = await trigger({
      eventType: 'PAYMENTS_STATUS',
      status: 'AUTHORIZED',
      paymentMethod: 'CARD',
      orderId: 'auth-1',
    });
    expect(ok.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'auth-1');
    expect(hit.json.data).toMatchObject({ status: 'AUTHORIZED', paymentMethod: 'CARD' });
  });

  it('rejects a status that is not valid for the event type', async () => {
    for (const body of [
      { eventType: 'PAYMENTS_STATUS', status: 'CANCELLED' },
      { eventType: 'PAYMENTS_STATUS', status: 'EXPIRED' },
      { eventType: 'REFUND_STATUS', status: 'AUTHORIZED', paymentMethod: 'CARD' },
      {
        eventType: 'POS_PAYMENT_STATUS',
        type: 'REFUND_STATUS',
        status: 'AUTHORIZED',
        paymentMethod: 'CARD',
      },
      { eventType: 'POS_PAYMENT_STATUS', status: 'CANCELLED' },
    ]) {
      const res = await trigger(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors[0]?.field).toBe('status');
    }
  });
});

describe('POST /api/webhook/test: each event type', () => {
  it('sends REFUND_STATUS with a refundId and a refund status', async () => {
    const res = await trigger({
      eventType: 'REFUND_STATUS',
      status: 'CANCELLED',
      orderId: 'refund-1',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'refund-1');
    expect(hit.json.type).toBe('REFUND_STATUS');
    expect(hit.json.data).toMatchObject({ status: 'CANCELLED', refundId: expect.any(String) });
  });

  it('always sends EXPIRED for EXPIRED_STATUS, whatever status was given', async () => {
    const res = await trigger({
      eventType: 'EXPIRED_STATUS',
      status: 'COMPLETED',
      orderId: 'exp-1',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'exp-1');
    expect(hit.json).toMatchObject({ type: 'EXPIRED_STATUS', data: { status: 'EXPIRED' } });
  });

  it('rejects type and customFields on event types other than POS_PAYMENT_STATUS', async () => {
    const withType = await trigger({ eventType: 'PAYMENTS_STATUS', type: 'REFUND_STATUS' });
    expect(withType.status).toBe(400);
    expect(withType.json.errors[0]?.field).toBe('type');
    const withFields = await trigger({
      eventType: 'REFUND_STATUS',
      customFields: [{ fieldName: 'a', value: 'b' }],
    });
    expect(withFields.status).toBe(400);
    expect(withFields.json.errors[0]?.field).toBe('customFields');
  });

  it('rejects an unknown event type', async () => {
    const res = await trigger({ eventType: 'CONTRACT_STATUS' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]?.field).toBe('eventType');
  });

  it('sends POS_PAYMENT_STATUS with the given type and customFields', async () => {
    const customFields = [
      { fieldName: 'till', value: '3' },
      { fieldName: 'cashier', value: 'Ann' },
    ];
    const res = await trigger({
      eventType: 'POS_PAYMENT_STATUS',
      type: 'REFUND_STATUS',
      status: 'FAILED',
      customFields,
      orderId: 'pos-refund-1',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'pos-refund-1');
    expect(new Webhook(secrets.all!).verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
    expect(hit.json).toMatchObject({
      type: 'POS_PAYMENT_STATUS',
      data: { type: 'REFUND_STATUS', status: 'FAILED', customFields, refundId: expect.any(String) },
    });
  });

  it('sends POS_PAYMENT_STATUS with type PAYMENTS_STATUS and fixture customFields by default', async () => {
    const res = await trigger({ eventType: 'POS_PAYMENT_STATUS', orderId: 'pos-default' });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'pos-default');
    expect(hit.json.data).toMatchObject({ type: 'PAYMENTS_STATUS', status: 'COMPLETED' });
    expect(hit.json.data.customFields).toContainEqual({
      fieldName: 'terminalId',
      value: 'test-terminal',
    });
  });

  it('delivers only to subscriptions of that event type', async () => {
    const other = await startReceiver();
    try {
      await running.call('POST', '/api/webhooks', {
        url: other.url,
        eventTypes: ['REFUND_STATUS'],
      });
      expect(
        (await trigger({ eventType: 'PAYMENTS_STATUS', orderId: 'only-payments' })).status,
      ).toBe(200);
      expect((await trigger({ eventType: 'REFUND_STATUS', orderId: 'refund-after' })).status).toBe(
        200,
      );
      await other.waitFor((x) => x.json.data.orderId === 'refund-after');
      await receiver.waitFor((x) => x.json.data.orderId === 'only-payments');
      expect(other.received.map((x) => x.json.data.orderId)).not.toContain('only-payments');
    } finally {
      await other.close();
    }
  });
});

describe('tamper: deliberately bad test deliveries', () => {
  type Log = { eventId: string; status: string; attempts: number; tamper?: string }[];
  const subscriptionId = async () =>
    (await running.call<{ id: string; url: string }[]>('GET', '/api/webhooks')).json.find(
      (s) => s.url === receiver.url,
    )!.id;

  it.each([
    ['signature', 'No matching signature found'],
    ['timestamp', 'Message timestamp too old'],
  ] as const)('tamper %s: both verifiers refuse the delivery (%s)', async (tamper, refusal) => {
    const orderId = `order-tamper-${tamper}`;
    const res = await running.call<{ message: string }>('POST', '/api/webhooks/test', {
      eventType: 'PAYMENTS_STATUS',
      orderId,
      tamper,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/: your receiver should refuse it$/);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === orderId);
    expect(() => verifyWebhook(secrets.all!, hit.body, hit.headers)).toThrow(refusal);
    expect(() => new Webhook(secrets.all!).verify(hit.body, headerRecord(hit.headers))).toThrow(
      refusal,
    );
    // The body is the real event: only the signing is forged.
    expect(hit.json).toMatchObject({ type: 'PAYMENTS_STATUS', data: { orderId, test: true } });
    const age = Date.now() / 1000 - Number(hit.headers['webhook-timestamp']);
    if (tamper === 'timestamp') {
      expect(age).toBeGreaterThan(590);
      expect(age).toBeLessThan(620);
      // Signed correctly for that old timestamp: only the freshness check refuses it.
      expect(
        verifyWebhook(secrets.all!, hit.body, hit.headers, {
          now: () => Number(hit.headers['webhook-timestamp']) * 1000,
        }).data.orderId,
      ).toBe(orderId);
    } else expect(Math.abs(age)).toBeLessThan(60);

    const log = await running.call<Log>(
      'GET',
      `/api/webhooks/${await subscriptionId()}/deliveries`,
    );
    expect(log.json.find((d) => d.eventId === hit.json.id)).toMatchObject({ tamper });
  });

  it('without tamper the delivery verifies', async () => {
    const res = await trigger({ eventType: 'PAYMENTS_STATUS', orderId: 'order-untampered' });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'order-untampered');
    expect(verifyWebhook(secrets.all!, hit.body, hit.headers).data.orderId).toBe(
      'order-untampered',
    );
    expect(new Webhook(secrets.all!).verify(hit.body, headerRecord(hit.headers))).toBeTruthy();
  });

  it('a refused forgery is not retried: once is the point', async () => {
    receiver.script.push(400);
    const res = await trigger({
      eventType: 'PAYMENTS_STATUS',
      orderId: 'order-tamper-refused',
      tamper: 'signature',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'order-tamper-refused');
    const id = await subscriptionId();
    const failed = await poll(async () => {
      const d = (await running.call<Log>('GET', `/api/webhooks/${id}/deliveries`)).json.find(
        (x) => x.eventId === hit.json.id,
      );
      return d?.attempts === 1 && d;
    });
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, tamper: 'signature' });
  });

  it('refuses an unknown tamper, naming the field, and sends nothing', async () => {
    const before = receiver.received.length;
    const res = await trigger({ eventType: 'PAYMENTS_STATUS', tamper: 'body' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]?.field).toBe('tamper');
    expect(receiver.received).toHaveLength(before);
  });
});

describe('POST /api/webhooks/test', () => {
  it('is the same trigger, beside the other webhook routes', async () => {
    const res = await running.call<{ message: string }>('POST', '/api/webhooks/test', {
      eventType: 'PAYMENTS_STATUS',
      orderId: 'order-alias-1',
    });
    expect(res.status).toBe(200);
    const hit = await receiver.waitFor((x) => x.json.data.orderId === 'order-alias-1');
    expect(verifyWebhook(secrets.all!, hit.body, hit.headers)).toMatchObject({
      type: 'PAYMENTS_STATUS',
      data: { test: true },
    });
    const bad = await running.call<ErrorBody>('POST', '/api/webhooks/test', { eventType: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]?.field).toBe('eventType');
  });
});
