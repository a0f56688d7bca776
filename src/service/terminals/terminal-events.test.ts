/** A terminal's event feed, and POS_PAYMENT_STATUS by webhook (docs/terminals.md), over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { SANDBOX, startService, type Harness, pairTerminal } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const pair = (name = 'Till 1', secret = SANDBOX) => pairTerminal(h, name, { secret });
const stream = (secret: string, lastEventId?: string) =>
  connectSse(`${h.url}/api/terminal/events`, secret, lastEventId);
const remote = (body: Record<string, unknown>, secret = SANDBOX) =>
  h.call('POST', '/api/terminal/process-remote-payment', body, secret);
function expectError(res: { status: number; body: unknown }, status: number, text?: RegExp) {
  expect(res.status).toBe(status);
  const envelope = ErrorEnvelope.parse(res.body);
  if (text) expect(envelope.message).toMatch(text);
  return envelope;
}

describe('the terminal event feed (polling instead of the stream)', () => {
  it('gives a terminal that never streams its remote requests and status changes, in order', async () => {
    const till = await pair('Polling till');
    const feed = (query: string, secret = till.secret) =>
      h.call('GET', `/api/terminal/events/feed${query}`, undefined, secret);
    // Reading the feed once makes the terminal reachable for remote payments.
    expect((await feed('')).body).toEqual({ events: [], lastEventId: null });
    const first = await remote({ id: till.terminal.id, amount: 3.5 });
    expect(first.status).toBe(200);
    const cancelled = await h.call(
      'POST',
      `/api/payment-request/cancel/${first.body.paymentRequestId}`,
    );
    expect(cancelled.status).toBe(200);

    const page = await feed('');
    expect(page.status).toBe(200);
    expect(page.body.events.map((e: { type: string }) => e.type)).toEqual([
      'REMOTE_PAYMENT_REQUEST',
      'POS_PAYMENT_STATUS',
    ]);
    expect(page.body.events[0].body.data).toMatchObject({
      paymentRequestId: first.body.paymentRequestId,
      amount: 3.5,
    });
    expect(page.body.events[1].body.data).toMatchObject({ status: 'CANCELLED' });
    expect(page.body.lastEventId).toBe(page.body.events[1].id);
    // After the last id there is nothing new, and the cursor stays where it was.
    const after = await feed(`?after=${page.body.lastEventId}`);
    expect(after.body).toEqual({ events: [], lastEventId: page.body.lastEventId });
    expect((await feed('?limit=1')).body.events).toHaveLength(1);
  });

  it('validates its query and belongs to terminals only', async () => {
    const till = await pair('Feed checks');
    const bad = await h.call('GET', '/api/terminal/events/feed?after=abc', undefined, till.secret);
    expect(expectError(bad, 400).errors![0]).toMatchObject({ field: 'query.after' });
    const big = await h.call('GET', '/api/terminal/events/feed?limit=500', undefined, till.secret);
    expect(expectError(big, 400).errors![0]).toMatchObject({ field: 'query.limit' });
    expectError(await h.call('GET', '/api/terminal/events/feed'), 403);
  });
});

describe('POS_PAYMENT_STATUS by webhook', () => {
  it('is delivered, signed, on every status change of a remote payment', async () => {
    const { startReceiver, headerRecord } = await import('../../../test/helpers/webhook-receiver');
    const { Webhook } = await import('standardwebhooks');
    const receiver = await startReceiver();
    try {
      const sub = await h.call('POST', '/api/webhooks', {
        url: receiver.url,
        eventTypes: ['POS_PAYMENT_STATUS'],
      });
      const till = await pair('Webhook till');
      const s = await stream(till.secret);
      await s.next((e) => e.event === 'ready');
      const res = await remote({ id: till.terminal.id, amount: 2.5, metadata: { lane: '1' } });
      const id = res.body.paymentRequestId as string;
      await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
      const done = await receiver.waitFor(
        (r) => r.json.data.paymentRequestId === id && r.json.data.status === 'COMPLETED',
      );
      expect(
        new Webhook(sub.body.secret).verify(done.body, headerRecord(done.headers)),
      ).toMatchObject({
        type: 'POS_PAYMENT_STATUS',
        data: {
          type: 'PAYMENTS_STATUS',
          terminalId: till.terminal.id,
          paidAmount: 2.5,
          metadata: { lane: '1' },
          customFields: expect.arrayContaining([
            { fieldName: 'terminalId', value: till.terminal.id },
          ]),
        },
      });
      const statuses = receiver.received
        .filter((r) => r.json.data.paymentRequestId === id)
        .map((r) => r.json.data.status);
      expect(statuses).toEqual(['AWAITING_AUTHORIZATION', 'COMPLETED']);
      s.close();
    } finally {
      await receiver.close();
    }
  });
});
