/**
 * A tip the customer chose before the request was made (on the kiosk's customer display, sent as
 * `tipAmount` with the counter's or the dashboard's payment): the service records that tip when
 * the customer pays, the hosted page does not ask again, and refunds and takings count it as
 * they count any tip. Bad tips are refused naming tipAmount and create nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/contract/errors';
import { PaymentStatusRecord } from '../../src/shared/contract/payments';
import { StoreTakings } from '../../src/shared/contract/terminals';
import { pairTerminal, startService, type Harness } from '../helpers/service';
import { postForm } from '../helpers/form';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

let n = 0;
async function newRequest(extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'counter',
    orderId: `chosen-${++n}`,
    amount: 12.5,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentRequestId as string;
}
const status = async (id: string) =>
  PaymentStatusRecord.parse((await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body);
const simulate = (id: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    ...extra,
  });
const form = (path: string, fields: Record<string, string>) => postForm(h.url + path, fields);

describe('a tip chosen before the request', () => {
  it('is the tip recorded when the customer pays, in the status and its transaction', async () => {
    const id = await newRequest({ tipAmount: 1.25 });
    expect(await status(id)).toMatchObject({ status: 'PAYMENT_NOT_INITIATED', tipAmount: 0 });
    expect((await simulate(id)).status).toBe(200);
    const paid = await status(id);
    expect(paid).toMatchObject({ status: 'COMPLETED', tipAmount: 1.25, paidAmount: 13.75 });
    expect(paid.transactions[0]).toMatchObject({ amount: 12.5, tipAmount: 1.25 });
  });

  it('is not asked again on the hosted page, and pay by bank there pays it', async () => {
    const id = await newRequest({ tipAmount: 1.25 });
    const page = await (await fetch(`${h.url}/pay/${id}`)).text();
    expect(page).not.toContain('name="tip"');
    expect(page).toContain('Tip chosen at the counter: £1.25');
    const chosen = await fetch(`${h.url}/pay/${id}/bank?tip=none&people=1`);
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toMatch(/data-testid="total">\s*£13\.75/);
    // Another tip sent to the page is refused: the customer chose theirs already.
    expect((await fetch(`${h.url}/pay/${id}/bank?tip=10&people=1`)).status).toBe(400);

    const started = await form(`/pay/${id}/bank`, {
      tip: 'none',
      people: '1',
      bank: 'Sandbox Bank',
    });
    expect(started.status).toBe(303);
    const bankPage = new URL(started.headers.get('location')!, h.url).pathname;
    expect((await form(bankPage, { decision: 'approve' })).status).toBe(303);
    expect(await status(id)).toMatchObject({
      status: 'COMPLETED',
      tipAmount: 1.25,
      paidAmount: 13.75,
    });
  });

  it('"no tip" (0) is recorded as none and the hosted page does not offer one', async () => {
    const id = await newRequest({ tipAmount: 0 });
    expect(await (await fetch(`${h.url}/pay/${id}`)).text()).not.toContain('name="tip"');
    expect((await simulate(id)).status).toBe(200);
    expect(await status(id)).toMatchObject({ status: 'COMPLETED', tipAmount: 0, paidAmount: 12.5 });
  });

  it('without one, the hosted page offers tips as before', async () => {
    const id = await newRequest();
    expect(await (await fetch(`${h.url}/pay/${id}`)).text()).toContain('name="tip"');
  });

  it('refuses a simulated payment naming another tip, and takes nothing', async () => {
    const id = await newRequest({ tipAmount: 1.25 });
    const res = await simulate(id, { tipAmount: 2 });
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).errors).toEqual([
      { field: 'tipAmount', message: 'must be £1.25, the tip the customer chose, or left out' },
    ]);
    expect((await status(id)).transactions).toEqual([]);
  });

  it.each([
    [{ tipAmount: 12.51 }, 'must be at most £12.50, the amount being paid'],
    [{ tipAmount: -1 }, 'must not be negative'],
    [{ tipAmount: 1.005 }, 'must have at most 2 decimal places'],
    [{ tipAmount: 1, enableTips: false }, 'cannot be used with enableTips false'],
    [{ tipAmount: 1, splitBill: true }, 'cannot be used with splitBill'],
  ])('refuses %j with 400 naming tipAmount, creating nothing', async (extra, message) => {
    const before = (await h.call('GET', '/api/payment-requests?limit=100')).body;
    const res = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'counter',
      orderId: 'refused-tip',
      amount: 12.5,
      ...extra,
    });
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).errors).toContainEqual({ field: 'tipAmount', message });
    expect((await h.call('GET', '/api/payment-requests?limit=100')).body).toEqual(before);
  });

  it('is refunded and counted in the takings with the amount, as any tip is', async () => {
    const id = await newRequest({ tipAmount: 1.25 });
    await simulate(id);
    // The whole of what was paid, tip included, may be refunded; not a penny more.
    const over = await h.call('POST', `/api/refund/${id}`, { amount: 13.76 });
    expect(over.status).toBe(400);
    const refund = await h.call('POST', `/api/refund/${id}`, { amount: 13.75 });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await h.call('POST', `/api/sandbox/refunds/${refund.body.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });
    expect((await status(id)).refundedAmount).toBe(13.75);

    const other = await newRequest({ tipAmount: 2.5 });
    await simulate(other);
    const date = (await status(other)).updatedAt.slice(0, 10);
    const takings = StoreTakings.parse(
      (await h.call('GET', `/api/stores/takings?date=${date}&timeZone=UTC`)).body,
    );
    const day = takings.stores.reduce(
      (sum, s) => ({ paid: sum.paid + s.day.paid, refunded: sum.refunded + s.day.refunded }),
      { paid: 0, refunded: 0 },
    );
    // Every payment this file completed, tips included: 13.75 × 3 + 12.50 + 15.00.
    expect(day).toEqual({ paid: 68.75, refunded: 13.75 });
  });
});

describe('a remote payment from the dashboard', () => {
  it('carries a chosen tip to the payment the terminal shows, recorded when paid', async () => {
    const till = await pairTerminal(h, 'Counter');
    await h.call('PUT', '/api/terminal/push-token', { fcmToken: 'fcm-counter' }, till.secret);
    const terminalId = till.terminal.id;
    const res = await h.call('POST', '/api/terminal/process-remote-payment', {
      id: terminalId,
      amount: 10,
      tipAmount: 1.5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.paymentRequestId as string;
    expect(await (await fetch(`${h.url}/pay/${id}`)).text()).not.toContain('name="tip"');
    await simulate(id);
    expect(await status(id)).toMatchObject({ tipAmount: 1.5, paidAmount: 11.5 });
  });
});
