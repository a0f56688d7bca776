/**
 * Each merchant's sandbox clock is its own (docs/security.md): merchant B moving its sandbox
 * clock forward ends, settles and retries B's sandbox rows and leaves merchant A's where A's own
 * clock has them; A's own move still moves A's. Two instances on one PostgreSQL database see the
 * same offset for each merchant. Real HTTP on loopback, a real webhook receiver.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentPayError } from '../../src/agent/index';
import { PaymentStatusRecord } from '../../src/shared/contract/payments';
import { WebhookDeliveryList } from '../../src/shared/contract/webhooks';
import { createMerchant } from '../../src/service/merchants/bootstrap';
import { activeContract, limits, payee, registeredClient } from '../helpers/agent';
import { SANDBOX, TEST_STORE, startService, testStore, type Harness } from '../helpers/service';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';

const HOUR = 3_600_000;

let h: Harness;
/** Merchant B's sandbox secret; merchant A is the service's first merchant (SANDBOX). */
let B: string;
let receiver: Receiver;
beforeAll(async () => {
  h = await startService();
  const other = await createMerchant(h.service.store, h.service.ctx.clock, 'Other Shop');
  B = other.generated.sandbox!;
  receiver = await startReceiver();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

const ok = <T>(res: { status: number; body: T }, code = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(code);
  return res.body;
};
const advance = async (secret: string, ms: number, on = h) =>
  ok(await on.call('POST', '/api/sandbox/clock/advance', { ms }, secret)) as { now: string };
let orders = 0;
const create = async (secret: string, on = h) =>
  ok(
    await on.call(
      'POST',
      '/api/payments/process-payment',
      { customerId: 'walk-in', orderId: `m-clock-${++orders}`, amount: 5, expiresIn: 60_000 },
      secret,
    ),
  ) as { paymentRequestId: string };
const status = async (id: string, secret: string, on = h) =>
  PaymentStatusRecord.parse(
    ok(await on.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret)),
  );
/** Polls until `read` answers something `done` accepts (never a fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** Within a minute of real time: not moved by any sandbox clock. */
const isRealTime = (at: string) =>
  expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);

describe("one merchant's sandbox clock", () => {
  it("expires and retries the merchant's own sandbox rows and never another merchant's", async () => {
    // Each merchant's webhook fails once, so that its retry waits on its own clock.
    receiver.script.push(500, 500);
    const subscriptions: Record<string, string> = {};
    for (const secret of [SANDBOX, B])
      subscriptions[secret] = (
        ok(
          await h.call(
            'POST',
            '/api/webhooks',
            { url: receiver.url, eventTypes: ['PAYMENTS_STATUS'] },
            secret,
          ),
          201,
        ) as { id: string }
      ).id;
    const payments: Record<string, string> = {};
    const cancelled: Record<string, string> = {};
    for (const secret of [SANDBOX, B]) {
      payments[secret] = (await create(secret)).paymentRequestId;
      cancelled[secret] = (await create(secret)).paymentRequestId;
      ok(await h.call('POST', `/api/payment-request/cancel/${cancelled[secret]}`, {}, secret));
    }
    const attemptsOf = (secret: string) =>
      receiver.received.filter((r) => r.json.data.paymentRequestId === cancelled[secret]).length;
    await until(
      async () => attemptsOf(SANDBOX) + attemptsOf(B),
      (n) => n === 2,
    );
    const delivery = async (secret: string) =>
      WebhookDeliveryList.parse(
        ok(
          await h.call(
            'GET',
            `/api/webhooks/${subscriptions[secret]}/deliveries`,
            undefined,
            secret,
          ),
        ),
      ).find((d) => d.attempts > 0)!;
    const retryOfA = await until(
      () => delivery(SANDBOX),
      (d) => d?.attempts === 1 && d.nextAttemptAt !== null,
    );

    // B moves its clock an hour: B's payment expires and B's retry is sent, on B's clock.
    const moved = await advance(B, HOUR);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(HOUR - 60_000);
    expect((await status(payments[B]!, B)).status).toBe('EXPIRED');
    await until(
      async () => attemptsOf(B),
      (n) => n === 2,
    );
    expect(attemptsOf(B)).toBe(2);
    // A's payment is still open, its retry still waits, and its new rows are on real time.
    expect((await status(payments[SANDBOX]!, SANDBOX)).status).toBe('PAYMENT_NOT_INITIATED');
    expect(attemptsOf(SANDBOX)).toBe(1);
    expect(await delivery(SANDBOX)).toMatchObject({
      attempts: 1,
      nextAttemptAt: retryOfA.nextAttemptAt,
    });
    isRealTime((await status((await create(SANDBOX)).paymentRequestId, SANDBOX)).createdAt);
    const later = await status((await create(B)).paymentRequestId, B);
    expect(Date.parse(later.createdAt) - Date.now()).toBeGreaterThan(HOUR - 60_000);

    // A's own move still moves A's rows.
    await advance(SANDBOX, HOUR);
    expect((await status(payments[SANDBOX]!, SANDBOX)).status).toBe('EXPIRED');
    await until(
      async () => attemptsOf(SANDBOX),
      (n) => n === 2,
    );
    expect(attemptsOf(SANDBOX)).toBe(2);
  });

  it("keeps another merchant's sandbox Idempotency-Key for its own 24 hours", async () => {
    const pay = async (secret: string, key: string) => {
      const res = await fetch(`${h.url}/api/payments/process-payment`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ customerId: 'walk-in', orderId: `idem-${key}`, amount: 7 }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { paymentRequestId: string };
      return { id: body.paymentRequestId, replayed: res.headers.get('idempotent-replayed') };
    };
    const first = await pay(SANDBOX, 'merchant-clock-key');
    const theirs = await pay(B, 'merchant-clock-key');

    await advance(B, 25 * HOUR);
    // A's key still replays (no second payment); B's 24 hours are over, so B's runs again.
    expect(await pay(SANDBOX, 'merchant-clock-key')).toEqual({ id: first.id, replayed: 'true' });
    const again = await pay(B, 'merchant-clock-key');
    expect(again.replayed).toBeNull();
    expect(again.id).not.toBe(theirs.id);
  });

  it("rolls the merchant's own Agent Pay periods and ends its own links, never another's", async () => {
    const { client } = await registeredClient(h, 'Clock agent A');
    const contractId = await activeContract(h, client, {
      periodLimits: [{ amount: 50, period: 'DAY' }],
    });
    await client.contract.send(contractId, { amount: 50, payee, reference: 'day 1' });
    const pending = await client.contract.create({
      name: 'Awaiting approval',
      limits: limits(),
    } as never);
    const send = () =>
      client.contract.send(contractId, { amount: 50, payee, reference: 'day 2' }).then(
        () => 'sent',
        (e: unknown) => (e instanceof AgentPayError ? e.message : String(e)),
      );

    await advance(B, 25 * HOUR);
    expect(await send()).toMatch(/DAY/); // A's day is still the one it used up
    const usage = (await client.contract.get(contractId)).usage!;
    expect(usage[0]).toMatchObject({ period: 'DAY', remaining: 0 });
    // Ends within a day of A's clock (earlier tests moved A's clock; B's 25 hours did not).
    const aNow = Date.parse((await advance(SANDBOX, 1)).now);
    expect(Date.parse(usage[0]!.periodEnd) - aNow).toBeLessThanOrEqual(24 * HOUR);
    // A's authorization link (24 hours) is still open.
    expect((await client.contract.get(pending.contractId)).status).toBe('PENDING_AUTHORIZATION');

    await advance(SANDBOX, 25 * HOUR);
    expect(await send()).toBe('sent'); // a new day on A's clock
    expect((await client.contract.get(pending.contractId)).status).toBe('EXPIRED');
  });
});

