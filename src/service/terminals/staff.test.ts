/**
 * Staff per store over real HTTP (docs/kiosk.md, Staff from the dashboard): the merchant adds,
 * lists, changes and removes a store's people; a PIN is kept and pushed only as a scrypt hash,
 * never answered; bad input is refused naming the field and changes nothing; another merchant's
 * store is not found; every change reaches that store's kiosks (TERMINAL_STAFF) and no other's.
 */
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { StaffList, StaffMember, TerminalStaffPush } from '../../shared/contract/staff';
import {
  PRODUCTION,
  pairTerminal,
  startService,
  type Harness,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const newStore = async (name: string) => {
  const res = await h.call('POST', '/api/stores', { name });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};
const listOf = async (storeId: string) =>
  StaffList.parse((await h.call('GET', `/api/stores/${storeId}/staff`)).body).staff;
/** Whether `pin` is the PIN of a pushed member, checked as the kiosk checks it. */
const opens = (m: TerminalStaffPush['staff'][number], pin: string) =>
  scryptSync(pin, Buffer.from(m.pinHash.salt, 'base64'), 32, {
    N: m.pinHash.N,
    r: m.pinHash.r,
    p: m.pinHash.p,
    maxmem: 64 * 1024 * 1024,
  }).toString('base64') === m.pinHash.hash;

describe('a store’s staff', () => {
  it('are added, listed, changed and removed; a PIN is never answered', async () => {
    const storeId = await newStore('Staff Street');
    const added = await h.call('POST', `/api/stores/${storeId}/staff`, {
      name: 'Ada Cashier',
      role: 'cashier',
      pin: '4821',
    });
    expect(added.status).toBe(201);
    const ada = StaffMember.parse(added.body);
    expect(ada).toMatchObject({ name: 'Ada Cashier', role: 'cashier', active: true, storeId });
    expect(JSON.stringify(added.body)).not.toMatch(/4821|pin|hash|salt/i);
    const changed = await h.call('PATCH', `/api/stores/${storeId}/staff/${ada.id}`, {
      role: 'manager',
      active: false,
    });
    expect(changed.status).toBe(200);
    expect(await listOf(storeId)).toEqual([
      expect.objectContaining({ id: ada.id, role: 'manager', active: false }),
    ]);
    const listed = await h.call('GET', `/api/stores/${storeId}/staff`);
    expect(JSON.stringify(listed.body)).not.toMatch(/4821|pin|hash|salt/i);
    const gone = await h.call('DELETE', `/api/stores/${storeId}/staff/${ada.id}`);
    expect(gone.status).toBe(200);
    expect(await listOf(storeId)).toEqual([]);
    expect((await h.call('DELETE', `/api/stores/${storeId}/staff/${ada.id}`)).status).toBe(404);
  });

  it('refuses bad input naming the field, and a PIN someone in the store has', async () => {
    const storeId = await newStore('Refusing Row');
    const path = `/api/stores/${storeId}/staff`;
    await h.call('POST', path, { name: 'Bea', role: 'owner', pin: '1357' });
    for (const [body, field] of [
      [{ name: 'Bea\u0007ll', role: 'cashier', pin: '2468' }, 'name'],
      [{ name: 'Cal\nvin', role: 'cashier', pin: '2468' }, 'name'],
      [{ name: ' ', role: 'cashier', pin: '2468' }, 'name'],
      [{ name: 'Cal', role: 'boss', pin: '2468' }, 'role'],
      [{ name: 'Cal', role: 'cashier', pin: '123' }, 'pin'],
      [{ name: 'Cal', role: 'cashier', pin: '123456789' }, 'pin'],
      [{ name: 'Cal', role: 'cashier', pin: 'abcd' }, 'pin'],
      [{ name: 'Cal', role: 'cashier' }, 'pin'],
    ] as const) {
      const res = await h.call('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toContain(field);
    }
    const taken = await h.call('POST', path, { name: 'Cal', role: 'cashier', pin: '1357' });
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken.body)).toEqual(['pin']);
    expect((await listOf(storeId)).map((m) => m.name)).toEqual(['Bea']);
  });

  it("answers 404 for another merchant's store and member, and changes nothing", async () => {
    const storeId = await newStore('Private Place');
    const path = `/api/stores/${storeId}/staff`;
    const { body } = await h.call('POST', path, { name: 'Dee', role: 'cashier', pin: '9753' });
    const member = `${path}/${body.id}`;
    expect((await h.call('GET', path, undefined, PRODUCTION)).status).toBe(404);
    expect(
      (await h.call('POST', path, { name: 'X', role: 'owner', pin: '1111' }, PRODUCTION)).status,
    ).toBe(404);
    expect((await h.call('PATCH', member, { name: 'Mallory' }, PRODUCTION)).status).toBe(404);
    expect((await h.call('DELETE', member, undefined, PRODUCTION)).status).toBe(404);
    expect(await listOf(storeId)).toEqual([expect.objectContaining({ name: 'Dee' })]);
  });
});

describe('the store’s kiosks', () => {
  it('hear every change with the PIN’s hash, and another store’s kiosk hears none', async () => {
    const storeId = await newStore('Pushing Parade');
    const till = await pairTerminal(h, 'Staff till', { storeId });
    const elsewhere = await pairTerminal(h, 'Other till');
    const streams = await Promise.all(
      [till, elsewhere].map((t) => connectSse(`${h.url}/api/terminal/events`, t.secret)),
    );
    try {
      for (const s of streams) await s.next((e) => e.event === 'ready');
      const added = await h.call('POST', `/api/stores/${storeId}/staff`, {
        name: 'Eve',
        role: 'manager',
        pin: '86420',
      });
      const event = await streams[0]!.next((e) => e.event === 'TERMINAL_STAFF', 5_000);
      expect(event.data).not.toContain('86420');
      const push = TerminalStaffPush.parse(JSON.parse(event.data).data);
      expect(push).toMatchObject({ terminalId: till.terminal.id, storeId });
      expect(push.staff.map((m) => [m.id, m.name, m.role])).toEqual([
        [added.body.id, 'Eve', 'manager'],
      ]);
      expect(opens(push.staff[0]!, '86420')).toBe(true);
      expect(opens(push.staff[0]!, '86421')).toBe(false);
      // A kiosk connecting later reads the same with its own secret.
      const read = await h.call('GET', '/api/terminal/staff', undefined, till.secret);
      expect(TerminalStaffPush.parse(read.body).staff.map((m) => m.name)).toEqual(['Eve']);
      // Deactivated, they are pushed no longer.
      await h.call('PATCH', `/api/stores/${storeId}/staff/${added.body.id}`, { active: false });
      const after = await streams[0]!.next(
        (e) => e.event === 'TERMINAL_STAFF' && e.id !== event.id,
        5_000,
      );
      expect(TerminalStaffPush.parse(JSON.parse(after.data).data).staff).toEqual([]);
      await new Promise((r) => setTimeout(r, 300));
      expect(streams[1]!.events.some((e) => e.event === 'TERMINAL_STAFF')).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
