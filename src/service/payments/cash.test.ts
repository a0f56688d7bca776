/**
 * Cash sales at the counter (POST /api/payments/cash): COMPLETED at once with the change worked
 * out, recorded once per Idempotency-Key, refused without a change when too little is tendered,
 * and then in the payments list, the takings, the webhooks' events and the receipt.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { CashPayment, PaymentStatusPage } from '../../shared/contract/payments';
import { ReceiptRecord } from '../../shared/contract/receipts';
import { RefundRecord } from '../../shared/contract/refunds';
import { StoreTakings } from '../../shared/contract/terminals';
import { methodText } from '../../shared/receipt';
import { receiptOfRecord } from '../../shared/contract/receipts';
import { SANDBOX, pairTerminal, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let till: { secret: string; terminal: { id: string } };
beforeAll(async () => {
  h = await startService();
  till = await pairTerminal(h, 'Counter till');
});
afterAll(() => h.close());

async function sell(body: unknown, secret: string, key: string | null = randomUUID()) {
  const res = await fetch(`${h.url}/api/payments/cash`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
const count = async (table: string) =>
  Number(
    ((await h.service.store.prepare(`SELECT count(*) AS n FROM ${table}`).get()) as { n: number })
      .n,
  );

describe('a cash sale at the counter', () => {
  it('is COMPLETED at once with method CASH, the change worked out, bound to the till', async () => {
    const res = await sell({ orderId: 'cash-1', amount: 12.5, tenderedPence: 2000 }, till.secret);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = CashPayment.parse(res.body);
    expect(sale).toMatchObject({
      status: 'COMPLETED',
      paymentMethod: 'CASH',
      amount: 12.5,
      paidAmount: 12.5,
      terminalId: till.terminal.id,
      tenderedPence: 2000,
      changePence: 750,
    });
    expect(sale.transactions).toHaveLength(1);
    expect(sale.transactions[0]).toMatchObject({
      paymentMethod: 'CASH',
      status: 'COMPLETED',
      tenderedPence: 2000,
      changePence: 750,
    });
    // The status read says the same.
    const read = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${sale.paymentRequestId}`,
      undefined,
      till.secret,
    );
    expect(read.body).toMatchObject({ status: 'COMPLETED', paymentMethod: 'CASH' });
    expect(read.body.transactions[0]).toMatchObject({ tenderedPence: 2000, changePence: 750 });
  });

  it('is recorded once for a retried Idempotency-Key, and answered the same', async () => {
    const before = await count('payment_requests');
    const key = randomUUID();
    const body = { orderId: 'cash-retry', amount: 3.2, tenderedPence: 500 };
    const first = await sell(body, till.secret, key);
    const again = await sell(body, till.secret, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await count('payment_requests')).toBe(before + 1);
  });

  it('refuses less tendered than the amount, naming tenderedPence, and records nothing', async () => {
    const before = [await count('payment_requests'), await count('transactions')];
    for (const tenderedPence of [1249, 0, -100, 12.5, 1e-268, '2000', null]) {
      const res = await sell({ orderId: 'cash-short', amount: 12.5, tenderedPence }, till.secret);
      expect(res.status).toBe(400);
      const envelope = ErrorEnvelope.parse(res.body);
      expect(envelope.errors).toContainEqual(expect.objectContaining({ field: 'tenderedPence' }));
    }
    const short = await sell({ orderId: 'cash-short', amount: 12.5, tenderedPence: 1249 }, SANDBOX);
    expect(ErrorEnvelope.parse(short.body).message).toContain('£12.50');
    expect([await count('payment_requests'), await count('transactions')]).toEqual(before);
    // The exact amount is no change.
    const exact = await sell({ orderId: 'cash-exact', amount: 12.5, tenderedPence: 1250 }, SANDBOX);
    expect(CashPayment.parse(exact.body).changePence).toBe(0);
  });

  it('answers 400 naming the field, never a 500, for amounts that are not money', async () => {
    const before = await count('payment_requests');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1e-268, tenderedPence: 2000 }, 'amount'],
      [{ amount: 1e21, tenderedPence: 2000 }, 'amount'],
      [{ amount: 12.5, tenderedPence: 1e-268 }, 'tenderedPence'],
      [{ amount: 12.5, tenderedPence: 1e300 }, 'tenderedPence'],
    ];
    for (const [fields, field] of cases) {
      const res = await sell({ orderId: 'cash-odd', ...fields }, till.secret);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(ErrorEnvelope.parse(res.body).errors).toContainEqual(
        expect.objectContaining({ field }),
      );
    }
    expect(await count('payment_requests')).toBe(before);
  });

  it('is in the payments list, the takings, the status events and says Cash on its receipt', async () => {
    const res = await sell(
      { orderId: 'cash-seen', amount: 12.5, tenderedPence: 2000, customerId: 'walk-in' },
      till.secret,
    );
    const sale = CashPayment.parse(res.body);

    const list = PaymentStatusPage.parse(
      (await h.call('GET', `/api/payment-requests?terminalId=${till.terminal.id}`)).body,
    );
    expect(list.data.find((p) => p.paymentRequestId === sale.paymentRequestId)).toMatchObject({
      status: 'COMPLETED',
      paymentMethod: 'CASH',
      customerId: 'walk-in',
    });

    const date = sale.updatedAt.slice(0, 10);
    const takings = StoreTakings.parse(
      (await h.call('GET', `/api/stores/takings?date=${date}&timeZone=UTC`)).body,
    );
    const store = takings.stores.find((s) => s.storeId === sale.storeId)!;
    // Every cash sale of this file is the store's: 12.50 + 3.20 + 12.50 (exact) + 12.50.
    expect(store.day).toMatchObject({ payments: 4, paid: 40.7 });

    const events = (await h.service.store
      .prepare<[string], { type: string; body: string }>(
        'SELECT type, body FROM events WHERE payment_request_id = ? ORDER BY seq',
      )
      .all(sale.paymentRequestId)) as { type: string; body: string }[];
    // The merchant's webhooks get PAYMENTS_STATUS; the till its POS_PAYMENT_STATUS.
    for (const type of ['PAYMENTS_STATUS', 'POS_PAYMENT_STATUS']) {
      const last = events.filter((e) => e.type === type).at(-1);
      expect(last, type).toBeDefined();
      expect(JSON.parse(last!.body).data).toMatchObject({
        status: 'COMPLETED',
        paymentMethod: 'CASH',
      });
    }

    const receipt = await h.call(
      'GET',
      `/api/payment-requests/${sale.paymentRequestId}/receipt`,
      undefined,
      till.secret,
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const record = ReceiptRecord.parse(receipt.body);
    expect(record.cash).toEqual({ tenderedPence: 2000, changePence: 750 });
    expect(methodText(receiptOfRecord(record))).toBe('Cash: £20.00 tendered, £7.50 change');
  });

  it('keeps process-payment as it was: a request cannot offer CASH', async () => {
    const res = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'c',
      orderId: 'o',
      amount: 1,
      paymentMethod: ['CASH'],
    });
    expect(res.status).toBe(400);
    expect(ErrorEnvelope.parse(res.body).errors).toContainEqual(
      expect.objectContaining({ field: 'paymentMethod.0' }),
    );
  });
});

describe('a cash refund', () => {
  const refund = (id: string, body: unknown) =>
    h.call('POST', `/api/refund/${id}`, body, till.secret);

  it('is COMPLETED at once (no bank) and the payment says what went back', async () => {
    const sale = CashPayment.parse(
      (await sell({ orderId: 'cash-back', amount: 12.5, tenderedPence: 2000 }, till.secret)).body,
    );
    const res = await refund(sale.paymentRequestId, { amount: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(RefundRecord.parse(res.body)).toMatchObject({
      status: 'COMPLETED',
      refundType: 'PARTIAL',
    });
    const read = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${sale.paymentRequestId}`,
      undefined,
      till.secret,
    );
    expect(read.body).toMatchObject({ paymentMethod: 'CASH', refundedAmount: 4 });
    const events = (await h.service.store
      .prepare<[string], { body: string }>(
        "SELECT body FROM events WHERE payment_request_id = ? AND type = 'REFUND_STATUS' ORDER BY seq",
      )
      .all(sale.paymentRequestId)) as { body: string }[];
    expect(events.map((e) => JSON.parse(e.body).data.status)).toEqual([
      'INITIATED',
      'PENDING',
      'COMPLETED',
    ]);
  });

  it('never gives back more than the cash taken: 400 naming amount, nothing recorded', async () => {
    const sale = CashPayment.parse(
      (await sell({ orderId: 'cash-over', amount: 5, tenderedPence: 1000 }, till.secret)).body,
    );
    const before = await count('refunds');
    // The £10 handed over is not what was taken: the change went back already.
    for (const amount of [10, 5.01]) {
      const res = await refund(sale.paymentRequestId, { amount });
      expect(res.status).toBe(400);
      const envelope = ErrorEnvelope.parse(res.body);
      expect(envelope.errors).toContainEqual(expect.objectContaining({ field: 'amount' }));
      expect(envelope.message).toContain('£5.00');
    }
    expect(await count('refunds')).toBe(before);
    const full = await refund(sale.paymentRequestId, {});
    expect(RefundRecord.parse(full.body)).toMatchObject({
      status: 'COMPLETED',
      refundType: 'FULL',
    });
    const again = await refund(sale.paymentRequestId, { amount: 0.01 });
    expect(again.status).toBe(400);
    expect(await count('refunds')).toBe(before + 1);
  });
});
