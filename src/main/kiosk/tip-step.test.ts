/**
 * The tip step in the kiosk core, against the real service on loopback: with the store's tips on,
 * a counter payment waits for the customer's tip before it becomes a payment request; the tip
 * chosen is the one the service records and today's takings count; staff skip it and the
 * payment takes none; a percentage the store does not offer, a tip above the amount or an old
 * step's id are refused and create nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from './core';
import { ok } from '../../../test/helpers/kiosk-command';
import { api, pairedKiosk, type Cleanups } from '../../../test/helpers/kiosk';
import { callOnce } from '../../../test/helpers/service';
import { poll } from '../../../test/helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function kioskWithTips() {
  const { url, core } = await pairedKiosk(cleanups);
  await poll(() => core.central.settings() !== null, 5_000, 'the settings in force to be read');
  const res = await callOnce(url, 'PUT', '/api/kiosk-settings', {
    settings: { tipsEnabled: true, tipPercentages: [10, 15, 20] },
  });
  expect(res.status).toBe(200);
  await poll(
    () => core.central.settings()?.settings.tipsEnabled === true,
    5_000,
    'tips to reach the kiosk',
  );
  return { url, core };
}

async function startedForTip(core: KioskCore, amountPence: number) {
  const started = await ok(core, { type: 'startPayment', amountPence, paymentMethod: 'CARD' });
  if (started.queued !== 'tip') throw new Error('the tip was not asked');
  expect(core.state().tipStep).toMatchObject({ id: started.held.id, amountPence });
  expect(core.state().active).toBeNull();
  return started.held.id;
}

const paymentsAtService = async (url: string) =>
  ((await api(url, 'GET', '/api/payment-requests?limit=100')) as { data: unknown[] }).data.length;

describe('the tip step', () => {
  it('makes the payment request with the tip chosen, which the service records and takings count', async () => {
    const { url, core } = await kioskWithTips();
    const id = await startedForTip(core, 1250);
    expect(await paymentsAtService(url)).toBe(0);

    // Refused, and nothing is made: a percentage not offered, more than the amount, an old id.
    for (const bad of [
      { id, percent: 12 },
      { id, tipPence: 1251 },
      { id: 'held-gone', percent: 10 },
    ]) {
      const reply = await core.handle({ type: 'chooseTip', ...bad });
      expect(reply.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(await paymentsAtService(url)).toBe(0);

    expect(await ok(core, { type: 'chooseTip', id, percent: 15 })).toEqual({ chosen: true });
    const active = core.state().active!;
    expect(core.state().tipStep).toBeNull();
    expect(active).toMatchObject({ amountPence: 1250, tipChosenPence: 188 });
    await api(url, 'POST', `/api/sandbox/payment-requests/${active.paymentRequestId}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    const status = await api(
      url,
      'GET',
      `/api/payments/v1/payment-status/${active.paymentRequestId}`,
    );
    expect(status).toMatchObject({ tipAmount: 1.88, paidAmount: 14.38 });
    await poll(() => core.state().takings.tipsPence === 188, 10_000, 'the tip in the takings');
    expect(core.state().takings.totalPence).toBe(1438);
  });

  it('staff skip it: the payment is made with no tip and takes none', async () => {
    const { url, core } = await kioskWithTips();
    const id = await startedForTip(core, 500);
    expect(await ok(core, { type: 'skipTip', id })).toEqual({ skipped: true });
    const active = core.state().active!;
    expect(active.tipChosenPence).toBeUndefined();
    const tipped = await callOnce(
      url,
      'POST',
      `/api/sandbox/payment-requests/${active.paymentRequestId}/simulate`,
      { paymentMethod: 'CARD', outcome: 'COMPLETED', tipAmount: 1 },
    );
    // Skipped means no tip at all: not even one sent later.
    expect(tipped.status).toBe(400);
  });

  it('is not asked while tips are off: the payment starts at once', async () => {
    const { core } = await pairedKiosk(cleanups);
    const started = await ok(core, { type: 'startPayment', amountPence: 500 });
    expect(started.queued).toBe(false);
    expect(core.state().tipStep).toBeNull();
  });
});
