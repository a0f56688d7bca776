/**
 * Who took it (docs/kiosk.md, Who took it): a payment, cash sale or refund a kiosk starts names
 * the person signed in; a member of the terminal's store is recorded as the service knows them,
 * someone the kiosk alone knows as the kiosk names them. A terminal cannot name another store's
 * member, nor a name with control characters, and such a refusal records nothing. The record
 * (status, list, refunds) and the events (the same body a webhook carries) say who.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { PaymentStatusPage, PaymentStatusRecord } from '../../shared/contract/payments';
import { RefundRecord } from '../../shared/contract/refunds';
import { pairTerminal, startService, type Harness } from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
let storeId: string;
let eve: { id: string };
let till: Awaited<ReturnType<typeof pairTerminal>>;
let elsewhere: Awaited<ReturnType<typeof pairTerminal>>;
beforeAll(async () => {
  h = await startService();
  storeId = (await h.call('POST', '/api/stores', { name: 'Taken By Street' })).body.id;
  eve = (
    await h.call('POST', `/api/stores/${storeId}/staff`, {
      name: 'Eve',
      role: 'manager',
      pin: '4680',
    })
  ).body;
  till = await pairTerminal(h, 'Staffed till', { storeId });
  elsewhere = await pairTerminal(h, 'Other store till');
});
afterAll(() => h.close());

const counterPayment = (staff: unknown, secret = till.secret, orderId = randomUUID().slice(0, 8)) =>
  h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'walk-in', orderId, amount: 4.5, ...(staff ? { staff } : {}) },
    secret,
  );
const statusOf = async (id: string) =>
  PaymentStatusRecord.parse(
    (await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, till.secret)).body,
  );
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};

describe('who took it', () => {
  it('a store member is recorded as the service knows them, on the record and its events', async () => {
    const stream = await connectSse(`${h.url}/api/terminal/events`, till.secret);
    try {
      await stream.next((e) => e.event === 'ready');
      const res = await counterPayment({ id: eve.id, name: 'Someone else', role: 'cashier' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const id = res.body.paymentRequestId as string;
      const taken = { id: eve.id, name: 'Eve', role: 'manager' };
      expect((await statusOf(id)).staff).toEqual(taken);
      await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
        paymentMethod: 'PAY_BY_BANK',
        outcome: 'COMPLETED',
      });
      const event = await stream.next(
        (e) => e.event === 'POS_PAYMENT_STATUS' && e.data.includes('COMPLETED'),
        5_000,
      );
      expect(JSON.parse(event.data).data.staff).toEqual(taken);
      const page = PaymentStatusPage.parse(
        (await h.call('GET', `/api/payment-requests?terminalId=${till.terminal.id}`)).body,
      );
      expect(page.data.find((p) => p.paymentRequestId === id)?.staff).toEqual(taken);
    } finally {
      stream.close();
    }
  });

  it('someone the kiosk alone knows is recorded as named, on a cash sale and its refund', async () => {
    const lou = { id: randomUUID(), name: 'Lou Local', role: 'owner' };
    const sale = await h.call(
      'POST',
      '/api/payments/cash',
      { orderId: 'cash-by-lou', amount: 3, tenderedPence: 500, staff: lou },
      till.secret,
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body.staff).toEqual(lou);
    const id = sale.body.paymentRequestId as string;
    const refund = await h.call(
      'POST',
      `/api/refund/${id}`,
      { amount: 1, staff: { id: eve.id, name: 'Eve', role: 'manager' } },
      till.secret,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(RefundRecord.parse(refund.body).staff).toEqual({
      id: eve.id,
      name: 'Eve',
      role: 'manager',
    });
    const listed = await h.call('GET', `/api/refund/${id}`, undefined, till.secret);
    expect(listed.body[0].staff).toMatchObject({ name: 'Eve' });
    // A payment nobody was named on says nothing of who.
    const anonymous = await counterPayment(undefined);
    expect('staff' in (await statusOf(anonymous.body.paymentRequestId))).toBe(false);
  });

  it("refuses another store's member and a name with control characters, recording nothing", async () => {
    const before = (await h.call('GET', '/api/payment-requests?size=1')).body.totalCount;
    const foreign = await counterPayment(
      { id: eve.id, name: 'Eve', role: 'manager' },
      elsewhere.secret,
    );
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['staff.id']);
    const cash = await h.call(
      'POST',
      '/api/payments/cash',
      {
        orderId: 'x',
        amount: 1,
        tenderedPence: 100,
        staff: { id: eve.id, name: 'Eve', role: 'manager' },
      },
      elsewhere.secret,
    );
    expect(fieldsOf(cash.body)).toEqual(['staff.id']);
    const control = await counterPayment({
      id: randomUUID(),
      name: 'Bad\u0000Name',
      role: 'cashier',
    });
    expect(control.status).toBe(400);
    expect(fieldsOf(control.body)).toEqual(['staff.name']);
    expect((await h.call('GET', '/api/payment-requests?size=1')).body.totalCount).toBe(before);
  });
});
