/**
 * Refunds from the kiosk core against the real service on loopback: behind the staff PIN, tracked
 * by push, by polling and by webhook alone, counted net in today's takings, kept in the offline
 * history, and refused (never queued) while the service cannot be reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KioskRefund, type BridgeEvent } from '../../../shared/bridge';
import type { KioskCore } from '../core';
import { poundsToPence } from '../../../shared/money';
import { SANDBOX } from '../../../../test/helpers/service';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { ok } from '../../../../test/helpers/kiosk-command';
import {
  apiWithStatus as api,
  pairKiosk,
  PIN,
  runningService,
  testKiosk,
  type Cleanups,
} from '../../../../test/helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Refunds move only when a test moves the service clock.
const service = (dataDir: string | null = null, port = 0) =>
  runningService(cleanups, { dataDir, port, tickMs: 3_600_000 });
const kiosk = (options: Parameters<typeof testKiosk>[1] = {}) => testKiosk(cleanups, options);

/** Starts a counter payment once the display is free (the last one has left it), so it is not held. */
async function startNow(core: KioskCore, amount: number): Promise<string> {
  await poll(async () => core.state().active === null, 10_000, 'the display to be free');
  const started = await ok(core, { type: 'startPayment', amountPence: poundsToPence(amount) });
  if (started.queued !== false) throw new Error('the payment was held behind another');
  return started.payment.paymentRequestId as string;
}

/** A counter payment of £10 (+ £1 tip) the customer has paid; the kiosk has seen it COMPLETED. */
async function paidPayment(core: KioskCore, url: string) {
  const id = await startNow(core, 10);
  await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
    tipAmount: 1,
  });
  // Polling the payment status is what a merchant-secret kiosk has; ask once now.
  await poll(
    async () => (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.final,
    10_000,
    'the payment to complete at the kiosk',
  );
  return id;
}

const refundsIn = async (core: KioskCore, id: string) =>
  KioskRefund.array().parse((await ok(core, { type: 'getPayment', paymentRequestId: id })).refunds);
const trail = (refund: KioskRefund) => refund.changes.map((c) => `${c.to}:${c.source}`);

