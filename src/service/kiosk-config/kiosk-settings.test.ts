/**
 * Kiosk settings set centrally over real HTTP (docs/fleet.md): the merchant's settings, a
 * store's and a kiosk's overrides make a kiosk's settings in force with the fields any level
 * locks; every change is recorded; bad input is refused naming the field and changes nothing;
 * another merchant's store or kiosk is not found; a change reaches the push streams of the kiosks
 * it concerns only, also from another instance on one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import {
  EffectiveKioskSettings,
  KioskSettingsChanges,
  TerminalSettingsPush,
} from '../../shared/contract/kiosk-settings';
import {
  PRODUCTION,
  TEST_STORE,
  pairTerminal,
  startService,
  testStore,
  type Harness,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const put = (path: string, body: unknown, secret?: string, on: Harness = h) =>
  on.call('PUT', path, body, secret);
const newStore = async (name: string, on: Harness = h) => {
  const res = await on.call('POST', '/api/stores', { name });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const effective = async (id: string, secret?: string) => {
  const res = await h.call(
    'GET',
    `/api/terminals/${id}/kiosk-settings/effective`,
    undefined,
    secret,
  );
  expect(res.status).toBe(200);
  return EffectiveKioskSettings.parse(res.body);
};
const fieldsOf = (body: unknown) => {
  const { errors } = ErrorEnvelope.parse(body);
  return Array.isArray(errors) ? errors.map((e) => e.field) : [];
};

describe('settings by level', () => {
  it('are merchant ← store ← kiosk, and locked where any level locks them', async () => {
    const storeId = await newStore('Inheritance Street');
    const till = await pairTerminal(h, 'Inherits', { storeId });
    expect(
      (
        await put('/api/kiosk-settings', {
          settings: { tipsEnabled: true, idleScreenText: 'Hello from HQ', signOutMinutes: 30 },
          locked: ['tipsEnabled'],
        })
      ).status,
    ).toBe(200);
    await put(`/api/stores/${storeId}/kiosk-settings`, {
      settings: { idleScreenText: 'Hello from the high street', tipsEnabled: false },
      locked: ['idleScreenText'],
    });
    await put(`/api/terminals/${till.terminal.id}/kiosk-settings`, {
      settings: { signOutMinutes: 5 },
    });
    // The kiosk reads its own with its own secret.
    const mine = await effective(till.terminal.id, till.secret);
    expect(mine.settings).toMatchObject({
      tipsEnabled: false,
      idleScreenText: 'Hello from the high street',
      signOutMinutes: 5,
      printReceiptAfterPayment: false,
    });
    expect(mine.from).toMatchObject({
      tipsEnabled: 'store',
      signOutMinutes: 'terminal',
      printReceiptAfterPayment: 'default',
    });
    expect(mine.locked).toEqual(['tipsEnabled', 'idleScreenText']);
    // Another kiosk of the merchant, in another store, has the merchant's.
    const other = await pairTerminal(h, 'Elsewhere');
    expect((await effective(other.terminal.id)).settings.idleScreenText).toBe('Hello from HQ');
    expect((await effective(other.terminal.id)).locked).toEqual(['tipsEnabled']);
    // …and cannot read the first kiosk's.
    const refused = await h.call(
      'GET',
      `/api/terminals/${till.terminal.id}/kiosk-settings/effective`,
      undefined,
      other.secret,
    );
    expect(refused.status).toBe(404);
    await put('/api/kiosk-settings', { settings: {} });
  });

  it('records every change: who, when, before and after', async () => {
    const storeId = await newStore('Recorded Road');
    await put(`/api/stores/${storeId}/kiosk-settings`, { settings: { keypadMaxPence: 5000 } });
    await put(
      `/api/stores/${storeId}/kiosk-settings`,
      { settings: { keypadMaxPence: 9000 }, locked: ['keypadMaxPence'] },
      undefined,
    );
    const { changes } = KioskSettingsChanges.parse(
      (await h.call('GET', '/api/kiosk-settings/changes')).body,
    );
    const ours = changes.filter((c) => c.targetId === storeId);
    expect(ours.map((c) => [c.before, c.after])).toEqual([
      [
        { settings: { keypadMaxPence: 5000 }, locked: [] },
        { settings: { keypadMaxPence: 9000 }, locked: ['keypadMaxPence'] },
      ],
      [
        { settings: {}, locked: [] },
        { settings: { keypadMaxPence: 5000 }, locked: [] },
      ],
    ]);
    expect(ours[0]).toMatchObject({ level: 'store', by: 'merchant secret (sandbox)' });
    expect(Date.parse(ours[0]!.at)).toBeGreaterThan(0);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const storeId = await newStore('Refusal Row');
    await put(`/api/stores/${storeId}/kiosk-settings`, { settings: { tipsEnabled: true } });
    const before = (await h.call('GET', '/api/kiosk-settings/changes')).body.changes.length;
    for (const [body, field] of [
      [{ settings: { tipsEnabled: 'yes' } }, 'settings.tipsEnabled'],
      [{ settings: { tipPercentages: [10, 99] } }, 'settings.tipPercentages.1'],
      [{ settings: { signOutMinutes: 0 } }, 'settings.signOutMinutes'],
      [{ settings: { idleScreenText: ' ' } }, 'settings.idleScreenText'],
      [{ settings: { colour: 'red' } }, 'settings'],
      [{ settings: {}, locked: ['everything'] }, 'locked.0'],
      [{}, 'settings'],
    ] as const) {
      const res = await put(`/api/stores/${storeId}/kiosk-settings`, body);
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), field).toContain(field);
    }
    const doc = await h.call('GET', `/api/stores/${storeId}/kiosk-settings`);
    expect(doc.body.settings).toEqual({ tipsEnabled: true });
    expect((await h.call('GET', '/api/kiosk-settings/changes')).body.changes).toHaveLength(before);
  });

  it("answers 404 for another merchant's store or kiosk, and sets nothing there", async () => {
    // The production secret is another environment's merchant as far as sandbox rows go.
    const liveStore = await newStore('Live Lane');
    const sandboxTill = await pairTerminal(h, 'Not yours');
    for (const path of [
      `/api/terminals/${sandboxTill.terminal.id}/kiosk-settings`,
      `/api/stores/00000000-0000-4000-8000-000000000000/kiosk-settings`,
    ]) {
      expect((await put(path, { settings: { tipsEnabled: true } }, PRODUCTION)).status).toBe(404);
      expect((await h.call('GET', path, undefined, PRODUCTION)).status).toBe(404);
    }
    expect((await h.call('GET', `/api/stores/${liveStore}/kiosk-settings`)).status).toBe(200);
    expect(
      (await h.call('GET', `/api/terminals/${sandboxTill.terminal.id}/kiosk-settings`)).body,
    ).toMatchObject({ settings: {} });
  });
});

/** Two kiosks of one store and one of another, streaming from `on`. */
async function threeKiosks(changeOn: Harness, streamFrom: Harness) {
  const storeA = await newStore('Push Store A', changeOn);
  const storeB = await newStore('Push Store B', changeOn);
  const tills = [
    await pairTerminal(changeOn, 'A1', { storeId: storeA }),
    await pairTerminal(changeOn, 'A2', { storeId: storeA }),
    await pairTerminal(changeOn, 'B1', { storeId: storeB }),
  ];
  const streams = await Promise.all(
    tills.map((t) => connectSse(`${streamFrom.url}/api/terminal/events`, t.secret)),
  );
  for (const s of streams) await s.next((e) => e.event === 'ready');
  return { storeA, tills, streams };
}

