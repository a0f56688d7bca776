/**
 * The back office's end-of-day report: the kiosk core against the real service on loopback,
 * with a linked bank account so pay-by-bank payments can be matched to their credits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EndOfDayReport } from '../../src/shared/bridge';
import type { KioskCore } from '../../src/main/kiosk/core';
import { poundsToPence } from '../../src/shared/money';
import { CREDIT_ARRIVAL_MS } from '../../src/service/bank/ledger';
import { poll } from '../helpers/webhook-receiver';
import { ok } from '../helpers/kiosk-command';
import { api as apiAt, pairedKiosk, PIN, type Cleanups } from '../helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const { url, core, service } = await pairedKiosk(cleanups);
  const api = (method: string, path: string, body?: unknown) => apiAt(url, method, path, body);
  return { api, core, closeService: service.close };
}

/** Starts a counter payment once the display is free (the last one has left it), so it is not held. */
async function startNow(core: KioskCore, amount: number): Promise<string> {
  await poll(async () => core.state().active === null, 10_000, 'the display to be free');
  const started = await ok(core, { type: 'startPayment', amountPence: poundsToPence(amount) });
  if (started.queued !== false) throw new Error('the payment was held behind another');
  return started.payment.paymentRequestId as string;
}

async function paid(
  core: KioskCore,
  api: Awaited<ReturnType<typeof setup>>['api'],
  amount: number,
  method: 'PAY_BY_BANK' | 'CARD',
  tipAmount = 0,
) {
  const id = await startNow(core, amount);
  await api('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: method,
    outcome: 'COMPLETED',
    tipAmount,
  });
  await poll(
    async () =>
      (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.status === 'COMPLETED',
    10_000,
    'COMPLETED on the kiosk',
  );
  return id;
}

const report = async (core: KioskCore) => {
  const result = await ok(core, { type: 'endOfDayReport', pin: PIN });
  return { report: EndOfDayReport.parse(result.report), csv: result.csv as string };
};

