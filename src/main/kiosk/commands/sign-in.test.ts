/**
 * Who took it, always: a one-person shop (its owner the only staff) needs no sign-in and names
 * the owner on every sale; once anyone else is on the kiosk, payments, cash sales, refunds,
 * shift movements and staff commands are refused in the kiosk core until someone signs in, and
 * a refused command changes nothing. Against a real service on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addStaff, ok, onDisplay } from '../../../../test/helpers/kiosk-command';
import { api, pairedKiosk, PIN, type Cleanups } from '../../../../test/helpers/kiosk';
import { poll } from '../../../../test/helpers/webhook-receiver';
import { SIGN_IN_MESSAGE } from '../staff-session';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CASHIER = '1357';
const refusal = { ok: false, error: { message: SIGN_IN_MESSAGE, field: 'pin' } };

describe('signing in', () => {
  it('a one-person shop takes payments without signing in, each named as the owner', async () => {
    const { core, url } = await pairedKiosk(cleanups);
    expect(core.state().staff).toMatchObject({ signedIn: null, signInRequired: false });
    const cash = await ok(core, { type: 'takeCash', amountPence: 500, tenderedPence: 500 });
    const record = await api(
      url,
      'GET',
      `/api/payments/v1/payment-status/${cash.payment.paymentRequestId}`,
    );
    expect(record.staff).toMatchObject({ name: 'Owner', role: 'owner' });
    // The cash sale shows its change on the display a moment first.
    await poll(() => core.state().active === null, 10_000, 'the display to be free');
    const started = onDisplay(await ok(core, { type: 'startPayment', amountPence: 700 }));
    const { actions } = await ok(core, {
      type: 'staffActions',
      paymentRequestId: started.paymentRequestId,
    });
    expect(actions.map((a) => `${a.action}:${a.staff.name}`)).toEqual(['payment:Owner']);
  });

  it('with a cashier on the kiosk, nothing is taken or changed until someone signs in', async () => {
    const { core, url } = await pairedKiosk(cleanups);
    const paid = await ok(core, { type: 'takeCash', amountPence: 900, tenderedPence: 900 });
    const id = paid.payment.paymentRequestId;
    await ok(core, { type: 'openShift', pin: PIN, floatPence: 10_000 });
    await addStaff(core, PIN, [{ name: 'Cara', role: 'cashier', newPin: CASHIER }]);
    await ok(core, { type: 'signOut' });
    expect(core.state().staff).toMatchObject({ signedIn: null, signInRequired: true });
    const before = (await api(url, 'GET', '/api/payment-requests')) as unknown;

    for (const command of [
      { type: 'startPayment', amountPence: 700 },
      { type: 'takeCash', amountPence: 500, tenderedPence: 500 },
      { type: 'refundPayment', pin: CASHIER, paymentRequestId: id, amountPence: 100 },
      { type: 'shiftMovement', pin: PIN, kind: 'PAY_OUT', amountPence: 300, reason: 'Milk' },
      { type: 'addStaff', pin: PIN, name: 'Zed', role: 'cashier', newPin: '9999' },
      { type: 'checkStaffPin', pin: PIN },
    ])
      expect(await core.handle(command)).toEqual(refusal);
    expect(await api(url, 'GET', '/api/payment-requests')).toEqual(before);
    expect(core.state().active).toBeNull();
    expect(core.state().staff?.signedIn).toBeNull();

    // Signed in, the same commands go through and name the person.
    await ok(core, { type: 'signIn', pin: CASHIER });
    const cash = await ok(core, { type: 'takeCash', amountPence: 500, tenderedPence: 500 });
    const record = await api(
      url,
      'GET',
      `/api/payments/v1/payment-status/${cash.payment.paymentRequestId}`,
    );
    expect(record.staff).toMatchObject({ name: 'Cara', role: 'cashier' });
    const shift = await ok(core, {
      type: 'shiftMovement',
      pin: CASHIER,
      kind: 'PAY_OUT',
      amountPence: 300,
      reason: 'Milk',
    });
    expect(shift.x?.movements).toHaveLength(1);
    await ok(core, { type: 'refundPayment', pin: CASHIER, paymentRequestId: id, amountPence: 100 });
  });
});