async function expectReachesStoreOnly(changeOn: Harness, streamFrom: Harness) {
  const { storeA, tills, streams } = await threeKiosks(changeOn, streamFrom);
  try {
    const res = await put(
      `/api/stores/${storeA}/kiosk-settings`,
      { settings: { idleScreenText: 'Store A only' } },
      undefined,
      changeOn,
    );
    expect(res.status).toBe(200);
    for (const [i, till] of tills.slice(0, 2).entries()) {
      const event = await streams[i]!.next((e) => e.event === 'TERMINAL_SETTINGS', 5_000);
      const data = TerminalSettingsPush.parse(JSON.parse(event.data).data);
      expect(data.terminalId).toBe(till.terminal.id);
      expect(data.settings.idleScreenText).toBe('Store A only');
    }
    // The other store's kiosk hears nothing of it, even after the others have.
    await new Promise((r) => setTimeout(r, 500));
    expect(streams[2]!.events.some((e) => e.event === 'TERMINAL_SETTINGS')).toBe(false);
  } finally {
    for (const s of streams) s.close();
  }
}

describe('a change reaches its kiosks at once', () => {
  it("reaches both of the store's kiosks and not another store's", () =>
    expectReachesStoreOnly(h, h));
});

describe.runIf(TEST_STORE === 'postgres')('two instances on one database', () => {
  it('a change on one reaches the kiosks streaming from the other', async () => {
    const store = await testStore();
    const one = await startService(store);
    const two = await startService({ databaseUrl: store.databaseUrl });
    try {
      await expectReachesStoreOnly(two, one);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