describe('end-of-day report', () => {
  it('takings by method and tips; pay by bank not yet arrived, then matched; kept for offline', async () => {
    const { api, core, closeService } = await setup();
    await api('POST', '/api/sandbox/bank/consents', {});
    const bank = await paid(core, api, 12, 'PAY_BY_BANK', 1);
    await paid(core, api, 5, 'CARD');
    await paid(core, api, 2.5, 'CARD', 0.5);

    const wrong = await core.handle({ type: 'endOfDayReport', pin: '0000' });
    expect(wrong).toMatchObject({ ok: false, error: { field: 'pin' } });

    const first = (await report(core)).report;
    expect(first.source).toBe('service');
    expect(first.takings).toEqual([
      { method: 'CARD', count: 2, totalPence: 800, tipsPence: 50 },
      { method: 'PAY_BY_BANK', count: 1, totalPence: 1300, tipsPence: 100 },
    ]);
    expect(first.total).toEqual({ count: 3, totalPence: 2100, tipsPence: 150, refundedPence: 0 });
    expect(first.refunds).toEqual({ count: 0, totalPence: 0, netPence: 2100, items: [] });
    expect(first.payByBank).toMatchObject({
      reconciled: true,
      settlementLinked: true,
      matched: 0,
      notArrived: 1,
    });
    expect(first.payByBank.payments[0]).toMatchObject({
      paymentRequestId: bank,
      amountPence: 1300,
      status: 'NOT_ARRIVED',
    });

    await api('POST', '/api/sandbox/clock/advance', { ms: CREDIT_ARRIVAL_MS + 1000 });
    const { report: later, csv } = await report(core);
    expect(later.payByBank.matched).toBe(1);
    expect(later.payByBank.payments[0]).toMatchObject({
      status: 'MATCHED',
      creditStatus: 'PENDING',
    });
    const lines = csv.trim().split('\r\n');
    expect(lines).toContain('CARD,2,8.00,0.50');
    expect(lines).toContain('ALL,3,21.00,1.50');
    expect(
      lines.some(
        (l) => l.startsWith(`${bank},`) && l.includes(',13.00,') && l.includes(',MATCHED,'),
      ),
    ).toBe(true);

    // Offline: the last fetched statuses, with the takings from the history.
    await closeService();
    const offline = (await report(core)).report;
    expect(offline.source).toBe('stored');
    expect(offline.payByBank.payments[0]!.status).toBe('MATCHED');
    expect(offline.total).toEqual(later.total);
  });

  it("the day's refunds: count, total and net takings, in the CSV, and offline", async () => {
    const { api, core, closeService } = await setup();
    const kept = await paid(core, api, 10, 'CARD', 1);
    const returned = await paid(core, api, 5, 'PAY_BY_BANK');
    await ok(core, { type: 'refundPayment', paymentRequestId: kept, amountPence: 250, pin: PIN });
    await ok(core, { type: 'refundPayment', paymentRequestId: returned, pin: PIN });
    // A refund still on its way is not counted: only COMPLETED refunds are.
    const before = (await report(core)).report;
    expect(before.refunds).toMatchObject({ count: 0, totalPence: 0, netPence: 1600 });

    await api('POST', '/api/sandbox/clock/advance', { ms: 5_000 });
    await poll(
      async () => core.state().takings.refundedPence === 750,
      10_000,
      'both refunds to complete at the kiosk',
    );
    const { report: r, csv } = await report(core);
    expect(r.total).toEqual({ count: 2, totalPence: 1600, tipsPence: 100, refundedPence: 750 });
    expect(r.refunds).toMatchObject({ count: 2, totalPence: 750, netPence: 850 });
    expect(r.refunds.items.map((i) => [i.paymentRequestId, i.amountPence]).sort()).toEqual(
      [
        [kept, 250],
        [returned, 500],
      ].sort(),
    );
    const order = (await ok(core, { type: 'getPayment', paymentRequestId: kept })).payment.orderId;
    expect(r.refunds.items.find((i) => i.paymentRequestId === kept)!.orderId).toBe(order);
    const lines = csv.trim().split('\r\n');
    expect(lines).toContain('REFUNDS,2,7.50');
    expect(lines).toContain('NET TAKINGS,,8.50');
    expect(lines.some((l) => l.includes(`,${order},2.50,`))).toBe(true);

    // Offline: the refunds come from the kiosk's own refund history.
    await closeService();
    const offline = (await report(core)).report;
    expect(offline.source).toBe('stored');
    expect(offline.refunds).toEqual(r.refunds);
  });

  it('offline with nothing stored: takings from the history, bank statuses unknown', async () => {
    const { api, core, closeService } = await setup();
    await paid(core, api, 4, 'PAY_BY_BANK');
    await closeService();
    const r = (await report(core)).report;
    expect(r.source).toBe('local');
    expect(r.payByBank.reconciled).toBe(false);
    expect(r.payByBank.payments.map((p) => p.status)).toEqual(['UNKNOWN']);
    expect(r.total).toEqual({ count: 1, totalPence: 400, tipsPence: 0, refundedPence: 0 });
  });

  it('validates the date and the PIN', async () => {
    const { core } = await setup();
    expect(
      await core.handle({ type: 'endOfDayReport', pin: PIN, date: '2026-02-30' }),
    ).toMatchObject({
      ok: false,
      error: { field: 'date' },
    });
    // The PIN is required, not only checked when given.
    expect(await core.handle({ type: 'endOfDayReport' })).toMatchObject({
      ok: false,
      error: { field: 'pin' },
    });
    expect(await core.handle({ type: 'endOfDayReport', pin: 'abcd' })).toMatchObject({
      ok: false,
      error: { field: 'pin' },
    });
    const empty = await ok(core, { type: 'endOfDayReport', pin: PIN, date: '2020-01-01' });
    expect(EndOfDayReport.parse(empty.report).total).toEqual({
      count: 0,
      totalPence: 0,
      tipsPence: 0,
      refundedPence: 0,
    });
  });
});
