/** The dispatcher's concurrency rules and its stop(), against a real receiver that can stall. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../kernel/clock';
import { createOutbox } from '../kernel/events/outbox';
import { openDb } from '../kernel/store/db';
import { createSqliteStore } from '../kernel/store/sqlite-store';
import { createWebhookDispatcher } from './dispatcher';
import { newWebhookSecret } from './signing';
import { poll, startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setup(options: { concurrency?: number; stopGraceMs?: number } = {}) {
  const receiver: Receiver = await startReceiver();
  closers.push(() => receiver.close());
  const store = createSqliteStore(openDb(null));
  closers.push(() => store.close());
  const clock = createClock();
  const outbox = createOutbox(store, clock);
  await store
    .prepare(
      `INSERT INTO webhook_subscriptions (id, merchant_id, environment, url, event_types, secret, created_at)
     VALUES ('00000000-0000-4000-8000-000000000001', 'm1', 'sandbox', ?, '["PAYMENTS_STATUS"]', ?, 0)`,
    )
    .run(receiver.url, newWebhookSecret());
  const dispatcher = createWebhookDispatcher(store, clock, outbox, () => {}, options);
  let stopped = false;
  closers.push(async () => {
    if (!stopped) await dispatcher.stop();
  });
  const emit = (n: number) =>
    outbox.tx(async () => {
      for (let i = 0; i < n; i++)
        await outbox.emit({
          merchantId: 'm1',
          environment: 'sandbox',
          type: 'PAYMENTS_STATUS',
          data: { status: 'COMPLETED', orderId: `o-${i}` },
        });
    });
  const statuses = () =>
    store
      .prepare<[], { status: string; attempts: number }>(
        'SELECT status, attempts FROM webhook_deliveries',
      )
      .all();
  return {
    receiver,
    dispatcher,
    emit,
    statuses,
    stop: async () => {
      stopped = true;
      await dispatcher.stop();
    },
  };
}

describe('webhook dispatcher', () => {
  it('keeps at most N deliveries in flight and never sends one twice, however often it is woken', async () => {
    const { receiver, dispatcher, emit, statuses } = await setup({ concurrency: 3 });
    const release = receiver.hold();
    await emit(7);
    await poll(() => receiver.received.length === 3, 10_000, 'three requests in flight');
    for (let i = 0; i < 50; i++) void dispatcher.wake();
    // Give any wrongly started request a full round trip to arrive before counting.
    await fetch(receiver.url, { method: 'POST', body: '{}' });
    expect(receiver.received.filter((r) => r.headers['webhook-id'])).toHaveLength(3);

    release();
    await poll(
      async () => (await statuses()).every((s) => s.status === 'DELIVERED'),
      10_000,
      'every delivery',
    );
    const ids = receiver.received.map((r) => r.headers['webhook-id']).filter(Boolean);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect((await statuses()).every((s) => s.attempts === 1)).toBe(true);
  });

  it('stop() gives up on a stalled receiver after its grace and leaves the delivery due', async () => {
    const { receiver, emit, statuses, stop } = await setup({ stopGraceMs: 100 });
    receiver.hold(); // never answers
    await emit(1);
    await poll(() => receiver.received.length === 1, 10_000, 'the request');
    await stop();
    // Not counted as an attempt: the next start sends it again.
    expect(await statuses()).toEqual([{ status: 'PENDING', attempts: 0 }]);
  });
});