describe('two instances on one database', () => {
  const started: Harness[] = [];
  afterEach(async () => {
    for (const one of started.splice(0)) await one.close();
  });

  it.runIf(TEST_STORE === 'postgres')(
    'see the same offset for each merchant, whichever instance moved it',
    async () => {
      const database = await testStore();
      const a = await startService(database);
      started.push(a);
      const b = await startService(database);
      started.push(b);
      const other = await createMerchant(b.service.store, b.service.ctx.clock, 'Shop B');
      const secretB = other.generated.sandbox!;
      const paymentA = (await create(SANDBOX, a)).paymentRequestId;

      await advance(secretB, 24 * HOUR, b);
      // Instance a takes the database's offsets at its next sweep: B's moved clock, A's none.
      const offsetOnA = await until(
        async () => a.service.ctx.clock.offset(other.merchantId),
        (offset) => offset > 0,
      );
      expect(offsetOnA).toBe(b.service.ctx.clock.offset(other.merchantId));
      expect(offsetOnA).toBe(24 * HOUR);
      const merchantA = a.service.bootstrap.merchantId;
      expect(a.service.ctx.clock.offset(merchantA)).toBe(0);
      expect(b.service.ctx.clock.offset(merchantA)).toBe(0);
      const onA = await status((await create(secretB, a)).paymentRequestId, secretB, a);
      expect(Date.parse(onA.createdAt) - Date.now()).toBeGreaterThan(24 * HOUR - 60_000);
      isRealTime((await status((await create(SANDBOX, a)).paymentRequestId, SANDBOX, a)).createdAt);
      for (const instance of [a, b])
        expect((await status(paymentA, SANDBOX, instance)).status).toBe('PAYMENT_NOT_INITIATED');

      // A's move on instance a expires A's payment, on either instance's sweep.
      await advance(SANDBOX, HOUR, a);
      const expired = await until(
        () => status(paymentA, SANDBOX, b),
        (s) => s.status === 'EXPIRED',
      );
      expect(expired.status).toBe('EXPIRED');
      expect(
        await until(
          async () => b.service.ctx.clock.offset(merchantA),
          (offset) => offset > 0,
        ),
      ).toBe(HOUR);
    },
  );
});
