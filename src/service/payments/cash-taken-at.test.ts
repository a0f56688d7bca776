/**
 * A cash sale sent later from a kiosk's offline queue (POST /api/payments/cash with `takenAt`):
 * recorded at the time the customer paid, in its record, the payments list, the receipt and the
 * takings of that day; refused naming `takenAt` when in the future, older than seven days, or
 * sent with a merchant secret, and then nothing is recorded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashPayment, PaymentStatusPage } from '../../shared/contract/payments';
import { ReceiptRecord } from '../../shared/contract/receipts';
import { StoreTakings } from '../../shared/contract/terminals';
import { pairTerminal, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let till: { secret: string; terminal: { id: string } };
beforeAll(async () => {
  h = await startService();
  till = await pairTerminal(h, 'Offline till');
});
afterAll(() => h.close());

const DAY = 24 * 3_600_000;

async function sell(body: Record<string, unknown>, secret?: string) {
  const res = await fetch(`${h.url}/api/payments/cash`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret ?? till.secret}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ amount: 4.5, tenderedPence: 500, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const listed = async () =>
  PaymentStatusPage.parse(
    (await h.call('GET', `/api/payment-requests?terminalId=${till.terminal.id}`)).body,
  ).data;

describe('a cash sale sent later', () => {
  it('is recorded at the time the customer paid, everywhere it shows', async () => {
    const takenAt = new Date(Date.now() - 2 * DAY).toISOString().replace(/\.\d+Z$/, '.000Z');
    const res = await sell({ orderId: 'late-1', takenAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = CashPayment.parse(res.body);
    expect(sale).toMatchObject({ status: 'COMPLETED', createdAt: takenAt, updatedAt: takenAt });
    expect(sale.transactions[0]).toMatchObject({ createdAt: takenAt, updatedAt: takenAt });

    const read = await h.call(
      'GET',
      `/api/payments/v1/payment-status/${sale.paymentRequestId}`,
      undefined,
      till.secret,
    );
    expect(read.body).toMatchObject({ createdAt: takenAt, updatedAt: takenAt });
    expect(
      (await listed()).find((p) => p.paymentRequestId === sale.paymentRequestId),
    ).toMatchObject({ createdAt: takenAt });
    const receipt = ReceiptRecord.parse(
      (
        await h.call(
          'GET',
          `/api/payment-requests/${sale.paymentRequestId}/receipt`,
          undefined,
          till.secret,
        )
      ).body,
    );
    expect(receipt.date).toBe(takenAt);

    // In the takings of the day it was taken, not of today.
    const takings = async (date: string) =>
      StoreTakings.parse(
        (await h.call('GET', `/api/stores/takings?date=${date}&timeZone=UTC`)).body,
      ).stores.find((s) => s.storeId === sale.storeId)!.day;
    expect(await takings(takenAt.slice(0, 10))).toMatchObject({ payments: 1, paid: 4.5 });
    expect(await takings(new Date().toISOString().slice(0, 10))).toMatchObject({ payments: 0 });
  });

  it('refuses a time in the future, one older than 7 days, or one from a merchant secret', async () => {
    const before = (await listed()).length;
    const cases: [Record<string, unknown>, string | undefined, string][] = [
      [{ takenAt: new Date(Date.now() + 5 * 60_000).toISOString() }, undefined, 'future'],
      [{ takenAt: new Date(Date.now() - 8 * DAY).toISOString() }, undefined, '7 days'],
      [{ takenAt: 'yesterday' }, undefined, 'ISO 8601'],
      [{ takenAt: new Date(Date.now() - DAY).toISOString() }, SANDBOX, 'terminal'],
    ];
    for (const [body, secret, says] of cases) {
      const res = await sell({ orderId: `late-${says}`, ...body }, secret);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: [{ field: 'takenAt' }] });
      expect(JSON.stringify(res.body.errors)).toContain(says);
    }
    expect((await listed()).length).toBe(before);
    // A kiosk clock a little ahead is not the future.
    const ahead = await sell({
      orderId: 'late-skew',
      takenAt: new Date(Date.now() + 20_000).toISOString(),
    });
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(200);
  });
});
