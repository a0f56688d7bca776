/**
 * The dashboard steers who may use a kiosk's console, against the real service on loopback:
 * SIGN_OUT_STAFF signs out whoever is signed in, LOCK_CONSOLE signs out and locks the console
 * until a manager's or the owner's PIN (a cashier's is refused, for signing in and for every
 * staff command, also after a restart), and the kiosk answers each DONE with what it did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalActions, type TerminalAction } from '../../shared/contract/kiosk-settings';
import { addStaff, ok } from '../../../test/helpers/kiosk-command';
import { api, pairedKiosk, PIN, testKiosk, type Cleanups } from '../../../test/helpers/kiosk';
import { callOnce } from '../../../test/helpers/service';
import { poll } from '../../../test/helpers/webhook-receiver';
import { LOCKED_MESSAGE } from './staff-session';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const CASHIER = '1357';
const MANAGER = '8642';

async function kioskWithStaff(dataDir: string | null = null, now = Date.now) {
  const { url, core } = await pairedKiosk(cleanups, { kiosk: { dataDir, now } });
  await addStaff(core, PIN, [
    { name: 'Cara', role: 'cashier', newPin: CASHIER },
    { name: 'Maya', role: 'manager', newPin: MANAGER },
  ]);
  const id = ((await api(url, 'GET', '/api/terminal')) as { id: string }[])[0]!.id;
  return { url, core, id };
}

/** Asks the kiosk from the dashboard's side and waits for its answer. */
async function act(url: string, id: string, action: string) {
  const asked = await callOnce(url, 'POST', `/api/terminals/${id}/actions`, { action });
  expect(asked.status).toBe(201);
  let answer: TerminalAction | undefined;
  await poll(
    async () => {
      const { actions } = TerminalActions.parse(
        await api(url, 'GET', `/api/terminals/${id}/actions`),
      );
      answer = actions.find((a) => a.id === asked.body.id && a.status !== 'PENDING');
      return answer !== undefined;
    },
    5_000,
    'the kiosk to answer',
  );
  return answer!;
}

const refusal = async (core: { handle(raw: unknown): Promise<unknown> }, command: object) =>
  (await core.handle(command)) as { ok: boolean; error?: { message: string; field?: string } };

describe('remote staff actions', () => {
  it('SIGN_OUT_STAFF signs out whoever is signed in at the console', async () => {
    const { url, core, id } = await kioskWithStaff();
    await ok(core, { type: 'signIn', pin: CASHIER });
    expect(core.state().staff?.signedIn?.name).toBe('Cara');
    const answer = await act(url, id, 'SIGN_OUT_STAFF');
    expect(answer).toMatchObject({ status: 'DONE', message: 'Signed out Cara' });
    expect(core.state().staff?.signedIn).toBeNull();
    // Signing in again works as ever: nothing is locked.
    expect((await ok(core, { type: 'signIn', pin: CASHIER })).name).toBe('Cara');
    expect(core.state().staff?.locked).toBe(false);
  });

  it('LOCK_CONSOLE locks until a manager signs in, through a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'remote-staff-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { url, core, id } = await kioskWithStaff(dir);
    await ok(core, { type: 'signIn', pin: CASHIER });
    const answer = await act(url, id, 'LOCK_CONSOLE');
    expect(answer).toMatchObject({
      status: 'DONE',
      message: 'Locked the console and signed out Cara',
    });
    expect(core.state().staff).toMatchObject({ signedIn: null, locked: true });
    // A cashier's PIN opens nothing: not the console, not a staff-only screen.
    for (const command of [
      { type: 'signIn', pin: CASHIER },
      { type: 'checkStaffPin', pin: CASHIER },
    ])
      expect(await refusal(core, command)).toMatchObject({
        ok: false,
        error: { message: LOCKED_MESSAGE, field: 'pin' },
      });
    expect(core.state().staff).toMatchObject({ signedIn: null, locked: true });

    // Turned off and on again, it is still locked.
    await core.stop();
    const again = testKiosk(cleanups, { dataDir: dir });
    await again.start();
    expect(again.state().staff?.locked).toBe(true);
    expect(await refusal(again, { type: 'signIn', pin: CASHIER })).toMatchObject({ ok: false });
    expect((await ok(again, { type: 'signIn', pin: MANAGER })).name).toBe('Maya');
    expect(again.state().staff?.locked).toBe(false);
    await ok(again, { type: 'signOut' });
    expect((await ok(again, { type: 'signIn', pin: CASHIER })).name).toBe('Cara');
  });
});

describe("the merchant's sign-out time", () => {
  it('set and locked for the store, signs staff out after it and cannot be changed at the counter', async () => {
    let ahead = 0;
    const { url, core } = await kioskWithStaff(null, () => Date.now() + ahead);
    const [store] = (await api(url, 'GET', '/api/stores')) as { id: string }[];
    await ok(core, { type: 'signIn', pin: CASHIER });
    expect(core.state().staff?.idleMinutes).toBe(5); // the shop's own
    const res = await callOnce(url, 'PUT', `/api/stores/${store!.id}/kiosk-settings`, {
      settings: { signOutMinutes: 2 },
      locked: ['signOutMinutes'],
    });
    expect(res.status).toBe(200);
    await poll(() => core.state().staff?.idleMinutes === 2, 5_000, 'the sign-out time to apply');
    ahead = 60_000;
    expect(core.state().staff?.signedIn?.name).toBe('Cara');
    ahead = 2 * 60_000 + 1_000;
    expect(core.state().staff?.signedIn).toBeNull();
    await ok(core, { type: 'signIn', pin: PIN });
    expect(
      await refusal(core, {
        type: 'saveStaffSettings',
        pin: PIN,
        settings: { idleMinutes: 30, approvalRefundPence: 2000 },
      }),
    ).toMatchObject({ ok: false, error: { field: 'settings.idleMinutes' } });
    expect(core.state().staff?.idleMinutes).toBe(2);
  });
});
