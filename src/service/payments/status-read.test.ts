/**
 * The status read answers from one statement (the request and its transactions as JSON arrays:
 * payments/model.ts, withTransactions) and keeps its JSON until the request changes.
 * Over real HTTP on either store: its answer is exactly the record built from the request's row
 * and transactions read column by column (`SELECT *`), for a request without a transaction,
 * with one, with several in order, and with a basket; the same from the cache as from the
 * database; and a change shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertionOrder } from '../kernel/store/port';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { statusRecord, type RequestRow, type TransactionRow } from './model';

let h: Harness;
beforeAll(async () => {
  h = await startService({ tickMs: 3_600_000 });
});
afterAll(() => h.close());

const create = async (orderId: string, extra: Record<string, unknown> = {}) => {
  const res = await h.call('POST', '/api/payments/process-payment', {
    customerId: 'c-status',
    orderId,
    amount: 9.15,
    metadata: { till: '3', note: 'ünïcode ✓' },
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.paymentRequestId as string;
};
const simulate = (id: string, outcome: 'COMPLETED' | 'FAILED', paymentMethod = 'PAY_BY_BANK') =>
  h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, { paymentMethod, outcome });

/** The record as built from the rows read the plain way, one statement each. */
async function expected(id: string) {
  const { store } = h.service;
  const row = (await store
    .prepare('SELECT * FROM payment_requests WHERE id = ?')
    .get(id)) as RequestRow;
  const txs = (await store
    .prepare(
      `SELECT * FROM transactions WHERE payment_request_id = ?
       ORDER BY created_at, ${insertionOrder(store)}`,
    )
    .all(id)) as TransactionRow[];
  const lines = (await store
    .prepare(
      `SELECT description, quantity, unit_pence FROM payment_line_items
       WHERE payment_request_id = ? ORDER BY position`,
    )
    .all(id)) as { description: string; quantity: number; unit_pence: number }[];
  return statusRecord(
    row,
    txs,
    lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPence: l.unit_pence,
    })),
  );
}

async function read(id: string) {
  const res = await h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, SANDBOX);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  return res.body;
}

describe('the status read', () => {
  it('answers exactly the record built from the row and its transactions', async () => {
    const open = await create('STATUS-OPEN');
    const paid = await create('STATUS-PAID');
    await simulate(paid, 'COMPLETED');
    const retried = await create('STATUS-RETRIED');
    await simulate(retried, 'FAILED');
    await simulate(retried, 'FAILED', 'CARD');
    await simulate(retried, 'COMPLETED');
    const basket = await create('STATUS-BASKET', {
      amount: 6.4,
      lineItems: [{ description: 'Flat white', quantity: 2, unitAmount: 3.2 }],
    });
    for (const id of [open, paid, retried, basket]) {
      const want = JSON.parse(JSON.stringify(await expected(id)));
      // The first two reads miss the cache (the seeding calls above changed every request, and
      // a record is kept on its second read), the third is answered from it: all the same.
      expect(await read(id)).toEqual(want);
      expect(await read(id)).toEqual(want);
      expect(h.service.ctx.payments.cached(id)).toBeDefined();
      expect(await read(id)).toEqual(want);
    }
    const record = await read(retried);
    expect((record.transactions as { status: string }[]).map((t) => t.status)).toEqual([
      'FAILED',
      'FAILED',
      'COMPLETED',
    ]);
    expect((await read(open)).transactions).toEqual([]);
  });

  it('answers reads asked for together each with its own record (one statement for them all)', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) {
      const id = await create(`STATUS-TOGETHER-${i}`, { amount: 1 + i });
      for (let n = 0; n < i % 3; n++) await simulate(id, 'FAILED');
      ids.push(id);
    }
    const unknown = '01900000-0000-7000-8000-000000000000';
    const asked = [...ids, ids[2]!, unknown, ...ids.slice().reverse()];
    const answers = await Promise.all(
      asked.map((id) => h.call('GET', `/api/payments/v1/payment-status/${id}`, undefined, SANDBOX)),
    );
    for (const [i, id] of asked.entries()) {
      if (id === unknown) {
        expect(answers[i]!.status).toBe(404);
        continue;
      }
      expect(answers[i]!.body).toEqual(JSON.parse(JSON.stringify(await expected(id))));
    }
  });

  it('shows a change at once, not the kept answer', async () => {
    const id = await create('STATUS-CHANGE');
    expect((await read(id)).status).toBe('PAYMENT_NOT_INITIATED');
    await simulate(id, 'COMPLETED');
    const after = await read(id);
    expect(after.status).toBe('COMPLETED');
    expect(after).toEqual(JSON.parse(JSON.stringify(await expected(id))));
  });
});
