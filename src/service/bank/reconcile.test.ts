/** Reconciliation over real HTTP: merchant (per store, unmatched credits) and terminal scope. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reconciliation } from '../../shared/contract/bank';
import { PairResponse } from '../../shared/contract/terminals';
import { startService, type Harness } from '../../../test/helpers/service';
import { localDate } from '../../shared/shop-day';
import { CREDIT_ARRIVAL_MS } from './ledger';

let h: Harness;
let till: { secret: string; storeId: string };
let otherStore: string;
beforeAll(async () => {
  h = await startService();
  const code = await h.call('POST', '/api/terminal/pairing-codes', {});
  const paired = PairResponse.parse(
    (await h.call('POST', '/api/terminal/pair', { code: code.body.code, name: 'Till' }, null)).body,
  );
  till = { secret: paired.secret, storeId: paired.terminal.storeId };
  otherStore = randomUUID();
  await h.service.store
    .prepare(
      "INSERT INTO stores (id, merchant_id, name, is_primary, created_at) VALUES (?, ?, 'Market stall', 0, 0)",
    )
    .run(otherStore, h.service.bootstrap.merchantId);
});
afterAll(() => h.close());

const today = () =>
  new Date(h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId))
    .toISOString()
    .slice(0, 10);
const advance = (ms: number) => h.call('POST', '/api/sandbox/clock/advance', { ms });

async function pay(
  orderId: string,
  amount: number,
  opts: { method?: string; outcome?: string; tip?: number; storeId?: string; secret?: string } = {},
) {
  const created = await h.call(
    'POST',
    '/api/payments/process-payment',
    { customerId: 'walk-in', orderId, amount, ...(opts.storeId ? { storeId: opts.storeId } : {}) },
    opts.secret,
  );
  expect(created.status).toBe(200);
  const id = created.body.paymentRequestId as string;
  const done = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: opts.method ?? 'PAY_BY_BANK',
    outcome: opts.outcome ?? 'COMPLETED',
    ...(opts.tip ? { tipAmount: opts.tip } : {}),
  });
  expect(done.status).toBe(200);
  return id;
}

async function report(query: string, secret?: string) {
  const res = await h.call('GET', `/api/bank/reconciliation?${query}`, undefined, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Reconciliation.parse(res.body);
}
async function terminalReport(date: string) {
  const res = await h.call(
    'GET',
    `/api/terminal/reconciliation?date=${date}`,
    undefined,
    till.secret,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Reconciliation.parse(res.body);
}

describe('reconciliation', () => {
  it('before an account is linked, nothing can have arrived', async () => {
    const id = await pay('EARLY-1', 4.2);
    const r = await report(`date=${today()}`);
    expect(r.settlementAccountId).toBeNull();
    expect(r.payments.find((p) => p.paymentRequestId === id)?.status).toBe('NOT_ARRIVED');
  });

  it('matches each pay-by-bank payment to its credit once it arrives', async () => {
    // One day throughout, even if the clock's moves cross midnight.
    const day = today();
    await advance(CREDIT_ARRIVAL_MS + 1000);
    const consent = await h.call('POST', '/api/sandbox/bank/consents', {});
    const settlement = consent.body.accountIds[0] as string;
    // Linking brings the credits of earlier payments with the account's history.
    const early = await report(`date=${day}`);
    expect(early.settlementAccountId).toBe(settlement);
    expect(early.payments.map((p) => p.status)).toEqual(['MATCHED']);

    const tipped = await pay('A-100', 12.5, { tip: 1.5 });
    const twinA = await pay('TWIN', 3);
    const twinB = await pay('TWIN', 3);
    await pay('CARD-1', 9, { method: 'CARD' });
    await pay('FAILED-1', 9, { outcome: 'FAILED' });
    const fromTill = await pay('TILL-1', 7.25, { secret: till.secret });
    const elsewhere = await pay('STALL-1', 2, { storeId: otherStore });

    const pending = await report(`date=${day}`);
    const statusOf = (r: typeof pending, id: string) =>
      r.payments.find((p) => p.paymentRequestId === id)?.status;
    expect(statusOf(pending, tipped)).toBe('NOT_ARRIVED');
    expect(pending.summary.notArrived).toBe(5);

    await advance(CREDIT_ARRIVAL_MS + 1000);
    const r = await report(`date=${day}`);
    expect(r.payments.map((p) => p.orderId)).toEqual([
      'EARLY-1',
      'A-100',
      'TWIN',
      'TWIN',
      'TILL-1',
      'STALL-1',
    ]);
    expect(r.payments.every((p) => p.status === 'MATCHED')).toBe(true);
    const a100 = r.payments.find((p) => p.paymentRequestId === tipped)!;
    expect(a100.amount).toBe(14);
    expect(a100.tipAmount).toBe(1.5);
    expect(a100.credit).toMatchObject({
      accountId: settlement,
      amount: 14,
      reference: 'A-100',
      status: 'PENDING',
    });
    const twins = r.payments.filter((p) => [twinA, twinB].includes(p.paymentRequestId));
    expect(new Set(twins.map((p) => p.credit!.id)).size).toBe(2);
    expect(r.summary).toEqual({
      payments: 6,
      matched: 6,
      notArrived: 0,
      expectedAmount: 33.45,
      receivedAmount: 33.45,
    });
    // The credit is in the feed itself, as a CREDIT with the order id as its reference.
    const feed = await h.call('GET', `/api/bank/accounts/${settlement}/transactions`);
    const credit = feed.body.data.find((t: { id: string }) => t.id === a100.credit!.id);
    expect(credit).toMatchObject({ type: 'CREDIT', reference: 'A-100', amount: 14 });
    // Other credits of the day (card settlements, invoices paid) are listed as unmatched.
    const matchedIds = new Set(r.payments.map((p) => p.credit!.id));
    expect(r.unmatchedCredits!.every((c) => !matchedIds.has(c.id) && c.type === 'CREDIT')).toBe(
      true,
    );
    expect(r.unmatchedCredits!.every((c) => c.date.slice(0, 10) === day)).toBe(true);

    // Credits book an hour later and stay matched.
    await advance(3600_000);
    const booked = await report(`date=${day}`);
    expect(booked.payments.find((p) => p.paymentRequestId === tipped)!.credit!.status).toBe(
      'BOOKED',
    );

    // Per store.
    const stall = await report(`date=${day}&storeId=${otherStore}`);
    expect(stall.payments.map((p) => p.paymentRequestId)).toEqual([elsewhere]);
    expect(stall.storeId).toBe(otherStore);

    // The terminal sees its own store's payments only, and no other credits.
    const t = await terminalReport(day);
    expect(t.storeId).toBe(till.storeId);
    expect(t.payments.map((p) => p.paymentRequestId)).toContain(fromTill);
    expect(t.payments.map((p) => p.paymentRequestId)).not.toContain(elsewhere);
    expect(t.unmatchedCredits).toBeUndefined();
  });

  it('a day with nothing paid is empty; other days are separate', async () => {
    const r = await report('date=2020-02-29');
    expect(r.payments).toEqual([]);
    expect(r.summary.payments).toBe(0);
  });

  it('scopes: a terminal cannot read the merchant report or the feed, a merchant not the terminal’s', async () => {
    expect(
      (await h.call('GET', `/api/bank/reconciliation?date=${today()}`, undefined, till.secret))
        .status,
    ).toBe(403);
    expect((await h.call('GET', `/api/terminal/reconciliation?date=${today()}`)).status).toBe(403);
    expect((await h.call('GET', '/api/bank/consents', undefined, till.secret)).status).toBe(403);
  });

  it('validates the date and the store', async () => {
    for (const q of ['', 'date=2026-13-01', 'date=yesterday', `date=${today()}&storeId=nope`]) {
      const res = await h.call('GET', `/api/bank/reconciliation?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toMatch(/^query\.(date|storeId)$/);
    }
    const res = await h.call(
      'GET',
      '/api/terminal/reconciliation?date=31-01-2026',
      undefined,
      till.secret,
    );
    expect(res.status).toBe(400);
  });
});

describe("reconciliation of the shop's day", () => {
  // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: any instant falls on two
  // different calendar dates there, whatever the clock reads when this runs.
  const AHEAD = 'Pacific/Kiritimati';
  const BEHIND = 'Pacific/Pago_Pago';

  it('takes the day in the time zone given, and says which', async () => {
    const id = await pay('ZONE-1', 3.3);
    const at = h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId);
    const ahead = localDate(at, AHEAD);
    const behind = localDate(at, BEHIND);
    expect(ahead).not.toBe(behind);
    const inAhead = await report(`date=${ahead}&timeZone=${AHEAD}`);
    expect(inAhead.timeZone).toBe(AHEAD);
    expect(inAhead.payments.map((p) => p.paymentRequestId)).toContain(id);
    const inBehind = await report(`date=${behind}&timeZone=${BEHIND}`);
    expect(inBehind.payments.map((p) => p.paymentRequestId)).toContain(id);
    // The same date in the other zone is another stretch of time.
    const wrongDay = await report(`date=${ahead}&timeZone=${BEHIND}`);
    expect(wrongDay.payments.map((p) => p.paymentRequestId)).not.toContain(id);
    // Without a zone the day is UTC, as before.
    expect((await report(`date=${today()}`)).timeZone).toBe('UTC');
  });

  it('refuses a zone it does not know, naming the field', async () => {
    const res = await h.call(
      'GET',
      `/api/bank/reconciliation?date=${today()}&timeZone=Mars/Olympus`,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('timeZone');
    const terminal = await h.call(
      'GET',
      `/api/terminal/reconciliation?date=${today()}&timeZone=Nowhere`,
      undefined,
      till.secret,
    );
    expect(terminal.status).toBe(400);
  });
});
