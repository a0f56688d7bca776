/**
 * Managers' overrides, enforced in the kiosk's command handlers against a real service on
 * loopback: a cashier's refund above the shop's amount, a cancel, are refused until a manager's
 * own PIN approves that one payment; the refund then goes through once, recorded with the
 * cashier and the manager beside it. A basket line's price lowered by a cashier is approved the
 * same way, on the spot, and recorded beside the payment the line is paid in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../core';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { addStaff, inLine, ok, onDisplay } from '../../../../test/helpers/kiosk-command';
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
  await addStaff(core, PIN, [
    { name: 'Cara', role: 'cashier', newPin: CASHIER },
    { name: 'Maya', role: 'manager', newPin: MANAGER },
  ]);
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

describe('price overrides', () => {
  it('a cashier lowers a line’s price only with a manager’s PIN; the override is kept with the sale', async () => {
    const { core } = await staffedKiosk();
    const coffee = {
      overrideId: '0c6b9a52-2f7e-4d71-9a3e-5b8f1c2d3e4f',
      description: 'Coffee',
      fromPence: 300,
      toPence: 200,
    };
    const lower = () => core.handle({ type: 'overridePrice', ...coffee });
    // A price raised is no override.
    expect(
      await ok(core, { type: 'overridePrice', ...coffee, fromPence: 200, toPence: 350 }),
    ).toEqual({ approvedBy: null });
    expect(await lower()).toEqual({
      ok: false,
      error: {
        field: 'approverPin',
        message:
          'Lowering the price of Coffee from £3.00 to £2.00 needs a manager’s approval: a manager enters their own PIN',
      },
    });
    const approve = (approverPin: string) =>
      core.handle({
        type: 'approve',
        approverPin,
        action: 'price',
        paymentRequestId: coffee.overrideId,
      });
    expect(await approve(CASHIER)).toMatchObject({ ok: false, error: { field: 'approverPin' } });
    expect(await approve(MANAGER)).toMatchObject({ ok: true });
    expect(await lower()).toMatchObject({ ok: true, result: { approvedBy: { name: 'Maya' } } });
    // Approved once, for that one override.
    expect(await lower()).toMatchObject({ ok: false, error: { field: 'approverPin' } });

    const sale = await ok(core, {
      type: 'takeCash',
      amountPence: 550,
      tenderedPence: 1000,
      lines: [
        { description: 'Coffee', quantity: 2, unitPence: 200 },
        { description: 'Tea', quantity: 1, unitPence: 150 },
      ],
    });
    const id = sale.payment.paymentRequestId;
    const { actions } = await ok(core, { type: 'staffActions', paymentRequestId: id });
    expect(actions.filter((a) => a.action === 'price')).toEqual([
      expect.objectContaining({
        description: 'Coffee',
        fromPence: 300,
        amountPence: 200,
        staff: expect.objectContaining({ name: 'Cara', role: 'cashier' }),
        approvedBy: expect.objectContaining({ name: 'Maya', role: 'manager' }),
      }),
    ]);

    // A manager lowers a price without asking anyone; it is kept with her name alone.
    await ok(core, { type: 'signIn', pin: MANAGER });
    const tea = {
      ...coffee,
      overrideId: '7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      description: 'Tea',
    };
    expect(await ok(core, { type: 'overridePrice', ...tea, fromPence: 150, toPence: 100 })).toEqual(
      {
        approvedBy: null,
      },
    );
    const second = await ok(core, {
      type: 'takeCash',
      amountPence: 100,
      tenderedPence: 100,
      lines: [{ description: 'Tea', quantity: 1, unitPence: 100 }],
    });
    const kept = await ok(core, {
      type: 'staffActions',
      paymentRequestId: second.payment.paymentRequestId,
    });
    expect(
      kept.actions.map((a) => [a.action, a.staff.name, a.approvedBy, a.fromPence, a.amountPence]),
    ).toEqual([
      ['payment', 'Maya', null, undefined, 100],
      ['price', 'Maya', null, 150, 100],
    ]);
  });
});

describe('who took a cash sale', () => {
  it('a cash sale is named after the cashier signed in, in History and the shift’s figures', async () => {
    const { core } = await staffedKiosk();
    await ok(core, { type: 'openShift', pin: CASHIER, floatPence: 10_000 });
    const sale = await ok(core, { type: 'takeCash', amountPence: 1250, tenderedPence: 2000 });
    const { actions } = await ok(core, {
      type: 'staffActions',
      paymentRequestId: sale.payment.paymentRequestId,
    });
    expect(actions.map((a) => [a.action, a.staff.name, a.amountPence])).toEqual([
      ['payment', 'Cara', 1250],
    ]);
    const { x } = await ok(core, { type: 'getShift', pin: CASHIER });
    expect(x?.staff).toEqual([
      { name: 'Cara', payments: 1, takenPence: 1250, refunds: 0, refundedPence: 0 },
    ]);
  });
});

describe('a payment held up next', () => {
  it('names who keyed it in and the price they lowered when its turn comes, not who is there then', async () => {
    const { core, url } = await staffedKiosk();
    const first = onDisplay(await ok(core, { type: 'startPayment', amountPence: 500 }));
    const coffee = {
      overrideId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      description: 'Coffee',
      fromPence: 300,
      toPence: 200,
    };
    await ok(core, {
      type: 'approve',
      approverPin: MANAGER,
      action: 'price',
      paymentRequestId: coffee.overrideId,
    });
    await ok(core, { type: 'overridePrice', ...coffee });
    const held = inLine(
      await ok(core, {
        type: 'startPayment',
        amountPence: 400,
        lines: [{ description: 'Coffee', quantity: 2, unitPence: 200 }],
      }),
    );
    expect(held.amountPence).toBe(400);

    // Maya takes over the till; its turn comes once the first payment is cancelled.
    await ok(core, { type: 'signIn', pin: MANAGER });
    await ok(core, { type: 'cancelPayment', paymentRequestId: first.paymentRequestId });
    const next = await poll(
      async () => {
        const active = core.state().active;
        return active && active.paymentRequestId !== first.paymentRequestId ? active : undefined;
      },
      10_000,
      'the held payment to run',
    );
    const { actions } = await ok(core, {
      type: 'staffActions',
      paymentRequestId: next.paymentRequestId,
    });
    expect(
      actions.map((a) => [a.action, a.staff.name, a.approvedBy?.name ?? null, a.amountPence]),
    ).toEqual([
      ['payment', 'Cara', null, 400],
      ['price', 'Cara', 'Maya', 200],
    ]);
    const record = await api(
      url,
      'GET',
      `/api/payments/v1/payment-status/${next.paymentRequestId}`,
    );
    expect(record.staff).toMatchObject({ name: 'Cara', role: 'cashier' });
  });
});
