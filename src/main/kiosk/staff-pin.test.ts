/**
 * The staff PIN guard, through the bridge as a window reaches it: a real kiosk core with its
 * SQLite file on disk, paired with a real payments service on loopback. Every staff-only command
 * is refused without the PIN and with a wrong one, and changes nothing; wrong PINs from any
 * screen count towards one lockout, which a restart neither ends nor resets; only a salted scrypt
 * hash of the PIN is kept.
 */
import { randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_COMMANDS, type BridgeCommand } from '../../shared/bridge';
import Database from '../../sqlite';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { pairingCode, testKiosk, type Cleanups } from '../../../test/helpers/kiosk';
import { LOCKOUT_MS, PIN_LOCKED, PIN_NOT_CHOSEN, PIN_WRONG } from './staff-pin';

const PIN = '73915804';
const WRONG = '1111';

let service: Harness;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const START = Date.parse('2026-03-02T10:00:00Z');

/** A kiosk on its own clock, which starts at `at` and moves only with `advance`. */
async function kiosk(
  options: { staffPin?: string; kioskMode?: boolean; dir?: string; at?: number } = {},
) {
  const { at = START, ...rest } = options;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'staff-pin-'));
  if (!options.dir) cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let t = at;
  const core = testKiosk(cleanups, {
    dataDir: dir,
    push: false,
    now: () => t,
    // No PIN until the test chooses one: the shop chooses it on first start.
    staffPin: undefined,
    ...rest,
  });
  await core.start();
  // Paired as `npm start` pairs on first start: before the shop has a PIN.
  const code = await pairingCode(service.url);
  await core.pairInProcess({ baseUrl: service.url, code, name: 'Till' });
  return { core, dir, advance: (ms: number) => (t += ms) };
}

/** One well-formed example of every staff-only command, with the PIN given. */
function staffCommands(pin: string): BridgeCommand[] {
  const id = randomUUID();
  const all: BridgeCommand[] = [
    { type: 'changeStaffPin', pin, newPin: '86420' },
    { type: 'checkStaffPin', pin },
    { type: 'signIn', pin },
    { type: 'listStaff', pin },
    { type: 'addStaff', pin, name: 'Rogue', role: 'owner', newPin: '97531' },
    { type: 'updateStaff', pin, id, role: 'cashier' },
    { type: 'removeStaff', pin, id },
    { type: 'saveStaffSettings', pin, settings: { idleMinutes: 1, approvalRefundPence: 0 } },
    { type: 'getShift', pin },
    { type: 'openShift', pin, floatPence: 10_000 },
    { type: 'shiftMovement', pin, kind: 'PAY_IN', amountPence: 500, reason: 'Change' },
    { type: 'closeShift', pin, shiftId: id, counted: [] },
    { type: 'printShiftReport', pin },
    { type: 'sendZReports', pin },
    { type: 'pairWithCode', pin, baseUrl: 'http://127.0.0.1:9', code: '123456', name: 'Rogue' },
    { type: 'configureManually', pin, baseUrl: 'http://127.0.0.1:9', secret: SANDBOX },
    { type: 'unpair', pin },
    { type: 'leaveKioskMode', pin },
    { type: 'endOfDayReport', pin },
    { type: 'refundPayment', pin, paymentRequestId: id },
    { type: 'lookupCustomer', pin, query: { email: 'ada@example.com' } },
    {
      type: 'chargeSavedCard',
      pin,
      customerId: randomUUID(),
      paymentMethodId: randomUUID(),
      captureType: 'AUTO_CAPTURE',
      amountPence: 500,
    },
    { type: 'captureCardPayment', pin, paymentRequestId: id },
    {
      type: 'releaseCardPayment',
      pin,
      paymentRequestId: id,
      reason: { cancelledReasonCode: 'Requested by customer' },
    },
    {
      type: 'saveReceiptPrinter',
      pin,
      printer: {
        host: '127.0.0.1',
        port: 9,
        paperWidth: 80,
        language: 'esc-pos',
        printAfterPayment: true,
      },
    },
    {
      type: 'printTestPage',
      pin,
      printer: {
        host: '127.0.0.1',
        port: 9,
        paperWidth: 58,
        language: 'star-prnt',
        printAfterPayment: false,
      },
    },
  ];
  // One example of each, and of nothing else: a command added to the list needs one here.
  expect(all.map((c) => c.type).sort()).toEqual([...STAFF_COMMANDS].sort());
  return all;
}

const without = (command: BridgeCommand) => {
  const { pin: _pin, ...rest } = command as BridgeCommand & { pin: string };
  return rest;
};

