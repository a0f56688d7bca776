/**
 * Refunds over real HTTP (docs/refunds.md): initiate, the over-refund rule under
 * concurrency, the state machine by the sandbox clock and control, events to webhooks and to the
 * terminal's push stream, the lookup's errors and the terminal secret's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { RefundList, RefundRecord } from '../../shared/contract/refunds';
import { PairResponse } from '../../shared/contract/terminals';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';
import { poll, startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver';

let h: Harness;
let hooks: Receiver;
beforeAll(async () => {
  // No scheduler ticks by wall time: refunds move only when a test moves the service clock.
  h = await startService({ tickMs: 3_600_000 });
  hooks = await startReceiver();
  const sub = await h.call('POST', '/api/webhooks', {
    url: hooks.url,
    eventTypes: ['REFUND_STATUS'],
  });
  expect(sub.status).toBe(201);
});
afterAll(async () => {
  await h.close();
  await hooks.close();
});

/** A COMPLETED payment of `amount` (plus `tip`), paid by the sandbox customer. */
async function paid(amount = 10, tip = 0, secret = SANDBOX, orderId = `order-${amount}`) {
  const res = await h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'cust', orderId, amount, metadata: { till: '1' } },
    secret,
  );
  expect(res.status).toBe(200);
  const id = res.body.paymentRequestId as string;
  const done = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: tip,
  });
  expect(done.body.status).toBe('COMPLETED');
  return id;
}
const refund = (id: string, body: unknown = {}, secret = SANDBOX) =>
  h.call('POST', `/api/refund/${id}`, body, secret);
const list = (id: string, secret = SANDBOX) =>
  h.call('GET', `/api/refund/${id}`, undefined, secret);
const advance = (ms: number) => h.call('POST', '/api/sandbox/clock/advance', { ms });
const simulate = (refundId: string, outcome: string, secret = SANDBOX) =>
  h.call('POST', `/api/sandbox/refunds/${refundId}/simulate`, { outcome }, secret);
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);
const refundCount = async (id: string) =>
  (
    (await h.service.store
      .prepare('SELECT count(*) AS n FROM refunds WHERE payment_request_id = ?')
      .get(id)) as { n: number }
  ).n;

function expectError(res: { status: number; body: unknown }, code: number, field?: string) {
  expect(res.status).toBe(code);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.status).toBe(code);
  if (field)
    expect(Array.isArray(envelope.errors) && envelope.errors.map((e) => e.field)).toContain(field);
  return envelope;
}

