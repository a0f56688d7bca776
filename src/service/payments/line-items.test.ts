/**
 * A payment created with its basket (`lineItems`) over real HTTP, on either store: kept in order
 * and returned by the status read and the list, pushed to the terminal with a remote payment,
 * refused with nothing created when the lines do not add up to the amount, and gone with a
 * sandbox reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusRecord } from '../../shared/contract/payments';
import { PairResponse, RemotePaymentPush } from '../../shared/contract/terminals';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

const LINES = [
  { description: 'Flat white', quantity: 2, unitAmount: 3.2 },
  { description: 'Croissant', quantity: 1, unitAmount: 2.75 },
  { description: 'Tap water', quantity: 1, unitAmount: 0 },
];
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};
const status = async (id: string, secret: string = SANDBOX) =>
  PaymentStatusRecord.parse(
    (await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, secret)).body,
  );
const total = async () =>
  (await h.call('GET', '/api/payment-requests?size=1')).body.totalCount as number;

async function pairPolling(name: string) {
  const code = await h.call('POST', '/api/terminal/pairing-codes', {});
  const res = await h.call('POST', '/api/terminal/pair', { code: code.body.code, name }, null);
  const till = PairResponse.parse(res.body);
  // Reading the feed once makes the terminal reachable, as a kiosk that polls.
  await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
  return till;
}

describe('a payment created with its basket', () => {
  it('asked for together, each request keeps its own basket (one INSERT for the moment)', async () => {
    // Every other request with a basket of its own, the rest without one.
    const basket = (i: number) =>
      i % 2 ? [{ description: `Item ${i}`, quantity: i, unitAmount: 1.5 }, LINES[2]!] : undefined;
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.call('POST', '/api/payments/process-payment', {
          customerId: 'c',
          orderId: `ORD-TOGETHER-${i}`,
          amount: 1.5 * i + 1,
          lineItems: basket(i) && [
            ...basket(i)!,
            { description: 'Bag', quantity: 1, unitAmount: 1 },
          ],
        }),
      ),
    );
    for (const [i, res] of made.entries()) {
      expect(res.status).toBe(200);
      const record = await status(res.body.paymentRequestId);
      expect([record.orderId, record.amount, record.lineItems]).toEqual([
        `ORD-TOGETHER-${i}`,
        1.5 * i + 1,
        basket(i) && [...basket(i)!, { description: 'Bag', quantity: 1, unitAmount: 1 }],
      ]);
    }
  });

  it('keeps the lines in order and returns them on the status read and the list', async () => {
    const res = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'ORD-LINES-1',
      amount: 9.15,
      lineItems: [...LINES, { description: '  Padded  ', quantity: 1, unitAmount: 0 }],
    });
    expect(res.status).toBe(200);
    const id = res.body.paymentRequestId as string;
    const record = await status(id);
    expect(record.lineItems).toEqual([
      ...LINES,
      { description: 'Padded', quantity: 1, unitAmount: 0 },
    ]);
    const listed = await h.call('GET', '/api/payment-requests?size=5');
    const row = (listed.body.data as { paymentRequestId: string; lineItems?: unknown }[]).find(
      (p) => p.paymentRequestId === id,
    );
    expect(row?.lineItems).toEqual(record.lineItems);
  });

  it('has no lineItems field without a basket, and an empty list is no basket', async () => {
    for (const extra of [{}, { lineItems: [] }]) {
      const res = await h.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'ORD-NO-LINES',
        amount: 4,
        ...extra,
      });
      expect(res.status).toBe(200);
      expect(await status(res.body.paymentRequestId)).not.toHaveProperty('lineItems');
    }
  });

  it('is refused, naming lineItems and creating nothing, when the lines do not add up', async () => {
    const before = await total();
    const cases: [unknown, string][] = [
      [LINES, 'lineItems'], // £9.15 of lines for £10
      [[{ description: 'Tea', quantity: 0, unitAmount: 10 }], 'lineItems.0.quantity'],
      [[{ description: 'Tea', quantity: 1, unitAmount: 9.999 }], 'lineItems.0.unitAmount'],
      [
        Array.from({ length: 101 }, () => ({ description: 'x', quantity: 1, unitAmount: 0 })),
        'lineItems',
      ],
    ];
    for (const [lineItems, field] of cases) {
      for (const idempotent of [false, true]) {
        // With an Idempotency-Key the request is written inside the key's transaction: the
        // refusal must come before it all the same.
        const res = await fetch(`${h.url}/api/payments/process-payment`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${SANDBOX}`,
            'content-type': 'application/json',
            ...(idempotent ? { 'idempotency-key': `bad-lines-${field}` } : {}),
          },
          body: JSON.stringify({
            customerId: 'c',
            orderId: 'ORD-BAD-LINES',
            amount: 10,
            lineItems,
          }),
        });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { name: string };
        expect(body.name).toBe('BAD_REQUEST');
        expect(fieldsOf(body)).toContain(field);
      }
    }
    expect(
      fieldsOf(
        (
          await h.call('POST', '/api/payments/process-payment', {
            customerId: 'c',
            orderId: 'ORD-BAD-LINES',
            amount: 10,
            lineItems: LINES,
          })
        ).body,
      ),
    ).toEqual(['lineItems']);
    expect(await total()).toBe(before);
  });
});

describe('a remote payment pushed with its basket', () => {
  it('reaches the terminal with its lines and shows them on the status read', async () => {
    const till = await pairPolling('Lines till');
    const res = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: till.terminal.id,
      amount: 9.15,
      lineItems: LINES,
    });
    expect(res.status).toBe(200);
    const id = res.body.paymentRequestId as string;
    expect((await status(id, till.secret)).lineItems).toEqual(LINES);
    const feed = await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    const pushed = (feed.body.events as { type: string; body: { data: unknown } }[])
      .filter((e) => e.type === 'REMOTE_PAYMENT_REQUEST')
      .map((e) => RemotePaymentPush.parse(e.body.data));
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ paymentRequestId: id, amount: 9.15, lineItems: LINES });
  });

  it('is refused when the lines do not add up, and no terminal hears of it', async () => {
    const till = await pairPolling('Mismatch till');
    const before = await total();
    const res = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: till.terminal.id,
      amount: 10,
      lineItems: LINES,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['lineItems']);
    expect(res.body.message).toMatch(/£9\.15.*£10\.00/);
    const feed = await h.call('GET', '/api/terminal/events/feed', undefined, till.secret);
    expect(feed.body.events).toEqual([]);
    expect(await total()).toBe(before);
  });
});

describe('the sandbox reset', () => {
  it('takes the baskets with their payments', async () => {
    const own = await startService({ tickMs: 3_600_000 });
    try {
      const res = await own.call('POST', '/api/payments/process-payment', {
        customerId: 'c',
        orderId: 'ORD-RESET',
        amount: 9.15,
        lineItems: LINES,
      });
      expect(res.status).toBe(200);
      expect((await own.call('POST', '/api/sandbox/reset', {})).status).toBe(200);
      const gone = await own.call(
        'GET',
        `/api/payments/v1/payment-status/${res.body.paymentRequestId}`,
      );
      expect(gone.status).toBe(404);
    } finally {
      await own.close();
    }
  });
});