describe('the staff PIN guard', () => {
  it('refuses every staff-only command until the shop has chosen a PIN', async () => {
    const { core } = await kiosk();
    expect(core.state().staffPinSet).toBe(false);
    for (const command of staffCommands('2468')) {
      const reply = await core.handle(command);
      expect(reply, command.type).toEqual({
        ok: false,
        error: { message: PIN_NOT_CHOSEN, field: 'pin' },
      });
    }
    // The rogue pairing and manual configuration above changed nothing.
    expect(core.state().pairing).toMatchObject({ paired: true, terminalName: 'Till' });
    // Kiosk mode cannot be entered: staff could never leave it.
    expect(await core.handle({ type: 'enterKioskMode' })).toMatchObject({ ok: false });
    // Never on since start: Settings offers no return to it.
    expect(core.state()).toMatchObject({ kioskMode: false, kioskModeWasOn: false });
  });

  it('refuses each staff-only command without the PIN and with a wrong one, changing nothing', async () => {
    const { core } = await kiosk({ kioskMode: true });
    expect(await core.handle({ type: 'chooseStaffPin', newPin: PIN })).toMatchObject({ ok: true });
    expect(core.state().staffPinSet).toBe(true);
    for (const command of staffCommands(WRONG)) {
      const missing = await core.handle(without(command));
      expect(missing, `${command.type} without a PIN`).toMatchObject({
        ok: false,
        error: { field: 'pin' },
      });
      const wrong = await core.handle(command);
      expect(wrong, `${command.type} with a wrong PIN`).toEqual({
        ok: false,
        error: { message: PIN_WRONG, field: 'pin' },
      });
      // The right PIN ends a run of wrong ones, so this loop never reaches the lockout.
      expect(await core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({ ok: true });
    }
    expect(core.state()).toMatchObject({
      kioskMode: true,
      pairing: { paired: true, terminalName: 'Till' },
    });
    // A second choice is refused: the PIN is changed behind the old one.
    expect(await core.handle({ type: 'chooseStaffPin', newPin: '0000' })).toMatchObject({
      ok: false,
      error: { field: 'newPin' },
    });
    expect(await core.handle({ type: 'leaveKioskMode', pin: PIN })).toMatchObject({ ok: true });
    // Left, not forgotten: Settings offers the way back.
    expect(core.state()).toMatchObject({ kioskMode: false, kioskModeWasOn: true });
  });

  it('counts wrong PINs from every screen towards one lockout', async () => {
    const { core, advance } = await kiosk({ staffPin: PIN, kioskMode: true });
    const tries: BridgeCommand[] = [
      { type: 'endOfDayReport', pin: WRONG },
      { type: 'refundPayment', pin: WRONG, paymentRequestId: randomUUID() },
      { type: 'leaveKioskMode', pin: WRONG },
      { type: 'checkStaffPin', pin: WRONG },
      { type: 'unpair', pin: WRONG },
    ];
    for (const command of tries)
      expect(await core.handle(command)).toMatchObject({ error: { message: PIN_WRONG } });
    // Now even the right PIN waits, on any screen.
    for (const command of [
      { type: 'endOfDayReport', pin: PIN },
      { type: 'unpair', pin: PIN },
      { type: 'changeStaffPin', pin: PIN, newPin: '5555' },
    ] as const)
      expect(await core.handle(command)).toEqual({
        ok: false,
        error: { message: PIN_LOCKED, field: 'pin' },
      });
    expect(core.state()).toMatchObject({ kioskMode: true, pairing: { paired: true } });
    advance(LOCKOUT_MS + 1);
    expect(await core.handle({ type: 'leaveKioskMode', pin: PIN })).toMatchObject({ ok: true });
  });

  it('stays locked through a restart, and keeps counting wrong PINs across one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-pin-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await kiosk({ staffPin: PIN, dir });
    for (let i = 0; i < 5; i += 1)
      expect(await first.core.handle({ type: 'checkStaffPin', pin: WRONG })).toMatchObject({
        error: { message: PIN_WRONG },
      });
    first.advance(10_000);
    await first.core.stop();

    // Restarted on the same data 10 s into the lockout: the right PIN still waits its minute.
    const again = await kiosk({ staffPin: PIN, dir, at: START + 10_000 });
    expect(await again.core.handle({ type: 'checkStaffPin', pin: PIN })).toEqual({
      ok: false,
      error: { message: PIN_LOCKED, field: 'pin' },
    });
    again.advance(LOCKOUT_MS - 10_000 - 1);
    expect(await again.core.handle({ type: 'leaveKioskMode', pin: PIN })).toMatchObject({
      error: { message: PIN_LOCKED },
    });
    again.advance(1);
    expect(await again.core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      ok: true,
    });

    // Three wrong PINs, a restart, two more: that is five in a row, and the kiosk locks.
    for (let i = 0; i < 3; i += 1) await again.core.handle({ type: 'checkStaffPin', pin: WRONG });
    await again.core.stop();
    const third = await kiosk({ staffPin: PIN, dir, at: START + LOCKOUT_MS });
    for (let i = 0; i < 2; i += 1)
      expect(await third.core.handle({ type: 'checkStaffPin', pin: WRONG })).toMatchObject({
        error: { message: PIN_WRONG },
      });
    expect(await third.core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      error: { message: PIN_LOCKED },
    });
  });

  it('a restart with the clock set back locks staff out for a minute at most', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-pin-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await kiosk({ staffPin: PIN, dir });
    for (let i = 0; i < 5; i += 1) await first.core.handle({ type: 'checkStaffPin', pin: WRONG });
    await first.core.stop();
    // The machine comes back a day behind: still locked, but not for a day and a minute.
    const behind = await kiosk({ staffPin: PIN, dir, at: START - 86_400_000 });
    expect(await behind.core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      error: { message: PIN_LOCKED },
    });
    behind.advance(LOCKOUT_MS);
    expect(await behind.core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      ok: true,
    });
  });

  it('wrong PINs sent all at once are all counted before any is answered', async () => {
    const { core } = await kiosk({ staffPin: PIN });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => core.handle({ type: 'checkStaffPin', pin: WRONG })),
    );
    expect(replies.filter((r) => !r.ok && r.error.message === PIN_LOCKED)).toHaveLength(3);
    expect(await core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      error: { message: PIN_LOCKED },
    });
  });
});