describe('initiate a refund', () => {
  it('refunds in full when no amount is given, tips included, with every field of the record', async () => {
    const id = await paid(12.5, 1.25, SANDBOX, 'ORD-FULL');
    const res = await refund(id, { refundNotes: 'Damaged item' });
    expect(res.status).toBe(201);
    const created = RefundRecord.parse(res.body);
    expect(created).toMatchObject({
      paymentRequestId: id,
      status: 'INITIATED',
      paidAmount: '13.75',
      refundAmount: '13.75',
      currency: 'GBP',
      refundNotes: 'Damaged item',
      orderId: 'ORD-FULL',
      refundType: 'FULL',
    });
    expect(created).not.toHaveProperty('metadata'); // none supplied
    const tx = (await status(id)).transactions.find((t) => t.status === 'COMPLETED')!;
    expect(created.paymentIdempotencyId).toBe(tx.transactionId);

    const found = await list(id);
    expect(found.status).toBe(200);
    const records = RefundList.parse(found.body);
    expect(records).toEqual([created]);
    expect(Object.keys(found.body[0]).sort()).toEqual(
      [
        'refundId',
        'paymentRequestId',
        'paymentIdempotencyId',
        'status',
        'paidAmount',
        'refundAmount',
        'currency',
        'refundNotes',
        'orderId',
        'refundType',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    // Nothing is left to refund, even by a penny.
    expectError(await refund(id, { amount: 0.01 }), 400, 'amount');
    expectError(await refund(id), 400);
  });

  it('makes PARTIAL refunds with metadata, and FULL only for the whole amount paid', async () => {
    const id = await paid(10);
    const part = await refund(id, { amount: 2.5, metadata: { reason: 'damaged' } });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      refundType: 'PARTIAL',
      refundAmount: '2.50',
      paidAmount: '10.00',
      metadata: { reason: 'damaged' },
    });
    // No amount now refunds what is left, which is not the whole payment: PARTIAL.
    const rest = await refund(id);
    expect(rest.body).toMatchObject({ refundType: 'PARTIAL', refundAmount: '7.50' });
    const other = await paid(4);
    expect((await refund(other, { amount: 4 })).body.refundType).toBe('FULL');
  });

  it('refuses a payment that is not completed, and bad amounts, changing nothing', async () => {
    const open = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'open',
      amount: 5,
    });
    const openId = open.body.paymentRequestId as string;
    expect(expectError(await refund(openId), 400).message).toMatch(/PAYMENT_NOT_INITIATED/);
    expect(await refundCount(openId)).toBe(0);

    const id = await paid(10);
    expectError(await refund(id, { amount: 0 }), 400, 'amount');
    expectError(await refund(id, { amount: -1 }), 400, 'amount');
    expectError(await refund(id, { amount: 1.001 }), 400, 'amount');
    expectError(await refund(id, { amount: '5' }), 400, 'amount');
    expectError(await refund(id, { amount: 10.01 }), 400, 'amount');
    expectError(await refund(id, { refundNotes: 'n'.repeat(31) }), 400, 'refundNotes');
    expectError(await refund(id, { metadata: { '[k]': 'v' } }), 400);
    expectError(await refund(id, 'not json'), 400);
    expect(await refundCount(id)).toBe(0);
    expect(hooks.received.filter((r) => r.json.data.paymentRequestId === id)).toEqual([]);
  });

  it('counts every earlier refund not FAILED or CANCELLED against the amount paid', async () => {
    const id = await paid(10);
    const first = RefundRecord.parse((await refund(id, { amount: 6 })).body);
    expect(expectError(await refund(id, { amount: 5 }), 400, 'amount').message).toMatch(
      /£4\.00 of £10\.00/,
    );
    expect((await simulate(first.refundId, 'FAILED')).body.status).toBe('FAILED');
    expect((await refund(id, { amount: 5 })).status).toBe(201);
    const second = RefundRecord.parse((await refund(id, { amount: 5 })).body);
    expect((await simulate(second.refundId, 'CANCELLED')).body.status).toBe('CANCELLED');
    const third = RefundRecord.parse((await refund(id, { amount: 5 })).body);
    expectError(await refund(id, { amount: 0.01 }), 400, 'amount');
    // A completed refund still counts (through the payment's refunded total).
    expect((await simulate(third.refundId, 'COMPLETED')).body.status).toBe('COMPLETED');
    expectError(await refund(id, { amount: 0.01 }), 400, 'amount');
  });

  it('never over-refunds when 50 partial refunds arrive at once', async () => {
    const id = await paid(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => refund(id, { amount: 0.37 })),
    );
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(accepted.length + refused.length).toBe(50);
    expect(accepted).toHaveLength(27); // 27 × £0.37 = £9.99; a 28th would be £10.36
    for (const r of refused) expectError(r, 400, 'amount');
    const total = RefundList.parse((await list(id)).body).reduce(
      (sum, r) => sum + Math.round(Number(r.refundAmount) * 100),
      0,
    );
    expect(total).toBe(999);
    expect(total).toBeLessThanOrEqual(1000);
  });
});

