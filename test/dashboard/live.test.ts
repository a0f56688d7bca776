/**
 * Live updates: the merchant stream tells the dashboard which lists to re-read; while it is
 * down, every list is polled, and the stream is tried again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MerchantTopic } from '../../src/shared/contract/merchant-events';
import { createSessionApi } from '../../src/dashboard/lib/api';
import { createDashboard } from '../../src/dashboard/store/dashboard';
import { ALL_TOPICS, createLive } from '../../src/dashboard/store/live';
import { startService, SANDBOX, type Harness } from '../helpers/service';

/** A stream this test writes to, as the service would. */
function fakeStream() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return {
    response: new Response(body, { status: 200 }),
    push: (t: string) => push(t),
    end: () => end(),
  };
}

describe('createLive', () => {
  it('re-reads what the stream names, and falls back to polling when it ends', async () => {
    const refreshed: (readonly MerchantTopic[])[] = [];
    const stream = fakeStream();
    const opens: number[] = [];
    const live = createLive({
      open: () => {
        opens.push(Date.now());
        return opens.length === 1
          ? Promise.resolve(stream.response)
          : Promise.reject(new Error('down'));
      },
      refresh: (topics) => refreshed.push(topics),
      pollMs: 20,
      maxRetryMs: 50,
    });
    live.start();
    expect(live.store.getState().mode).toBe('connecting');
    stream.push('event: ready\ndata: {"heartbeatMs":15000}\n\n');
    await vi.waitFor(() => expect(live.store.getState().mode).toBe('live'));
    expect(refreshed).toEqual([ALL_TOPICS]); // catches up once connected
    stream.push('event: change\ndata: {"topics":["payments"]}\n\n');
    await vi.waitFor(() => expect(refreshed).toEqual([ALL_TOPICS, ['payments']]));

    stream.end();
    await vi.waitFor(() => expect(live.store.getState().mode).toBe('polling'));
    await vi.waitFor(() => expect(refreshed.length).toBeGreaterThan(4)); // polled every 20 ms
    await vi.waitFor(() => expect(opens.length).toBeGreaterThan(2)); // and tried again
    live.stop();
    const count = refreshed.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(refreshed.length).toBe(count);
    expect(live.store.getState().mode).toBe('stopped');
  });

  it('does not poll a hidden tab; wake catches up', async () => {
    const refreshed: (readonly MerchantTopic[])[] = [];
    const live = createLive({
      open: () => Promise.reject(new Error('down')),
      refresh: (topics) => refreshed.push(topics),
      isHidden: () => true,
      pollMs: 10,
    });
    live.start();
    await vi.waitFor(() => expect(live.store.getState().mode).toBe('polling'));
    await new Promise((r) => setTimeout(r, 60));
    expect(refreshed).toEqual([]);
    live.wake();
    expect(refreshed).toEqual([ALL_TOPICS]);
    live.stop();
  });
});

describe('a signed-in dashboard against a real service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it('goes live over the merchant stream and shows a new payment without polling', async () => {
    const api = createSessionApi({ baseUrl: h.url, secret: SANDBOX, onUnauthorized: () => {} });
    // Polling so slow it cannot be what brings the payment in.
    const dashboard = createDashboard({ api, onUnauthorized: () => {}, pollMs: 3_600_000 });
    dashboard.start();
    try {
      await vi.waitFor(() => expect(dashboard.live.store.getState().mode).toBe('live'), {
        timeout: 10_000,
      });
      await vi.waitFor(() => expect(dashboard.payments.getState().page).not.toBeNull());
      const created = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'live-order',
        amount: 9.99,
      });
      await vi.waitFor(
        () =>
          expect(dashboard.payments.getState().page?.data[0]?.paymentRequestId).toBe(
            created.body.paymentRequestId,
          ),
        { timeout: 10_000 },
      );
    } finally {
      dashboard.stop();
    }
    expect(dashboard.live.store.getState().mode).toBe('stopped');
    expect(api.closed).toBe(true);
  });
});
