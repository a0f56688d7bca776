/**
 * Cash at the till with the payments service out of reach (docs/kiosk.md, "When the service is
 * out of reach"): sales go on, kept in the kiosk's SQLite, and reach the service once it is back,
 * each once and in order, across a kiosk restart, a lost answer and a refusal staff must see.
 * Real service (a child process stopped and started again on its address, or in process behind
 * a loopback proxy that can go dark), real HTTP, real SQLite on disk for the kiosk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerCuttingProxy } from '../helpers/cutting-proxy';
import { ok } from '../helpers/kiosk-command';
import {
  api,
  kioskKeepingIn,
  pairKiosk,
  PIN,
  runningService,
  testKiosk,
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

/** The service's cash sales, oldest first: amount, tendered and how many of each order id. */
async function cashAtService(url: string) {
  const page = await api(url, 'GET', '/api/payment-requests?size=100');
  return (page.data as { orderId: string; amount: number; paymentMethod?: string[] }[])
    .filter((p) => p.orderId.startsWith('CTR-'))
    .reverse();
}

describe('cash sales while the service is out of reach', () => {
  it('are kept, counted and sent once each, in order, when it is back, across a kiosk restart', async () => {
    const service = await stoppableService(cleanups, 'offline-cash-service-');
    const kioskDir = tempDir('offline-cash-kiosk-');
    const first = kioskIn(kioskDir);
    await first.start();
    await pairKiosk(first, service.url);
    await ok(first, { type: 'openShift', pin: PIN, floatPence: 5000 });

    await service.stop();

    // Two sales of the same amount: two sales, not one retried.
    const a = await ok(first, { type: 'takeCash', amountPence: 1250, tenderedPence: 2000 });
    const b = await ok(first, { type: 'takeCash', amountPence: 1250, tenderedPence: 1500 });
    expect(a.payment).toMatchObject({ status: 'COMPLETED', paymentMethod: 'CASH' });
    expect(a.payment.cash).toEqual({ tenderedPence: 2000, changePence: 750 });
    expect(b.payment.paymentRequestId).not.toBe(a.payment.paymentRequestId);
    expect(first.state().offlineWork).toEqual({ waiting: 2, error: expect.any(String) });
    expect(first.state().takings).toMatchObject({ count: 2, totalPence: 2500 });
    // The shift goes on too: a pay-out, and the drawer's figures count the offline sales.
    await ok(first, {
      type: 'shiftMovement',
      pin: PIN,
      kind: 'PAY_OUT',
      amountPence: 300,
      reason: 'Milk',
    });
    const shift = await ok(first, { type: 'getShift', pin: PIN });
    expect(shift.x).toMatchObject({ cashSalesPence: 2500, expectedCashPence: 5000 + 2500 - 300 });

    // A card or bank payment needs the service: it is refused, clearly, and nothing waits.
    await poll(() => first.state().connection !== 'connected', 20_000, 'the kiosk to see it gone');
    const card = await first.handle({ type: 'startPayment', amountPence: 900 });
    expect(card.ok).toBe(false);
    expect(!card.ok && card.error.message).toMatch(
      /cannot be reached, so card and bank payments cannot be taken/,
    );
    expect(first.state().offlineWork?.waiting).toBe(2);

    // The kiosk restarts with both waiting; still nothing to send them to.
    await first.stop();
    const second = kioskIn(kioskDir);
    await second.start();
    expect(second.state().offlineWork?.waiting).toBe(2);
    const history = await ok(second, { type: 'listHistory', query: {} });
    expect(history.payments.map((p) => p.paymentMethod)).toEqual(['CASH', 'CASH']);

    // The service is back on its address: both go, in the order they were taken, once each.
    await service.start();
    await poll(() => second.state().offlineWork?.waiting === 0, 30_000, 'the sales to be sent');
    expect(second.state().offlineWork).toEqual({ waiting: 0, error: null });
    const sales = await cashAtService(service.url);
    expect(sales.map((s) => s.amount)).toEqual([12.5, 12.5]);
    expect(sales.map((s) => s.orderId)).toEqual([a.payment.orderId, b.payment.orderId]);

    // The kiosk's history still has each once, and a refund now reaches the sale at the service.
    const refund = await ok(second, {
      type: 'refundPayment',
      paymentRequestId: a.payment.paymentRequestId,
      pin: PIN,
    });
    expect(refund).toMatchObject({ status: 'COMPLETED', amountPence: 1250 });
    await second.stop();
  }, 120_000);

  it('is recorded once when the service kept the sale but its answer was lost', async () => {
    const h = await runningService(cleanups);
    const through = await answerCuttingProxy(h.url, '/api/payments/cash', cleanups);
    const core = kioskIn(tempDir('offline-cash-lost-'));
    await core.start();
    await pairKiosk(core, through.url, { connected: false });

    through.state.cutNext = true;
    const sale = await ok(core, { type: 'takeCash', amountPence: 400, tenderedPence: 500 });
    expect(through.state.cut).toBe(1);
    expect(sale.payment).toMatchObject({ status: 'COMPLETED', paymentMethod: 'CASH' });
    await poll(() => core.state().offlineWork?.waiting === 0, 20_000, 'the sale to be sent');
    expect((await cashAtService(h.url)).map((s) => s.orderId)).toEqual([sale.payment.orderId]);
  }, 60_000);

  it('holds at a sale the service refuses, shows why, and sends on once staff send it again', async () => {
    const h = await runningService(cleanups);
    const proxy = await answerCuttingProxy(h.url, '', cleanups);
    const core = kioskIn(tempDir('offline-cash-refused-'));
    await core.start();
    await pairKiosk(core, proxy.url, { connected: false });
    const terminalId = (await api(h.url, 'GET', '/api/terminal'))[0].id as string;

    proxy.state.dark = true;
    await ok(core, { type: 'takeCash', amountPence: 8000, tenderedPence: 8000 });
    await ok(core, { type: 'takeCash', amountPence: 500, tenderedPence: 500 });
    // Meanwhile the merchant lowers the till's largest payment below the first sale.
    await api(h.url, 'PUT', `/api/terminal/${terminalId}`, { maxAmount: 50 });
    proxy.state.dark = false;

    await poll(
      () => /refused/.test(core.state().offlineWork?.error ?? ''),
      20_000,
      'the refusal to show',
    );
    expect(core.state().offlineWork).toEqual({
      waiting: 2,
      error: expect.stringMatching(/^The cash sale of £80\.00 was refused: .*largest payment/),
    });
    // Held, not retried behind staff's back, and the later sale not sent before it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(core.state().offlineWork?.waiting).toBe(2);
    expect(await cashAtService(h.url)).toEqual([]);
    // The merchant sees them as the kiosk's work waiting, in its health report.
    await poll(
      async () =>
        (await api(h.url, 'GET', `/api/terminals/${terminalId}/health`)).report?.offlineWork
          ?.waiting === 2,
      20_000,
      'the health report to count the waiting sales',
    );

    await api(h.url, 'PUT', `/api/terminal/${terminalId}`, { maxAmount: 10000 });
    expect(await ok(core, { type: 'sendWaitingSales' })).toEqual({ waiting: 0, error: null });
    expect((await cashAtService(h.url)).map((s) => s.amount)).toEqual([80, 5]);
  }, 60_000);

  it('are dated at the service when the customer paid, not when they were sent', async () => {
    const h = await runningService(cleanups);
    const proxy = await answerCuttingProxy(h.url, '', cleanups);
    // The sale is an hour old by the time it reaches the service (the kiosk's clock says so).
    const core = testKiosk(cleanups, {
      dataDir: tempDir('offline-cash-dated-'),
      now: () => Date.now() - 3_600_000,
    });
    await core.start();
    await pairKiosk(core, proxy.url, { connected: false });
    proxy.state.dark = true;
    const sale = await ok(core, { type: 'takeCash', amountPence: 650, tenderedPence: 1000 });
    proxy.state.dark = false;
    expect(await ok(core, { type: 'sendWaitingSales' })).toEqual({ waiting: 0, error: null });
    const page = await api(h.url, 'GET', '/api/payment-requests?size=100');
    const [sent] = (page.data as { orderId: string; createdAt: string }[]).filter(
      (p) => p.orderId === sale.payment.orderId,
    );
    expect(Date.parse(sent!.createdAt)).toBe(Date.parse(sale.payment.createdAt));
    expect(Date.now() - Date.parse(sent!.createdAt)).toBeGreaterThan(3_500_000);
  }, 60_000);
});