describe('refund states', () => {
  it('moves INITIATED → PENDING → COMPLETED by the service clock, with REFUND_STATUS each time', async () => {
    const id = await paid(8, 0, SANDBOX, 'ORD-CLOCK');
    const created = RefundRecord.parse((await refund(id, { amount: 3 })).body);
    expect((await status(id)).refundedAmount).toBe(0);
    await advance(1_000);
    expect(RefundList.parse((await list(id)).body)[0]!.status).toBe('PENDING');
    expect((await status(id)).refundedAmount).toBe(0);
    await advance(2_000);
    const done = RefundList.parse((await list(id)).body)[0]!;
    expect(done.status).toBe('COMPLETED');
    expect(Date.parse(done.updatedAt)).toBeGreaterThan(Date.parse(created.createdAt));
    expect((await status(id)).refundedAmount).toBe(3);

    const seen = await poll(() => {
      const mine = hooks.received.filter((r) => r.json.data.refundId === created.refundId);
      return mine.length >= 3 && mine;
    });
    expect(seen.map((r) => r.json.type)).toEqual([
      'REFUND_STATUS',
      'REFUND_STATUS',
      'REFUND_STATUS',
    ]);
    expect(seen.map((r) => r.json.data.status)).toEqual(['INITIATED', 'PENDING', 'COMPLETED']);
    expect(seen[2]!.json.data).toMatchObject({
      paymentRequestId: id,
      orderId: 'ORD-CLOCK',
      refundAmount: 3,
      refundType: 'PARTIAL',
      paidAmount: 8,
      refundedAmount: 3,
      currency: 'GBP',
    });
    expect(seen[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  });

  it('answers through the sandbox control; final refunds move no more', async () => {
    const id = await paid(9);
    const a = RefundRecord.parse((await refund(id, { amount: 1 })).body);
    const completed = await simulate(a.refundId, 'COMPLETED');
    expect(completed.status).toBe(200);
    expect(RefundRecord.parse(completed.body).status).toBe('COMPLETED');
    expect(expectError(await simulate(a.refundId, 'FAILED'), 400).message).toMatch(
      /COMPLETED and cannot become FAILED/,
    );
    const b = RefundRecord.parse((await refund(id, { amount: 1 })).body);
    expect((await simulate(b.refundId, 'CANCELLED')).body.status).toBe('CANCELLED');
    expectError(await simulate(b.refundId, 'COMPLETED'), 400);
    await advance(5_000); // the clock does not revive a cancelled refund
    const statuses = RefundList.parse((await list(id)).body).map((r) => r.status);
    expect(statuses).toEqual(['COMPLETED', 'CANCELLED']);
    expect((await status(id)).refundedAmount).toBe(1);

    expectError(await simulate(b.refundId, 'REVERSED'), 400, 'outcome');
    expectError(await simulate('4a4b0c1e-5f4e-4d3c-8b2a-1f0e9d8c7b6a', 'FAILED'), 404);
    expectError(await simulate(b.refundId, 'FAILED', PRODUCTION), 400);
    const failed = await poll(() =>
      hooks.received.find(
        (r) => r.json.data.refundId === b.refundId && r.json.data.status === 'CANCELLED',
      ),
    );
    expect(failed.json.data.refundedAmount).toBe(1);
  });
});

describe('look up refunds', () => {
  it('answers 400 with no payment request, 404 with no refunds, and keeps environments apart', async () => {
    expect(expectError(await list('4a4b0c1e-5f4e-4d3c-8b2a-1f0e9d8c7b6a'), 400).message).toMatch(
      /No payment request found/,
    );
    expectError(await list('not-a-uuid'), 400, 'path.paymentRequestId');
    const id = await paid(3);
    expect(expectError(await list(id), 404).name).toBe('NOT_FOUND');
    expect((await refund(id)).status).toBe(201);
    // Another environment's payment reads as no payment at all.
    expect(expectError(await list(id, PRODUCTION), 400).message).toMatch(
      /No payment request found/,
    );
    expect(expectError(await refund(id, {}, PRODUCTION), 400).message).toMatch(
      /No payment request found/,
    );
    expect(expectError(await list(id, null as unknown as string), 401).name).toBe('UNAUTHORIZED');
  });
});

describe('terminal refunds', () => {
  it('lets a terminal refund its store’s payment and pushes POS_PAYMENT_STATUS of type REFUND_STATUS', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const pair = PairResponse.parse(
      (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till R' }, null))
        .body,
    );
    const stream = await connectSse(`${h.url}/api/terminal/events`, pair.secret);
    try {
      await stream.next((e) => e.event === 'ready');
      const id = await paid(6, 0, pair.secret, 'ORD-TILL');
      const res = await refund(id, { amount: 2 }, pair.secret);
      expect(res.status).toBe(201);
      const created = RefundRecord.parse(res.body);
      expect(RefundList.parse((await list(id, pair.secret)).body)).toHaveLength(1);
      await advance(3_000);
      const pushed = await stream.next(
        (e) =>
          e.event === 'POS_PAYMENT_STATUS' &&
          JSON.parse(e.data).data.refundId === created.refundId &&
          JSON.parse(e.data).data.status === 'COMPLETED',
      );
      expect(JSON.parse(pushed.data).data).toMatchObject({
        type: 'REFUND_STATUS',
        paymentRequestId: id,
        refundAmount: 2,
        refundedAmount: 2,
        customFields: expect.arrayContaining([{ fieldName: 'refundId', value: created.refundId }]),
      });
      const seen = stream.events
        .filter((e) => e.event === 'POS_PAYMENT_STATUS')
        .map((e) => JSON.parse(e.data).data)
        .filter((d) => d.refundId === created.refundId)
        .map((d) => d.status);
      expect(seen).toEqual(['INITIATED', 'PENDING', 'COMPLETED']);
      // The terminal secret is still not a merchant secret: it cannot drive the sandbox bank.
      expectError(await simulate(created.refundId, 'FAILED', pair.secret), 403);
    } finally {
      stream.close();
    }
  });
});

describe('sandbox reset', () => {
  it('deletes the sandbox’s refunds with its payments', async () => {
    const id = await paid(2);
    expect((await refund(id)).status).toBe(201);
    expect((await h.call('POST', '/api/sandbox/reset')).status).toBe(200);
    expect(await refundCount(id)).toBe(0);
    expectError(await list(id), 400);
  });
});