describe('the staff PIN itself', () => {
  it('keeps a salted scrypt hash, never the PIN, in a database only this user can read', async () => {
    const { core, dir } = await kiosk();
    await core.handle({ type: 'chooseStaffPin', newPin: PIN });
    await core.stop();
    for (const name of readdirSync(dir).filter((n) => n.startsWith('kiosk.db'))) {
      expect(readFileSync(join(dir, name)).includes(PIN), name).toBe(false);
      expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
    const row = db.prepare('SELECT * FROM staff').get() as {
      salt: Buffer;
      hash: Buffer;
      cost_n: number;
      block_r: number;
      parallel_p: number;
    };
    db.close();
    expect(row.salt.length).toBe(16);
    const { cost_n: N, block_r: r, parallel_p: p } = row;
    expect(scryptSync(PIN, row.salt, 32, { N, r, p }).equals(row.hash)).toBe(true);
  });

  it('is changed in Settings behind the old PIN; a preset never overrides a chosen one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-pin-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await kiosk({ staffPin: '2468', dir });
    expect(first.core.state().staffPinSet).toBe(true);
    expect(
      await first.core.handle({ type: 'changeStaffPin', pin: WRONG, newPin: PIN }),
    ).toMatchObject({ ok: false, error: { message: PIN_WRONG, field: 'pin' } });
    expect(
      await first.core.handle({ type: 'changeStaffPin', pin: '2468', newPin: PIN }),
    ).toMatchObject({ ok: true });
    expect(await first.core.handle({ type: 'checkStaffPin', pin: '2468' })).toMatchObject({
      ok: false,
    });
    await first.core.stop();
    // Restarted with the old COUNTER_KIOSK_PIN still set: the PIN staff chose stands.
    const again = await kiosk({ staffPin: '2468', dir });
    expect(await again.core.handle({ type: 'checkStaffPin', pin: PIN })).toMatchObject({
      ok: true,
    });
    expect(await again.core.handle({ type: 'checkStaffPin', pin: '2468' })).toMatchObject({
      ok: false,
    });
  });

  it('a manual configuration the service refuses leaves the kiosk paired as it was', async () => {
    const { core } = await kiosk({ staffPin: PIN });
    const refused = await core.handle({
      type: 'configureManually',
      pin: PIN,
      baseUrl: service.url,
      secret: 'sk_sandbox_not_a_real_secret',
    });
    expect(refused).toMatchObject({ ok: false });
    expect(core.state().pairing).toMatchObject({ paired: true, terminalName: 'Till' });
    const unreachable = await core.handle({
      type: 'pairWithCode',
      pin: PIN,
      baseUrl: 'http://127.0.0.1:9',
      code: '123456',
      name: 'Elsewhere',
    });
    expect(unreachable).toMatchObject({ ok: false });
    expect(core.state().pairing).toMatchObject({ paired: true, terminalName: 'Till' });
  });
});
