/**
 * Cash refunds at the till with the payments service out of reach (docs/kiosk.md, "When the
 * service is out of reach"): a cash refund of a cash payment goes on like a cash sale, kept in
 * History, the takings and the shift at once, and reaches the service once it is back, after the
 * offline sale it refunds, once each, across a kiosk restart and a lost answer, and the service's
 * news of it (push) does not make a second record. Real service (a child process stopped and
 * started again on its address, or in process behind a loopback proxy that loses one answer),
 * real HTTP, real SQLite on disk for the kiosk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../../src/main/kiosk/core';
import { KioskRefund } from '../../src/shared/bridge';
import { SANDBOX } from '../helpers/service';
import { answerCuttingProxy } from '../helpers/cutting-proxy';
import { ok } from '../helpers/kiosk-command';
import {
  api,
  kioskKeepingIn,
  pairKiosk,
  PIN,
  runningService,
  stoppableService,
  cleanedTempDir,
  type Cleanups,
} from '../helpers/kiosk';
import { poll } from '../helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = (prefix: string) => cleanedTempDir(cleanups, prefix);
const kioskIn = (dir: string) => kioskKeepingIn(cleanups, dir);

/** A payment's refunds as the kiosk's History has them. */
const refundsIn = async (core: KioskCore, id: string) =>
  KioskRefund.array().parse((await ok(core, { type: 'getPayment', paymentRequestId: id })).refunds);

/** The service's refunds of a payment, in pounds (none: an empty list). */
async function refundsAtService(url: string, paymentRequestId: string): Promise<number[]> {
  const refunds = await fetch(`${url}/api/refund/${paymentRequestId}`, {
    headers: { authorization: `Bearer ${SANDBOX}` },
  });
  if (refunds.status === 404) return [];
  return ((await refunds.json()) as { refundAmount: string }[]).map((r) => Number(r.refundAmount));
}

/** The service's id of a cash sale, found by its order id. */
async function atService(url: string, orderId: string): Promise<string> {
  const page = await api(url, 'GET', '/api/payment-requests?size=100');
  const found = (page.data as { orderId: string; paymentRequestId: string }[]).filter(
    (p) => p.orderId === orderId,
  );
  expect(found).toHaveLength(1);
  return found[0]!.paymentRequestId;
}

describe('cash refunds while the service is out of reach', () => {
  it('go on at once, wait across a restart, and are sent once each after the sale they refund', async () => {
    const service = await stoppableService(cleanups, 'offline-refund-service-');
    const kioskDir = tempDir('offline-refund-kiosk-');
    const first = kioskIn(kioskDir);
    await first.start();
    await pairKiosk(first, service.url);
    await ok(first, { type: 'openShift', pin: PIN, floatPence: 5000 });
    // Two sales the service has: one to refund offline, one the merchant refunds later.
    const online = await ok(first, { type: 'takeCash', amountPence: 2000, tenderedPence: 2000 });
    const later = await ok(first, { type: 'takeCash', amountPence: 300, tenderedPence: 300 });
    const a = online.payment.paymentRequestId;

    await service.stop();

    // A refund of a sale the service has: made now, the drawer's figures and takings net of it.
    const refund = await ok(first, {
      type: 'refundPayment',
      paymentRequestId: a,
      amountPence: 500,
      pin: PIN,
    });
    expect(refund).toMatchObject({ status: 'COMPLETED', amountPence: 500 });
    expect(refund.drawer).toMatchObject({ opened: false });
    // More than is left of the cash taken is refused, naming the amount, and nothing is queued.
    const over = await first.handle({
      type: 'refundPayment',
      paymentRequestId: a,
      amountPence: 1600,
      pin: PIN,
    });
    expect(over).toMatchObject({ ok: false, error: { field: 'amountPence' } });
    expect(!over.ok && over.error.message).toMatch(/£16\.00 is more than is left of the £20\.00/);
    // A sale taken offline, refunded in full while it still waits to be sent.
    const sale = await ok(first, { type: 'takeCash', amountPence: 800, tenderedPence: 1000 });
    const b = sale.payment.paymentRequestId;
    await ok(first, { type: 'refundPayment', paymentRequestId: b, pin: PIN });
    expect(first.state().offlineWork?.waiting).toBe(3);
    expect(first.state().takings).toMatchObject({ totalPence: 2000 + 300 + 800 - 500 - 800 });
    const shift = await ok(first, { type: 'getShift', pin: PIN });
    expect(shift.x).toMatchObject({
      refunds: { count: 2, cashPence: 1300 },
      expectedCashPence: 5000 + 3100 - 1300,
    });

    // The kiosk restarts with the three waiting; the service is back on its address after.
    await first.stop();
    const second = kioskIn(kioskDir);
    await second.start();
    expect(second.state().offlineWork?.waiting).toBe(3);
    await service.start();
    await poll(() => second.state().offlineWork?.waiting === 0, 30_000, 'the work to be sent');
    expect(second.state().offlineWork).toEqual({ waiting: 0, error: null });
    expect(await refundsAtService(service.url, a)).toEqual([5]);
    const bAtService = await atService(service.url, sale.payment.orderId);
    expect(await refundsAtService(service.url, bAtService)).toEqual([8]);

    // The merchant refunds the other sale: its push comes after the service's news of the two
    // refunds sent, which by then the kiosk has read as its own, not as two more.
    await api(service.url, 'POST', `/api/refund/${later.payment.paymentRequestId}`, {});
    await poll(
      async () => (await refundsIn(second, later.payment.paymentRequestId)).length === 1,
      30_000,
      "the merchant's refund to reach the kiosk by push",
    );
    expect((await refundsIn(second, a)).map((r) => r.amountPence)).toEqual([500]);
    expect((await refundsIn(second, b)).map((r) => r.amountPence)).toEqual([800]);
    await second.stop();
  }, 120_000);

  it('is recorded once when the service made the refund but its answer was lost', async () => {
    const h = await runningService(cleanups);
    const through = await answerCuttingProxy(h.url, '/api/refund/', cleanups);
    const core = kioskIn(tempDir('offline-refund-lost-'));
    await core.start();
    await pairKiosk(core, through.url);
    const sale = await ok(core, { type: 'takeCash', amountPence: 1000, tenderedPence: 1000 });
    const id = sale.payment.paymentRequestId;

    // The service makes the refund; its answer never reaches the kiosk.
    through.state.path = `/api/refund/${id}`;
    through.state.cutNext = true;
    const refund = await ok(core, {
      type: 'refundPayment',
      paymentRequestId: id,
      amountPence: 400,
      pin: PIN,
    });
    expect(through.state.cut).toBe(1);
    expect(refund).toMatchObject({ status: 'COMPLETED', amountPence: 400 });
    await poll(() => core.state().offlineWork?.waiting === 0, 20_000, 'the refund to be sent');
    expect(await refundsAtService(h.url, id)).toEqual([4]);
    expect((await refundsIn(core, id)).map((r) => r.amountPence)).toEqual([400]);
  }, 60_000);
});
