/**
 * docs/payment-states.md's table "The events of one payment, in order" is what the service
 * does: each row is paid on the real hosted payment page (forms posted over HTTP, the card
 * network answering when the sandbox clock passes its ~400 ms), and each row with a `simulate`
 * value through the sandbox's simulate control, and both must report the row's statuses and
 * paymentMethods, in order, in their PAYMENTS_STATUS events and the webhooks delivered for them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  poll,
  startReceiver,
  startService,
  type Receiver,
  type Running,
} from '../helpers/webhook-receiver';
import { postForm } from '../helpers/form';

interface Row {
  payment: string;
  simulate: { paymentMethod: string; outcome: string } | null;
  statuses: string[];
  methods: (string | null)[];
}

/** The rows of the table under "### The events of one payment, in order". */
function documentedRows(): Row[] {
  const doc = readFileSync('docs/payment-states.md', 'utf8');
  const section = doc.slice(doc.indexOf('### The events of one payment, in order'));
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  return lines.slice(2).map((line) => {
    const [payment, simulate, statuses, methods] = cells(line) as [string, string, string, string];
    const sim = /^`(\w+)` `(\w+)`$/.exec(simulate);
    return {
      payment,
      simulate: sim ? { paymentMethod: sim[1]!, outcome: sim[2]! } : null,
      statuses: statuses.split(', '),
      methods: methods.split(', ').map((m) => (m === 'null' ? null : m)),
    };
  });
}

const rows = documentedRows();
let running: Running;
let receiver: Receiver;

beforeAll(async () => {
  running = await startService();
  receiver = await startReceiver();
  const sub = await running.call('POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['PAYMENTS_STATUS'],
  });
  expect(sub.status).toBe(201);
});
afterAll(async () => {
  await running.service.close();
  await receiver.close();
});

let n = 0;
async function newRequest(): Promise<string> {
  const res = await running.call<{ paymentRequestId: string }>(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'c', orderId: `states-${++n}`, amount: 10 },
  );
  expect(res.status).toBe(200);
  return res.json.paymentRequestId;
}

/** The request's PAYMENTS_STATUS events in the order the outbox stored them. */
async function events(id: string): Promise<{ status: string; paymentMethod: string | null }[]> {
  return (
    await running.service.store
      .prepare<[string], { body: string }>(
        `SELECT body FROM events WHERE payment_request_id = ? AND type = 'PAYMENTS_STATUS' ORDER BY seq`,
      )
      .all(id)
  )
    .map(
      (e) =>
        (JSON.parse(e.body) as { data: { status: string; paymentMethod: string | null } }).data,
    )
    .map(({ status, paymentMethod }) => ({ status, paymentMethod }));
}

/** Both the stored events and the webhooks delivered for them say what the row says. */
async function expectRow(id: string, row: Row) {
  const expected = row.statuses.map((status, i) => ({ status, paymentMethod: row.methods[i] }));
  await poll(async () => (await events(id)).length >= expected.length, 5_000, 'the events');
  expect(await events(id)).toEqual(expected);
  const delivered = await poll(() => {
    const mine = receiver.received.filter((r) => r.json.data.paymentRequestId === id);
    return mine.length >= expected.length && mine;
  });
  // Deliveries may arrive in any order (docs/webhooks.md); the events' createdAt orders them.
  expect(
    delivered
      .map((r) => ({ status: r.json.data.status, paymentMethod: r.json.data.paymentMethod }))
      .sort(
        (a, b) =>
          expected.findIndex((e) => e.status === a.status) -
          expected.findIndex((e) => e.status === b.status),
      ),
  ).toEqual(expected);
}

const form = (path: string, fields: Record<string, string>) =>
  postForm(running.base + path, fields);

const CARDS: Record<string, string> = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
};

/** Pays `id` on the hosted page as the row describes. */
async function payOnPage(id: string, row: Row) {
  const p = row.payment;
  if (p.startsWith('Pay by bank')) {
    const chosen = await form(`/pay/${id}/bank`, { bank: 'Sandbox Bank' });
    expect(chosen.status).toBe(303);
    const decision = p.endsWith('approved') ? 'approve' : 'decline';
    expect((await form(chosen.headers.get('location')!, { decision })).status).toBe(303);
    return;
  }
  const challenge = p.includes('with a 3DS challenge');
  const number = challenge
    ? CARDS.challenge!
    : p.endsWith('declined')
      ? CARDS.declined!
      : CARDS.approved!;
  const res = await form(`/pay/${id}/card`, {
    name: 'Ada Lovelace',
    number,
    expiry: '11/38',
    cvc: '123',
  });
  expect(res.status).toBe(303);
  if (challenge) {
    const decision = p.endsWith('fails') ? 'fail' : 'complete';
    expect(
      (await form(new URL(res.headers.get('location')!, running.base).pathname, { decision }))
        .status,
    ).toBe(303);
  }
  // The card network answers about 400 ms after PENDING, by the sandbox clock.
  await running.call('POST', '/api/sandbox/clock/advance', { ms: 1_000 });
}

describe('docs/payment-states.md, "The events of one payment, in order"', () => {
  it('lists every way to pay, and simulate for each outcome of both methods', () => {
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((r) => r.simulate).map((r) => r.simulate)).toEqual(
      expect.arrayContaining([
        { paymentMethod: 'CARD', outcome: 'COMPLETED' },
        { paymentMethod: 'CARD', outcome: 'FAILED' },
        { paymentMethod: 'CARD', outcome: 'AUTHORIZED' },
        { paymentMethod: 'PAY_BY_BANK', outcome: 'COMPLETED' },
        { paymentMethod: 'PAY_BY_BANK', outcome: 'FAILED' },
      ]),
    );
  });

  it.each(rows.filter((r) => r.simulate))(
    'simulate $simulate.paymentMethod $simulate.outcome: $payment',
    async (row) => {
      const id = await newRequest();
      const res = await running.call<{ status: string }>(
        'POST',
        `/api/sandbox/payment-requests/${id}/simulate`,
        row.simulate,
      );
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(row.statuses.at(-1));
      await expectRow(id, row);
    },
  );

  it.each(rows.filter((r) => !r.payment.includes('to capture later')))(
    'the payment page: $payment',
    async (row) => {
      const id = await newRequest();
      await payOnPage(id, row);
      await expectRow(id, row);
    },
  );
});
