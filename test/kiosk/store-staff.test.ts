/**
 * Staff set in the dashboard reach the kiosk (docs/kiosk.md, Staff from the dashboard): a real
 * kiosk core paired with a real service on loopback. A member the merchant adds to the kiosk's
 * store signs in at the kiosk with the PIN the merchant set, pushed as its hash; the kiosk's own
 * staff still sign in; a changed PIN or a deactivated member is heard at once; a kiosk paired
 * later reads the store's staff on connecting; the kiosk cannot edit a member the dashboard sets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCore } from '../../src/main/kiosk/core';
import { CENTRAL_REFUSAL } from '../../src/main/kiosk/staff-pin';
import { ok } from '../helpers/kiosk-command';
import {
  api,
  pairedKiosk,
  pairKiosk,
  PIN,
  runningService,
  testKiosk,
  type Cleanups,
} from '../helpers/kiosk';
import { poll } from '../helpers/webhook-receiver';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const storeOf = async (url: string) => (await api(url, 'GET', '/api/terminal'))[0].storeId;
const signsIn = async (core: KioskCore, pin: string) =>
  (await core.handle({ type: 'signIn', pin })).ok;
/** The kiosk's staff by name (wrong PINs lock the kiosk, so tests wait on this, not on signing in). */
const staffNames = async (core: KioskCore) =>
  (await ok(core, { type: 'listStaff', pin: PIN })).staff.map((m) => m.name);
const until = (core: KioskCore, what: string, check: (names: string[]) => boolean) =>
  poll(async () => check(await staffNames(core)), 10_000, what);

describe('staff from the dashboard', () => {
  it('sign in at the store’s kiosk with the PIN the merchant set, beside its own staff', async () => {
    const { core, url } = await pairedKiosk(cleanups);
    const storeId = await storeOf(url);
    const eve = await api(url, 'POST', `/api/stores/${storeId}/staff`, {
      name: 'Eve Central',
      role: 'cashier',
      pin: '80642',
    });
    await until(core, 'the pushed member', (names) => names.includes('Eve Central'));
    expect(await signsIn(core, '80642')).toBe(true);
    const asEve = { id: eve.id, name: 'Eve Central', role: 'cashier' };
    expect(core.state().staff?.signedIn).toEqual(asEve);
    // What they take is theirs at the service too.
    await ok(core, { type: 'startPayment', amountPence: 450 });
    const [taken] = (await api(url, 'GET', '/api/payment-requests?size=1')).data;
    expect(taken).toMatchObject({ amount: 4.5, staff: asEve });
    // The kiosk's own owner still signs in.
    expect(await ok(core, { type: 'signIn', pin: PIN })).toMatchObject({ role: 'owner' });
    // The console's staff list marks who the dashboard manages.
    const listed = (await ok(core, { type: 'listStaff', pin: PIN })).staff;
    expect(listed.map((m) => [m.name, m.fromDashboard ?? false])).toEqual([
      ['Owner', false],
      ['Eve Central', true],
    ]);
    // The kiosk cannot change someone the dashboard sets.
    const edit = await core.handle({ type: 'updateStaff', pin: PIN, id: eve.id, name: 'Evil' });
    expect(edit).toMatchObject({ ok: false, error: { message: CENTRAL_REFUSAL } });
    // A new PIN set centrally replaces the old one at once.
    await api(url, 'PATCH', `/api/stores/${storeId}/staff/${eve.id}`, {
      pin: '13579',
      name: 'Eve Renamed',
    });
    await until(core, 'the change', (names) => names.includes('Eve Renamed'));
    expect(await signsIn(core, '80642')).toBe(false);
    expect(await signsIn(core, '13579')).toBe(true);
    // Deactivated, they no longer sign in.
    await api(url, 'PATCH', `/api/stores/${storeId}/staff/${eve.id}`, { active: false });
    await until(core, 'the member to go', (names) => !names.includes('Eve Renamed'));
    expect(await signsIn(core, '13579')).toBe(false);
    expect(await signsIn(core, PIN)).toBe(true);
  });

  it('a kiosk paired after the staff were set reads them on connecting', async () => {
    const { url } = await runningService(cleanups);
    const stores = await api(url, 'GET', '/api/stores');
    const primary = stores.find((s: { isPrimary: boolean }) => s.isPrimary).id;
    await api(url, 'POST', `/api/stores/${primary}/staff`, {
      name: 'Fay',
      role: 'manager',
      pin: '97531',
    });
    const core = testKiosk(cleanups);
    await core.start();
    await pairKiosk(core, url);
    // Fay's arrival is what makes the kiosk ask for a sign-in (staff besides the owner); until
    // someone signs in, the staff list itself is refused, so the test watches the state.
    await poll(() => core.state().staff?.signInRequired, 10_000, 'the member set before pairing');
    expect(await signsIn(core, '97531')).toBe(true);
    expect(core.state().staff?.signedIn).toMatchObject({ name: 'Fay', role: 'manager' });
  });
});
