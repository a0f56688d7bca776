/** GET /api/payment-requests (extension): the merchant's payments, newest first, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusPage, PaymentStatusRecord } from '../../shared/contract/payments';
import { PairResponse } from '../../shared/contract/terminals';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

async function create(orderId: string, secret = SANDBOX, amount = 10) {
  const res = await h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'c-1', orderId, amount },
    secret,
  );
  expect(res.status).toBe(200);
  return res.body.paymentRequestId as string;
}

async function list(query = '', secret: string | null = SANDBOX) {
  const res = await h.call('GET', `/api/payment-requests${query}`, undefined, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PaymentStatusPage.parse(res.body);
}

function expectError(res: { status: number; body: unknown }, status: number) {
  expect(res.status).toBe(status);
  return ErrorEnvelope.parse(res.body);
}

describe('listing payment requests', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (const n of [1, 2, 3, 4, 5]) ids.push(await create(`list-${n}`, SANDBOX, n));
  });

  it('lists newest first, one page at a time, with the total', async () => {
    const first = await list('?size=2');
    expect(first).toMatchObject({ page: 0, size: 2, totalCount: 5 });
    expect(first.data.map((p) => p.orderId)).toEqual(['list-5', 'list-4']);
    const second = await list('?size=2&page=1');
    expect(second.data.map((p) => p.orderId)).toEqual(['list-3', 'list-2']);
    const last = await list('?size=2&page=2');
    expect(last.data.map((p) => p.orderId)).toEqual(['list-1']);
    expect((await list('?size=2&page=3')).data).toEqual([]);
    expect((await list()).size).toBe(20); // the default page size
  });

  it('gives each payment as Get Payment Status does, transactions included', async () => {
    const id = ids[2]!;
    const simulated = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    expect(simulated.status).toBe(200);
    const status = PaymentStatusRecord.parse(
      (await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body,
    );
    const listed = (await list()).data.find((p) => p.paymentRequestId === id);
    expect(listed).toEqual(status);
    expect(listed).toMatchObject({ status: 'COMPLETED', paidAmount: 3 });
    expect(listed!.transactions).toHaveLength(1);
  });

  it('filters by status', async () => {
    expect((await h.call('POST', `/api/payment-request/cancel/${ids[0]}`)).status).toBe(200);
    const cancelled = await list('?status=CANCELLED');
    expect(cancelled.totalCount).toBe(1);
    expect(cancelled.data.map((p) => p.paymentRequestId)).toEqual([ids[0]]);
    const open = await list('?status=PAYMENT_NOT_INITIATED');
    expect(open.data.every((p) => p.status === 'PAYMENT_NOT_INITIATED')).toBe(true);
    expect(open.data.map((p) => p.orderId)).toEqual(['list-5', 'list-4', 'list-2']);
  });

  it('filters by terminal', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = PairResponse.parse(
      (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Bar' }, null))
        .body,
    );
    // Its push stream being open is what lets a remote payment reach it.
    const stream = await connectSse(`${h.url}/api/terminal/events`, paired.secret);
    await stream.next((e) => e.event === 'ready');
    const pushed = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: paired.terminal.id,
      amount: 4.5,
    });
    expect(pushed.status).toBe(200);
    stream.close();
    const page = await list(`?terminalId=${paired.terminal.id}`);
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({
      paymentRequestId: pushed.body.paymentRequestId,
      terminalId: paired.terminal.id,
      amount: 4.5,
    });
    // The unfiltered list has it on top.
    expect((await list()).data[0]!.paymentRequestId).toBe(pushed.body.paymentRequestId);
  });

  it('keeps sandbox and production apart', async () => {
    const live = await create('live-1', PRODUCTION);
    const production = await list('', PRODUCTION);
    expect(production.data.map((p) => p.paymentRequestId)).toEqual([live]);
    expect(production.totalCount).toBe(1);
    const sandbox = await list('?size=100');
    expect(sandbox.data.map((p) => p.paymentRequestId)).not.toContain(live);
    expect(sandbox.data.map((p) => p.paymentRequestId)).toEqual(expect.arrayContaining(ids));
  });
});

describe('who may list, and bad queries', () => {
  it('refuses a terminal secret with 403 and no secret with 401', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'T' },
      null,
    );
    const secret = PairResponse.parse(paired.body).secret;
    expectError(await h.call('GET', '/api/payment-requests', undefined, secret), 403);
    expectError(await h.call('GET', '/api/payment-requests', undefined, null), 401);
  });

  it('names the field of a bad query', async () => {
    const bad = [
      ['?status=PAID', 'query.status'],
      ['?terminalId=not-a-uuid', 'query.terminalId'],
      ['?size=0', 'query.size'],
      ['?size=101', 'query.size'],
      ['?page=-1', 'query.page'],
    ] as const;
    for (const [query, field] of bad) {
      const envelope = expectError(await h.call('GET', `/api/payment-requests${query}`), 400);
      expect(envelope.errors, query).toEqual([expect.objectContaining({ field })]);
    }
  });
});
