/** The merchant's change stream: it names what changed, for this merchant and environment only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantChange } from '../../shared/contract/merchant-events';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { connectSse, type SseEvent } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const names =
  (topic: string, after = 0) =>
  (e: SseEvent) =>
    e.event === 'change' &&
    e.receivedAt > after &&
    MerchantChange.parse(JSON.parse(e.data)).topics.includes(topic as 'payments');

describe('GET /api/merchant/events', () => {
  it('refuses a terminal secret and no secret', async () => {
    expect((await h.call('GET', '/api/merchant/events', undefined, null)).status).toBe(401);
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'T' },
      null,
    );
    expect(
      (await h.call('GET', '/api/merchant/events', undefined, paired.body.secret)).status,
    ).toBe(403);
    await h.call('DELETE', `/api/terminal/${paired.body.terminal.id}`);
  });

  it('says payments changed when one is created and when its status moves', async () => {
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      const mark = performance.now();
      const created = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'live-1',
        amount: 2,
      });
      await stream.next(names('payments', mark), 10_000);
      const mark2 = performance.now();
      await h.call('POST', `/api/payment-request/cancel/${created.body.paymentRequestId}`);
      await stream.next(names('payments', mark2), 10_000);
    } finally {
      stream.close();
    }
  });

  it('says terminals changed when one is paired, renamed, given a new limit and connects', async () => {
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      let mark = performance.now();
      const code = await h.call('POST', '/api/terminal/pairing-codes', {});
      const paired = await h.call(
        'POST',
        '/api/terminal/pair',
        { code: code.body.code, name: 'Till' },
        null,
      );
      await stream.next(names('terminals', mark), 10_000);
      mark = performance.now();
      await h.call('PUT', `/api/terminal/${paired.body.terminal.id}`, { name: 'Till 2' });
      await stream.next(names('terminals', mark), 10_000);
      mark = performance.now();
      await h.call('PUT', `/api/terminal/${paired.body.terminal.id}`, { maxAmount: 25 });
      await stream.next(names('terminals', mark), 10_000);
      mark = performance.now();
      const kiosk = await connectSse(`${h.url}/api/terminal/events`, paired.body.secret);
      await stream.next(names('terminals', mark), 10_000);
      kiosk.close();
    } finally {
      stream.close();
    }
  });

  it('says webhooks changed when an endpoint is added and when a delivery is queued', async () => {
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      let mark = performance.now();
      // Adding an endpoint emits no event: the fingerprint notices it.
      await h.call('POST', '/api/webhooks', {
        url: 'http://127.0.0.1:1/hooks',
        eventTypes: ['PAYMENTS_STATUS'],
      });
      await stream.next(names('webhooks', mark), 10_000);
      const created = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'hook',
        amount: 1,
      });
      mark = performance.now();
      await h.call('POST', `/api/payment-request/cancel/${created.body.paymentRequestId}`);
      await stream.next(names('webhooks', mark), 10_000); // the delivery queued
    } finally {
      stream.close();
    }
  });

  it('says refunds changed when a refund is made and when its status moves', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'refund-live',
      amount: 10,
    });
    const id = created.body.paymentRequestId as string;
    await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    const stream = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await stream.next((e) => e.event === 'ready');
      let mark = performance.now();
      const refund = await h.call('POST', `/api/refund/${id}`, { amount: 2 });
      expect(refund.status).toBe(201);
      await stream.next(names('refunds', mark), 10_000);
      mark = performance.now();
      await h.call('POST', `/api/sandbox/refunds/${refund.body.refundId}/simulate`, {
        outcome: 'FAILED',
      });
      await stream.next(names('refunds', mark), 10_000);
    } finally {
      stream.close();
    }
  });

  it('tells another environment nothing', async () => {
    const production = await connectSse(`${h.url}/api/merchant/events`, PRODUCTION);
    const sandbox = await connectSse(`${h.url}/api/merchant/events`, SANDBOX);
    try {
      await production.next((e) => e.event === 'ready');
      await sandbox.next((e) => e.event === 'ready');
      const mark = performance.now();
      await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'x',
        amount: 1,
      });
      await sandbox.next(names('payments', mark), 10_000);
      // The sandbox heard of it; production, watching the same service, did not.
      expect(production.events.filter((e) => e.event === 'change')).toEqual([]);
    } finally {
      production.close();
      sandbox.close();
    }
  });
});
