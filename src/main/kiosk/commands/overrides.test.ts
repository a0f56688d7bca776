/**
 * Managers' overrides, enforced in the kiosk's command handlers against a real service on
 * loopback: a cashier's refund above the shop's amount, a cancel, are refused until a manager's
 * own PIN approves that one payment; the refund then goes through once, recorded with the
 * cashier and the manager beside it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../core';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { ok } from '../../../../test/helpers/kiosk-command';
import {
  apiWithStatus as api,
  pairedKiosk,
  PIN,
  type Cleanups,
} from '../../../../test/helpers/kiosk';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CASHIER = '1357';
const MANAGER = '8642';

async function staffedKiosk() {
  const { core, url } = await pairedKiosk(cleanups, {
    service: { tickMs: 3_600_000 },
  });
  await ok(core, { type: 'addStaff', pin: PIN, name: 'Cara', role: 'cashier', newPin: CASHIER });
  await ok(core, { type: 'addStaff', pin: PIN, name: 'Maya', role: 'manager', newPin: MANAGER });
  await ok(core, { type: 'signIn', pin: CASHIER });
  return { core, url };
}

async function paid(core: KioskCore, url: string, pence: number) {
  await poll(async () => core.state().active === null, 10_000, 'the display to be free');
  const started = await ok(core, { type: 'startPayment', amountPence: pence });
  if (started.queued) throw new Error('held');
  const id = started.payment.paymentRequestId;
  await api(url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
    paymentMethod: 'CARD',
    outcome: 'COMPLETED',
  });
  await poll(
    async () => (await ok(core, { type: 'getPayment', paymentRequestId: id })).payment.final,
    10_000,
    'the payment to complete',
  );
  return id;
}

describe('managers’ overrides', () => {
  it('a cashier’s £40 refund waits for a manager’s PIN, then goes through once, both named', async () => {
    const { core, url } = await staffedKiosk();
    const id = await paid(core, url, 5000);
    const refund = () =>
      core.handle({ type: 'refundPayment', pin: CASHIER, paymentRequestId: id, amountPence: 4000 });

    expect(await refund()).toEqual({
      ok: false,
      error: {
        field: 'approverPin',
        message: 'A refund above £20.00 needs a manager’s approval: a manager enters their own PIN',
      },
    });
    expect((await api(url, 'GET', `/api/refund/${id}`)).status).toBe(404); // nothing was asked
    // A cashier cannot approve, nor a wrong PIN.
    expect(
      await core.handle({
        type: 'approve',
        approverPin: CASHIER,
        action: 'refund',
        paymentRequestId: id,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        field: 'approverPin',
        message: 'Cara is a cashier: a manager or the owner must approve',
      },
    });
    expect(
      await core.handle({
        type: 'approve',
        approverPin: '0000',
        action: 'refund',
        paymentRequestId: id,
      }),
    ).toMatchObject({ ok: false, error: { field: 'approverPin' } });
    expect(await refund()).toMatchObject({ ok: false, error: { field: 'approverPin' } });

    expect(
      await ok(core, {
        type: 'approve',
        approverPin: MANAGER,
        action: 'refund',
        paymentRequestId: id,
      }),
    ).toMatchObject({ approvedBy: { name: 'Maya', role: 'manager' } });
    expect(await refund()).toMatchObject({ ok: true, result: { amountPence: 4000 } });
    // The approval was for that one refund: another needs another.
    expect(await refund()).toMatchObject({ ok: false, error: { field: 'approverPin' } });

    const { actions } = await ok(core, { type: 'staffActions', paymentRequestId: id });
    expect(
      actions.map((a) => [a.action, a.staff.name, a.approvedBy?.name ?? null, a.amountPence]),
    ).toEqual([
      ['payment', 'Cara', null, 5000],
      ['refund', 'Cara', 'Maya', 4000],
    ]);
  });

  it('a refund up to the shop’s amount, or a manager’s own, needs no approval', async () => {
    const { core, url } = await staffedKiosk();
    const id = await paid(core, url, 5000);
    await ok(core, {
      type: 'refundPayment',
      pin: CASHIER,
      paymentRequestId: id,
      amountPence: 2000,
    });
    await ok(core, {
      type: 'refundPayment',
      pin: MANAGER,
      paymentRequestId: id,
      amountPence: 2500,
    });
    const { actions } = await ok(core, { type: 'staffActions', paymentRequestId: id });
    expect(actions.map((a) => `${a.action}:${a.staff.name}:${a.approvedBy?.name ?? '-'}`)).toEqual([
      'payment:Cara:-',
      'refund:Cara:-',
      'refund:Maya:-',
    ]);
  });

  it('a signed-in cashier cancels a payment only with a manager’s approval', async () => {
    const { core } = await staffedKiosk();
    const started = await ok(core, { type: 'startPayment', amountPence: 700 });
    if (started.queued) throw new Error('held');
    const id = started.payment.paymentRequestId;
    expect(await core.handle({ type: 'cancelPayment', paymentRequestId: id })).toMatchObject({
      ok: false,
      error: { field: 'approverPin' },
    });
    expect(core.state().active?.status).not.toBe('CANCELLED');
    await ok(core, {
      type: 'approve',
      approverPin: MANAGER,
      action: 'cancel',
      paymentRequestId: id,
    });
    expect(await ok(core, { type: 'cancelPayment', paymentRequestId: id })).toMatchObject({
      status: 'CANCELLED',
    });
  });
});