describe('refunds at the kiosk: each source alone', () => {
  it('by push: behind the PIN, tracked to COMPLETED, net in takings, shown with its changes', async () => {
    const { url } = await service();
    const core = kiosk();
    const events: BridgeEvent[] = [];
    core.subscribe((e) => events.push(e));
    await core.start();
    await pairKiosk(core, url);
    const id = await paidPayment(core, url);
    expect(core.state().takings).toMatchObject({ count: 1, totalPence: 1100, refundedPence: 0 });

    const wrong = await core.handle({ type: 'refundPayment', paymentRequestId: id, pin: '1111' });
    expect(wrong).toEqual({ ok: false, error: { message: 'That PIN is not right', field: 'pin' } });
    expect((await api(url, 'GET', `/api/refund/${id}`)).status).toBe(404); // nothing was asked

    const tooMuch = await core.handle({
      type: 'refundPayment',
      paymentRequestId: id,
      amountPence: 1101,
      pin: PIN,
    });
    expect(tooMuch.ok).toBe(false);
    // The service's refusal of `amount` is shown next to the form's amount, in the bridge's name.
    if (!tooMuch.ok)
      expect(tooMuch.error).toEqual({
        field: 'amountPence',
        message: 'amountPence: is more than is left to refund (£11.00 of £11.00 paid)',
      });

    const refund = KioskRefund.parse(
      await ok(core, { type: 'refundPayment', paymentRequestId: id, amountPence: 250, pin: PIN }),
    );
    expect(refund).toMatchObject({ amountPence: 250, refundType: 'PARTIAL', status: 'INITIATED' });
    await api(url, 'POST', '/api/sandbox/clock/advance', { ms: 3_000 });
    await poll(
      async () => (await refundsIn(core, id))[0]?.status === 'COMPLETED',
      10_000,
      'the refund to complete by push',
    );
    const [done] = await refundsIn(core, id);
    // The service's answer and its pushed INITIATED race; whichever lands first is recorded.
    expect(trail(done!)).toEqual([
      expect.stringMatching(/^INITIATED:(local|push)$/),
      'PENDING:push',
      'COMPLETED:push',
    ]);
    expect(core.state().takings).toMatchObject({ count: 1, totalPence: 850, refundedPence: 250 });
    expect((await ok(core, { type: 'getPayment', paymentRequestId: id })).payment).toMatchObject({
      refundedPence: 250,
      receiptUrl: `${url}/receipt/${id}`,
    });
    expect(
      events
        .filter((e) => e.type === 'refundChanged')
        .map((e) => e.type === 'refundChanged' && e.refund.status),
    ).toEqual(['INITIATED', 'PENDING', 'COMPLETED']);

    // The rest, in full: what is left (£8.50) is refunded.
    const rest = KioskRefund.parse(
      await ok(core, { type: 'refundPayment', paymentRequestId: id, pin: PIN }),
    );
    expect(rest.amountPence).toBe(850);
  });

  it('by polling alone: a merchant-secret kiosk follows the refund with GET /api/refund', async () => {
    const { url } = await service();
    const core = kiosk({ pollFastMs: 100 });
    await core.start();
    await ok(core, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    const id = await paidPayment(core, url);
    const refund = KioskRefund.parse(
      await ok(core, { type: 'refundPayment', paymentRequestId: id, pin: PIN }),
    );
    expect(refund).toMatchObject({ amountPence: 1100, refundType: 'FULL' });
    await api(url, 'POST', `/api/sandbox/refunds/${refund.refundId}/simulate`, {
      outcome: 'FAILED',
    });
    await poll(
      async () => (await refundsIn(core, id))[0]?.status === 'FAILED',
      10_000,
      'the refund to fail by polling',
    );
    expect(trail((await refundsIn(core, id))[0]!)).toEqual(['INITIATED:local', 'FAILED:poll']);
    expect(core.state().takings).toMatchObject({ totalPence: 1100, refundedPence: 0 }); // a failed refund gave nothing back
  });

  it('by webhook alone: the local receiver hears REFUND_STATUS', async () => {
    const { url } = await service();
    let secret = '';
    // No polling at all (an hour apart): only the webhook can tell this kiosk anything.
    const core3 = kiosk({ webhook: { secret: () => secret } });
    await core3.start();
    await ok(core3, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    const sub = await api(url, 'POST', '/api/webhooks', {
      url: core3.webhookUrl(),
      eventTypes: ['PAYMENTS_STATUS', 'REFUND_STATUS'],
    });
    secret = sub.secret;
    const id3 = await startNow(core3, 5);
    await api(url, 'POST', `/api/sandbox/payment-requests/${id3}/simulate`, {
      paymentMethod: 'PAY_BY_BANK',
      outcome: 'COMPLETED',
    });
    await poll(
      async () => (await ok(core3, { type: 'getPayment', paymentRequestId: id3 })).payment.final,
      10_000,
      'COMPLETED by webhook',
    );
    const refund = KioskRefund.parse(
      await ok(core3, { type: 'refundPayment', paymentRequestId: id3, amountPence: 100, pin: PIN }),
    );
    await api(url, 'POST', `/api/sandbox/refunds/${refund.refundId}/simulate`, {
      outcome: 'COMPLETED',
    });
    await poll(
      async () => (await refundsIn(core3, id3))[0]?.status === 'COMPLETED',
      10_000,
      'the refund to complete by webhook',
    );
    expect(trail((await refundsIn(core3, id3))[0]!)).toEqual([
      expect.stringMatching(/^INITIATED:(local|webhook)$/), // the answer and the webhook race
      'PENDING:webhook',
      'COMPLETED:webhook',
    ]);
  });
});

describe('refunds at the kiosk: what is refused', () => {
  it('refuses a refund while the service is unreachable, queues nothing, and keeps refunds offline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-refunds-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { url, close } = await service();
    const core = kiosk({ dataDir: dir, pollFastMs: 100 });
    await core.start();
    await ok(core, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    const id = await paidPayment(core, url);
    await ok(core, { type: 'refundPayment', paymentRequestId: id, amountPence: 300, pin: PIN });
    await close();

    const refused = await core.handle({
      type: 'refundPayment',
      paymentRequestId: id,
      amountPence: 100,
      pin: PIN,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.message).toBe(
        'The payments service cannot be reached, so no refund was made. Try again when the kiosk is back online.',
      );
    expect(await refundsIn(core, id)).toHaveLength(1);
    await core.stop();

    // A restart with the service still down: the history shows the refund.
    const again = kiosk({ dataDir: dir });
    await again.start();
    const [kept] = await refundsIn(again, id);
    expect(kept).toMatchObject({ amountPence: 300, status: 'INITIATED' });
  });

  it('refuses refunds when no staff PIN is set, and of a payment not completed', async () => {
    const { url } = await service();
    const core = kiosk({ staffPin: undefined, pollFastMs: 100 });
    await core.start();
    const reply = await core.handle({
      type: 'refundPayment',
      paymentRequestId: '6f1c2a4e-8d1b-4c7e-9a3f-2b5d7e9f1a3c',
      pin: '1234',
    });
    expect(reply.ok).toBe(false);
    // Words for staff: the console asks the shop to choose its PIN on first start.
    if (!reply.ok) expect(reply.error.message).toMatch(/Choose a staff PIN first/);

    const pinned = kiosk({ pollFastMs: 100 });
    await pinned.start();
    await ok(pinned, { type: 'configureManually', pin: PIN, baseUrl: url, secret: SANDBOX });
    const open = await startNow(pinned, 2);
    const notPaid = await pinned.handle({
      type: 'refundPayment',
      paymentRequestId: open,
      pin: PIN,
    });
    expect(notPaid).toMatchObject({ ok: false, error: { message: /completed payment/ } });
  });
});
