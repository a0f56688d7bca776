/**
 * The kiosk's staff through the bridge, as the console reaches them: a real kiosk core with its
 * SQLite file on disk. Each person's PIN is a salted scrypt hash; the old single shop PIN becomes
 * the owner's; a manager manages cashiers but never an owner; the last owner stays; bad input
 * changes nothing; wrong PINs at a known person's own PIN lock that person, through a restart.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from '../../sqlite';
import { addStaff, ok } from '../../../test/helpers/kiosk-command';
import { testKiosk, type Cleanups } from '../../../test/helpers/kiosk';
import { migrations } from './history/migrations';
import { migrate } from './history/migrate';
import { LOCKOUT_MS, PIN_LOCKED, PIN_TAKEN, PIN_WRONG } from './staff-pin';

const OWNER = '73915804';
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'staff-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function kiosk(dir = dataDir(), clock = { t: Date.parse('2026-03-02T10:00:00Z') }) {
  const core = testKiosk(cleanups, {
    dataDir: dir,
    push: false,
    now: () => clock.t,
    staffPin: undefined,
  });
  await core.start();
  return { core, dir, clock };
}

async function withStaff() {
  const k = await kiosk();
  await ok(k.core, { type: 'chooseStaffPin', newPin: OWNER, name: 'Ana' });
  const [manager, cashier] = await addStaff(k.core, OWNER, [
    { name: 'Maya', role: 'manager', newPin: '5555' },
    { name: 'Cara', role: 'cashier', newPin: '1234' },
  ]);
  return { ...k, manager: manager!, cashier: cashier! };
}

const names = async (core: Awaited<ReturnType<typeof kiosk>>['core']) =>
  (await ok(core, { type: 'listStaff', pin: OWNER })).staff.map((s) => `${s.name}:${s.role}`);

describe('kiosk staff', () => {
  it('first start creates the owner; each PIN names its person', async () => {
    const { core, cashier } = await withStaff();
    await ok(core, { type: 'signOut' });
    expect(core.state().staff?.signedIn).toBeNull();
    expect(await ok(core, { type: 'signIn', pin: OWNER })).toMatchObject({
      name: 'Ana',
      role: 'owner',
    });
    expect(await ok(core, { type: 'signIn', pin: '1234' })).toEqual(cashier);
    expect(core.state().staff?.signedIn).toEqual(cashier);
    await ok(core, { type: 'signOut' });
    expect(core.state().staff?.signedIn).toBeNull();
  });

  it('a manager adds and edits cashiers but never an owner; the last owner stays', async () => {
    const { core, manager, cashier } = await withStaff();
    const refused = (command: Record<string, unknown>) =>
      core.handle({ pin: '5555', ...command }).then((r) => (r.ok ? 'done' : r.error.message));
    expect(await refused({ type: 'addStaff', name: 'Zed', role: 'owner', newPin: '9999' })).toBe(
      'Only an owner can add or change an owner',
    );
    expect(await refused({ type: 'updateStaff', id: cashier.id, role: 'owner' })).toBe(
      'Only an owner can add or change an owner',
    );
    const { staff } = await ok(core, { type: 'listStaff', pin: OWNER });
    const owner = staff.find((s) => s.role === 'owner')!;
    expect(await refused({ type: 'removeStaff', id: owner.id })).toBe(
      'Only an owner can add or change an owner',
    );
    expect(await refused({ type: 'updateStaff', id: cashier.id, name: 'Cara B' })).toBe('done');
    // A cashier manages no one.
    expect(
      await core
        .handle({ type: 'addStaff', pin: '1234', name: 'Zed', role: 'cashier', newPin: '9999' })
        .then((r) => (r.ok ? 'done' : r.error.message)),
    ).toBe('Only a manager or the owner can do this; Cara B is a cashier');
    // The only owner can be neither removed nor made a manager.
    expect(await core.handle({ type: 'removeStaff', pin: OWNER, id: owner.id })).toMatchObject({
      ok: false,
      error: { field: 'role' },
    });
    expect(
      await core.handle({ type: 'updateStaff', pin: OWNER, id: owner.id, role: 'manager' }),
    ).toMatchObject({ ok: false });
    expect(await names(core)).toEqual(['Ana:owner', 'Maya:manager', 'Cara B:cashier']);
    await ok(core, { type: 'removeStaff', pin: OWNER, id: manager.id });
    expect(await names(core)).toEqual(['Ana:owner', 'Cara B:cashier']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { core, cashier } = await withStaff();
    const before = await names(core);
    const message = async (command: Record<string, unknown>) => {
      const reply = await core.handle({
        pin: OWNER,
        type: 'addStaff',
        role: 'cashier',
        ...command,
      });
      return reply.ok ? 'done' : `${reply.error.field}: ${reply.error.message}`;
    };
    expect(await message({ name: 'Bo', newPin: '123' })).toBe(
      'newPin: newPin: must be 4 to 8 digits',
    );
    expect(await message({ name: 'Bo', newPin: '123456789' })).toBe(
      'newPin: newPin: must be 4 to 8 digits',
    );
    expect(await message({ name: 'Bo\u0007b', newPin: '4321' })).toBe(
      'name: The name must not contain control characters',
    );
    expect(await message({ name: '   ', newPin: '4321' })).toBe(
      'name: Give the name staff know this person by',
    );
    expect(await message({ name: 'Bo', newPin: '1234' })).toBe(`newPin: ${PIN_TAKEN}`);
    expect(
      await core.handle({ type: 'updateStaff', pin: OWNER, id: cashier.id, newPin: '5555' }),
    ).toMatchObject({ ok: false, error: { message: PIN_TAKEN } });
    expect(await names(core)).toEqual(before);
    // The cashier's PIN still opens, as it was.
    expect(await ok(core, { type: 'signIn', pin: '1234' })).toEqual(cashier);
  });

  it('keeps only a salted scrypt hash of each PIN', async () => {
    const { core, dir } = await withStaff();
    await core.stop();
    const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
    const rows = db
      .prepare('SELECT name, salt, hash, cost_n, block_r, parallel_p FROM staff ORDER BY rowid')
      .all() as {
      name: string;
      salt: Buffer;
      hash: Buffer;
      cost_n: number;
      block_r: number;
      parallel_p: number;
    }[];
    db.close();
    const pins: Record<string, string> = { Ana: OWNER, Maya: '5555', Cara: '1234' };
    expect(rows.map((r) => r.name)).toEqual(['Ana', 'Maya', 'Cara']);
    for (const r of rows) {
      expect(r.salt.length).toBe(16);
      const { cost_n: N, block_r: p2, parallel_p: p } = r;
      expect(scryptSync(pins[r.name]!, r.salt, 32, { N, r: p2, p }).equals(r.hash)).toBe(true);
    }
  });

  it('wrong tries at a known person’s own PIN lock that person, through a restart', async () => {
    const { core, dir, clock } = await withStaff();
    await ok(core, { type: 'signIn', pin: '1234' });
    // Signed in as Cara, her PIN change is checked against her own PIN only.
    for (let i = 0; i < 5; i++)
      expect(
        await core.handle({ type: 'changeStaffPin', pin: '5555', newPin: '2222' }),
      ).toMatchObject({ ok: false, error: { message: PIN_WRONG } });
    await core.stop();
    const again = await kiosk(dir, clock);
    // Cara is locked out (even with her right PIN); Maya and the owner are not.
    expect(await again.core.handle({ type: 'signIn', pin: '2222' })).toMatchObject({ ok: false });
    const cara = await again.core.handle({ type: 'signIn', pin: '1234' });
    expect(cara.ok ? 'in' : cara.error.message).toBe(PIN_LOCKED);
    expect(await ok(again.core, { type: 'signIn', pin: '5555' })).toMatchObject({ name: 'Maya' });
    clock.t += LOCKOUT_MS + 1;
    expect(await ok(again.core, { type: 'signIn', pin: '1234' })).toMatchObject({ name: 'Cara' });
  });

  it('the idle time the shop sets signs the console out', async () => {
    const { core, clock } = await withStaff();
    await ok(core, {
      type: 'saveStaffSettings',
      pin: OWNER,
      settings: { idleMinutes: 2, approvalRefundPence: 2000 },
    });
    await ok(core, { type: 'signIn', pin: '1234' });
    clock.t += 90_000;
    await ok(core, { type: 'getDisplayState' }); // the display's reads are not staff at work
    await ok(core, { type: 'checkStaffPin', pin: '1234' });
    clock.t += 90_000;
    expect(core.state().staff?.signedIn).toMatchObject({ name: 'Cara' });
    clock.t += 31_000;
    expect(core.state().staff?.signedIn).toBeNull();
  });
});

describe('the shop PIN of earlier versions', () => {
  it('becomes the PIN of an owner called "Owner", its lockout the kiosk’s', async () => {
    const dir = dataDir();
    const clock = { t: Date.parse('2026-03-02T10:00:00Z') };
    // kiosk.db as version 10 left it: one staff PIN and a lockout counting three wrong tries.
    const db = new Database(join(dir, 'kiosk.db'));
    migrate(db, migrations.slice(0, 10));
    const salt = randomBytes(16);
    const hash = scryptSync('2468', salt, 32, { N: 16_384, r: 8, p: 1 });
    db.prepare(
      `INSERT INTO staff_pin (id, salt, hash, cost_n, block_r, parallel_p, set_at)
       VALUES (1, ?, ?, 16384, 8, 1, 0)`,
    ).run(salt, hash);
    db.prepare('INSERT INTO staff_pin_lockout (id, failures, locked_until) VALUES (1, 3, 0)').run();
    db.close();

    const { core } = await kiosk(dir, clock);
    expect(core.state().staffPinSet).toBe(true);
    // The three wrong tries carried over: two more lock the kiosk.
    for (const attempt of ['1111', '2222'])
      expect(await core.handle({ type: 'signIn', pin: attempt })).toMatchObject({
        ok: false,
        error: { message: PIN_WRONG },
      });
    expect(await core.handle({ type: 'signIn', pin: '2468' })).toMatchObject({
      ok: false,
      error: { message: PIN_LOCKED },
    });
    clock.t += LOCKOUT_MS + 1;
    expect(await ok(core, { type: 'signIn', pin: '2468' })).toMatchObject({
      name: 'Owner',
      role: 'owner',
    });
  });
});
